import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE_RECORD_COLUMNS } from '@trellis/domain';
import { MAX_IMAGE_BYTES } from '../src/files/index.ts';
import { runDueJobs } from '../src/jobs/queue.ts';
import type { Session, TestApp } from './helpers.ts';
import { openTenants, createProduct, linkToProvider as link } from './tenants.ts';
import { form, type FilePart } from './multipart.ts';

let t: TestApp;
let vendor: Session;
let provider: Session;
let other: Session;
beforeAll(async () => {
  ({ t, vendor, provider, other } = await openTenants());
});
afterAll(async () => {
  await t?.close();
});

const P = '/public/v1/products';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);

const image = (filename = 'shot.png', body = PNG): FilePart => ({
  field: 'thumbnail',
  filename,
  body,
  type: 'image/png',
});

const newProduct = (name = 'Media Product') => createProduct(t, vendor, name);
const linkToProvider = (productId: string) => link(t, productId);
async function upload(who: Session, url: string, body: ReturnType<typeof form>, method: 'POST' | 'PUT' = 'POST') {
  return t.call(who, { method, url, payload: body.payload, headers: body.headers });
}

describe('product media', () => {
  it('uploads an image, serves it back by URL, lists by position and deletes it with its file', async () => {
    const p = await newProduct();
    const url = `${P}/${p.id}/media`;
    const res = await upload(vendor, url, form({ position: 2, type: 'image' }, image()));
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json();
    expect(m).toMatchObject({ position: 2, type: 'image' });
    expect(m.id).toMatch(/^PMD-\d{3}-\d{3}-\d{3}$/);
    expect(m.thumbnail).toMatch(/^\/public\/v1\/files\/FL-[0-9a-f]{32}\.png$/);
    expect(m.url).toBe(m.thumbnail);

    // served to anyone (img tags send no session header), with the sniffed type
    const file = await t.app.inject({ method: 'GET', url: m.thumbnail });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const video = await upload(
      vendor,
      url,
      form({ position: 1, type: 'video', url: 'https://video.example/demo' }, image('poster.jpg', JPEG)),
    );
    expect(video.statusCode, video.body).toBe(201);
    expect(video.json()).toMatchObject({ type: 'video', url: 'https://video.example/demo' });
    expect(video.json().thumbnail).toMatch(/\.jpg$/);
    const list = await t.call(vendor, { method: 'GET', url });
    expect(list.json().map((x: any) => x.position)).toEqual([1, 2]);
    expect((await t.call(vendor, { method: 'GET', url: `${url}?eq(type,video)` })).json()).toHaveLength(1);
    expect((await t.call(vendor, { method: 'GET', url: `${url}/${m.id}` })).json().thumbnail).toBe(m.thumbnail);

    expect((await t.call(vendor, { method: 'DELETE', url: `${url}/${m.id}` })).statusCode).toBe(204);
    expect((await t.call(vendor, { method: 'GET', url: `${url}/${m.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: m.thumbnail })).statusCode).toBe(404);
  });

  it('refuses missing fields, wrong formats, oversize files and non-multipart bodies with clear 4xx errors', async () => {
    const p = await newProduct('Strict media');
    const url = `${P}/${p.id}/media`;
    const missing = await upload(vendor, url, form({}));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      'position: This field is required',
      'type: This field is required',
      'thumbnail: This field is required',
    ]);
    expect((await upload(vendor, url, form({ position: 9, type: 'gif' }, image()))).json().errors).toEqual([
      'position: Must be between 1 and 8',
      'type: Must be one of: image, video',
    ]);
    expect((await upload(vendor, url, form({ position: 'x', type: 'image' }, image()))).json().errors).toEqual([
      'position: Must be a whole number',
    ]);
    expect((await upload(vendor, url, form({ position: 1, type: 'video' }, image()))).json().errors).toEqual([
      'url: This field is required',
    ]);
    expect(
      (await upload(vendor, url, form({ position: 1, type: 'video', url: 'not a url' }, image()))).json().errors,
    ).toEqual(['url: Wrong URL format']);

    // the extension and the bytes must both be an accepted image
    for (const f of [
      image('notes.txt', Buffer.from('hello')),
      image('fake.png', Buffer.from('<html><script>alert(1)</script>')),
      image('logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
      image('photo.jpg', PNG),
      image('empty.png', Buffer.alloc(0)),
    ]) {
      const bad = await upload(vendor, url, form({ position: 1, type: 'image' }, f));
      expect(bad.statusCode, f.filename).toBe(400);
      expect(bad.json()).toEqual({ error_code: 'VAL_001', errors: ['thumbnail: Wrong file format'] });
    }

    const huge = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(MAX_IMAGE_BYTES + 1)]);
    const tooBig = await upload(vendor, url, form({ position: 1, type: 'image' }, image('big.png', huge)));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({
      error_code: 'REQ_002',
      errors: ['thumbnail: File is too large; the limit is 5 MB.'],
    });

    const twoFiles = await upload(vendor, url, form({ position: 1, type: 'image' }, image(), image('b.png')));
    expect(twoFiles.statusCode).toBe(400);
    expect(twoFiles.json().errors).toEqual(['thumbnail: Send one file per request.']);
    const wrongField = await upload(
      vendor,
      url,
      form({ position: 1, type: 'image' }, { ...image(), field: 'picture' }),
    );
    expect(wrongField.json().errors).toEqual(["picture: Unexpected file; send the file in the 'thumbnail' field."]);

    const json = await t.call(vendor, {
      method: 'POST',
      url,
      payload: { position: 1, type: 'image', thumbnail: 'https://evil.example/x.png' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().errors).toEqual([
      "Send the file as multipart/form-data with the file in the 'thumbnail' field.",
    ]);
    const broken = await t.call(vendor, {
      method: 'POST',
      url,
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);

    // positions are unique and a product holds at most 8
    expect((await upload(vendor, url, form({ position: 1, type: 'image' }, image()))).statusCode).toBe(201);
    const taken = await upload(vendor, url, form({ position: 1, type: 'image' }, image()));
    expect(taken.json().errors[0]).toMatch(/^position: Position 1 is already taken by PMD-/);
    expect((await t.call(vendor, { method: 'GET', url })).json()).toHaveLength(1);
  });

  it('updates type, url and position by JSON, and replaces the image by multipart', async () => {
    const p = await newProduct('Editable media');
    const url = `${P}/${p.id}/media`;
    const m = (await upload(vendor, url, form({ position: 1, type: 'image' }, image()))).json();
    const toVideo = await t.call(vendor, { method: 'PUT', url: `${url}/${m.id}`, payload: { type: 'video' } });
    expect(toVideo.json().errors).toEqual(['url: This field is required']);
    const asVideo = await t.call(vendor, {
      method: 'PUT',
      url: `${url}/${m.id}`,
      payload: { type: 'video', url: 'https://video.example/v', position: 3 },
    });
    expect(asVideo.statusCode, asVideo.body).toBe(200);
    expect(asVideo.json()).toMatchObject({
      type: 'video',
      url: 'https://video.example/v',
      position: 3,
      thumbnail: m.thumbnail,
    });

    const replaced = await upload(vendor, `${url}/${m.id}`, form({ type: 'image' }, image('new.jpg', JPEG)), 'PUT');
    expect(replaced.statusCode, replaced.body).toBe(200);
    const r = replaced.json();
    expect(r.thumbnail).not.toBe(m.thumbnail);
    expect(r).toMatchObject({ type: 'image', url: r.thumbnail });
    expect((await t.app.inject({ method: 'GET', url: m.thumbnail })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: r.thumbnail })).headers['content-type']).toBe('image/jpeg');
    const badFile = await upload(vendor, `${url}/${m.id}`, form({}, image('x.gif', PNG)), 'PUT');
    expect(badFile.json().errors).toEqual(['thumbnail: Wrong file format']);
  });

  it('versions keep their media and its files after the live media is deleted', async () => {
    const p = await newProduct('Versioned media');
    const url = `${P}/${p.id}/media`;
    const m = (await upload(vendor, url, form({ position: 1, type: 'image' }, image()))).json();
    await t.call(vendor, { method: 'POST', url: `${P}/${p.id}/versions`, payload: {} });
    await runDueJobs(t.db);
    expect((await t.call(vendor, { method: 'DELETE', url: `${url}/${m.id}` })).statusCode).toBe(204);
    const frozen = await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/versions/1/media` });
    expect(frozen.json()).toEqual([expect.objectContaining({ id: m.id, thumbnail: m.thumbnail })]);
    expect((await t.call(vendor, { method: 'GET', url: `${P}/${p.id}/versions/1/media/${m.id}` })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: m.thumbnail })).statusCode).toBe(200);
    expect((await t.call(vendor, { method: 'GET', url })).json()).toEqual([]);
  });

  it('Other Vendor gets 404; a linked provider reads media and gets 403 on writes', async () => {
    const p = await newProduct('Private media');
    const url = `${P}/${p.id}/media`;
    const m = (await upload(vendor, url, form({ position: 1, type: 'image' }, image()))).json();
    for (const who of [other, provider]) {
      const code = who === other ? 404 : 403;
      expect((await t.call(who, { method: 'GET', url })).statusCode).toBe(who === other ? 404 : 200);
      expect((await t.call(who, { method: 'GET', url: `${url}/${m.id}` })).statusCode).toBe(who === other ? 404 : 200);
      expect((await upload(who, url, form({ position: 2, type: 'image' }, image()))).statusCode).toBe(code);
      expect((await upload(who, `${url}/${m.id}`, form({ type: 'image' }, image()), 'PUT')).statusCode).toBe(code);
      expect((await t.call(who, { method: 'PUT', url: `${url}/${m.id}`, payload: { position: 5 } })).statusCode).toBe(
        code,
      );
      expect((await t.call(who, { method: 'DELETE', url: `${url}/${m.id}` })).statusCode).toBe(code);
      expect((await upload(who, `${P}/${p.id}/icon`, form({}, { ...image(), field: 'icon' }))).statusCode).toBe(code);
      expect((await t.call(who, { method: 'DELETE', url: `${P}/${p.id}/icon` })).statusCode).toBe(code);
      if (who === other) await linkToProvider(p.id);
    }
    expect((await t.call(vendor, { method: 'GET', url })).json()).toEqual([
      expect.objectContaining({ position: 1, thumbnail: m.thumbnail }),
    ]);
  });
});

