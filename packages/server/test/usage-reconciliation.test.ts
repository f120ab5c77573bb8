import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECONCILIATION_COLUMNS, USAGE_FILE_MAX_BYTES, USAGE_RECORD_COLUMNS } from '@trellis/domain';
import { runDueJobs } from '../src/jobs/queue.ts';
import { API, ok } from './distribution-helpers.ts';
import type { Session } from './helpers.ts';
import { acceptedUsageFile, readyUsageFile, usageWorld, type UsageWorld } from './usage-fixture.ts';

// Chunks, reconciliations, categories and aggregates of accepted usage files, as the vendor and the provider meet
// them through the API; records are written by the fixture the way the processing writes them.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let w: UsageWorld;
beforeAll(async () => {
  w = await usageWorld();
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

const call = (who: Session, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  w.t.call(who, { method, url: `${API}${url}`, payload: payload as any });

/** A workbook with one sheet of these rows. */
async function sheet(rows: unknown[][], name = 'reconciliation'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(name);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The first sheet's rows of a downloaded workbook (values 0-based). */
async function rowsOf(body: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as any);
  const out: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

interface Part {
  name: string;
  value?: string;
  filename?: string;
  content?: Buffer;
}

/** A multipart/form-data request body. */
function form(parts: Part[]) {
  const b = '----trellis-usage';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename
      ? `form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${XLSX}`
      : `form-data; name="${p.name}"`;
    chunks.push(Buffer.from(`--${b}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(p.content ?? Buffer.from(p.value ?? ''));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${b}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}

const upload = (who: Session, url: string, parts: Part[]) =>
  w.t.call(who, { method: 'POST', url: `${API}${url}`, ...form(parts) });

const reconFile = (content: Buffer, filename = 'recon.xlsx'): Part => ({ name: 'recon_file', filename, content });

const byRecordId = async (fileId: string) => {
  const records = await ok(w.t, w.provider, 'GET', `/usage/records?usagefile.id=${fileId}&limit=100`);
  return Object.fromEntries(records.map((r: any) => [r.record_id, r]));
};

const chunksOf = async (fileId: string) => {
  const chunks = await ok(w.t, w.provider, 'GET', `/usage/chunks?usagefile.id=${fileId}`);
  return Object.fromEntries(chunks.map((c: any) => [c.binding.hub?.id, c]));
};

describe('records', () => {
  it('close-records closes approved records with their billing references and answers each outcome (206)', async () => {
    const f = await acceptedUsageFile(
      w,
      [
        { asset: w.assets[0], usage: 2, record_id: 'cr-1' },
        { asset: w.assets[1], usage: 3, record_id: 'cr-2' },
      ],
      { month: 7 },
    );
    const before = await byRecordId(f.id);
    const res = await call(w.provider, 'POST', '/usage/records/close-records', [
      { id: before['cr-1'].id, external_billing_id: 'INV-7', external_billing_note: 'March' },
      { id: 'UR-0000-0000-0000-0000001' },
    ]);
    expect(res.statusCode, res.body).toBe(206);
    expect(res.json()).toEqual([
      { id: before['cr-1'].id, status: 'closed', error_codes: '', error_details: '' },
      {
        id: 'UR-0000-0000-0000-0000001',
        status: 'invalid',
        error_codes: 'USG_001',
        error_details: 'Record not found.',
      },
    ]);
    const after = await byRecordId(f.id);
    expect(after['cr-1']).toMatchObject({
      status: 'closed',
      external_billing_id: 'INV-7',
      external_billing_note: 'March',
      record_id: 'cr-1',
      usage: 2,
      asset: { id: w.assets[0].id },
    });
    expect(after['cr-2'].status).toBe('approved');
    // closed once is closed: a second call says so; the vendor may not close
    const again = await call(w.provider, 'POST', '/usage/records/close-records', [{ id: before['cr-1'].id }]);
    expect(again.json()[0]).toMatchObject({ status: 'closed', error_codes: 'USG_002' });
    expect((await call(w.vendor, 'POST', '/usage/records/close-records', [{ id: before['cr-2'].id }])).statusCode).toBe(
      403,
    );
    expect((await ok(w.t, w.provider, 'GET', `/usage/files/${f.id}`)).records.closed).toBe(1);
  });
});

describe('chunks', () => {
  it('accept splits the file into one chunk per hub; a chunk downloads as an XLSX of its records', async () => {
    const [north, south] = w.assets;
    const f = await acceptedUsageFile(w, [
      { asset: north, usage: 10.5 },
      { asset: south, usage: 7 },
      { asset: north, usage: 2, category: 'backup' },
    ]);
    const chunks = await chunksOf(f.id);
    expect(Object.keys(chunks).sort()).toEqual(w.hubs.map((h) => h.id).sort());
    expect(chunks[w.hubs[0].id]).toMatchObject({ status: 'ready', outdated: false, records: 2, usage: 12.5 });
    expect(chunks[w.hubs[1].id]).toMatchObject({ status: 'ready', outdated: false, records: 1, usage: 7 });

    // the vendor reads the chunk too; it downloads with the template's columns, then status and billing ids
    const res = await call(w.vendor, 'GET', `/usage/chunks/${chunks[w.hubs[0].id].id}/download`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${chunks[w.hubs[0].id].id}.xlsx"`);
    const [header, ...rows] = await rowsOf(res.rawPayload);
    expect(header).toEqual([...USAGE_RECORD_COLUMNS, 'status', 'external_billing_id', 'external_billing_note']);
    const col = (name: string) => header.indexOf(name);
    expect(rows.map((r) => [r[col('record_id')], r[col('quantity')], r[col('status')], r[col('category_id')]])).toEqual(
      [
        ['rec-1', 10.5, 'approved', undefined],
        ['rec-3', 2, 'approved', 'backup'],
      ],
    );
    expect(rows[0][col('asset_search_value')]).toBe(north.id);
    expect(rows[0][col('item_search_value')]).toBe(w.item.id);
    expect(rows[0][col('start_time_utc')]).toBe('2026-01-01T00:00:00.000Z');

    for (const url of [`/usage/chunks/${chunks[w.hubs[0].id].id}`, `/usage/chunks/${chunks[w.hubs[0].id].id}/download`])
      expect((await call(w.other, 'GET', url)).statusCode).toBe(404);
  });

  it('closing a chunk closes its records; a changed record outdates its chunk and regenerate clears that', async () => {
    const [north, south] = w.assets;
    const f = await acceptedUsageFile(w, [
      { asset: north, usage: 1 },
      { asset: north, usage: 2 },
      { asset: south, usage: 3 },
    ]);
    let chunks = await chunksOf(f.id);
    const southChunk = chunks[w.hubs[1].id];

    // one record of the south hub closed on its own: its chunk no longer matches it
    const records = await byRecordId(f.id);
    await ok(
      w.t,
      w.provider,
      'POST',
      `/usage/records/${records['rec-3'].id}/close`,
      { external_billing_id: 'INV-3' },
      200,
    );
    chunks = await chunksOf(f.id);
    expect(chunks[w.hubs[1].id].outdated).toBe(true);
    expect(chunks[w.hubs[0].id].outdated).toBe(false);
    const regenerated = await ok(w.t, w.provider, 'POST', `/usage/chunks/${southChunk.id}/regenerate`, {}, 200);
    expect(regenerated).toMatchObject({ status: 'ready', outdated: false, records: 1, usage: 3 });

    // the vendor cannot close a chunk; the provider closes the north one and its records are closed
    expect((await call(w.vendor, 'POST', `/usage/chunks/${chunks[w.hubs[0].id].id}/close`, {})).statusCode).toBe(403);
    expect((await call(w.other, 'POST', `/usage/chunks/${chunks[w.hubs[0].id].id}/close`, {})).statusCode).toBe(404);
    const closed = await ok(w.t, w.provider, 'POST', `/usage/chunks/${chunks[w.hubs[0].id].id}/close`, {}, 200);
    expect(closed.status).toBe('closed');
    const after = await byRecordId(f.id);
    expect(after['rec-1']).toMatchObject({ status: 'closed', closed_by: 'Paul Provider' });
    expect(after['rec-2'].status).toBe('closed');
    expect(after['rec-3']).toMatchObject({ status: 'closed', external_billing_id: 'INV-3' });
  });
});

describe('reconciliations', () => {
  it('matches rows by record_id: exact counts, a processed file with a result per row; close closes the matched records only', async () => {
    const [north, south] = w.assets;
    const f = await acceptedUsageFile(
      w,
      [
        { asset: north, usage: 10.5, record_id: 'r-1' },
        { asset: north, usage: 2, record_id: 'r-2' },
        { asset: south, usage: 7, record_id: 'r-3' },
        { asset: south, usage: 4, record_id: 'r-4' },
      ],
      { month: 1 },
    );
    const uploaded = await sheet([
      [...RECONCILIATION_COLUMNS],
      ['r-1', 10.5, 'INV-100', 'February'],
      // within the item's precision (one decimal)
      ['r-2', 2.04, 'INV-101', ''],
      ['r-3', 7.5, '', ''],
      ['nobody', 1, '', ''],
      ['r-1', 10.5, 'INV-999', ''],
    ]);
    const res = await upload(w.provider, `/usage/files/${f.id}/reconciliation`, [
      reconFile(uploaded),
      { name: 'upload_note', value: 'Billing run February' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json();
    expect(file).toMatchObject({ id: f.id, status: 'accepted' });
    const [r] = await ok(w.t, w.provider, 'GET', `/usage/reconciliations?usagefile.id=${f.id}`);
    expect(r).toMatchObject({
      status: 'uploaded',
      notes: { uploaded: 'Billing run February' },
      file_name: 'recon.xlsx',
      size: uploaded.length,
    });
    expect(r).not.toHaveProperty('processed_file_uri');
    expect(r.id).toMatch(/^UFR-/);
    expect(file.reconciliation_file_uri).toBe(r.uploaded_file_uri);

    await runDueJobs(w.t.db);
    const done = await ok(w.t, w.vendor, 'GET', `/usage/reconciliations/${r.id}`);
    expect(done).toMatchObject({
      status: 'processed',
      results: { rows: 5, matched: 2, mismatched: 1, unknown: 1, missing: 1 },
      processed_file_uri: `/public/v1/usage/reconciliations/${r.id}/processedfile`,
    });
    expect(done).not.toHaveProperty('error');

    const processed = await call(w.provider, 'GET', `/usage/reconciliations/${r.id}/processedfile`);
    expect(processed.statusCode).toBe(200);
    expect(processed.headers['content-type']).toBe(XLSX);
    expect(processed.headers['content-disposition']).toMatch(/^attachment; filename=".+\.xlsx"$/);
    const [header, ...rows] = await rowsOf(processed.rawPayload);
    expect(header).toEqual([...RECONCILIATION_COLUMNS, 'result']);
    expect(rows.map((x) => [x[0], x[4]])).toEqual([
      ['r-1', 'matched'],
      ['r-2', 'matched'],
      ['r-3', 'mismatched: reported 7.5, file 7'],
      ['nobody', 'unknown record'],
      ['r-1', 'repeated record_id: only its first row counts'],
    ]);
    const original = await call(w.vendor, 'GET', `/usage/reconciliations/${r.id}/uploadedfile`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-disposition']).toBe('attachment; filename="recon.xlsx"');
    expect(original.rawPayload.equals(uploaded)).toBe(true);

    // strangers see none of it; the vendor reads but does not close
    for (const url of [
      `/usage/reconciliations/${r.id}`,
      `/usage/reconciliations/${r.id}/uploadedfile`,
      `/usage/reconciliations/${r.id}/processedfile`,
    ])
      expect((await call(w.other, 'GET', url)).statusCode, url).toBe(404);
    expect((await call(w.other, 'GET', `/usage/reconciliations?usagefile.id=${f.id}`)).json()).toEqual([]);
    expect((await call(w.other, 'POST', `/usage/reconciliations/${r.id}/close`, {})).statusCode).toBe(404);
    expect((await call(w.vendor, 'POST', `/usage/reconciliations/${r.id}/close`, {})).statusCode).toBe(403);

    const closed = await ok(w.t, w.provider, 'POST', `/usage/reconciliations/${r.id}/close`, {}, 200);
    expect(closed.status).toBe('closed');
    const records = await byRecordId(f.id);
    expect(records['r-1']).toMatchObject({
      status: 'closed',
      external_billing_id: 'INV-100',
      external_billing_note: 'February',
      closed_by: 'Paul Provider',
    });
    expect(records['r-1'].closed_at).toBeTruthy();
    expect(records['r-2']).toMatchObject({ status: 'closed', external_billing_id: 'INV-101' });
    expect(records['r-3'].status).toBe('approved');
    expect(records['r-4'].status).toBe('approved');
    // the north chunk lost records to the reconciliation; the south one did not
    const chunks = await chunksOf(f.id);
    expect(chunks[w.hubs[0].id].outdated).toBe(true);
    expect(chunks[w.hubs[1].id].outdated).toBe(false);
    // closed once
    expect((await call(w.provider, 'POST', `/usage/reconciliations/${r.id}/close`, {})).statusCode).toBe(400);
  });

  it('POST /usage/reconciliations takes the file in a usagefile_id field and answers the reconciliation', async () => {
    const f = await acceptedUsageFile(w, [{ asset: w.assets[0], usage: 1, record_id: 'x-1' }], { month: 2 });
    const content = await sheet([
      ['usage', 'record_id'],
      [1, 'x-1'],
    ]);
    const made = await upload(w.provider, '/usage/reconciliations', [
      { name: 'usagefile_id', value: f.id },
      reconFile(content),
    ]);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      status: 'uploaded',
      usagefile: { id: f.id },
      provider: { id: w.t.demo.provider.id },
    });
    await runDueJobs(w.t.db);
    expect(await ok(w.t, w.provider, 'GET', `/usage/reconciliations/${made.json().id}`)).toMatchObject({
      status: 'processed',
      results: { rows: 1, matched: 1, mismatched: 0, unknown: 0, missing: 0 },
    });

    const missing = await upload(w.provider, '/usage/reconciliations', [reconFile(content)]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(['usagefile_id: This field is required']);
    const unknown = await upload(w.provider, '/usage/reconciliations', [
      { name: 'usagefile_id', value: 'UF-000-0000-0000' },
      reconFile(content),
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual(['usagefile_id: usage file UF-000-0000-0000 not found.']);
    // vendors upload none
    const vendor = await upload(w.vendor, '/usage/reconciliations', [
      { name: 'usagefile_id', value: f.id },
      reconFile(content),
    ]);
    expect(vendor.statusCode).toBe(403);
    const list = await ok(w.t, w.provider, 'GET', `/usage/reconciliations?usagefile.id=${f.id}`);
    expect(list).toHaveLength(1);
  });

  it('refuses a file that is not accepted, a non-XLSX upload, the vendor, strangers and too large a file', async () => {
    const pending = await readyUsageFile(w, [{ asset: w.assets[0], usage: 1 }], { month: 3 });
    await ok(w.t, w.vendor, 'POST', `/usage/files/${pending.id}/submit`, {}, 200);
    const good = await sheet([[...RECONCILIATION_COLUMNS]]);
    const wrongStatus = await upload(w.provider, `/usage/files/${pending.id}/reconciliation`, [reconFile(good)]);
    expect(wrongStatus.statusCode).toBe(400);
    expect(wrongStatus.json().errors).toEqual(["Action 'reconciliation' is not allowed in status 'pending'."]);

    await ok(w.t, w.provider, 'POST', `/usage/files/${pending.id}/accept`, {}, 200);
    const url = `/usage/files/${pending.id}/reconciliation`;
    for (const part of [
      reconFile(Buffer.from('record_id,usage\nrec-1,1\n'), 'recon.csv'),
      reconFile(Buffer.from('record_id,usage\nrec-1,1\n'), 'recon.xlsx'),
      reconFile(Buffer.alloc(0), 'recon.xlsx'),
    ]) {
      const res = await upload(w.provider, url, [part]);
      expect(res.statusCode, part.filename).toBe(400);
      expect(res.headers['content-type']).toBe('application/json');
      expect(res.json().errors).toEqual(['recon_file: Wrong file format']);
    }
    const none = await upload(w.provider, url, [{ name: 'upload_note', value: 'no file' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual(['recon_file: This field is required']);

    // the vendor sees its file but reconciles nothing; another vendor does not see the file at all
    const byVendor = await upload(w.vendor, url, [reconFile(good)]);
    expect(byVendor.statusCode).toBe(403);
    expect(byVendor.json().errors[0]).toContain('(the provider)');
    expect((await upload(w.other, url, [reconFile(good)])).statusCode).toBe(404);

    const huge = Buffer.alloc(USAGE_FILE_MAX_BYTES + 1);
    good.copy(huge);
    const tooLarge = await upload(w.provider, url, [reconFile(huge)]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({
      error_code: 'REQ_002',
      errors: ['recon_file: File is too large; the limit is 40 MB.'],
    });

    // nothing was made by any of these
    expect(await ok(w.t, w.provider, 'GET', `/usage/reconciliations?usagefile.id=${pending.id}`)).toEqual([]);
  });

  it('a spreadsheet without the columns fails with why; one that is no workbook fails too', async () => {
    const f = await acceptedUsageFile(w, [{ asset: w.assets[1], usage: 5 }], { month: 4 });
    const url = `/usage/files/${f.id}/reconciliation`;
    const wrong = await upload(w.provider, url, [
      reconFile(
        await sheet([
          ['id', 'quantity'],
          ['rec-1', 5],
        ]),
      ),
    ]);
    expect(wrong.statusCode).toBe(200);
    // a ZIP that is no workbook passes the upload's check and fails in processing
    const zipOnly = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 1)]);
    expect((await upload(w.provider, url, [reconFile(zipOnly)])).statusCode).toBe(200);
    await runDueJobs(w.t.db);
    const list = await ok(w.t, w.provider, 'GET', `/usage/reconciliations?usagefile.id=${f.id}&ordering(created)`);
    expect(list.map((r: any) => r.status)).toEqual(['failed', 'failed']);
    expect(list[0].error.detail).toBe(
      'The first row must name the columns record_id, usage, external_billing_id, external_billing_note (record_id and usage are required).',
    );
    expect(list[1].error.detail).toMatch(/^The file could not be read as an XLSX spreadsheet/);
    expect((await call(w.provider, 'GET', `/usage/reconciliations/${list[0].id}/processedfile`)).statusCode).toBe(404);
    expect((await call(w.provider, 'POST', `/usage/reconciliations/${list[0].id}/close`, {})).statusCode).toBe(400);
  });
});

describe('categories and aggregates', () => {
  it("lists the distinct categories of a file's records", async () => {
    const [north] = w.assets;
    const f = await readyUsageFile(
      w,
      [
        { asset: north, usage: 1, category: 'storage' },
        { asset: north, usage: 1, category: 'backup' },
        { asset: north, usage: 1, category: 'storage' },
        { asset: north, usage: 1 },
      ],
      { month: 5 },
    );
    const res = await call(w.vendor, 'GET', `/usage/files/${f.id}/categories`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('items 0-1/2');
    expect(res.json()).toEqual([
      // no description (null, omitted on the wire): records name a category by its id only
      { id: 'backup', name: 'backup' },
      { id: 'storage', name: 'storage' },
    ]);
    expect(
      (await ok(w.t, w.vendor, 'GET', `/usage/files/${f.id}/categories?eq(name,storage)`)).map((c: any) => c.id),
    ).toEqual(['storage']);
    expect((await call(w.vendor, 'GET', `/usage/files/${f.id}/categories?eq(size,1)`)).statusCode).toBe(400);
    // a draft is the vendor's own: the provider and strangers do not see it yet
    expect((await call(w.provider, 'GET', `/usage/files/${f.id}/categories`)).statusCode).toBe(404);
    expect((await call(w.other, 'GET', `/usage/files/${f.id}/categories`)).statusCode).toBe(404);
  });

  it('aggregates show the consumed and accepted usage after accept and after close', async () => {
    const [north, south] = w.assets;
    const month = 6;
    const f = await readyUsageFile(
      w,
      [
        { asset: north, usage: 3, record_id: 'a-1' },
        { asset: north, usage: 4.5, record_id: 'a-2', day: 20 },
        { asset: south, usage: 9, record_id: 'a-3' },
      ],
      { month },
    );
    const aggregate = async (who: Session, assetId: string) => {
      const list = await ok(w.t, who, 'GET', `/usage/aggregates?asset.id=${assetId}`);
      return list.filter((a: any) => a.period.from.startsWith('2026-07-01'));
    };
    expect(await aggregate(w.vendor, north.id)).toEqual([]);
    await ok(w.t, w.vendor, 'POST', `/usage/files/${f.id}/submit`, {}, 200);
    expect(await aggregate(w.vendor, north.id)).toMatchObject([{ consumed: 7.5, accepted: 0, records: 2 }]);

    await ok(w.t, w.provider, 'POST', `/usage/files/${f.id}/accept`, {}, 200);
    for (const who of [w.vendor, w.provider])
      expect(await aggregate(who, north.id)).toMatchObject([
        { item: { id: w.item.id }, asset: { id: north.id }, consumed: 7.5, accepted: 7.5, records: 2 },
      ]);
    expect(await aggregate(w.provider, south.id)).toMatchObject([{ consumed: 9, accepted: 9 }]);
    expect(await ok(w.t, w.other, 'GET', `/usage/aggregates?asset.id=${north.id}`)).toEqual([]);

    // a reconciliation closes a-1; closed usage stays accepted usage
    const res = await upload(w.provider, `/usage/files/${f.id}/reconciliation`, [
      reconFile(await sheet([[...RECONCILIATION_COLUMNS], ['a-1', 3, 'INV-7', '']])),
    ]);
    expect(res.statusCode).toBe(200);
    await runDueJobs(w.t.db);
    const [r] = await ok(w.t, w.provider, 'GET', `/usage/reconciliations?usagefile.id=${f.id}`);
    expect(r.results).toMatchObject({ matched: 1, missing: 2 });
    await ok(w.t, w.provider, 'POST', `/usage/reconciliations/${r.id}/close`, {}, 200);
    expect(await aggregate(w.vendor, north.id)).toMatchObject([{ consumed: 7.5, accepted: 7.5, records: 2 }]);

    await ok(w.t, w.provider, 'POST', `/usage/files/${f.id}/close`, {}, 200);
    expect(await aggregate(w.provider, north.id)).toMatchObject([{ consumed: 7.5, accepted: 7.5, records: 2 }]);
    expect(await aggregate(w.vendor, south.id)).toMatchObject([{ consumed: 9, accepted: 9, records: 1 }]);
  });
});
