import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { newId } from '../resources/ids.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  accountId?: string | null;
}

/**
 * Queue an e-mail in the outbox, in the caller's transaction: it is sent over SMTP when SMTP_URL is set,
 * and stays readable in the outbox (`trellis mail`) either way.
 */
export async function queueMail(db: Kysely<DB> | Transaction<DB>, mail: Mail): Promise<string> {
  const id = newId('EM', 4, 4);
  await db
    .insertInto('outbox')
    .values({
      id,
      account_id: mail.accountId ?? null,
      recipient: mail.to,
      subject: mail.subject,
      body_text: mail.text,
      body_html: mail.html ?? null,
      last_error: null,
      created_at: new Date().toISOString(),
      sent_at: null,
    })
    .execute();
  return id;
}

/** The newest messages, optionally to one recipient (CLI and tests read invitations and codes here). */
export async function readOutbox(db: Kysely<DB>, opts: { to?: string; limit?: number } = {}) {
  let q = db
    .selectFrom('outbox')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit ?? 20);
  if (opts.to) q = q.where((eb) => eb(eb.fn('lower', ['recipient']), '=', opts.to!.toLowerCase()));
  return q.execute();
}
