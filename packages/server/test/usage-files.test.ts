import ExcelJS from 'exceljs';
import { readdir } from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE_ROW_MESSAGES as M, USAGE_SHEET_MESSAGES as S, USAGE_FILE_MAX_BYTES } from '@trellis/domain';
import { testConfig } from '../src/config.ts';
import { fileStoreFor, type LocalFileStore } from '../src/files/index.ts';
import { runDueJobs } from '../src/jobs/queue.ts';
import { startServer, type Running } from '../src/server.ts';
import { freshDatabaseUrl } from './helpers.ts';

// Usage spreadsheets end to end, on the demo data (npm start's): Demo Vendor reports usage of Secure Mail Suite's
// pay-per-use item ('Extra storage', SMS-GB, decimal(1)) under its active distribution contract with Demo Provider.
// Each test fills the product's own template with ExcelJS, as a vendor fills it, uploads it and runs the jobs.

const API = '/public/v1';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FROM = '2026-03-01T00:00:00.000Z';
const TO = '2026-03-31T23:59:59.000Z';

let s: Running;
let config: ReturnType<typeof testConfig>;
let drop: () => Promise<void>;
type Who = Record<string, string>;
let vendor: Who;
let provider: Who;
let other: Who;
let product: { id: string; items: any[] };
let contractId: string;
let assets: Record<string, any>;

async function login(email: string): Promise<Who> {
  const res = await s.app.inject({
    method: 'POST',
    url: `${API}/auth/login`,
    payload: { email, password: 'Trellis-demo-1' },
  });
  expect([200, 201], res.body).toContain(res.statusCode);
  return { cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join('; '), 'x-session-id': res.json().session_id };
}
const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: any, headers: Who = {}) =>
  s.app.inject({ method, url: `${API}${url}`, headers: { ...who, ...headers }, payload });
async function get(who: Who, url: string) {
  const res = await call(who, 'GET', url);
  expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
  return res.json();
}

beforeAll(async () => {
  const db = await freshDatabaseUrl();
  drop = db.drop;
  config = testConfig({ databaseUrl: db.url });
  s = await startServer(config, { demo: true });
  await s.app.ready();
  [vendor, provider, other] = await Promise.all([
    login('vendor@demo.trellis'),
    login('provider@demo.trellis'),
    login('other@demo.trellis'),
  ]);
  const mail = (await get(vendor, '/products?limit=100')).find((p: any) => p.name === 'Secure Mail Suite');
  product = { id: mail.id, items: await get(vendor, `/products/${mail.id}/items`) };
  const contract = (await get(vendor, '/contracts?limit=100')).find(
    (c: any) => c.type === 'distribution' && c.status === 'active' && c.issuer.name === 'Demo Provider',
  );
  contractId = contract.id;
  const list = await get(vendor, `/assets?eq(product.id,${mail.id})&limit=100`);
  // the demo's subscriptions by their order number: SO-20260101 active, …02 suspended, …05 processing
  assets = Object.fromEntries(list.map((a: any) => [a.external_id, a]));
}, 180_000);
afterAll(async () => {
  await s?.app.close();
  await drop?.();
});

const item = (mpn: string) => product.items.find((i) => i.mpn === mpn);

