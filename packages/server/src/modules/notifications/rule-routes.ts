import {
  EmailSendBody,
  NOTIFICATIONS_MODULE,
  RulePreviewBody,
  notificationEventById,
  validation,
  type NotificationRule,
} from '@trellis/domain';
import type { Ctx } from '../../http/context.ts';
import { requireModule } from '../../http/context.ts';
import { ApiError } from '../../http/errors.ts';
import { requireCtx } from '../../http/reply.ts';
import { getObject, parseBody, type Db } from '../../resources/engine.ts';
import { markdownToHtml } from '../catalog/public.ts';
import type { Api } from '../types.ts';
import { objectAs, recentObject, viewOf } from './rule-objects.ts';
import { queueRendered, setPortalUrl, type Recipient } from './rule-mail.ts';
import { renderTemplate, renderView, templateIssue, variablesOf } from './rule-render.ts';
import { rules } from './rules.ts';
import { subscriptions } from './subscriptions.ts';

// The rule routes the engine does not derive: a rule's preview and test mail, the variables of a subscription's
// event, and POST /notifications/email/send. Objects are always read as the caller's account reads them, and mail goes
// to the caller or the account's own users only (never an open relay).

type RuleParams = { subscriptionId: string; id: string };
/** What a rule not saved yet is called in its preview's variables. */
const NEW_RULE = { id: 'NR-0000-0000', name: 'New rule' };

/** The rule's template (or the one given) rendered against the chosen object, or the newest one the account reads. */
async function preview(db: Db, ctx: Ctx, params: RuleParams, body: unknown) {
  const input = parseBody(RulePreviewBody, body ?? {});
  const rule = await getObject(rules, ctx, { subscriptionId: params.subscriptionId }, params.id, db);
  const template = input.template ?? rule.template;
  return { rule, ...(await render(db, ctx, rule.subscription.event.id, template, input.object_id, rule)) };
}

/** A template of the event rendered against the chosen object, or the newest one the account reads. */
async function render(
  db: Db,
  ctx: Ctx,
  eventId: string,
  template: { subject: string; body: string },
  objectId: string | undefined,
  rule: { id: string; name: string },
) {
  const event = notificationEventById(eventId);
  if (!event) throw ApiError.badRequest('The subscription names an unknown event.');
  for (const key of ['subject', 'body'] as const) {
    const issue = templateIssue(template[key]);
    if (issue) throw ApiError.field(`template.${key}`, issue);
  }
  const object = objectId
    ? await objectAs(db, ctx, event.object_class, objectId)
    : await recentObject(db, ctx, event.object_class);
  if (objectId && object === undefined) throw ApiError.field('object_id', 'No such object that you may read.');
  const view = viewOf(event, object, { account: ctx.account, rule: { id: rule.id, name: rule.name } });
  const rendered = renderTemplate(template, view);
  return { rendered, object: object ? { id: (object as { id: string }).id, class: event.object_class } : null };
}

const previewOf = (p: Awaited<ReturnType<typeof render>>) => ({
  object: p.object,
  subject: p.rendered.subject,
  text: p.rendered.text,
  html: p.rendered.html,
});

/** The caller's own address: tests and previews mail the user who asks, nobody else. */
async function callerRecipient(db: Db, ctx: Ctx): Promise<Recipient> {
  if (!ctx.user) throw ApiError.badRequest('A test mail goes to the user who asks; an API token has no mailbox.');
  const user = await db.selectFrom('users').select(['email', 'name']).where('id', '=', ctx.user.id).executeTakeFirst();
  if (!user) throw ApiError.notFound('User');
  return { email: user.email, name: user.name, userId: ctx.user.id };
}

const answer = (rule: NotificationRule, p: Awaited<ReturnType<typeof preview>>) => ({
  ...rule,
  template: { subject: p.rendered.subject, body: p.rendered.text },
  preview: previewOf(p),
});

