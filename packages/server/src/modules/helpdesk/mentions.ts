import { mentionedUserIds, messageExcerpt, type Conversation, type ConversationMessage } from '@trellis/domain';
import type { Config } from '../../config.ts';
import type { Ctx } from '../../http/context.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { Db } from '../../resources/engine.ts';
import { activeContacts } from '../identity/public.ts';
import { subjectPortalPath } from './subjects.ts';

// Mentions in a conversation's messages (`@[Name](UR-…)`, domain helpdesk/mention.ts) notify the users they name by
// e-mail, queued in the outbox in the message's own transaction. Only a user who may read the message is notified:
// an active user of either party's account (a private message: of its author's account), never its author. A
// mention of anybody else is kept as written and mails nobody.

type Written = Pick<ConversationMessage, 'text' | 'type' | 'account' | 'creator'>;

/** The accounts whose users read a message: the conversation's parties; a private message, its author's account. */
const readers = (c: Conversation, m: Written) => (m.type === 'private' ? [m.account.id] : c.accounts.map((a) => a.id));

/** The users a message's mentions reach: mentioned, reading it, and not its author. */
async function reached(db: Db, ctx: Ctx, c: Conversation, m: Written) {
  const ids = mentionedUserIds(m.text).filter((id) => id !== m.creator.id && id !== ctx.user?.id);
  return activeContacts(db, readers(c, m), ids);
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Mail each user the message mentions. After an edit (`before`: the message as it was), only those it did not reach
 * before: a mention added, or a private message made public; a user mentioned all along is not mailed again.
 */
export async function mailMentions(
  db: Db,
  ctx: Ctx,
  config: Pick<Config, 'publicUrl'>,
  c: Conversation,
  m: Written,
  before?: Written,
): Promise<void> {
  const now = await reached(db, ctx, c, m);
  if (!now.length) return;
  const mailed = new Set(before ? (await reached(db, ctx, c, before)).map((u) => u.id) : []);
  const author = oneLine(m.creator.name);
  const topic = oneLine(c.topic);
  const link = `${config.publicUrl.replace(/\/+$/, '')}${subjectPortalPath(c.instance_id) ?? ''}`;
  for (const user of now.filter((u) => !mailed.has(u.id)))
    await queueMail(db, {
      to: user.email,
      accountId: user.accountId,
      subject: `${author} mentioned you in ${topic}`,
      text:
        `Hello ${user.name},\n\n${author} of ${m.account.name} mentioned you in "${topic}"` +
        `${m.type === 'private' ? ' (a private message of your account)' : ''}:\n\n` +
        `> ${messageExcerpt(m.text)}\n\nRead and answer it here:\n${link}\n`,
    });
}