async function newFile(name = 'March usage') {
  const res = await call(vendor, 'POST', '/usage/files', {
    name,
    product: { id: product.id },
    contract: { id: contractId },
    period: { from: FROM, to: TO },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

type Row = Partial<Record<string, unknown>>;
/** The product's usage template, downloaded and filled in like a vendor does. */
async function filled(rows: Row[], edit?: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const link = (await get(vendor, `/usage/products/${product.id}/template`)).template_link as string;
  const res = await s.app.inject({ method: 'GET', url: link, headers: vendor });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as any);
  const sheet = wb.getWorksheet('records')!;
  const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  rows.forEach((r, n) => {
    const row = sheet.getRow(n + 2);
    for (const [k, v] of Object.entries(r)) row.getCell(header.indexOf(k)).value = v as ExcelJS.CellValue;
    row.commit();
  });
  edit?.(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Give subscriptions one mail domain (or their own back), as a vendor's mistake in fulfillment would. */
async function setMailDomain(orders: string[], domain?: string) {
  for (const so of orders) {
    const own = assets[so].params.find((p: any) => p.id === 'mail_domain').value;
    const row = await s.db
      .selectFrom('assets')
      .select('data')
      .where('id', '=', assets[so].id)
      .executeTakeFirstOrThrow();
    const params = row.data.params.map((p: any) => (p.id === 'mail_domain' ? { ...p, value: domain ?? own } : p));
    await s.db
      .updateTable('assets')
      .set({ data: JSON.stringify({ ...row.data, params }) })
      .where('id', '=', assets[so].id)
      .execute();
  }
}

/** A good row: storage used by a subscription during March. */
const good = (n: number, over: Row = {}): Row => ({
  record_id: `rec-${n}`,
  item_search_criteria: 'item.mpn',
  item_search_value: 'SMS-GB',
  quantity: 10.5,
  start_time_utc: new Date('2026-03-01T00:00:00Z'),
  end_time_utc: new Date('2026-03-02T00:00:00Z'),
  asset_search_criteria: 'asset.id',
  asset_search_value: assets['SO-20260101'].id,
  ...over,
});

function form(body: Buffer, filename = 'usage.xlsx', field = 'usage_file') {
  const boundary = '----trellis-usage-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${XLSX}\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (who: Who, id: string, body: Buffer, filename?: string, field?: string) => {
  const f = form(body, filename, field);
  return call(who, 'POST', `/usage/files/${id}/upload`, f.payload, f.headers);
};
async function uploaded(id: string, body: Buffer, filename?: string) {
  const res = await upload(vendor, id, body, filename);
  expect(res.statusCode, res.body).toBe(200);
  await runDueJobs(s.db);
  return get(vendor, `/usage/files/${id}`);
}
async function sheetOf(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as any);
  return wb.getWorksheet('records')!;
}
/** Files in the server's store (each stored file is its bytes and a `.json` of what it is). */
const NOTE = 'second\tmailbox "Zürich" \\ C:\\temp\nline 2 \\N';
const storedFiles = async () =>
  (await readdir((fileStoreFor(config) as LocalFileStore).dir).catch(() => [])).length / 2;

describe('usage file upload and processing', () => {
  it('processes a good spreadsheet into records: ready, with the totals per item', async () => {
    const f = await newFile();
    const body = await filled([
      good(1),
      good(2, {
        item_search_criteria: 'item.id',
        item_search_value: item('SMS-GB').id,
        asset_search_criteria: 'asset.external_id',
        asset_search_value: 'SO-20260102',
        quantity: 2,
        // every character COPY's text format escapes, and JSON's, survives the way into the record
        record_note: NOTE,
        amount: 4.2,
      }),
      good(3, {
        item_search_criteria: 'item.local_id',
        item_search_value: item('SMS-GB').local_id,
        asset_search_criteria: 'parameter.admin_email',
        asset_search_value: assets['SO-20260101'].params.find((p: any) => p.id === 'admin_email').value,
        quantity: '0.5',
        start_time_utc: '2026-03-10T08:00:00Z',
        end_time_utc: '2026-03-10T09:00:00',
      }),
    ]);
    const res = await upload(vendor, f.id, body, 'march.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: f.id,
      status: 'uploaded',
      file_name: 'march.xlsx',
      size: body.length,
      usage_file_uri: `${API}/usage/files/${f.id}/uploadedfile`,
    });
    // nulls are left out on the wire
    expect(res.json()).not.toHaveProperty('processed_file_uri');
    // the provider sees the file from its submission on
    expect((await call(provider, 'GET', `/usage/files/${f.id}`)).statusCode).toBe(404);
    expect((await call(provider, 'GET', `/usage/files/${f.id}/uploadedfile`)).statusCode).toBe(404);

    expect(await runDueJobs(s.db)).toBeGreaterThan(0);
    const ready = await get(vendor, `/usage/files/${f.id}`);
    expect(ready).toMatchObject({
      status: 'ready',
      error_detail: '',
      stats: { uploaded: 3, validated: 3 },
      records: { valid: 3, invalid: 0 },
      progress: { done: 3, total: 3 },
      items: [{ id: item('SMS-GB').id, name: 'Extra storage', mpn: 'SMS-GB', unit: 'GB-mo', records: 3, usage: 13 }],
    });
    const records = await get(vendor, `/usage/records?usage_file=${f.id}&ordering(row)`);
    expect(records.map((r: any) => [r.row, r.record_id, r.asset.id, r.item.mpn, r.usage, r.status])).toEqual([
      [2, 'rec-1', assets['SO-20260101'].id, 'SMS-GB', 10.5, 'valid'],
      [3, 'rec-2', assets['SO-20260102'].id, 'SMS-GB', 2, 'valid'],
      [4, 'rec-3', assets['SO-20260101'].id, 'SMS-GB', 0.5, 'valid'],
    ]);
    expect(records[1]).toMatchObject({
      record_note: NOTE,
      amount: 4.2,
      start_date: '2026-03-01T00:00:00.000Z',
      end_date: '2026-03-02T00:00:00.000Z',
      usagefile: { id: f.id, name: 'March usage', schema: f.schema, currency: f.currency },
      asset: {
        id: assets['SO-20260102'].id,
        external_id: 'SO-20260102',
        external_uid: assets['SO-20260102'].external_uid,
      },
      hub: { id: assets['SO-20260102'].connection.hub.id },
      item: { id: item('SMS-GB').id, precision: 'decimal(1)', type: 'ppu', unit: 'GB-mo' },
    });
    expect(records[2]).toMatchObject({ start_date: '2026-03-10T08:00:00.000Z', end_date: '2026-03-10T09:00:00.000Z' });
    // listed by subscription, as billing and the subscription's page read them
    const byAsset = await get(vendor, `/usage/records?asset.id=${assets['SO-20260101'].id}&usage_file=${f.id}`);
    expect(byAsset.map((r: any) => r.record_id).sort()).toEqual(['rec-1', 'rec-3']);
    // values the file or the subscription hold for their records are filtered on them (Served.through)
    const ids = async (q: string) =>
      (await get(vendor, `/usage/records?usage_file=${f.id}&${q}`)).map((r: any) => r.record_id).sort();
    expect(await ids('asset.external_id=SO-20260102')).toEqual(['rec-2']);
    expect(await ids('ne(asset_external_id,SO-20260102)')).toEqual(['rec-1', 'rec-3']);
    expect(await ids(`asset_external_uid=${assets['SO-20260101'].external_uid}`)).toEqual(['rec-1', 'rec-3']);
    expect(await ids(`product_id=${f.product.id}&usagefile.schema=${f.schema}`)).toEqual(['rec-1', 'rec-2', 'rec-3']);
    expect(await ids('in(product.id,(PRD-000-000-000))')).toEqual([]);
    expect(await ids('not(eq(usagefile.schema,other))')).toEqual(['rec-1', 'rec-2', 'rec-3']);

    const download = await call(vendor, 'GET', `/usage/files/${f.id}/uploadedfile`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe(XLSX);
    expect(download.headers['content-disposition']).toBe('attachment; filename="march.xlsx"');
    expect(download.rawPayload.equals(body)).toBe(true);
    expect((await call(vendor, 'GET', `/usage/files/${f.id}/processedfile`)).statusCode).toBe(404);

    // audited like the engine's actions: the upload by the vendor's user, the processing by the system
    const audit = await s.db
      .selectFrom('audit_records')
      .select(['action', 'actor_id'])
      .where('object_id', '=', f.id)
      .orderBy('created_at')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'upload', 'process', 'process']);
    expect(audit.slice(2).map((a) => a.actor_id)).toEqual(['system', 'system']);

    // submitted, the provider reads it and downloads the spreadsheet; it cannot upload one
    expect((await call(vendor, 'POST', `/usage/files/${f.id}/submit`, {})).statusCode).toBe(200);
    expect((await call(provider, 'GET', `/usage/files/${f.id}/uploadedfile`)).rawPayload.equals(body)).toBe(true);
    const refused = await upload(provider, f.id, body);
    expect([refused.statusCode, refused.json().errors]).toEqual([403, ['Only Demo Vendor (the vendor) can do this.']]);
  });

  it('marks a file with bad rows invalid: the messages per row, in the file and in its processed spreadsheet', async () => {
    // two subscriptions with one mail domain: a search by it cannot tell them apart
    await setMailDomain(['SO-20260101', 'SO-20260102'], 'shared.example');
    const f = await newFile('Bad rows');
    const rows: [Row, string[]][] = [
      [good(1), []],
      [good(2, { record_id: null }), [M.recordId]],
      [good(1, { quantity: 1 }), [M.duplicate('rec-1', 2)]],
      [good(4, { item_search_criteria: 'item.name' }), [M.itemCriteria]],
      [good(5, { item_search_value: null }), [M.itemValue]],
      [good(6, { item_search_value: 'SMS-XX' }), [M.itemUnknown('item.mpn', 'SMS-XX')]],
      [good(7, { item_search_value: 'SMS-SEAT' }), [M.itemNotPpu(item('SMS-SEAT').id)]],
      [good(8, { asset_search_criteria: 'customer' }), [M.assetCriteria]],
      [good(9, { asset_search_value: '' }), [M.assetValue]],
      [good(10, { asset_search_value: 'AS-0000-0000-0000' }), [M.assetUnknown('asset.id', 'AS-0000-0000-0000')]],
      // a subscription still being provisioned has consumed nothing
      [
        good(11, { asset_search_value: assets['SO-20260105'].id }),
        [M.assetUnknown('asset.id', assets['SO-20260105'].id)],
      ],
      [
        good(12, { asset_search_criteria: 'parameter.mail_domain', asset_search_value: 'shared.example' }),
        [M.assetAmbiguous('parameter.mail_domain', 'shared.example')],
      ],
      [good(13, { quantity: 'ten' }), [M.quantity]],
      [good(14, { quantity: -1 }), [M.negative]],
      [good(15, { quantity: 1.25 }), [M.precision('decimal(1)')]],
      [good(16, { amount: 'a lot' }), [M.amount]],
      [good(17, { start_time_utc: 'yesterday' }), [M.start]],
      [good(18, { end_time_utc: null }), [M.end]],
      [good(19, { end_time_utc: new Date('2026-02-28T00:00:00Z') }), [M.order]],
      [good(20, { end_time_utc: new Date('2026-04-02T00:00:00Z') }), [M.period(FROM, TO)]],
      [good(24, { start_time_utc: new Date('2026-02-27T00:00:00Z') }), [M.period(FROM, TO)]],
      [good(21, { tier: 1.5 }), [M.tier]],
      [
        good(22, { record_id: '', item_search_value: 'SMS-SEAT', quantity: -2 }),
        [M.recordId, M.itemNotPpu(item('SMS-SEAT').id), M.negative],
      ],
      [good(23), []],
    ];
    const body = await filled(rows.map(([r]) => r));
    const done = await uploaded(f.id, body, 'bad.xlsx');
    const bad = rows.map(([, m], n) => ({ row: n + 2, m })).filter((r) => r.m.length);
    expect(done).toMatchObject({
      status: 'invalid',
      error_detail: `${bad.length} of ${rows.length} rows have errors; download the processed file.`,
      records: { valid: 0, invalid: bad.length },
      stats: { uploaded: rows.length, validated: 0 },
      processed_file_uri: `${API}/usage/files/${f.id}/processedfile`,
      items: [],
    });
    const recordIdOf = (n: number) => {
      const id = rows[n - 2][0].record_id;
      return id ? String(id) : '';
    };
    expect(done.errors).toEqual(bad.map((b) => ({ row: b.row, record_id: recordIdOf(b.row), messages: b.m })));
    // none of its rows is kept as a record
    expect(await get(vendor, `/usage/records?usage_file=${f.id}`)).toEqual([]);

    const processed = await call(vendor, 'GET', `/usage/files/${f.id}/processedfile`);
    expect(processed.statusCode).toBe(200);
    expect(processed.headers['content-type']).toBe(XLSX);
    expect(processed.headers['content-disposition']).toBe('attachment; filename="processed_bad.xlsx"');
    const sheet = await sheetOf(processed.rawPayload);
    const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    const col = header.indexOf('error');
    expect(col).toBe(header.indexOf('tier') + 1);
    rows.forEach(([r, m], n) => {
      const row = sheet.getRow(n + 2);
      expect(String(row.getCell(header.indexOf('record_id')).value ?? '')).toBe(String(r.record_id ?? ''));
      const cell = row.getCell(col).value;
      expect(cell ? String(cell).split('\n') : [], `row ${n + 2}`).toEqual(m);
    });
    // the uploaded dates are dates again in the report
    expect(sheet.getRow(2).getCell(header.indexOf('start_time_utc')).value).toEqual(new Date('2026-03-01T00:00:00Z'));

    // fixed and uploaded again: ready, and the report of the bad upload is gone
    const files = await storedFiles();
    const fixed = await uploaded(f.id, await filled([good(1), good(2)]));
    expect(fixed).toMatchObject({ status: 'ready', errors: [], records: { valid: 2 } });
    expect(fixed).not.toHaveProperty('processed_file_uri');
    expect((await call(vendor, 'GET', `/usage/files/${f.id}/processedfile`)).statusCode).toBe(404);
    expect(await storedFiles()).toBe(files - 1);
    await setMailDomain(['SO-20260101', 'SO-20260102']);
  });

  it('keeps none of the good rows written before a bad one, and processes the fixed file', async () => {
    // enough good rows that their records are on their way into the database (on PostgreSQL, an open COPY) when
    // the bad row comes
    const f = await newFile('Late mistake');
    const rows = Array.from({ length: 1500 }, (_, n) => good(n + 1, { quantity: 1 }));
    const invalid = await uploaded(f.id, await filled([...rows, good(1501, { quantity: 'ten' })]));
    expect(invalid).toMatchObject({ status: 'invalid', records: { valid: 0, invalid: 1 } });
    expect(invalid.errors).toEqual([{ row: 1502, record_id: 'rec-1501', messages: [M.quantity] }]);
    expect(await get(vendor, `/usage/records?usage_file=${f.id}&limit=0`)).toEqual([]);
    expect(await s.db.selectFrom('usage_records').where('usage_file_id', '=', f.id).execute()).toEqual([]);

    const ready = await uploaded(f.id, await filled(rows));
    expect(ready).toMatchObject({ status: 'ready', records: { valid: 1500 }, items: [{ records: 1500, usage: 1500 }] });
    const res = await call(vendor, 'GET', `/usage/records?usage_file=${f.id}&ordering(-row)&limit=1`);
    expect(res.headers['content-range']).toBe('items 0-0/1500');
    expect(res.json()[0]).toMatchObject({ row: 1501, record_id: 'rec-1500', usage: 1, status: 'valid' });
  });

  it('refuses what is not an XLSX spreadsheet with "Wrong file format", storing nothing', async () => {
    const f = await newFile('Formats');
    const files = await storedFiles();
    const xlsx = await filled([good(1)]);
    for (const [body, name] of [
      [xlsx, 'usage.pdf'],
      [xlsx, 'usage'],
      [Buffer.from('record_id,quantity\nrec-1,1\n'), 'usage.xlsx'],
      [Buffer.from('PK'), 'usage.xlsx'],
      [Buffer.alloc(0), 'usage.xlsx'],
    ] as const) {
      const res = await upload(vendor, f.id, body, name);
      expect([res.statusCode, res.json().errors], name).toEqual([400, ['usage_file: Wrong file format']]);
      expect(res.headers['content-type']).toBe('application/json');
    }
    const missing = await upload(vendor, f.id, xlsx, 'usage.xlsx', 'file');
    expect([missing.statusCode, missing.json().errors]).toEqual([
      400,
      ["file: Unexpected file; send the file in the 'usage_file' field."],
    ]);
    const json = await call(vendor, 'POST', `/usage/files/${f.id}/upload`, { usage_file: 'x' });
    expect(json.statusCode).toBe(415);
    expect(await storedFiles()).toBe(files);
    expect((await get(vendor, `/usage/files/${f.id}`)).status).toBe('draft');
  });

  it('makes a ZIP that is no readable workbook with a records sheet invalid, saying so', async () => {
    const xlsx = await filled([good(1)]);
    // a ZIP cut short: it starts like one but cannot be read
    const cut = await uploaded((await newFile('Cut')).id, xlsx.subarray(0, 2000));
    expect(cut.status).toBe('invalid');
    expect(cut.error_detail).toMatch(/^The file is not a readable XLSX workbook \(.+\)\.$/);

    const renamed = await filled([good(1)], (wb) => (wb.getWorksheet('records')!.name = 'usage'));
    expect(await uploaded((await newFile('Renamed')).id, renamed)).toMatchObject({
      status: 'invalid',
      error_detail: S.noRecordsSheet,
      errors: [],
    });

    const header = await filled([good(1)], (wb) => {
      const h = wb.getWorksheet('records')!.getRow(1);
      h.getCell(6).value = 'qty';
      h.commit();
    });
    expect((await uploaded((await newFile('Header')).id, header)).error_detail).toBe(S.missingColumns(['quantity']));
    const empty = await uploaded((await newFile('Empty')).id, await filled([]));
    expect(empty.error_detail).toBe(S.noRows);
    expect(empty).not.toHaveProperty('processed_file_uri');
  });

  it('refuses a 50 MB upload with 413 naming the limit; the file stays as it was', async () => {
    const f = await newFile('Too large');
    await uploaded(f.id, await filled([good(1)]));
    const before = await get(vendor, `/usage/files/${f.id}`);
    const files = await storedFiles();
    const big = Buffer.alloc(50 * 1024 * 1024, 7);
    ZIP.copy(big);
    const res = await upload(vendor, f.id, big);
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json()).toEqual({
      error_code: 'REQ_002',
      errors: [`usage_file: File is too large; the limit is ${USAGE_FILE_MAX_BYTES / 1024 / 1024} MB.`],
    });
    expect(await get(vendor, `/usage/files/${f.id}`)).toEqual(before);
    expect(await storedFiles()).toBe(files);
    expect(await runDueJobs(s.db)).toBe(0);
  });

  it('refuses an upload from a status that does not take one, and hides the file from other tenants', async () => {
    const f = await newFile('Status');
    const body = await filled([good(1)]);
    expect((await upload(vendor, f.id, body)).statusCode).toBe(200);
    const again = await upload(vendor, f.id, body);
    expect([again.statusCode, again.json()]).toEqual([
      400,
      { error_code: 'STATE_001', errors: ["Action 'upload' is not allowed in status 'uploaded'."] },
    ]);
    await runDueJobs(s.db);

    for (const who of [other, provider]) {
      const res = await upload(who, f.id, body);
      expect([res.statusCode, res.json().errors]).toEqual([404, ['Usage file not found.']]);
      for (const which of ['uploadedfile', 'processedfile'])
        expect((await call(who, 'GET', `/usage/files/${f.id}/${which}`)).statusCode).toBe(404);
    }
    // a 404 comes before the body is read: even a body that is not multipart gets it
    expect((await call(other, 'POST', `/usage/files/${f.id}/upload`, { usage_file: 'x' })).statusCode).toBe(404);
    expect((await call(other, 'POST', '/usage/files/UF-0000-0000-0000/upload', { a: 1 })).statusCode).toBe(404);
  });

  it('never leaves a file processing: a failure makes it invalid with the reason, a crashed run is taken over', async () => {
    // the database refuses the records halfway (a full disk, say)
    await sql`create function usage_refuse() returns trigger language plpgsql as
      $$ begin raise exception 'could not extend file: No space left on device'; end $$`.execute(s.db);
    await sql`create trigger usage_refuse before insert on usage_records for each row execute function usage_refuse()`.execute(
      s.db,
    );
    const f = await newFile('Failing');
    const failed = await uploaded(f.id, await filled([good(1), good(2)]));
    await sql`drop trigger usage_refuse on usage_records`.execute(s.db);
    await sql`drop function usage_refuse()`.execute(s.db);
    expect(failed).toMatchObject({
      status: 'invalid',
      error_detail: S.failed('could not extend file: No space left on device'),
      records: { valid: 0 },
    });
    expect(await get(vendor, `/usage/records?usage_file=${f.id}`)).toEqual([]);

    // a server that died while processing left the file `processing` and its job leased: the next run takes it over
    expect((await call(vendor, 'POST', `/usage/files/${f.id}/reprocess`, {})).statusCode).toBe(200);
    await sql`update usage_files set status = 'processing', data = jsonb_set(data, '{status}', '"processing"')
      where id = ${f.id}`.execute(s.db);
    await runDueJobs(s.db);
    expect(await get(vendor, `/usage/files/${f.id}`)).toMatchObject({ status: 'ready', records: { valid: 2 } });
  });

  it('reprocesses the stored spreadsheet', async () => {
    const f = await newFile('Reprocess');
    const done = await uploaded(f.id, await filled([good(1), good(2, { asset_search_value: 'AS-0000-0000-0000' })]));
    expect(done.status).toBe('invalid');
    const res = await call(vendor, 'POST', `/usage/files/${f.id}/reprocess`, {});
    expect([res.statusCode, res.json().status]).toEqual([200, 'uploaded']);
    await runDueJobs(s.db);
    const again = await get(vendor, `/usage/files/${f.id}`);
    expect(again).toMatchObject({ status: 'invalid', records: { invalid: 1 }, errors: [{ row: 3 }] });
    expect((await call(vendor, 'GET', `/usage/files/${f.id}/processedfile`)).statusCode).toBe(200);
  });
});

/** The first bytes of any ZIP: a big upload that passes the signature check and is refused for its size alone. */
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