/** The account's active users among the addresses; any other address is refused. */
async function ownUsers(db: Db, ctx: Ctx, to: string[]): Promise<Recipient[]> {
  const issue = validation.emails(to);
  if (issue) throw ApiError.field('to', issue);
  const wanted = [...new Set(to.map((e) => e.trim().toLowerCase()))];
  const users = await db
    .selectFrom('account_users')
    .innerJoin('users', 'users.id', 'account_users.user_id')
    .select(['users.id', 'users.name', 'users.email'])
    .where('account_users.account_id', '=', ctx.account.id)
    .where('account_users.status', '=', 'active')
    .execute();
  return wanted.map((email) => {
    const u = users.find((x) => x.email.toLowerCase() === email);
    if (!u) throw ApiError.field('to', `${email} is not a user of your account.`);
    return { email: u.email, name: u.name, userId: u.id };
  });
}

export function ruleRoutes({ app, db, config }: Api) {
  setPortalUrl(config.publicUrl);
  const base = '/notifications/subscriptions/:subscriptionId/rules/:id';

  app.post(`${base}/preview`, async (req) => {
    const ctx = requireCtx(req);
    const p = await preview(db, ctx, req.params as RuleParams, req.body);
    return answer(p.rule, p);
  });

  app.post(`${base}/send-test`, async (req) => {
    const ctx = requireCtx(req);
    requireModule(ctx, NOTIFICATIONS_MODULE);
    const p = await preview(db, ctx, req.params as RuleParams, req.body);
    const me = await callerRecipient(db, ctx);
    const why = `A test of the rule "${p.rule.name}", sent to you at your request.`;
    await queueRendered(db, ctx.account.id, { ...p.rendered, subject: `[Test] ${p.rendered.subject}` }, [me], why);
    return { ...answer(p.rule, p), sent_to: me.email };
  });

  // a rule being written, before it is saved (Trellis): its template against the subscription's event
  app.post('/notifications/subscriptions/:id/preview', async (req) => {
    const ctx = requireCtx(req);
    const subscription = await getObject(subscriptions, ctx, {}, (req.params as { id: string }).id, db);
    const input = parseBody(RulePreviewBody, req.body ?? {});
    if (!input.template) throw ApiError.field('template', 'This field is required.');
    const p = await render(db, ctx, subscription.event.id, input.template, input.object_id, NEW_RULE);
    return { preview: previewOf(p) };
  });

  app.get('/notifications/subscriptions/:id/preview-context', async (req) => {
    const ctx = requireCtx(req);
    const subscription = await getObject(subscriptions, ctx, {}, (req.params as { id: string }).id, db);
    const event = notificationEventById(subscription.event.id);
    if (!event) throw ApiError.badRequest('The subscription names an unknown event.');
    const object = await recentObject(db, ctx, event.object_class);
    const view = renderView(viewOf(event, object, { account: ctx.account, rule: NEW_RULE }));
    return { ...subscription, context: view, variables: variablesOf(view) };
  });

  app.post('/notifications/email/send', async (req) => {
    const ctx = requireCtx(req);
    requireModule(ctx, NOTIFICATIONS_MODULE);
    const body = parseBody(EmailSendBody, req.body);
    const to = await ownUsers(db, ctx, body.to);
    if ('rule' in body) {
      const row = await db
        .selectFrom('notification_rules')
        .select('data')
        .where('id', '=', body.rule.id)
        .where('account_id', '=', ctx.account.id)
        .executeTakeFirst();
      if (!row) throw ApiError.notFound('Notification rule');
      const rule = row.data as NotificationRule;
      const why = `Sent through the rule "${rule.name}" of ${ctx.account.name}.`;
      await queueRendered(db, ctx.account.id, renderTemplate(rule.template, body.context), to, why);
    } else {
      // the caller's own text, as written: nothing to substitute
      const rendered = { subject: body.subject, text: body.content, html: markdownToHtml(body.content) };
      await queueRendered(db, ctx.account.id, rendered, to, `Sent by ${ctx.account.name}.`);
    }
    return { result: 'ok' };
  });
}
