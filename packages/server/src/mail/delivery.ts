import { sql, type Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';

/** After this many failed attempts a message is given up (status 'failed'). */
export const MAX_ATTEMPTS = 5;
/** How many messages one pass claims. */
const BATCH = 20;
/** A claimed message is not picked by another deliverer for this long (covers a crash mid-send). */
const LEASE_SECONDS = 300;

/** Wait before the next try after `attempts` failures: 30 s, 2 min, 8 min, 32 min. */
export const backoffMs = (attempts: number) => 30_000 * 4 ** Math.max(0, attempts - 1);

export interface DeliveryResult {
  sent: number;
  retried: number;
  failed: number;
}

interface Claimed {
  id: string;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  attempts: number;
}

/**
 * Claim due messages in one short statement: FOR UPDATE SKIP LOCKED lets several processes share the
 * queue without sending a message twice, and the lease keeps it claimed while it is sent outside any transaction.
 */
async function claim(db: Kysely<DB>): Promise<Claimed[]> {
  const { rows } = await sql<Claimed>`
    update outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
    where id in (
      select id from outbox
      where status = 'queued' and (next_attempt_at is null or next_attempt_at <= now())
      order by created_at, id limit ${BATCH}
      for update skip locked)
    returning id, recipient, subject, body_text, body_html, attempts`.execute(db);
  return rows;
}

async function settle(db: Kysely<DB>, mail: Claimed, error: unknown): Promise<keyof DeliveryResult> {
  if (!error) {
    await db
      .updateTable('outbox')
      .set({ status: 'sent', sent_at: new Date().toISOString(), last_error: null, next_attempt_at: null })
      .where('id', '=', mail.id)
      .execute();
    return 'sent';
  }
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  const giveUp = mail.attempts >= MAX_ATTEMPTS;
  await db
    .updateTable('outbox')
    .set({
      status: giveUp ? 'failed' : 'queued',
      last_error: message,
      next_attempt_at: giveUp ? null : new Date(Date.now() + backoffMs(mail.attempts)).toISOString(),
    })
    .where('id', '=', mail.id)
    .execute();
  return giveUp ? 'failed' : 'retried';
}

export function smtpTransport(config: Config): Transporter {
  if (!config.smtpUrl) throw new Error('SMTP_URL is not set');
  return nodemailer.createTransport(config.smtpUrl);
}

/** One pass over the due messages; returns what happened to them. */
export async function deliverOnce(db: Kysely<DB>, config: Config, transport?: Transporter): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, retried: 0, failed: 0 };
  const claimed = await claim(db);
  if (!claimed.length) return result;
  const smtp = transport ?? smtpTransport(config);
  try {
    for (const mail of claimed) {
      const error = await smtp
        .sendMail({
          from: config.mailFrom,
          to: mail.recipient,
          subject: mail.subject,
          text: mail.body_text,
          ...(mail.body_html ? { html: mail.body_html } : {}),
        })
        .then(
          () => null,
          (e: unknown) => e ?? new Error('send failed'),
        );
      result[await settle(db, mail, error)]++;
    }
  } finally {
    if (!transport) smtp.close();
  }
  return result;
}

/**
 * Send the outbox in the background every `intervalMs` while the server runs.
 * Returns stop(), which waits for a pass in progress to finish.
 */
export function startMailDelivery(
  db: Kysely<DB>,
  config: Config,
  opts: { intervalMs?: number; onError?: (e: unknown) => void } = {},
) {
  const interval = opts.intervalMs ?? 5000;
  const transport = smtpTransport(config);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  const tick = () => {
    running = deliverOnce(db, config, transport)
      .catch((e) => opts.onError?.(e))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, interval).unref();
      });
  };
  timer = setTimeout(tick, 0).unref();

  return async function stop() {
    stopped = true;
    clearTimeout(timer);
    await running;
    transport.close();
  };
}
