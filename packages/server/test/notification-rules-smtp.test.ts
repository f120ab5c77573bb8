import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../src/jobs/queue.ts';
import { addMember, createUser } from '../src/modules/identity/accounts/service.ts';
import { fulfillmentWorld, type FulfillmentWorld } from './fulfillment-fixture.ts';
import { act, expectStatus, fillActivation, templateOf } from './fulfillment-requests-helpers.ts';
import { waitFor } from './processes.ts';
import { parseMail, smtpPeer, type SmtpPeer } from './smtp-peer.ts';

// Issue 18: notification rules end at a real mail server. The app runs with SMTP_URL pointed at an SMTP server of
// the test (smtp-peer.ts) and sends its outbox in the background as in production; a rule of each recipient kind
// (users, groups, fixed addresses, the assignee, tier contacts) watches "Fulfillment request approved", and the
// mails the SMTP server receives are read back: envelope, headers, both MIME parts, the values of the object.

const MAIL_FROM = 'Trellis Notifications <notify@trellis.test>';
const CODE = 'ACT-SMTP-4711';
const SUBJECT = '[{{ rule.name }}] {{ request.id }} approved: {{ request.asset.product.name }}';
const BODY = [
  'Hello from **{{ account.name }}**,',
  '',
  'request {{ request.id }} for {{ request.asset.tiers.customer.name }} is {{ request.status }}.',
  '',
  'Activation code: {{ request.asset.params.activation_code.value }}; assignee: {{ request.assignee.name }}',
].join('\n');

let smtp: SmtpPeer;
let w: FulfillmentWorld;
const drain = async () => {
  while ((await runDueJobs(w.t.db)) > 0);
};
/** Until the server's mail sender has sent every queued message (a claimed one stays queued until it is sent). */
const flushed = () =>
  waitFor(
    'the outbox to be sent',
    async () => !(await w.t.db.selectFrom('outbox').select('id').where('status', '=', 'queued').executeTakeFirst()),
    20_000,
  );

beforeAll(async () => {
  smtp = await smtpPeer();
  w = await fulfillmentWorld({}, { smtpUrl: smtp.url, mailFrom: MAIL_FROM, mailIntervalMs: 50 });
  await drain();
  await flushed();
}, 120_000);
afterAll(async () => {
  await w?.t.close();
  await smtp?.close();
});

describe('notification rules over SMTP', () => {
  it('mail every kind of recipient through the SMTP server, and none to a user who opted out', async () => {
    const req = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, status = 200) =>
      expectStatus(w, w.vendor, method, path, body, status);
    // Ada works in Demo Vendor but in none of its groups: she is mailed only as the request's assignee
    const ada = await createUser(w.t.db, {
      email: 'ada@vendor.test',
      name: 'Ada Assignee',
      password: 'Ada-pass-12345',
    });
    await addMember(w.t.db, w.t.demo.vendor.id, ada.id);
    const [admins] = await req('GET', `/accounts/${w.t.demo.vendor.id}/groups`);
    const multi = w.t.demo.users['multi@demo.trellis'].id;

    const approved = await req('POST', '/notifications/subscriptions', { event: { id: 'NE-0002' } }, 201);
    const rule = async (name: string, recipients: Record<string, unknown>) =>
      (
        await req(
          'POST',
          `/notifications/subscriptions/${approved.id}/rules`,
          { name, template: { subject: SUBJECT, body: BODY }, recipients },
          201,
        )
      ).id as string;
    await rule('Users', { users: [{ id: multi }] });
    // the administrators: Vera (who opts out below) and Max
    const team = await rule('Group', { groups: [{ id: admins.id }] });
    await rule('Addresses', { emails: ['ops@vendor.example', 'Night.Desk@vendor.example'] });
    await rule('Assignee', { assignee: true });
    await rule('Contacts', { contacts: ['customer', 'tier1'] });
    // Vera (the vendor session's user) opts out of the group's rule
    expect(
      await req('PUT', `/notifications/subscriptions/-/rules/-/settings/${team}`, { value: 'disabled' }),
    ).toMatchObject({ id: team, value: 'disabled' });

    smtp.received.length = 0;
    // changes the rules do not watch: the order, its assignment, the vendor's parameter
    const r = await w.purchase();
    await act(w, w.vendor, r.id, 'assign', { email: 'ada@vendor.test' });
    await fillActivation(w, r.id, CODE);
    await drain();
    await flushed();
    expect(smtp.received).toEqual([]);

    // the approval: each rule mails its recipients, one message each
    await act(w, w.vendor, r.id, 'approve', { template_id: (await templateOf(w)).id });
    await drain();
    await flushed();
    const mails = await Promise.all(smtp.received.map(async (m) => ({ ...m, mail: await parseMail(m.raw) })));
    const ruleOf = (subject: string) => /^\[(\w+)\]/.exec(subject)?.[1];
    expect(mails.map((m) => [ruleOf(m.mail.subject), ...m.to]).sort()).toEqual([
      ['Addresses', 'Night.Desk@vendor.example'],
      ['Addresses', 'ops@vendor.example'],
      ['Assignee', 'ada@vendor.test'],
      ['Contacts', 'it@fabrikam.example'],
      ['Contacts', 't1@northwind.example'],
      ['Group', 'multi@demo.trellis'],
      ['Users', 'multi@demo.trellis'],
    ]);
    expect(mails.flatMap((m) => m.to)).not.toContain('vendor@demo.trellis');

    for (const { from, to, mail } of mails) {
      expect(from).toBe('notify@trellis.test');
      expect(mail.headers.from).toBe(MAIL_FROM);
      expect(mail.headers.to).toBe(to[0]);
      expect(mail.subject).toBe(`[${ruleOf(mail.subject)}] ${r.id} approved: ${w.product.name}`);
      expect(mail.headers['content-type']).toMatch(/^multipart\/alternative;/);
      expect(mail.parts.map((p) => p.type)).toEqual(['text/plain', 'text/html']);
      // the plain-text part: the markdown with the object's values, and why the mail came
      expect(mail.text).toContain('Hello from **Demo Vendor**,');
      expect(mail.text).toContain(`request ${r.id} for Fabrikam GmbH is approved.`);
      expect(mail.text).toContain(`Activation code: ${CODE}; assignee: Ada Assignee`);
      expect(mail.text).toContain('Manage your e-mail notifications: http://portal.test/settings/email');
      // the HTML part: the same values rendered, in the brand's look
      expect(mail.html).toContain('<p>Hello from <strong>Demo Vendor</strong>,</p>');
      expect(mail.html).toContain(`request ${r.id} for Fabrikam GmbH is approved.`);
      expect(mail.html).toContain(`Activation code: ${CODE}; assignee: Ada Assignee`);
      expect(mail.html).toMatch(/<td style="background:#[0-9a-f]+;/i);
    }
    // the outbox agrees: every message of the approval sent, none still waiting or failed
    const rows = await w.t.db
      .selectFrom('outbox')
      .select(['recipient', 'status'])
      .where('subject', 'like', `[%] ${r.id} approved:%`)
      .execute();
    expect(rows.map((m) => m.status)).toEqual(Array(7).fill('sent'));
  });
});
