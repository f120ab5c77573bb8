import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../src/jobs/queue.ts';
import { runSchedulesJob } from '../src/modules/reporting/schedules.ts';
import { expireReportsJob } from '../src/modules/reporting/jobs.ts';
import { registerTemplate } from '../src/modules/reporting/registry.ts';
import { fulfillmentWorld, type FulfillmentWorld } from './fulfillment-fixture.ts';
import { call, expectStatus } from './fulfillment-requests-helpers.ts';
import type { Session } from './helpers.ts';

// Reports (reference /reporting): the built-in templates run off the request thread, as the requester, to xlsx,
// csv and json; another tenant's data never appears in them and their reports are a 404; a report that never ends
// or eats memory is stopped and fails; files download as attachments and expire.

let w: FulfillmentWorld;
let purchases: any[];
const TIMEOUT_MS = 8000;

beforeAll(async () => {
  w = await fulfillmentWorld({}, { reportTimeoutMs: TIMEOUT_MS, reportMemoryMb: 64 });
  purchases = [await w.purchase(), await w.purchase()];
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

const get = (who: Session, url: string, status = 200) => expectStatus(w, who, 'GET', url, undefined, status);
const post = (who: Session, url: string, body: object, status = 201) => expectStatus(w, who, 'POST', url, body, status);

/** Creates a report as `who`, runs the queued jobs, and answers the report as it ended. */
async function runReport(who: Session, body: object) {
  const created = await post(who, '/reporting/reports', body);
  expect(created.status).toBe('pending');
  await runDueJobs(w.t.db);
  return get(who, `/reporting/reports/${created.id}`);
}

async function download(who: Session, id: string) {
  const res = await call(w, who, 'GET', `/reporting/reports/${id}/download`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const subscriptionsOf = (renderer: string, who = w.vendor) =>
  runReport(who, {
    name: 'Mail subscriptions',
    template: { id: 'TP-000-001' },
    renderer,
    parameters: { product: { all: false, choices: [w.product.id] }, status: { all: true, choices: [] } },
  });

/** The rows the subscriptions report must hold for the world's two purchases, in id order. */
function expectedSubscriptions() {
  return purchases
    .map((r) => r.asset)
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((a) => [
      a.id,
      a.external_id,
      'processing',
      w.product.id,
      w.product.name,
      a.marketplace.name,
      a.tiers.customer.name,
      'Demo Vendor',
      'Demo Provider',
      a.events.created.at,
    ]);
}
const SUBSCRIPTION_HEADER = [
  'Subscription ID',
  'External ID',
  'Status',
  'Product ID',
  'Product',
  'Marketplace',
  'Customer',
  'Vendor',
  'Provider',
  'Created',
];

describe('templates and repositories', () => {
  it('lists the built-in repository and its templates, with typed parameters and renderers', async () => {
    const [repo] = await get(w.vendor, '/reporting/repositories');
    expect(repo).toMatchObject({ id: 'RR-000-001', name: 'Trellis reports', status: 'ready', tags: ['1.0.0'] });
    const templates = await get(w.provider, '/reporting/templates?ordering(id)');
    expect(templates.map((t: any) => t.local_id)).toEqual([
      'subscriptions',
      'fulfillment_requests',
      'listings',
      'tier_accounts',
      'users_permissions',
      'token_activity',
      'usage',
    ]);
    const requests = templates[1];
    expect(requests.parameters.map((p: any) => [p.id, p.type, p.required])).toEqual([
      ['period', 'date_range', true],
      ['status', 'checkbox', false],
      ['product', 'product', false],
    ]);
    expect(requests.renderers.map((r: any) => r.id)).toEqual(['xlsx', 'csv', 'json']);
    expect(requests.default_renderer).toBe('xlsx');
  });

  it('are Trellis’s own: no account disables a built-in template for everyone', async () => {
    const res = await call(w, w.vendor, 'POST', '/reporting/templates/TP-000-001/disable', {});
    expect(res.statusCode).toBe(403);
    expect((await get(w.vendor, '/reporting/templates/TP-000-001')).status).toBe('enabled');
  });
});

describe('creating a report', () => {
  const errors = async (body: object) => (await post(w.vendor, '/reporting/reports', body, 400)).errors as string[];
  const base = {
    name: 'R',
    template: { id: 'TP-000-002' },
    parameters: { period: { after: '2020-01-01', before: '2099-01-01' } },
  };

  it('refuses an unknown template, a bad renderer and bad parameter values, naming the field', async () => {
    expect(await errors({ ...base, template: { id: 'TP-999' } })).toEqual([
      'template.id: There is no report template TP-999.',
    ]);
    expect((await errors({ ...base, renderer: 'pdf' })).join()).toMatch(/^renderer: Choose one of xlsx, csv, json/);
    expect(await errors({ ...base, parameters: {} })).toEqual(['parameters.period: This field is required']);
    expect(await errors({ ...base, parameters: { period: { after: '2024-02-01', before: '2024-01-01' } } })).toEqual([
      'parameters.period: "after" must be earlier than "before".',
    ]);
    expect(
      await errors({ ...base, parameters: { ...base.parameters, status: { all: false, choices: ['won'] }, color: 1 } }),
    ).toEqual([
      'parameters.color: The template has no such parameter.',
      expect.stringMatching(/^parameters.status: Unknown value won; choose from draft, pending/),
    ]);
    expect((await errors({ template: { id: 'TP-000-004' } })).join()).toMatch(/^name: /);
  });
});

describe('running reports', () => {
  it('renders subscriptions to csv, cell by cell, with the attachment headers', async () => {
    const report = await subscriptionsOf('csv');
    expect(report).toMatchObject({ status: 'succeeded', renderer: 'csv', progress: { value: 2, max: 2 } });
    expect(report.events.started.at).toBeTruthy();
    expect(report.events.terminated.at).toBeTruthy();
    const res = await download(w.vendor, report.id);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Mail subscriptions.csv"; filename*=UTF-8''Mail%20subscriptions.csv`,
    );
    expect(Number(res.headers['content-length'])).toBe(report.report_size);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(SUBSCRIPTION_HEADER.join(','));
    expect(lines.slice(1)).toEqual(expectedSubscriptions().map((r) => r.join(',')));
  });

  it('renders subscriptions to json, cell by cell', async () => {
    const report = await subscriptionsOf('json');
    const res = await download(w.vendor, report.id);
    expect(res.headers['content-type']).toBe('application/json');
    const keys = [
      'id',
      'external_id',
      'status',
      'product_id',
      'product_name',
      'marketplace',
      'customer',
      'vendor',
      'provider',
      'created',
    ];
    expect(res.json()).toEqual(expectedSubscriptions().map((r) => Object.fromEntries(keys.map((k, i) => [k, r[i]]))));
  });

  it('renders subscriptions to xlsx, cell by cell', async () => {
    const report = await subscriptionsOf('xlsx');
    const res = await download(w.vendor, report.id);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('filename="Mail subscriptions.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as any);
    const sheet = book.getWorksheet('Report')!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual(SUBSCRIPTION_HEADER);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect([values(2), values(3)]).toEqual(expectedSubscriptions());
    expect(sheet.rowCount).toBe(3);
  });

  it('reads fulfillment requests by period and outcome', async () => {
    const since = new Date(Date.parse(purchases[0].created) - 1000).toISOString();
    const report = await runReport(w.provider, {
      name: 'Pending requests',
      template: { id: 'TP-000-002' },
      renderer: 'json',
      parameters: {
        period: { after: since, before: new Date(Date.now() + 60_000).toISOString() },
        status: { all: false, choices: ['pending'] },
        product: { all: false, choices: [w.product.id] },
      },
    });
    const rows = (await download(w.provider, report.id)).json();
    expect(rows.map((r: any) => [r.id, r.type, r.status, r.asset_id])).toEqual(
      purchases.map((p) => [p.id, 'purchase', 'pending', p.asset.id]),
    );
    // a period before them holds none
    const before = await runReport(w.provider, {
      name: 'Old',
      template: { id: 'TP-000-002' },
      renderer: 'json',
      parameters: { period: { after: '2001-01-01', before: since }, product: { all: false, choices: [w.product.id] } },
    });
    expect((await download(w.provider, before.id)).json()).toEqual([]);
  });

  it('runs every built-in template', async () => {
    for (const id of ['TP-000-003', 'TP-000-004', 'TP-000-005', 'TP-000-006']) {
      const report = await runReport(w.vendor, { name: id, template: { id }, renderer: 'json' });
      expect(report.status, `${id}: ${report.failure_output}`).toBe('succeeded');
    }
    const usage = await runReport(w.vendor, {
      name: 'Usage',
      template: { id: 'TP-000-007' },
      renderer: 'csv',
      parameters: { period: { after: '2026-01-01', before: '2027-01-01' }, product: { all: true, choices: [] } },
    });
    expect(usage.status, usage.failure_output).toBe('succeeded');
    expect((await download(w.vendor, usage.id)).body.split('\n')[0]).toMatch(/^"?Month"?,"?Product ID"?,/);
    const users = await runReport(w.vendor, { name: 'Users', template: { id: 'TP-000-005' }, renderer: 'json' });
    const rows = (await download(w.vendor, users.id)).json();
    expect(rows.map((r: any) => r.email)).toContain('vendor@demo.trellis');
    expect(rows.every((r: any) => !String(r.email).startsWith('other@'))).toBe(true);
  });
});

describe('tenancy', () => {
  it("never shows another tenant's data", async () => {
    const report = await runReport(w.other, {
      name: 'All my subscriptions',
      template: { id: 'TP-000-001' },
      renderer: 'json',
      parameters: { product: { all: false, choices: [w.product.id] } },
    });
    expect(report.status).toBe('succeeded');
    expect((await download(w.other, report.id)).json()).toEqual([]);
    const all = await runReport(w.other, { name: 'All', template: { id: 'TP-000-001' }, renderer: 'json' });
    const ids = (await download(w.other, all.id)).json().map((r: any) => r.id);
    for (const p of purchases) expect(ids).not.toContain(p.asset.id);
  });

  it('reads with the permissions of whoever asked: a key without the subscriptions module gets a failed report', async () => {
    const key = await post(w.vendor, '/auth/tokens', { name: 'Reports only', permissions: [{ id: 'MD-0008' }] });
    const made = await w.t.call(key.token, {
      method: 'POST',
      url: '/public/v1/reporting/reports',
      payload: { name: 'Not mine to read', template: { id: 'TP-000-001' }, renderer: 'csv' },
    });
    expect(made.statusCode, made.body).toBe(201);
    await runDueJobs(w.t.db);
    const report = await get(w.vendor, `/reporting/reports/${made.json().id}`);
    expect(report.status).toBe('failed');
    expect(report.failure_output).toMatch(/^Access to module MD-\d{4} is not granted\.$/);
  });

  it("answers another account's report with a 404, before reading the body", async () => {
    const report = await subscriptionsOf('csv');
    await get(w.other, `/reporting/reports/${report.id}`, 404);
    expect((await call(w, w.other, 'GET', `/reporting/reports/${report.id}/download`)).statusCode).toBe(404);
    expect((await call(w, w.provider, 'DELETE', `/reporting/reports/${report.id}`)).statusCode).toBe(404);
    const ids = (await get(w.other, '/reporting/reports')).map((r: any) => r.id);
    expect(ids).not.toContain(report.id);
  });
});

describe('template stats', () => {
  it("count the account's own runs only", async () => {
    const mine = (await get(w.vendor, '/reporting/templates/TP-000-001')).stats;
    // csv, json, xlsx and the 404 check succeeded; the key without the subscriptions module failed
    expect(mine).toMatchObject({ failure: 1, timeout: 0 });
    expect(mine.success).toBeGreaterThanOrEqual(4);
    expect(mine.total_executions).toBe(mine.success + mine.failure);
    expect((await get(w.provider, '/reporting/templates/TP-000-001')).stats.total_executions).toBe(0);
  });
});

describe('limits', () => {
  const template = (id: string, file: string) =>
    registerTemplate({
      id,
      local_id: file,
      name: file,
      description: 'test only',
      audience: { vendor: true, provider: true },
      parameters: [],
      module: new URL(`./fixtures/${file}.ts`, import.meta.url).href,
    });

  it('stops a report that never ends at its time limit and marks it failed', async () => {
    const drop = template('TP-TEST-001', 'report-runaway');
    try {
      const started = Date.now();
      const report = await runReport(w.vendor, { name: 'Forever', template: { id: 'TP-TEST-001' } });
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 5000);
      expect(report).toMatchObject({ status: 'failed', timeout: true });
      expect(report.failure_output).toBe('The report ran longer than its limit of 8 s and was stopped.');
      expect((await call(w, w.vendor, 'GET', `/reporting/reports/${report.id}/download`)).statusCode).toBe(400);
    } finally {
      drop();
    }
  }, 30_000);

  it('stops a report that takes too much memory and marks it failed', async () => {
    const drop = template('TP-TEST-002', 'report-hog');
    try {
      const report = await runReport(w.vendor, { name: 'Greedy', template: { id: 'TP-TEST-002' } });
      expect(report).toMatchObject({ status: 'failed', timeout: false });
      expect(report.failure_output).toBe('The report used more than its memory limit of 64 MB and was stopped.');
      // the server goes on
      expect((await subscriptionsOf('csv')).status).toBe('succeeded');
    } finally {
      drop();
    }
  }, 60_000);
});

describe('retention', () => {
  it('deletes the files of reports past retention and marks them expired', async () => {
    const report = await subscriptionsOf('csv');
    await w.t.db
      .updateTable('reports')
      .set({ terminated_at: new Date(Date.now() - 31 * 86_400_000).toISOString() })
      .where('id', '=', report.id)
      .execute();
    await expireReportsJob(w.t.db, {}, { id: 'JB-test', attempts: 1 });
    expect((await get(w.vendor, `/reporting/reports/${report.id}`)).expired).toBe(true);
    expect((await call(w, w.vendor, 'GET', `/reporting/reports/${report.id}/download`)).statusCode).toBe(404);
  });
});

describe('schedules', () => {
  const body = (trigger: object) => ({
    name: 'Weekly subscriptions',
    template: { id: 'TP-000-001' },
    renderer: 'csv',
    trigger,
    parameters: { product: { all: false, choices: [w.product.id] } },
  });

  it('refuse a cron expression that is not valid and a weekly trigger without its day, naming the field', async () => {
    const errors = async (trigger: object) =>
      (await post(w.vendor, '/reporting/schedules', body(trigger), 400)).errors as string[];
    expect(await errors({ frequency: 'daily', time: '06:30', cron: '61 * * * *' })).toEqual([
      'trigger.cron: Cron expression is not valid',
    ]);
    expect(await errors({ frequency: 'weekly', time: '06:30' })).toEqual([
      'trigger.day_of_week: This field is required',
    ]);
    expect((await errors({ frequency: 'daily', time: '6.30' })).join()).toMatch(/^trigger.time: /);
  });

  it('compute the next run from the trigger, and none while disabled', async () => {
    const daily = await post(w.vendor, '/reporting/schedules', body({ frequency: 'daily', time: '06:30' }));
    expect(daily).toMatchObject({ status: 'enabled', template: { id: 'TP-000-001' }, renderer: 'csv' });
    const next = new Date(daily.events.next_execution.at);
    expect([next.getUTCHours(), next.getUTCMinutes()]).toEqual([6, 30]);
    expect(next.getTime() - Date.now()).toBeGreaterThan(0);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);

    const quarter = await post(
      w.vendor,
      '/reporting/schedules',
      body({ frequency: 'daily', time: '00:00', cron: '*/15 * * * *' }),
    );
    expect(new Date(quarter.events.next_execution.at).getUTCMinutes() % 15).toBe(0);

    const monday = await post(
      w.vendor,
      '/reporting/schedules',
      body({ frequency: 'weekly', time: '08:00', day_of_week: 1 }),
    );
    expect(new Date(monday.events.next_execution.at).getUTCDay()).toBe(1);

    const off = await post(w.vendor, `/reporting/schedules/${daily.id}/disable`, { notes: 'Holidays' }, 200);
    expect(off).toMatchObject({ status: 'disabled', notes: 'Holidays' });
    expect(off.events.next_execution).toBeUndefined();
    const on = await post(w.vendor, `/reporting/schedules/${daily.id}/enable`, {}, 200);
    expect(on.events.next_execution.at).toBe(daily.events.next_execution.at);
  });

  it('run now on trigger, and when due, as a report of the schedule; another account gets a 404', async () => {
    const s = await post(
      w.vendor,
      '/reporting/schedules',
      body({ frequency: 'monthly', time: '05:00', day_of_month: 1 }),
    );
    await get(w.other, `/reporting/schedules/${s.id}`, 404);
    expect((await call(w, w.other, 'POST', `/reporting/schedules/${s.id}/trigger`, {})).statusCode).toBe(404);

    const triggered = await post(w.vendor, `/reporting/schedules/${s.id}/trigger`, {}, 200);
    expect(triggered.stats.total_executions).toBe(1);
    await runDueJobs(w.t.db);
    const [made] = await get(w.vendor, `/reporting/reports?eq(schedule.id,${s.id})`);
    expect(made).toMatchObject({ status: 'succeeded', schedule: { id: s.id, name: s.name }, renderer: 'csv' });
    expect(made.name).toMatch(/^Weekly subscriptions from \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \(UTC\)$/);

    // due: the sweep makes its report and moves it to its next run
    const past = new Date(Date.now() - 60_000).toISOString();
    await w.t.db.updateTable('report_schedules').set({ next_at: past }).where('id', '=', s.id).execute();
    await runSchedulesJob(w.t.db, {}, { id: 'JB-test', attempts: 1 });
    await runDueJobs(w.t.db);
    expect(await get(w.vendor, `/reporting/reports?eq(schedule.id,${s.id})`)).toHaveLength(2);
    const after = await get(w.vendor, `/reporting/schedules/${s.id}`);
    expect(after.stats.total_executions).toBe(2);
    expect(Date.parse(after.events.next_execution.at)).toBeGreaterThan(Date.now());
    expect(new Date(after.events.next_execution.at).getUTCDate()).toBe(1);
  });
});
