import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_ATTACHMENT_MAX_BYTES, CASE_ATTACHMENTS_MAX } from '@trellis/domain';
import { fileStoreFor, type LocalFileStore } from '../src/files/index.ts';
import { newId } from '../src/resources/ids.ts';
import { API, partner } from './distribution-helpers.ts';
import type { Session, TestApp } from './helpers.ts';
import { openTenants } from './tenants.ts';

// Helpdesk case attachments (issue 17): uploaded by either party of a case (multipart, field `file`), listed, read
// and downloaded by both and by nobody else (404, before the body is read); the name and the bytes must be an
// accepted type, at most 10 MB, at most 20 per case; the uploader's account deletes its own; a closed case takes and
// loses none. Downloads are attachments in a type no browser renders as a page.

let t: TestApp;
let vendor: Session;
let provider: Session;
let other: Session;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000dIHDR-not-a-real-image-but-the-right-signature'),
]);

/** A multipart/form-data body with one file, as a browser sends it. */
function form(filename: string, body: Buffer, field = 'file') {
  const boundary = '----trellis-attachment-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const urlOf = (caseId: string) => `${API}/helpdesk/cases/${caseId}/attachments`;
const upload = (who: Session, caseId: string, filename: string, body: Buffer, field = 'file') =>
  t.call(who, { method: 'POST', url: urlOf(caseId), ...form(filename, body, field) });
async function uploaded(who: Session, caseId: string, filename: string, body: Buffer) {
  const res = await upload(who, caseId, filename, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const get = (who: Session, url: string) => t.call(who, { method: 'GET', url });
const del = (who: Session, url: string) => t.call(who, { method: 'DELETE', url });

async function newCase(subject = 'Broken export') {
  const res = await t.call(provider, {
    method: 'POST',
    url: `${API}/helpdesk/cases`,
    payload: {
      subject,
      description: 'See the attached screenshot.',
      type: 'technical',
      receiver: { account: { id: t.demo.vendor.id } },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
}

const storedFiles = async () => (await readdir((fileStoreFor(t.config) as LocalFileStore).dir).catch(() => [])).length;

beforeAll(async () => {
  ({ t, vendor, provider, other } = await openTenants());
  await partner(t, vendor, provider);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('helpdesk case attachments', () => {
  it('are uploaded by a party, listed and read by both, and download as attachments with their bytes', async () => {
    const c = await newCase();
    const a = await uploaded(provider, c.id, 'Screen shot ü.png', PNG);
    expect(a).toEqual({
      id: expect.stringMatching(/^CAAT-\d{3}-\d{3}-\d{3}$/),
      account: { id: t.demo.provider.id, name: expect.any(String) },
      attachment: `/public/v1/helpdesk/cases/${c.id}/attachments/${a.id}?format=attachment`,
      size: PNG.length,
      name: 'Screen shot ü.png',
      type: 'image/png',
      events: { created: { at: expect.any(String), by: { id: expect.any(String), name: expect.any(String) } } },
    });

    const list = await get(vendor, urlOf(c.id));
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-range']).toBe('items 0-0/1');
    expect(list.json()).toEqual([a]);
    expect((await get(vendor, `${urlOf(c.id)}/${a.id}`)).json()).toEqual(a);

    // the object's own link downloads the file
    const file = await get(vendor, a.attachment);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(file.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'content-disposition': `attachment; filename="Screen shot _.png"; filename*=UTF-8''Screen%20shot%20%C3%BC.png`,
      'x-content-type-options': 'nosniff',
    });

    // text is served as text, never inline
    const text = Buffer.from('2026-11-28 10:00 export failed: <script>alert(1)</script>\n');
    const log = await uploaded(vendor, c.id, 'export.log', text);
    expect(log).toMatchObject({ type: 'text/plain', size: text.length, account: { id: t.demo.vendor.id } });
    const got = await get(provider, log.attachment);
    expect(got.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(got.headers['content-disposition']).toMatch(/^attachment; /);
    expect(got.body).toBe(text.toString());
    // listed oldest first
    expect((await get(provider, urlOf(c.id))).json().map((x: any) => x.id)).toEqual([a.id, log.id]);

    // an object stored with a type a browser would render (there is no such upload) still downloads as bytes
    await t.db
      .updateTable('helpdesk_case_attachments')
      .set({ data: JSON.stringify({ ...log, type: 'text/html' }) })
      .where('id', '=', log.id)
      .execute();
    expect((await get(provider, log.attachment)).headers['content-type']).toBe('application/octet-stream');
    // imported once the app is built (the module is part of its import cycle through the OpenAPI registry)
    const { downloadType } = await import('../src/modules/helpdesk/attachments.ts');
    for (const type of ['text/html', 'image/svg+xml', 'application/xml', 'text/xml', 'application/javascript'])
      expect(downloadType(type), type).toBe('application/octet-stream');
    expect(downloadType('application/pdf')).toBe('application/pdf');

    // other formats: no previews are made
    expect((await get(vendor, `${urlOf(c.id)}/${a.id}?format=preview`)).statusCode).toBe(404);
    expect((await get(vendor, `${urlOf(c.id)}/${a.id}?format=html`)).statusCode).toBe(400);
  });

  it('refuse a name or content that is not an accepted type, and files over the limit, leaving nothing stored', async () => {
    const c = await newCase('Refused files');
    const before = await storedFiles();
    for (const [name, body] of [
      ['setup.exe', Buffer.from('MZ\x90\x00binary')],
      ['page.html', Buffer.from('<html><script>alert(1)</script></html>')],
      ['logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      ['fake.png', Buffer.from('<html><script>alert(1)</script></html>')],
      ['photo.jpg', PNG],
      ['report.pdf', Buffer.from('just some text, not a PDF')],
      ['archive.docx', Buffer.from('not a zip container at all')],
      ['notes.txt', Buffer.from([0x68, 0x69, 0x00, 0x01, 0x02])],
      ['latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9])],
      ['no-extension', Buffer.from('hello')],
    ] as const) {
      const res = await upload(provider, c.id, name, body);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().errors[0], name).toMatch(/^file: Wrong file format; accepted: pdf, png, /);
    }
    const empty = await upload(provider, c.id, 'empty.txt', Buffer.alloc(0));
    expect(empty.json()).toMatchObject({ errors: ['file: The file is empty.'] });

    const big = await upload(provider, c.id, 'huge.txt', Buffer.alloc(CASE_ATTACHMENT_MAX_BYTES + 1, 0x61));
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({
      error_code: 'VAL_001',
      errors: ['file: The file is too large; the limit is 10 MB per file.'],
    });

    const wrongField = await upload(provider, c.id, 'a.txt', Buffer.from('hi'), 'attachment');
    expect(wrongField.json().errors).toEqual(["attachment: Unexpected file; send the file in the 'file' field."]);
    const json = await t.call(provider, { method: 'POST', url: urlOf(c.id), payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);

    expect(await storedFiles()).toBe(before);
    expect((await get(provider, urlOf(c.id))).json()).toEqual([]);
  }, 60_000);

  it(`hold at most ${CASE_ATTACHMENTS_MAX} per case`, async () => {
    const c = await newCase('Many files');
    const first = await uploaded(provider, c.id, 'one.txt', Buffer.from('1'));
    // the rest made cheaply: copies of the first row (sharing its file, which no test deletes)
    const row = await t.db
      .selectFrom('helpdesk_case_attachments')
      .selectAll()
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    for (let i = 2; i < CASE_ATTACHMENTS_MAX; i++) {
      const id = newId('CAAT', 3, 3);
      await t.db
        .insertInto('helpdesk_case_attachments')
        .values({ ...row, id, data: JSON.stringify({ ...first, id }) })
        .execute();
    }
    const last = await uploaded(vendor, c.id, 'twenty.txt', Buffer.from('20'));
    const full = await upload(provider, c.id, 'more.txt', Buffer.from('21'));
    expect(full.statusCode).toBe(400);
    expect(full.json().errors).toEqual([`A case holds at most ${CASE_ATTACHMENTS_MAX} attachments; delete one first.`]);
    expect((await get(provider, urlOf(c.id))).headers['content-range']).toBe(`items 0-19/${CASE_ATTACHMENTS_MAX}`);
    expect((await del(vendor, `${urlOf(c.id)}/${last.id}`)).statusCode).toBe(204);
    await uploaded(provider, c.id, 'more.txt', Buffer.from('21'));
  });

  it('are a 404 to an account that is no party of the case: list, read, download, upload and delete', async () => {
    const c = await newCase('Private files');
    const a = await uploaded(provider, c.id, 'secret.txt', Buffer.from('for the vendor only'));
    const item = `${urlOf(c.id)}/${a.id}`;
    for (const res of [
      await get(other, urlOf(c.id)),
      await get(other, item),
      await get(other, a.attachment),
      await get(other, `${item}?format=preview`),
      await upload(other, c.id, 'x.txt', Buffer.from('x')),
      // before the body is read: neither a wrong type nor a body that is no upload at all is looked at
      await upload(other, c.id, 'x.exe', Buffer.from('MZ')),
      await t.call(other, { method: 'POST', url: urlOf(c.id), payload: { name: 12 } }),
      await del(other, item),
    ]) {
      expect(res.statusCode, `${res.raw.req.method} ${res.raw.req.url}`).toBe(404);
      expect(res.headers['content-type']).toBe('application/json');
    }
    expect((await get(provider, urlOf(c.id))).json().map((x: any) => x.id)).toEqual([a.id]);
    // an unknown case is the same 404
    expect((await upload(provider, 'CA-000-000-000', 'x.txt', Buffer.from('x'))).statusCode).toBe(404);
  });

  it("are deleted by the uploader's account only, with their file", async () => {
    const c = await newCase('Deletes');
    const a = await uploaded(provider, c.id, 'mine.txt', Buffer.from('mine'));
    const item = `${urlOf(c.id)}/${a.id}`;
    const key = (
      await t.db
        .selectFrom('helpdesk_case_attachments')
        .select('file_key')
        .where('id', '=', a.id)
        .executeTakeFirstOrThrow()
    ).file_key;

    const refused = await del(vendor, item);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0]).toMatch(/^Only Demo Provider, who uploaded it, can delete this attachment\.$/);
    expect((await get(vendor, item)).statusCode).toBe(200);

    expect((await del(provider, item)).statusCode).toBe(204);
    expect((await get(provider, item)).statusCode).toBe(404);
    expect((await get(vendor, a.attachment)).statusCode).toBe(404);
    expect(await fileStoreFor(t.config).openStream(key)).toBeNull();
  });

  it('of a closed case are kept: nothing is added or deleted, both still read them', async () => {
    const c = await newCase('Closing');
    const a = await uploaded(provider, c.id, 'kept.txt', Buffer.from('kept'));
    const act = async (who: Session, action: string) => {
      const res = await t.call(who, { method: 'POST', url: `${API}/helpdesk/cases/${c.id}/${action}`, payload: {} });
      expect(res.statusCode, res.body).toBe(200);
    };
    await act(vendor, 'resolve');
    // resolved is not closed yet
    const late = await uploaded(vendor, c.id, 'late.txt', Buffer.from('late'));
    await act(provider, 'close');

    const closed = `Case ${c.id} is in state 'closed': attachments can no longer be added or deleted.`;
    const add = await upload(vendor, c.id, 'after.txt', Buffer.from('after'));
    expect(add.statusCode).toBe(400);
    expect(add.json()).toEqual({ error_code: 'STATE_001', errors: [closed] });
    const remove = await del(provider, `${urlOf(c.id)}/${a.id}`);
    expect(remove.statusCode).toBe(400);
    expect(remove.json().errors).toEqual([closed]);

    expect((await get(vendor, urlOf(c.id))).json().map((x: any) => x.id)).toEqual([a.id, late.id]);
    expect((await get(vendor, a.attachment)).body).toBe('kept');
  });
});
