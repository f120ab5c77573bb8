import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../src/jobs/queue.ts';
import { readOutbox } from '../src/mail/outbox.ts';
import type { Session } from './helpers.ts';
import { openTenants } from './tenants.ts';

// Report schedules mail their recipients (issue 18): users of the schedule's account named on it get one mail per
// finished run, queued with the report's end: "Report ready" with a link to the report's page in the portal (never
// its file), or "Report failed" with the reason. Another account's user is refused as an unknown one; a user who has
// left the account by the time the run ends gets nothing.

let t: Awaited<ReturnType<typeof openTenants>>['t'];
let vendor: Session;
let other: Session;
let vera: string;
let max: string;
let olga: string;

beforeAll(async () => {
  ({ t, vendor, other } = await openTenants());
  vera = t.demo.users['vendor@demo.trellis'].id;
  max = t.demo.users['multi@demo.trellis'].id;
  olga = t.demo.users['other@demo.trellis'].id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function req(who: Session | string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) {
  const res = await t.call(who, { method, url: `/public/v1${url}`, ...(body && { payload: body }) });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
}
async function ok(who: Session | string, method: 'GET' | 'POST' | 'PUT', url: string, body?: object, status = 200) {
  const res = await req(who, method, url, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

const outboxIds = async () => new Set((await readOutbox(t.db, { limit: 500 })).map((m) => m.id));
const mailsSince = async (before: Set<string>) =>
  (await readOutbox(t.db, { limit: 500 })).filter((m) => !before.has(m.id));
const drain = async () => {
  while ((await runDueJobs(t.db)) > 0);
};

const NAME = 'Weekly <subscriptions> & more';
const schedule = (over: Record<string, unknown> = {}) => ({
  name: NAME,
  template: { id: 'TP-000-001' },
  renderer: 'csv',
  trigger: { frequency: 'weekly', time: '06:00', day_of_week: 1 },
  ...over,
});

/** Runs the schedule now as `who`, runs the report, and answers the report and the mails its end queued. */
async function runNow(who: Session | string, id: string) {
  const before = await outboxIds();
  await ok(who, 'POST', `/reporting/schedules/${id}/trigger`, {});
  await drain();
  const [report] = await ok(vendor, 'GET', `/reporting/reports?eq(schedule.id,${id})&ordering(-events.created.at)`);
  return { report, mails: await mailsSince(before) };
}

describe('recipients of a report schedule', () => {
  it('are users of its account, shown with their names and e-mails; an update without them keeps them', async () => {
    const s = await ok(
      vendor,
      'POST',
      '/reporting/schedules',
      schedule({ recipients: [{ id: vera }, { id: max }] }),
      201,
    );
    expect(s.recipients).toEqual([
      { id: vera, name: 'Vera Vendor', email: 'vendor@demo.trellis' },
      { id: max, name: 'Max Multi', email: 'multi@demo.trellis' },
    ]);
    const renamed = await ok(vendor, 'PUT', `/reporting/schedules/${s.id}`, { name: 'Renamed' });
    expect(renamed.recipients.map((r: any) => r.id)).toEqual([vera, max]);
    const none = await ok(vendor, 'PUT', `/reporting/schedules/${s.id}`, { recipients: [] });
    expect(none.recipients ?? []).toEqual([]);
    // none when not given
    const plain = await ok(vendor, 'POST', '/reporting/schedules', schedule(), 201);
    expect(plain.recipients ?? []).toEqual([]);
  });

  it("refuse another account's user exactly as an unknown one, with a 400 naming recipients", async () => {
    const refused = async (method: 'POST' | 'PUT', url: string, id: string) => {
      const res = await req(vendor, method, url, schedule({ recipients: [{ id: vera }, { id }] }));
      expect(res.status).toBe(400);
      return res.body.errors;
    };
    expect(await refused('POST', '/reporting/schedules', olga)).toEqual([
      `recipients: ${olga} is not an active user of your account.`,
    ]);
    expect(await refused('POST', '/reporting/schedules', 'UR-000-000-000')).toEqual([
      'recipients: UR-000-000-000 is not an active user of your account.',
    ]);
    const s = await ok(vendor, 'POST', '/reporting/schedules', schedule({ recipients: [{ id: vera }] }), 201);
    const { template: _t, ...update } = schedule({ recipients: [{ id: olga }] });
    const res = await req(vendor, 'PUT', `/reporting/schedules/${s.id}`, update);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([`recipients: ${olga} is not an active user of your account.`]);
    expect((await ok(vendor, 'GET', `/reporting/schedules/${s.id}`)).recipients.map((r: any) => r.id)).toEqual([vera]);
    // and Olga's own account cannot see the schedule at all
    expect((await req(other, 'GET', `/reporting/schedules/${s.id}`)).status).toBe(404);
  });
});

describe('mails of a schedule’s runs', () => {
  let s: any;
  beforeAll(async () => {
    s = await ok(vendor, 'POST', '/reporting/schedules', schedule({ recipients: [{ id: vera }, { id: max }] }), 201);
  });

  it('when its report is ready: one per recipient, with the report, its size and a link to its portal page', async () => {
    const { report, mails } = await runNow(vendor, s.id);
    expect(report.status).toBe('succeeded');
    expect(mails.map((m) => m.recipient).sort()).toEqual(['multi@demo.trellis', 'vendor@demo.trellis']);
    const link = `http://portal.test/reports/history/${report.id}`;
    for (const m of mails) {
      expect(m.subject).toBe(`Report ready: ${report.name}`);
      expect(m.account_id).toBe(t.demo.vendor.id);
      expect(m.body_text).toContain(`Report: ${report.name}`);
      expect(m.body_text).toContain('Template: Subscriptions by status and product');
      expect(m.body_text).toMatch(/Size: \d+(\.\d+)? (B|KB)/);
      expect(m.body_text).toContain(link);
      // the HTML part: in the account's brand, values escaped, the same link
      expect(m.body_html).toMatch(/^<!doctype html>/);
      expect(m.body_html).toContain(`<a href="${link}">`);
      expect(m.body_html).toContain('Weekly &lt;subscriptions&gt; &amp; more');
      expect(m.body_html).not.toContain('<subscriptions>');
      // never the file itself
      expect(`${m.body_text}${m.body_html}`).not.toContain('/download');
    }
    expect(mails.find((m) => m.recipient === 'multi@demo.trellis')!.body_text).toMatch(/^Hello Max Multi,/);
    // queued once: running the jobs again adds none
    const before = await outboxIds();
    await drain();
    expect(await mailsSince(before)).toEqual([]);
  });

  it('when its report failed: the reason', async () => {
    // run now by a key without the subscriptions module: the report reads as that key and fails
    const key = await ok(
      vendor,
      'POST',
      '/auth/tokens',
      { name: 'Reports only', permissions: [{ id: 'MD-0008' }] },
      201,
    );
    const { report, mails } = await runNow(key.token, s.id);
    expect(report.status).toBe('failed');
    expect(mails.map((m) => m.recipient).sort()).toEqual(['multi@demo.trellis', 'vendor@demo.trellis']);
    for (const m of mails) {
      expect(m.subject).toBe(`Report failed: ${report.name}`);
      expect(m.body_text).toContain(report.failure_output);
      expect(m.body_text).toMatch(/Access to module MD-\d{4} is not granted\./);
      expect(m.body_text).toContain(`http://portal.test/reports/history/${report.id}`);
      expect(m.body_html).toContain(report.failure_output);
    }
  });

  it('nothing for a report run by hand', async () => {
    const before = await outboxIds();
    await ok(vendor, 'POST', '/reporting/reports', { name: 'By hand', template: { id: 'TP-000-001' } }, 201);
    await drain();
    expect(await mailsSince(before)).toEqual([]);
  });

  it('nothing to a recipient who has left the account by the time the run ends', async () => {
    expect((await req(vendor, 'DELETE', `/accounts/${t.demo.vendor.id}/users/${max}`)).status).toBe(204);
    // still named on the schedule, and an update may keep naming him, but he gets nothing
    const { template: _t, ...update } = schedule({ recipients: [{ id: vera }, { id: max }] });
    await ok(vendor, 'PUT', `/reporting/schedules/${s.id}`, update);
    const { report, mails } = await runNow(vendor, s.id);
    expect(report.status).toBe('succeeded');
    expect(mails.map((m) => m.recipient)).toEqual(['vendor@demo.trellis']);
  });
});