describe('product icon', () => {
  it('is uploaded as multipart `icon`, replaces the previous file and can be cleared', async () => {
    const p = await newProduct('With icon');
    const url = `${P}/${p.id}/icon`;
    const res = await upload(vendor, url, form({}, { field: 'icon', filename: 'logo.png', body: PNG }));
    expect(res.statusCode, res.body).toBe(200);
    const icon = res.json().icon;
    expect(icon).toMatch(/^\/public\/v1\/files\/FL-[0-9a-f]{32}\.png$/);
    expect((await t.call(vendor, { method: 'GET', url: `${P}/${p.id}` })).json().icon).toBe(icon);
    expect((await t.app.inject({ method: 'GET', url: icon })).statusCode).toBe(200);

    const again = await upload(vendor, url, form({}, { field: 'icon', filename: 'logo2.jpeg', body: JPEG }));
    expect(again.json().icon).toMatch(/\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: icon })).statusCode).toBe(404);

    expect((await upload(vendor, url, form({}))).json().errors).toEqual(['icon: This field is required']);
    expect(
      (await upload(vendor, url, form({}, { field: 'icon', filename: 'logo.bmp', body: PNG }))).json().errors,
    ).toEqual(['icon: Wrong file format']);
    const audit = await t.db
      .selectFrom('audit_records')
      .select('action')
      .where('object_id', '=', p.id)
      .where('action', '=', 'update')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);

    const cleared = await t.call(vendor, { method: 'DELETE', url });
    expect(cleared.json()).not.toHaveProperty('icon');
    expect((await t.app.inject({ method: 'GET', url: again.json().icon })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/public/v1/files/FL-00000000000000000000000000000000.png' }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/public/v1/files/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(
      404,
    );
  });
});

