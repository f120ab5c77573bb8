import { sql } from 'kysely';
import {
  ruleResource,
  type NotificationRule,
  type NotificationRuleCreate,
  type NotificationRuleUpdate,
  type Recipients,
} from '@trellis/domain';
import type { Ctx } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { getObject, type Db, type Served } from '../../resources/engine.ts';
import { newId } from '../../resources/ids.ts';
import { templateIssue } from './rule-render.ts';
import { ruleTable } from './rule-tables.ts';
import { subscriptions } from './subscriptions.ts';

// Notification rules (reference /notifications/subscriptions/{id}/rules) of the caller's own subscriptions. The
// users and groups a rule names must be the account's own; the template must render (rule-render.ts).

type RecipientsInput = NotificationRuleCreate['recipients'];

function checkTemplate(template: { subject: string; body: string } | undefined) {
  if (!template) return;
  for (const key of ['subject', 'body'] as const) {
    const issue = templateIssue(template[key]);
    if (issue) throw ApiError.field(`template.${key}`, issue);
  }
}

/** The recipients with the names of the account's users and groups; another account's id is refused. */
async function recipientsOf(db: Db, ctx: Ctx, input: RecipientsInput): Promise<Recipients> {
  const userIds = [...new Set(input.users.map((u) => u.id))];
  const groupIds = [...new Set(input.groups.map((g) => g.id))];
  const users = userIds.length
    ? await db
        .selectFrom('account_users')
        .innerJoin('users', 'users.id', 'account_users.user_id')
        .select(['users.id', 'users.name', 'users.email'])
        .where('account_users.account_id', '=', ctx.account.id)
        .where('users.id', 'in', userIds)
        .execute()
    : [];
  const missingUser = userIds.find((id) => !users.some((u) => u.id === id));
  if (missingUser) throw ApiError.field('recipients.users', `${missingUser} is not a user of your account.`);
  const groups = groupIds.length
    ? await db
        .selectFrom('groups')
        .select(['id', 'name'])
        .where('account_id', '=', ctx.account.id)
        .where('id', 'in', groupIds)
        .execute()
    : [];
  const missingGroup = groupIds.find((id) => !groups.some((g) => g.id === id));
  if (missingGroup) throw ApiError.field('recipients.groups', `${missingGroup} is not a group of your account.`);
  return {
    users: userIds.map((id) => users.find((u) => u.id === id)!),
    groups: groupIds.map((id) => groups.find((g) => g.id === id)!),
    emails: [...new Set(input.emails.map((e) => e.trim()).filter(Boolean))],
    assignee: input.assignee,
    contacts: [...new Set(input.contacts)],
  };
}

const ownSubscription = (params: Record<string, string>) =>
  sql<boolean>`exists (select 1 from notification_subscriptions s where s.id = ${params.subscriptionId ?? ''}
    and s.account_id = t.account_id)`;

export const rules: Served<NotificationRule> = {
  decl: ruleResource,
  table: ruleTable,
  parentVisible: async (ctx, params, db) => {
    const row = await db
      .selectFrom('notification_subscriptions')
      .select('id')
      .where('id', '=', params.subscriptionId ?? '')
      .where('account_id', '=', ctx.account.id)
      .executeTakeFirst();
    return !!row;
  },
  scope: (ctx, params) =>
    sql<boolean>`t.account_id = ${ctx.account.id} and t.subscription_id = ${params.subscriptionId ?? ''}
      and ${ownSubscription(params)}`,

  async create(ctx, input: NotificationRuleCreate, params, db) {
    const subscription = await getObject(subscriptions, ctx, {}, params.subscriptionId ?? '', db);
    checkTemplate(input.template);
    return {
      id: newId('NR', 4, 4),
      position: input.position ?? null,
      name: input.name,
      condition: input.condition,
      enabled: input.enabled,
      template: { subject: input.template.subject, body: input.template.body },
      recipients: await recipientsOf(db, ctx, input.recipients),
      subscription: { id: subscription.id, event: { id: subscription.event.id, name: subscription.event.name } },
      account: { id: ctx.account.id, name: ctx.account.name },
      events: {},
    };
  },

  async update(ctx, current, input: NotificationRuleUpdate, _params, db) {
    checkTemplate(input.template);
    const next: NotificationRule = { ...current };
    if (input.name !== undefined) next.name = input.name;
    if (input.position !== undefined) next.position = input.position ?? null;
    if (input.condition !== undefined) next.condition = input.condition;
    if (input.enabled !== undefined) next.enabled = input.enabled;
    if (input.template) next.template = { subject: input.template.subject, body: input.template.body };
    if (input.recipients) next.recipients = await recipientsOf(db, ctx, input.recipients);
    return next;
  },
};
