import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueue, runDueJobs } from '../src/jobs/queue.ts';
import { readOutbox } from '../src/mail/outbox.ts';
import { DISPATCH_JOB } from '../src/resources/events.ts';
import { fulfillmentWorld, type FulfillmentWorld } from './fulfillment-fixture.ts';
import { act, expectError, expectStatus, fillActivation, templateOf } from './fulfillment-requests-helpers.ts';

// E-mail notification subscriptions and rules (issue 18, reference /notifications/subscriptions): an account
// subscribes to an event, its rules mail whom they name with a template rendered against the object as the account
// reads it. The event stream's dispatcher hands each event to the rules' consumer; mails land in the outbox.

let w: FulfillmentWorld;
type Who = 'vendor' | 'provider' | 'other';
const req = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, status = 200) =>
  expectStatus(w, w[who], method, path, body, status);
const drain = async () => {
  while ((await runDueJobs(w.t.db)) > 0);
};
/** Mails queued since `since` (ids of the outbox before), to each address. */
const mailsSince = async (before: Set<string>) =>
  (await readOutbox(w.t.db, { limit: 500 })).filter((m) => !before.has(m.id));
const outboxIds = async () => new Set((await readOutbox(w.t.db, { limit: 500 })).map((m) => m.id));
const to = (mails: { recipient: string }[]) => mails.map((m) => m.recipient).sort();

const SUBJECT = 'New order {{ request.id }}: {{ request.asset.product.name }}';
const BODY = 'Product **{{ request.asset.product.name }}** for {{ request.asset.tiers.customer.name }} <b>x</b>';
const ruleBody = (over: Record<string, unknown> = {}) => ({
  name: 'New order',
  template: { subject: SUBJECT, body: BODY },
  recipients: { users: [], groups: [], emails: [], contacts: [] },
  ...over,
});

let created: any; // vendor's subscription to "Fulfillment request created"
let adminGroup: string;
let multiId: string;

beforeAll(async () => {
  w = await fulfillmentWorld();
  await drain();
  created = await req('vendor', 'POST', '/notifications/subscriptions', { event: { id: 'NE-0001' } }, 201);
  const groups = await req('vendor', 'GET', `/accounts/${w.t.demo.vendor.id}/groups`);
  adminGroup = groups[0].id;
  multiId = w.t.demo.users['multi@demo.trellis'].id;
}, 120_000);

describe('subscriptions and rules', () => {
  it('subscribes once per event and answers in the reference shape', async () => {
    expect(created).toMatchObject({ enabled: true, event: { id: 'NE-0001', name: 'Fulfillment request created' } });
    await expectError(w, w.vendor, 'POST', '/notifications/subscriptions', { event: { id: 'NE-0001' } }, 400, 'event:');
    await expectError(w, w.vendor, 'POST', '/notifications/subscriptions', { event: { id: 'NE-9' } }, 400, 'event.id:');
    const list = await req('vendor', 'GET', '/notifications/subscriptions?event.name=Fulfillment%20request%20created');
    expect(list.map((s: any) => s.id)).toEqual([created.id]);
  });

  it('refuses invalid rules with 400s naming the field', async () => {
    const url = `/notifications/subscriptions/${created.id}/rules`;
    const bad = (over: Record<string, unknown>, message: string) =>
      expectError(
        w,
        w.vendor,
        'POST',
        url,
        ruleBody({ recipients: { emails: ['a@b.example'] }, ...over }),
        400,
        message,
      );
    await bad(
      { recipients: { emails: ['ops@vendor.example', 'not-an-address'] } },
      'recipients.emails: All E-mails must be valid',
    );
    await bad({ name: '' }, 'name: This field is required');
    await bad({ template: { subject: 'Hi', body: '{{#request}} unclosed' } }, 'template.body:');
    await bad({ template: { body: 'x' } }, 'template.subject: This field is required');
    await bad({ condition: 'eq(status' }, 'condition:');
    await bad({ recipients: {} }, 'recipients: Name at least one recipient.');
    await bad({ recipients: { users: [{ id: w.t.demo.users['other@demo.trellis'].id }] } }, 'recipients.users:');
    await bad({ recipients: undefined }, 'recipients: This field is required');
  });

  it("another account's subscription and rules are 404s", async () => {
    const rule = await req(
      'vendor',
      'POST',
      `/notifications/subscriptions/${created.id}/rules`,
      ruleBody({ name: 'Private', enabled: false, recipients: { emails: ['p@vendor.example'] } }),
      201,
    );
    const sub = `/notifications/subscriptions/${created.id}`;
    await req('other', 'GET', sub, undefined, 404);
    await req('other', 'PUT', sub, { enabled: false }, 404);
    await req('other', 'GET', `${sub}/preview-context`, undefined, 404);
    await req('other', 'POST', `${sub}/preview`, { template: { subject: 'x', body: 'y' } }, 404);
    await req('other', 'GET', `${sub}/rules`, undefined, 404);
    await req('other', 'POST', `${sub}/rules`, ruleBody({ recipients: { emails: ['x@other.example'] } }), 404);
    for (const [method, path] of [
      ['GET', `${sub}/rules/${rule.id}`],
      ['PUT', `${sub}/rules/${rule.id}`],
      ['DELETE', `${sub}/rules/${rule.id}`],
      ['POST', `${sub}/rules/${rule.id}/preview`],
      ['POST', `${sub}/rules/${rule.id}/send-test`],
      ['PUT', `/notifications/subscriptions/-/rules/-/settings/${rule.id}`],
    ] as const)
      await req('other', method, path, method === 'PUT' ? { value: 'disabled' } : {}, 404);
    expect((await req('other', 'GET', '/notifications/subscriptions')).length).toBe(0);
    await req('vendor', 'DELETE', `${sub}/rules/${rule.id}`, undefined, 204);
  });
});