describe('usage template', () => {
  it('links to an .xlsx with the usage columns and the product items, readable back with exceljs', async () => {
    const p = await newProduct('Metered');
    const item = await t.call(vendor, {
      method: 'POST',
      url: `${P}/${p.id}/items`,
      payload: { name: 'Storage GB', mpn: 'STOR-GB', type: 'ppu' },
    });
    expect(item.statusCode, item.body).toBe(201);

    const res = await t.call(vendor, { method: 'GET', url: `/public/v1/usage/products/${p.id}/template` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ template_link: `/public/v1/usage/products/${p.id}/template/file` });
    // a browser download carries the session cookie only
    const file = await t.app.inject({
      method: 'GET',
      url: res.json().template_link,
      headers: { cookie: vendor.cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="usage_template_${p.id}.xlsx"`);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as any);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['general', 'records', 'items']);
    const header = (wb.getWorksheet('records')!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([...USAGE_RECORD_COLUMNS]);
    expect(wb.getWorksheet('records')!.getCell('C2').dataValidation).toMatchObject({
      type: 'list',
      formulae: ['"item.id,item.mpn,item.local_id"'],
    });
    expect(wb.getWorksheet('general')!.getCell('B2').value).toBe(p.id);
    const items = wb.getWorksheet('items')!;
    expect(items.getRow(2).getCell(1).value).toBe(item.json().id);
    expect(items.getRow(2).getCell(3).value).toBe('STOR-GB');
    expect(items.getRow(2).getCell(5).value).toBe('ppu');

    expect((await t.call(other, { method: 'GET', url: `/public/v1/usage/products/${p.id}/template` })).statusCode).toBe(
      404,
    );
    expect(
      (await t.call(other, { method: 'GET', url: `/public/v1/usage/products/${p.id}/template/file` })).statusCode,
    ).toBe(404);
    expect(
      (await t.call(provider, { method: 'GET', url: `/public/v1/usage/products/${p.id}/template` })).statusCode,
    ).toBe(404);
    await linkToProvider(p.id);
    expect(
      (await t.call(provider, { method: 'GET', url: `/public/v1/usage/products/${p.id}/template` })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/public/v1/usage/products/${p.id}/template/file` })).statusCode,
    ).toBe(401);
  });
});
