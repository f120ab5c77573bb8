import type { NotificationRule } from '@trellis/domain';
import { queueMail } from '../../mail/outbox.ts';
import type { Db } from '../../resources/engine.ts';
import { brandedHtml, mailLook } from './mail-html.ts';
import type { Rendered } from './rule-render.ts';

// Who a rule mails for one object, and the mails themselves: one per recipient, HTML in the account's brand plus
// the plain-text part, queued in the caller's transaction.

export interface Recipient {
  email: string;
  name: string;
  /** A user of the account (who may have opted out of the rule). */
  userId?: string;
}

let portalUrl = 'http://localhost:3000';
/** Where the footer's link to the notification settings points (the server's public URL). */
export const setPortalUrl = (url: string) => {
  portalUrl = url.replace(/\/+$/, '');
};
export const settingsUrl = () => `${portalUrl}/settings/email`;

const activeUsers = (db: Db, accountId: string) =>
  db
    .selectFrom('account_users')
    .innerJoin('users', 'users.id', 'account_users.user_id')
    .select(['users.id', 'users.name', 'users.email'])
    .where('account_users.account_id', '=', accountId)
    .where('account_users.status', '=', 'active');

/** The account's user assigned to the object: a request's assignee, a case's agent on the account's side. */
function assigneeIdOf(object: any, accountId: string): string | undefined {
  if (object?.assignee?.id) return object.assignee.id;
  for (const side of ['issuer', 'receiver'])
    if (object?.[side]?.account?.id === accountId && object[side].agent?.id) return object[side].agent.id;
  return undefined;
}

/** The contact e-mail of a tier account the object names (`asset.tiers.customer`, or `tiers.customer`). */
function contactOf(object: any, kind: string): Recipient | undefined {
  const tier = object?.asset?.tiers?.[kind] ?? object?.tiers?.[kind];
  const contact = tier?.contact_info?.contact;
  if (!contact?.email) return undefined;
  const name = [contact.first_name, contact.last_name].filter(Boolean).join(' ') || tier.name || contact.email;
  return { email: contact.email, name };
}

/** Everyone the rule mails about this object (read as the rule's account reads it), less those who opted out. */
export async function ruleRecipients(db: Db, rule: NotificationRule, object: unknown): Promise<Recipient[]> {
  const accountId = rule.account.id;
  const out: Recipient[] = [];
  const userIds = rule.recipients.users.map((u) => u.id);
  const assignee = rule.recipients.assignee ? assigneeIdOf(object, accountId) : undefined;
  if (assignee) userIds.push(assignee);
  if (userIds.length)
    for (const u of await activeUsers(db, accountId).where('users.id', 'in', userIds).execute())
      out.push({ email: u.email, name: u.name, userId: u.id });
  const groupIds = rule.recipients.groups.map((g) => g.id);
  if (groupIds.length)
    for (const u of await activeUsers(db, accountId)
      .innerJoin('group_users', (j) =>
        j
          .onRef('group_users.user_id', '=', 'users.id')
          .onRef('group_users.account_id', '=', 'account_users.account_id'),
      )
      .innerJoin('groups', 'groups.id', 'group_users.group_id')
      .where('groups.account_id', '=', accountId)
      .where('group_users.group_id', 'in', groupIds)
      .execute())
      out.push({ email: u.email, name: u.name, userId: u.id });
  for (const email of rule.recipients.emails) out.push({ email, name: email });
  for (const kind of rule.recipients.contacts) {
    const c = contactOf(object, kind);
    if (c) out.push(c);
  }
  // a user who opted out is not mailed, whichever way the rule names them (a fixed address of theirs included)
  const opted = await db
    .selectFrom('notification_opt_outs')
    .innerJoin('users', 'users.id', 'notification_opt_outs.user_id')
    .select(['users.id', 'users.email'])
    .where('notification_opt_outs.rule_id', '=', rule.id)
    .execute();
  const optedIds = new Set(opted.map((o) => o.id));
  const optedEmails = new Set(opted.map((o) => o.email.toLowerCase()));
  const seen = new Set<string>();
  return out.filter((r) => {
    const key = r.email.toLowerCase();
    if (seen.has(key) || optedEmails.has(key) || (r.userId && optedIds.has(r.userId))) return false;
    seen.add(key);
    return true;
  });
}

/** Queue one mail per recipient: the rendered subject, the markdown as text, the HTML in the account's brand. */
export async function queueRendered(
  db: Db,
  accountId: string,
  rendered: Rendered,
  to: readonly Recipient[],
  why: string,
): Promise<string[]> {
  if (!to.length) return [];
  const look = await mailLook(db, accountId);
  const footer = `${why} Manage your e-mail notifications: ${settingsUrl()}`;
  const html = brandedHtml(look, rendered.html, footer);
  const text = `${rendered.text.trimEnd()}\n\n--\n${footer}\n`;
  const ids: string[] = [];
  for (const r of to) ids.push(await queueMail(db, { to: r.email, subject: rendered.subject, text, html, accountId }));
  return ids;
}