describe('mails on events', () => {
  let team: any;
  let named: any;
  let before: Set<string>;
  beforeEach(async () => {
    before = await outboxIds();
  });

  it('mails each kind of recipient: users, groups, fixed addresses and the customer contact', async () => {
    const url = `/notifications/subscriptions/${created.id}/rules`;
    team = await req(
      'vendor',
      'POST',
      url,
      ruleBody({ name: 'Team', recipients: { groups: [{ id: adminGroup }] } }),
      201,
    );
    named = await req(
      'vendor',
      'POST',
      url,
      ruleBody({
        name: 'Named',
        recipients: { users: [{ id: multiId }], emails: ['ops@vendor.example'], contacts: ['customer'] },
      }),
      201,
    );
    expect(named.recipients.users[0]).toMatchObject({ id: multiId, name: 'Max Multi' });
    const r = await w.purchase();
    await drain();
    const mails = await mailsSince(before);
    expect(to(mails)).toEqual([
      'it@fabrikam.example',
      'multi@demo.trellis',
      'multi@demo.trellis',
      'ops@vendor.example',
      'vendor@demo.trellis',
    ]);
    const mail = mails.find((m) => m.recipient === 'ops@vendor.example')!;
    expect(mail.subject).toBe(`New order ${r.id}: ${w.product.name}`);
    expect(mail.body_text).toContain(`Product **${w.product.name}** for Fabrikam GmbH <b>x</b>`);
    // HTML in the brand's look; a value or template cannot inject markup
    expect(mail.body_html).toContain(`<strong>${w.product.name}</strong>`);
    expect(mail.body_html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(mail.body_html).toContain('background:#');
    expect(mail.body_text).toContain('/settings/email');
  });

  it('a user who opted out of a rule gets none of its mails', async () => {
    const settings = await req('vendor', 'GET', '/notifications/subscriptions/-/rules/-/settings');
    // each says how the rule names the user: the admins' group names them, the other rule does not
    expect(settings.find((s: any) => s.id === team.id)).toMatchObject({ value: 'enabled', reaches: ['group'] });
    expect(settings.find((s: any) => s.id === named.id)).toMatchObject({ reaches: [] });
    const put = await req('vendor', 'PUT', `/notifications/subscriptions/-/rules/-/settings/${team.id}`, {
      value: 'disabled',
    });
    expect(put).toMatchObject({ id: team.id, value: 'disabled' });
    await req(
      'vendor',
      'PUT',
      '/notifications/subscriptions/-/rules/-/settings/',
      [{ id: team.id, value: 'nope' }],
      400,
    );
    await w.purchase();
    await drain();
    const mails = await mailsSince(before);
    expect(to(mails)).not.toContain('vendor@demo.trellis');
    expect(to(mails).filter((e) => e === 'multi@demo.trellis')).toHaveLength(2);
    await req('vendor', 'PUT', '/notifications/subscriptions/-/rules/-/settings', [{ id: team.id, value: 'enabled' }]);
  });

  it('a condition and a disabled rule or subscription hold mails back', async () => {
    const base = `/notifications/subscriptions/${created.id}/rules`;
    await req('vendor', 'PUT', `${base}/${named.id}`, { condition: 'eq(asset.product.id,PRD-000-000-000)' });
    await req('vendor', 'PUT', `${base}/${team.id}`, { enabled: false });
    await w.purchase();
    await drain();
    expect(await mailsSince(before)).toEqual([]);
    await req('vendor', 'PUT', `${base}/${named.id}`, { condition: `eq(asset.product.id,${w.product.id})` });
    await req('vendor', 'PUT', `/notifications/subscriptions/${created.id}`, { enabled: false });
    await w.purchase();
    await drain();
    expect(await mailsSince(before)).toEqual([]);
    await req('vendor', 'PUT', `/notifications/subscriptions/${created.id}`, { enabled: true });
    await w.purchase();
    await drain();
    expect(to(await mailsSince(before))).toEqual(['it@fabrikam.example', 'multi@demo.trellis', 'ops@vendor.example']);
  });

  it("mails the request's assignee when it is approved", async () => {
    const approved = await req('vendor', 'POST', '/notifications/subscriptions', { event: { id: 'NE-0002' } }, 201);
    await req(
      'vendor',
      'POST',
      `/notifications/subscriptions/${approved.id}/rules`,
      ruleBody({
        name: 'Approved',
        template: { subject: 'Approved {{ request.id }} by {{ request.assignee.name }}', body: 'Done.' },
        recipients: { assignee: true },
      }),
      201,
    );
    const r = await w.purchase();
    await act(w, w.vendor, r.id, 'assign', { email: 'multi@demo.trellis' });
    await fillActivation(w, r.id);
    await act(w, w.vendor, r.id, 'approve', { template_id: (await templateOf(w)).id });
    await drain();
    const mails = (await mailsSince(before)).filter((m) => m.subject.startsWith('Approved'));
    expect(mails.map((m) => [m.recipient, m.subject])).toEqual([
      ['multi@demo.trellis', `Approved ${r.id} by Max Multi`],
    ]);
  });

  it('mails on helpdesk cases too: the case raised to the account', async () => {
    const sub = await req('vendor', 'POST', '/notifications/subscriptions', { event: { id: 'NE-0007' } }, 201);
    await req(
      'vendor',
      'POST',
      `/notifications/subscriptions/${sub.id}/rules`,
      ruleBody({
        name: 'Support',
        template: { subject: 'Case {{ case.id }}: {{ case.subject }}', body: 'From {{ case.issuer.account.name }}' },
        recipients: { emails: ['support@vendor.example'] },
      }),
      201,
    );
    // Other Vendor subscribes too: it reads no case of theirs, so it is mailed nothing
    const spy = await req('other', 'POST', '/notifications/subscriptions', { event: { id: 'NE-0007' } }, 201);
    await req(
      'other',
      'POST',
      `/notifications/subscriptions/${spy.id}/rules`,
      ruleBody({ name: 'Spy', recipients: { emails: ['spy-cases@other.example'] } }),
      201,
    );
    const c = await req(
      'provider',
      'POST',
      '/helpdesk/cases',
      {
        subject: 'Licences missing',
        description: 'Help',
        type: 'technical',
        receiver: { account: { id: w.t.demo.vendor.id } },
      },
      201,
    );
    await drain();
    expect(to(await mailsSince(before))).not.toContain('spy-cases@other.example');
    const mails = (await mailsSince(before)).filter((m) => m.recipient === 'support@vendor.example');
    expect(mails.map((m) => [m.subject, m.body_text.split('\n')[0]])).toEqual([
      [`Case ${c.id}: Licences missing`, 'From Demo Provider'],
    ]);
  });

  it('a rule of another account never sees an object it cannot read', async () => {
    const sub = await req('other', 'POST', '/notifications/subscriptions', { event: { id: 'NE-0001' } }, 201);
    await req(
      'other',
      'POST',
      `/notifications/subscriptions/${sub.id}/rules`,
      ruleBody({ name: 'Spy', recipients: { emails: ['spy@other.example'] } }),
      201,
    );
    const r = await w.purchase();
    await drain();
    // even an event that (wrongly) named Other Vendor as a party: the object is read as Other Vendor reads it
    await w.t.db
      .insertInto('events')
      .values({
        id: 'EV-0000-0001',
        object_class: 'fulfillment_request',
        object_id: r.id,
        type: 'asset_purchase_request_processing',
        action: 'create',
        account_ids: [w.t.demo.other.id],
        product_id: w.product.id,
        created_at: new Date().toISOString(),
        dispatched_at: null,
      })
      .execute();
    await enqueue(w.t.db, DISPATCH_JOB, {});
    await drain();
    const mails = await mailsSince(before);
    expect(to(mails)).not.toContain('spy@other.example');
    expect(to(mails)).toContain('ops@vendor.example');
  });
});

describe('preview, send-test, preview-context and email/send', () => {
  let rule: any;
  beforeAll(async () => {
    rule = await req(
      'vendor',
      'POST',
      `/notifications/subscriptions/${created.id}/rules`,
      ruleBody({ name: 'Preview me', enabled: false, recipients: { emails: ['x@vendor.example'] } }),
      201,
    );
  });

  it('previews the template against the newest request, or the one named', async () => {
    const url = `/notifications/subscriptions/${created.id}/rules/${rule.id}/preview`;
    const newest = await req('vendor', 'POST', url, {});
    expect(newest.preview.object.class).toBe('fulfillment_request');
    expect(newest.template.subject).toBe(`New order ${newest.preview.object.id}: ${w.product.name}`);
    const r = await w.purchase();
    const named = await req('vendor', 'POST', url, {
      object_id: r.id,
      template: {
        subject: '{{ request.id }} {{ request.asset.params.admin_email.value }}',
        body: '{{ account.name }}',
      },
    });
    expect(named.template).toEqual({ subject: `${r.id} admin@fabrikam.example`, body: 'Demo Vendor' });
    expect(named.preview.html).toContain('<p>Demo Vendor</p>');
    // an object the account cannot read is not rendered
    await expectError(w, w.vendor, 'POST', url, { object_id: 'PR-0000-0000-0000-000' }, 400, 'object_id:');
  });

  it('previews a rule being written, before it is saved, against the newest request', async () => {
    const url = `/notifications/subscriptions/${created.id}/preview`;
    const draft = await req('vendor', 'POST', url, {
      template: { subject: 'Draft {{ request.id }}', body: '**{{ rule.name }}** for {{ account.name }}' },
    });
    expect(draft.preview.object.class).toBe('fulfillment_request');
    expect(draft.preview.subject).toBe(`Draft ${draft.preview.object.id}`);
    expect(draft.preview.html).toContain('<strong>New rule</strong> for Demo Vendor');
    await expectError(w, w.vendor, 'POST', url, {}, 400, 'template:');
    await expectError(
      w,
      w.vendor,
      'POST',
      url,
      { template: { subject: '{{#x}}', body: 'b' } },
      400,
      'template.subject:',
    );
  });

  it('send-test mails the caller only', async () => {
    const before = await outboxIds();
    const res = await req(
      'vendor',
      'POST',
      `/notifications/subscriptions/${created.id}/rules/${rule.id}/send-test`,
      {},
    );
    expect(res.sent_to).toBe('vendor@demo.trellis');
    const mails = await mailsSince(before);
    expect(mails.map((m) => m.recipient)).toEqual(['vendor@demo.trellis']);
    expect(mails[0].subject).toMatch(/^\[Test\] New order PR-/);
  });

  it('preview-context lists the variables of the event', async () => {
    const ctx = await req('vendor', 'GET', `/notifications/subscriptions/${created.id}/preview-context`);
    expect(ctx.id).toBe(created.id);
    expect(ctx.variables).toEqual(expect.arrayContaining(['request.id', 'request.asset.product.name', 'account.name']));
    expect(ctx.context.request.asset.product.id).toBe(w.product.id);
  });

  it("email/send mails the account's own users only", async () => {
    const before = await outboxIds();
    const send = (body: unknown, status = 200) => req('vendor', 'POST', '/notifications/email/send', body, status);
    expect(await send({ to: ['multi@demo.trellis'], subject: 'Hello', content: 'Hi **team** {{ x }}' })).toEqual({
      result: 'ok',
    });
    await expectError(
      w,
      w.vendor,
      'POST',
      '/notifications/email/send',
      { to: ['someone@elsewhere.example'], subject: 'Spam', content: 'x' },
      400,
      'to: someone@elsewhere.example is not a user',
    );
    await expectError(
      w,
      w.vendor,
      'POST',
      '/notifications/email/send',
      { to: ['bad'], subject: 'Spam', content: 'x' },
      400,
      'to: All E-mails must be valid',
    );
    await send({ to: ['vendor@demo.trellis'], rule: { id: rule.id }, context: { request: { id: 'PR-1', asset: {} } } });
    await expectError(
      w,
      w.other,
      'POST',
      '/notifications/email/send',
      { to: ['other@demo.trellis'], rule: { id: rule.id }, context: {} },
      404,
      'not found',
    );
    const mails = await mailsSince(before);
    expect(mails.map((m) => [m.recipient, m.subject]).sort()).toEqual([
      ['multi@demo.trellis', 'Hello'],
      ['vendor@demo.trellis', 'New order PR-1:'],
    ]);
    expect(mails.find((m) => m.subject === 'Hello')!.body_text).toContain('Hi **team** {{ x }}');
  });
});
