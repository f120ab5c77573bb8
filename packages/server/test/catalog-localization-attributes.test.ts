import { XLSX_MIME } from '@trellis/domain';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../src/jobs/queue.ts';
import { NO_TRANSLATOR, setMachineTranslator } from '../src/modules/catalog/localization/auto.ts';
import { testApp, type Session, type TestApp } from './helpers.ts';

let t: TestApp;
let vendor: Session;
let provider: Session;
beforeAll(async () => {
  t = await testApp();
  [vendor, provider] = await Promise.all([t.login('vendor@demo.trellis'), t.login('provider@demo.trellis')]);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => setMachineTranslator(null));

const P = '/public/v1/products';
const L = '/public/v1/localization';
const get = (url: string, headers: Record<string, string> = {}) => t.call(vendor, { method: 'GET', url, headers });
const post = (url: string, payload: unknown = {}) =>
  t.call(vendor, { method: 'POST', url, payload: payload as object });
const put = (url: string, payload: unknown) => t.call(vendor, { method: 'PUT', url, payload: payload as object });

async function setup(name = 'Cloud Backup') {
  const p = (await post(P, { name, short_description: 'Backups for every laptop' })).json();
  const en = (await post(`${L}/translations`, { context: { instance_id: p.id }, locale: { id: 'EN' } })).json();
  const de = (await post(`${L}/translations`, { context: { id: en.context.id }, locale: { id: 'DE' } })).json();
  return { p, en, de, name: `product.${p.id}.name`, short: `product.${p.id}.short_description` };
}
const attrs = async (trn: string, q = '') => (await get(`${L}/translations/${trn}/attributes${q}`)).json();

async function workbook(
  rows: (string | null)[][],
  header = ['Key', 'Object', 'Original', 'Value', 'Comment', 'Status'],
) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Attributes');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const upload = (trn: string, body: Buffer, who: Session = vendor) =>
  t.call(who, {
    method: 'PUT',
    url: `${L}/translations/${trn}/attributes`,
    headers: { 'content-type': XLSX_MIME },
    payload: body,
  });

describe('attributes', () => {
  it("are the product's texts with keys model.id.field; edits record the original; product changes make them outdated", async () => {
    const { p, de, name, short } = await setup();
    const list = await attrs(de.id);
    expect(list.map((a: any) => a.key)).toEqual([name, short]);
    expect(list[0]).toMatchObject({
      original: 'Cloud Backup',
      status: 'untranslated',
      auto_translated: false,
      object: { id: p.id, model: 'product' },
    });
    expect(list[0]).not.toHaveProperty('translated_from');
    expect(list[0]).not.toHaveProperty('value');

    const edit = await put(`${L}/translations/${de.id}/attributes/${name}`, {
      value: 'Cloud-Sicherung',
      comment: 'Marketing approved',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      value: 'Cloud-Sicherung',
      comment: 'Marketing approved',
      status: 'translated',
    });
    expect((await get(`${L}/translations/${de.id}`)).json().stats).toEqual({ total: 2, translated: 1 });
    expect((await attrs(de.id, '?eq(status,untranslated)')).map((a: any) => a.key)).toEqual([short]);

    // the vendor renames the product: the German value is now outdated; the primary follows the product
    await put(`${P}/${p.id}`, { name: 'Cloud Backup Pro', detailed_description: 'Now with versioning.' });
    const after = await attrs(de.id);
    expect(after.find((a: any) => a.key === name)).toMatchObject({
      value: 'Cloud-Sicherung',
      original: 'Cloud Backup Pro',
      status: 'outdated',
    });
    expect(after).toHaveLength(3);
    const en = (await get(`${L}/translations?eq(context.id,${de.context.id})&eq(primary,true)`)).json()[0];
    expect((await get(`${L}/translations/${en.id}/attributes/${name}`)).json()).toMatchObject({
      value: 'Cloud Backup Pro',
      status: 'translated',
    });
    // writing the value again confirms it
    const confirm = await put(`${L}/translations/${de.id}/attributes/${name}`, { value: 'Cloud-Sicherung Pro' });
    expect(confirm.json().status).toBe('translated');

    const bad = await put(`${L}/translations/${de.id}/attributes/${name}`, { value: 42 });
    expect(bad.statusCode).toBe(400);
    expect(
      (await put(`${L}/translations/${de.id}/attributes/product.${p.id}.nothing`, { value: 'x' })).statusCode,
    ).toBe(404);
  });

  it('bulk edits a JSON list all or nothing, naming the bad entry', async () => {
    const { de, name, short } = await setup('Bulk');
    const bad = await put(`${L}/translations/${de.id}/attributes`, [
      { key: name, value: 'Masse' },
      { key: 'product.nope.name', value: 'x' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([`[1]: unknown attribute key 'product.nope.name' for translation ${de.id}.`]);
    expect((await attrs(de.id, `?eq(key,${name})`))[0]).not.toHaveProperty('value');
    const ok = await put(`${L}/translations/${de.id}/attributes`, [
      { key: name, value: 'Masse' },
      { key: short, value: 'Sicherungen', comment: 'ok' },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().map((a: any) => [a.key, a.value])).toEqual([
      [name, 'Masse'],
      [short, 'Sicherungen'],
    ]);
    expect((await put(`${L}/translations/${de.id}/attributes`, { key: name })).statusCode).toBe(400);
    const audit = await t.db.selectFrom('audit_records').select('action').where('object_id', '=', de.id).execute();
    expect(audit.map((a) => a.action)).toContain('update-attributes');
  });

  it("includes the texts of the product's items", async () => {
    const { p, de } = await setup('With Items');
    const item = await post(`${P}/${p.id}/items`, {
      name: 'Backup seat',
      mpn: 'SEAT-1',
      type: 'reservation',
      description: 'One laptop',
    });
    expect(item.statusCode, item.body).toBe(201);
    const keys = (await attrs(de.id)).map((a: any) => a.key);
    expect(keys).toEqual(expect.arrayContaining([`item.${item.json().id}.name`, `item.${item.json().id}.description`]));
  });
});

describe('spreadsheet export and import', () => {
  it('round-trips: export, fill in the Value column, import; only changed rows change', async () => {
    const { de, name, short } = await setup('Round Trip');
    await put(`${L}/translations/${de.id}/attributes/${short}`, { value: 'Sicherungen', comment: 'keep' });
    const res = await get(`${L}/translations/${de.id}/attributes`, { accept: XLSX_MIME });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(XLSX_MIME);
    expect(res.headers['content-disposition']).toContain(`${de.id}-DE.xlsx`);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Attributes')!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Key', 'Object', 'Original', 'Value', 'Comment', 'Status']);
    expect(ws.getRow(2).values).toEqual([
      undefined,
      name,
      expect.stringContaining('product'),
      'Round Trip',
      undefined,
      undefined,
      'untranslated',
    ]);
    expect(ws.getRow(3).getCell(4).value).toBe('Sicherungen');

    // unchanged file: nothing changes
    const same = await upload(de.id, Buffer.from(res.rawPayload));
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual([]);

    ws.getRow(2).getCell(4).value = 'Rundreise';
    ws.getRow(2).getCell(5).value = 'from the sheet';
    const filled = await upload(de.id, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json()).toEqual([
      expect.objectContaining({ key: name, value: 'Rundreise', comment: 'from the sheet', status: 'translated' }),
    ]);
    expect((await attrs(de.id)).map((a: any) => [a.value, a.comment])).toEqual([
      ['Rundreise', 'from the sheet'],
      ['Sicherungen', 'keep'],
    ]);

    // an export honours the list filters
    const only = await get(`${L}/translations/${de.id}/attributes?eq(status,translated)&eq(key,${name})`, {
      accept: XLSX_MIME,
    });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(only.rawPayload as unknown as ArrayBuffer);
    expect(wb2.getWorksheet('Attributes')!.rowCount).toBe(2);
  });

  it('rejects bad files with a 400 naming the row and column', async () => {
    const { de, name } = await setup('Bad Files');
    const cases: [Buffer, string][] = [
      [Buffer.from('not a zip at all'), 'The file is not a readable .xlsx spreadsheet.'],
      [
        await workbook([[name, null, null, 'x']], ['Key', 'Object', 'Original', 'Wert']),
        "Sheet 'Attributes', row 1: no 'Value' column header.",
      ],
      [
        await workbook([
          [name, '', '', 'Gut'],
          ['product.PRD-000-000-000.name', '', '', 'x'],
        ]),
        `Row 3, column A (Key): unknown attribute key 'product.PRD-000-000-000.name' for translation ${de.id}.`,
      ],
      [
        await workbook([
          [name, '', '', 'a'],
          [name, '', '', 'b'],
        ]),
        `Row 3, column A (Key): key '${name}' already appears in row 2.`,
      ],
      [await workbook([[null, '', '', 'orphan value']]), 'Row 2, column A (Key): the key is empty.'],
      [await workbook([[name, '', '', 'x'.repeat(10001)]]), 'Row 2, column D (Value): at most 10000 characters.'],
    ];
    for (const [body, message] of cases) {
      const res = await upload(de.id, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().errors).toEqual([message]);
    }
    const empty = await upload(de.id, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    // nothing was written by the failed imports
    expect((await attrs(de.id, `?eq(key,${name})`))[0]).not.toHaveProperty('value');
    // columns may come in any order; Key and Value are found by their headers
    const moved = await upload(de.id, await workbook([['Gut', name]], ['Value', 'Key']));
    expect(moved.json()).toEqual([expect.objectContaining({ key: name, value: 'Gut' })]);
  });

  it('only the owner imports into a translation', async () => {
    const { p, de, name } = await setup('Owner Import');
    await t.db
      .insertInto('product_links')
      .values({ product_id: p.id, account_id: t.demo.provider.id, kind: 'listing', ref_id: 'MP-00000' })
      .execute();
    const res = await upload(de.id, await workbook([[name, '', '', 'x']]), provider);
    expect(res.statusCode).toBe(403);
  });
});

describe('bulk edit probed by others', () => {
  it("another tenant's translation is a 404 whatever the body, so the answer never confirms the id", async () => {
    const { de } = await setup('Probed');
    // the provider is not linked to the product: the translation is not there for it
    for (const payload of [{ name: 12 }, [{ value: 'x' }], [{ key: 'x', value: 12 }]]) {
      const res = await t.call(provider, {
        method: 'PUT',
        url: `${L}/translations/${de.id}/attributes`,
        payload: payload as object,
      });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.headers['content-type']).toBe('application/json');
    }
    expect((await upload(de.id, Buffer.from('not a spreadsheet'), provider)).statusCode).toBe(404);
    // an id that does not exist answers the same
    const none = await t.call(provider, {
      method: 'PUT',
      url: `${L}/translations/TRN-000-000-0000/attributes`,
      payload: { name: 12 },
    });
    expect(none.statusCode).toBe(404);
    // the owner sending the same bad body gets the validation error
    expect((await put(`${L}/translations/${de.id}/attributes`, { name: 12 })).statusCode).toBe(400);
  });

  it("a linked provider is refused someone else's translation (403) before its body is read", async () => {
    const { p, de } = await setup('Probed Linked');
    await t.db
      .insertInto('product_links')
      .values({ product_id: p.id, account_id: t.demo.provider.id, kind: 'listing', ref_id: 'MP-00001' })
      .execute();
    const res = await t.call(provider, {
      method: 'PUT',
      url: `${L}/translations/${de.id}/attributes`,
      payload: { name: 12 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('product localizations', () => {
  it("lists, gets, creates, deletes and downloads the vendor's translations per locale", async () => {
    const p = (await post(P, { name: 'Localized "Suite"', short_description: 'Line one\nLine two' })).json();
    const created = await post(`${P}/${p.id}/localizations`, { locale: { id: 'EN' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      id: 'EN',
      locale: { id: 'EN' },
      primary: true,
      status: 'active',
      stats: { total: 2, translated: 2 },
    });
    const fr = (await post(`${P}/${p.id}/localizations`, { locale: { id: 'fr' }, description: 'French' })).json();
    expect(fr).toMatchObject({ id: 'FR', primary: false, status: 'inactive' });
    expect((await get(`${P}/${p.id}/localizations`)).json().map((l: any) => l.id)).toEqual(['EN', 'FR']);
    expect((await get(`${P}/${p.id}/localizations/FR`)).json()).toMatchObject({
      translation: { id: fr.translation.id },
      description: 'French',
    });
    expect((await get(`${P}/${p.id}/localizations/IT`)).statusCode).toBe(404);
    expect((await post(`${P}/${p.id}/localizations`, { locale: { id: 'FR' } })).statusCode).toBe(400);
    expect(
      (await t.call(provider, { method: 'POST', url: `${P}/${p.id}/localizations`, payload: { locale: { id: 'IT' } } }))
        .statusCode,
    ).toBe(404);

    await put(`${L}/translations/${fr.translation.id}/attributes/product.${p.id}.name`, {
      value: 'Suite « localisée »',
    });
    const po = await get(`${P}/${p.id}/localizations/FR/download`);
    expect(po.statusCode).toBe(200);
    expect(po.headers['content-type']).toContain('text/x-gettext-translation');
    expect(po.headers['content-disposition']).toContain(`${p.id}-FR.po`);
    expect(po.body).toContain('"Language: fr\\n"');
    expect(po.body).toContain(
      `msgctxt "product.${p.id}.name"\nmsgid "Localized \\"Suite\\""\nmsgstr "Suite « localisée »"`,
    );
    expect(po.body).toContain('msgid "Line one\\nLine two"\nmsgstr ""');

    expect((await t.call(vendor, { method: 'DELETE', url: `${P}/${p.id}/localizations/EN` })).statusCode).toBe(400);
    expect((await t.call(vendor, { method: 'DELETE', url: `${P}/${p.id}/localizations/FR` })).statusCode).toBe(204);
    expect((await get(`${P}/${p.id}/localizations`)).json().map((l: any) => l.id)).toEqual(['EN']);
  });
});

describe('versions', () => {
  it("a version build freezes the vendor's translations; later edits show only in the live ones", async () => {
    const { p, de, name } = await setup('Frozen');
    await put(`${L}/translations/${de.id}/attributes/${name}`, { value: 'Gefroren' });
    expect((await post(`${P}/${p.id}/versions`, { changes_description: 'v1' })).statusCode).toBe(201);
    await runDueJobs(t.db);
    await put(`${L}/translations/${de.id}/attributes/${name}`, { value: 'Aufgetaut' });
    const v1 = await get(`${P}/${p.id}/versions/1/localizations/DE`);
    expect(v1.statusCode, v1.body).toBe(200);
    expect(v1.json()).toMatchObject({ locale: { id: 'DE' }, stats: { total: 2, translated: 1 } });
    expect(v1.json().attributes.find((a: any) => a.key === name).value).toBe('Gefroren');
    expect((await get(`${P}/${p.id}/versions/1/localizations`)).json().map((l: any) => l.id)).toEqual(['DE', 'EN']);
    expect((await attrs(de.id, `?eq(key,${name})`))[0].value).toBe('Aufgetaut');
  });
});

describe('machine translation', () => {
  it('without a configured service the task fails honestly, nothing is invented, and retry queues it again', async () => {
    const { de: _ignored, en } = await setup('Auto Fail');
    const res = await post(`${L}/translations`, {
      context: { id: en.context.id },
      locale: { id: 'FR' },
      auto: { enabled: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const fr = res.json();
    expect(fr).toMatchObject({ status: 'processing', auto: { enabled: true, status: 'processing' } });
    expect((await post(`${L}/translations/${fr.id}/activate`)).statusCode).toBe(400);
    await runDueJobs(t.db);
    const after = (await get(`${L}/translations/${fr.id}`)).json();
    expect(after).toMatchObject({
      status: 'inactive',
      auto: { enabled: true, status: 'failed', error_message: NO_TRANSLATOR },
      stats: { translated: 0 },
    });
    const tasks = (await get(`${L}/translations/${fr.id}/tasks`)).json();
    expect(tasks).toEqual([
      expect.objectContaining({ type: 'attributes_autotranslation', status: 'error', error_message: NO_TRANSLATOR }),
    ]);
    expect(tasks[0].id).toMatch(/^TRNT-/);

    const retry = await post(`${L}/translations/${fr.id}/retry`);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().auto).toEqual({ enabled: true, status: 'processing' });
    expect((await post(`${L}/translations/${fr.id}/retry`)).statusCode).toBe(400);
    expect((await get(`${L}/translations/${fr.id}/tasks`)).json()).toHaveLength(2);
  });

  it('with a service plugged in, empty values are filled and marked auto_translated', async () => {
    setMachineTranslator(async ({ to, texts }) => texts.map((s) => `[${to}] ${s}`));
    const { en, name } = await setup('Auto Ok');
    const it = (
      await post(`${L}/translations`, { context: { id: en.context.id }, locale: { id: 'IT' }, auto: { enabled: true } })
    ).json();
    await runDueJobs(t.db);
    expect((await get(`${L}/translations/${it.id}`)).json()).toMatchObject({
      status: 'inactive',
      auto: { status: 'success' },
      stats: { total: 2, translated: 2 },
    });
    expect((await attrs(it.id, `?eq(key,${name})`))[0]).toMatchObject({
      value: '[IT] Auto Ok',
      auto_translated: true,
      status: 'translated',
    });
    const edited = await put(`${L}/translations/${it.id}/attributes/${name}`, { value: 'Auto bene' });
    expect(edited.json().auto_translated).toBe(false);
  });
});
