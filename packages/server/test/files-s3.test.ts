import {
  CreateBucketCommand,
  DeleteObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import ExcelJS from 'exceljs';
import S3rver from 's3rver';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, parseS3Files, type S3FilesConfig } from '../src/config.ts';
import { FILE_STORAGE_UNAVAILABLE, FileStorageUnavailable, S3FileStore } from '../src/files/s3-store.ts';
import { newFileKey } from '../src/files/index.ts';
import { runDueJobs } from '../src/jobs/queue.ts';
import { form } from './multipart.ts';
import { createProduct } from './tenants.ts';
import { createUsageFile, usageWorld, type UsageWorld } from './usage-fixture.ts';

// Uploaded files in S3-compatible object storage (FILES_S3_*): a real S3 server (s3rver, on a random port over a
// temporary directory) shared by the whole file; the app is configured with it and used through its HTTP API, and
// the bucket is looked at with the AWS SDK.

const BUCKET = 'trellis-files';
const API = '/public/v1';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let dir: string;
let port = 0;
let server: S3rver;
let s3: S3Client;
let w: UsageWorld;

const s3Config = (over: Partial<S3FilesConfig> = {}): S3FilesConfig => ({
  bucket: BUCKET,
  endpoint: `http://127.0.0.1:${port}`,
  region: 'us-east-1',
  prefix: 'app/',
  forcePathStyle: true,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  ...over,
});

/** The S3 server, on the port it had before once it has one (stopped and started again by the outage test). */
async function startS3() {
  server = new S3rver({ address: '127.0.0.1', port, directory: dir, silent: true });
  port = (await server.run()).port;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port: free } = probe.address() as { port: number };
  await new Promise((r) => probe.close(r));
  return free;
}

const keys = async (prefix: string) =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map((o) => o.Key!);
const head = (key: string) => s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trellis-s3-'));
  await startS3();
  s3 = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  w = await usageWorld({ filesS3: s3Config() });
}, 120_000);
afterAll(async () => {
  await w?.t.close();
  s3?.destroy();
  await server?.close().catch(() => undefined);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('FILES_S3_ configuration', () => {
  it('turns S3 on with FILES_S3_BUCKET, and stops the start on a combination that cannot work', () => {
    expect(parseS3Files({})).toBeUndefined();
    expect(configFromEnv({}).filesS3).toBeUndefined();
    expect(parseS3Files({ FILES_S3_BUCKET: 'files', FILES_S3_REGION: 'eu-west-1' })).toEqual({
      bucket: 'files',
      endpoint: undefined,
      region: 'eu-west-1',
      prefix: '',
      forcePathStyle: false,
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
    // another S3-compatible store: path style and us-east-1 unless told otherwise; the prefix is a folder
    expect(
      configFromEnv({
        FILES_S3_BUCKET: 'files',
        FILES_S3_ENDPOINT: 'http://minio:9000',
        FILES_S3_PREFIX: '/trellis',
        FILES_S3_ACCESS_KEY_ID: 'key',
        FILES_S3_SECRET_ACCESS_KEY: 'secret',
      }).filesS3,
    ).toEqual({
      bucket: 'files',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      prefix: 'trellis/',
      forcePathStyle: true,
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    expect(
      parseS3Files({
        FILES_S3_BUCKET: 'f',
        FILES_S3_ENDPOINT: 'https://r2.example',
        FILES_S3_FORCE_PATH_STYLE: 'false',
      }),
    ).toMatchObject({ forcePathStyle: false, prefix: '' });
    expect(parseS3Files({ FILES_S3_BUCKET: 'f', AWS_REGION: 'us-west-2' })).toMatchObject({ region: 'us-west-2' });

    const refused = (env: Record<string, string>) => () => configFromEnv(env);
    expect(refused({ FILES_S3_ENDPOINT: 'http://minio:9000', FILES_S3_REGION: 'x' })).toThrow(
      'FILES_S3_ENDPOINT, FILES_S3_REGION are set but FILES_S3_BUCKET is not',
    );
    expect(refused({ FILES_S3_BUCKET: 'files' })).toThrow('FILES_S3_REGION (or AWS_REGION) is required for AWS S3');
    expect(refused({ FILES_S3_BUCKET: 'files', FILES_S3_ENDPOINT: 'minio:9000' })).toThrow(
      'FILES_S3_ENDPOINT is not an http(s) URL: minio:9000',
    );
    expect(refused({ FILES_S3_BUCKET: 'files', FILES_S3_REGION: 'x', FILES_S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY go together',
    );
    expect(refused({ FILES_S3_BUCKET: 'files', FILES_S3_REGION: 'x', FILES_S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      'FILES_S3_FORCE_PATH_STYLE is true or false, not yes.',
    );
    expect(refused({ FILES_S3_BUCKET: 'files/trellis', FILES_S3_REGION: 'x' })).toThrow(
      "FILES_S3_BUCKET is a bucket name (files/trellis has a '/'); put a folder in FILES_S3_PREFIX.",
    );
  });
});

describe('S3FileStore', () => {
  const store = () => new S3FileStore(s3Config({ prefix: 'unit/' }));

  it('puts, gets, streams and deletes a file with its type and name; a missing file is null', async () => {
    const st = store();
    const key = newFileKey('pdf');
    const body = randomBytes(1000);
    const name = 'Bericht März 100% "final".pdf';
    await st.put(key, body, { contentType: 'application/pdf', name });
    expect(await keys('unit/')).toContain(`unit/${key}`);
    // metadata is ASCII: the name is percent-encoded on the object
    expect(await head(`unit/${key}`)).toMatchObject({
      ContentType: 'application/pdf',
      ContentLength: 1000,
      Metadata: { name: encodeURIComponent(name) },
    });
    expect(await st.get(key)).toEqual({ body, contentType: 'application/pdf', name, size: 1000 });
    const opened = await st.openStream(key);
    expect(opened).toMatchObject({ contentType: 'application/pdf', name, size: 1000 });
    expect((await buffer(opened!.stream)).equals(body)).toBe(true);

    await st.delete(key);
    expect(await keys('unit/')).not.toContain(`unit/${key}`);
    expect(await st.get(key)).toBeNull();
    expect(await st.openStream(key)).toBeNull();
    expect(await st.openRandom(key)).toBeNull();
    await st.delete(key);

    // keys are ours only: anything else is never asked of the bucket
    expect(await st.get('../../etc/passwd')).toBeNull();
    expect(await st.openRandom('FL-x.png')).toBeNull();
    await expect(st.put('notes.txt', body, { contentType: 'text/plain' })).rejects.toThrow('Invalid file key');
    // no name: null, as the local store answers
    const plain = newFileKey('txt');
    await st.put(plain, Buffer.from('hello'), { contentType: 'text/plain' });
    expect(await st.get(plain)).toMatchObject({ name: null, contentType: 'text/plain', size: 5 });
    await st.dispose();
    // a disposed store opens a new client when used again (apps built on one config share their store)
    await st.delete(plain);
    expect(await st.get(plain)).toBeNull();
    await st.dispose();
  });

  it('streams a large file up in parts, and reads ranges of it back with ranged GETs', async () => {
    const st = store();
    const key = newFileKey('xlsx');
    const body = randomBytes(11 * 1024 * 1024 + 123);
    const chunks = function* () {
      for (let at = 0; at < body.length; at += 64 * 1024) yield body.subarray(at, at + 64 * 1024);
    };
    expect(await st.putStream(key, Readable.from(chunks()), { contentType: XLSX, name: 'big ü.xlsx' })).toBe(
      body.length,
    );
    expect(await head(`unit/${key}`)).toMatchObject({
      ContentType: XLSX,
      ContentLength: body.length,
      Metadata: { name: 'big%20%C3%BC.xlsx' },
    });

    const random = (await st.openRandom(key))!;
    expect(random.size).toBe(body.length);
    const read = (start: number, end?: number) => buffer(random.range(start, end));
    expect((await read(0, 9)).equals(body.subarray(0, 10))).toBe(true);
    // across the end of the first 5 MiB part
    const at = 5 * 1024 * 1024 - 5;
    expect((await read(at, at + 9)).equals(body.subarray(at, at + 10))).toBe(true);
    // to the end, an end past the end, nothing past the end
    expect((await read(body.length - 22)).equals(body.subarray(body.length - 22))).toBe(true);
    expect((await read(body.length - 3, body.length + 100)).equals(body.subarray(body.length - 3))).toBe(true);
    expect((await read(body.length)).length).toBe(0);
    // a range closed before it is read aborts its request, and the store goes on
    random.range(0).destroy();
    const whole = (await st.openStream(key))!;
    expect(whole.size).toBe(body.length);
    expect((await buffer(whole.stream)).equals(body)).toBe(true);
    await st.delete(key);
    await st.dispose();
  });

  it('fails a streamed upload with its source’s error and leaves nothing in the bucket', async () => {
    const st = store();
    const key = newFileKey('xlsx');
    class Refused extends Error {}
    let sent = 0;
    // more than a part goes up before the source fails: the multipart upload is aborted
    const source = new Readable({
      read() {
        if (sent >= 6 * 1024 * 1024) return this.destroy(new Refused('wrong format'));
        sent += 1024 * 1024;
        this.push(randomBytes(1024 * 1024));
      },
    });
    await expect(st.putStream(key, source, { contentType: XLSX })).rejects.toBeInstanceOf(Refused);
    expect(await keys('unit/')).not.toContain(`unit/${key}`);
    await st.dispose();
  });

  it('answers FileStorageUnavailable (503) when the endpoint does not answer', async () => {
    const st = new S3FileStore(s3Config({ endpoint: `http://127.0.0.1:${await closedPort()}` }));
    const key = newFileKey('png');
    for (const attempt of [
      () => st.get(key),
      () => st.openStream(key),
      () => st.openRandom(key),
      () => st.put(key, PNG, { contentType: 'image/png' }),
      () => st.putStream(key, Readable.from([PNG]), { contentType: 'image/png' }),
      () => st.delete(key),
    ]) {
      const failed = await attempt().then(
        () => null,
        (e) => e,
      );
      expect(failed).toBeInstanceOf(FileStorageUnavailable);
      expect(failed).toMatchObject({ status: 503, code: 'SRV_002', errors: [FILE_STORAGE_UNAVAILABLE] });
    }
    await st.dispose();
  });
});

describe('uploaded files in S3 through the API', () => {
  const media = async (productId: string, filename = 'shot ü.png') => {
    const res = await w.t.call(w.vendor, {
      method: 'POST',
      url: `${API}/products/${productId}/media`,
      ...form({ position: 1, type: 'image' }, { field: 'thumbnail', filename, body: PNG, type: 'image/png' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json();
    return { ...m, key: (m.thumbnail as string).split('/').pop()! };
  };
  const fetchFile = (url: string) => w.t.app.inject({ method: 'GET', url });

  it('stores an uploaded image in the bucket, serves it byte for byte, and deletes its object with it', async () => {
    const p = await createProduct(w.t, w.vendor, 'S3 media');
    const m = await media(p.id);
    expect(await keys('app/')).toContain(`app/${m.key}`);
    expect(await head(`app/${m.key}`)).toMatchObject({
      ContentType: 'image/png',
      ContentLength: PNG.length,
      Metadata: { name: encodeURIComponent('shot ü.png') },
    });
    const file = await fetchFile(m.thumbnail);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-length']).toBe(String(PNG.length));
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const gone = await w.t.call(w.vendor, { method: 'DELETE', url: `${API}/products/${p.id}/media/${m.id}` });
    expect(gone.statusCode).toBe(204);
    expect(await keys('app/')).not.toContain(`app/${m.key}`);
    expect((await fetchFile(m.thumbnail)).statusCode).toBe(404);
  });

  it('answers 404, not 500, for a file whose object is no longer in the bucket', async () => {
    const p = await createProduct(w.t, w.vendor, 'S3 lost media');
    const m = await media(p.id);
    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `app/${m.key}` }));
    const res = await fetchFile(m.thumbnail);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error_code: 'NF_001', errors: ['File not found.'] });
  });

  /** A usage spreadsheet of `rows` good rows and one bad one, made large by an image that does not compress. */
  async function spreadsheet(rows: number, padding = 0): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('records');
    ws.addRow([
      'record_id',
      'item_search_criteria',
      'item_search_value',
      'quantity',
      'start_time_utc',
      'end_time_utc',
      'asset_search_criteria',
      'asset_search_value',
    ]);
    for (let n = 1; n <= rows + 1; n++)
      ws.addRow([
        `rec-${n}`,
        'item.id',
        w.item.id,
        n > rows ? 'plenty' : 1.5,
        new Date(Date.UTC(2026, 0, 1 + (n % 28))),
        new Date(Date.UTC(2026, 0, 2 + (n % 28))),
        'asset.id',
        w.assets[n % 2].id,
      ]);
    if (padding) {
      const image = wb.addImage({ buffer: randomBytes(padding) as any, extension: 'png' });
      wb.addWorksheet('scan').addImage(image, 'A1:D10');
    }
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  it('streams a large usage spreadsheet into the bucket, processes it by ranged reads, and serves both files back', async () => {
    const f = await createUsageFile(w, { name: 'January from S3' });
    const body = await spreadsheet(1500, 6 * 1024 * 1024);
    expect(body.length).toBeGreaterThan(6 * 1024 * 1024);
    const res = await w.t.call(w.vendor, {
      method: 'POST',
      url: `${API}/usage/files/${f.id}/upload`,
      ...form({}, { field: 'usage_file', filename: 'january-2026.xlsx', body, type: XLSX }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'uploaded', size: body.length, file_name: 'january-2026.xlsx' });
    const row = await w.t.db
      .selectFrom('usage_files')
      .select('upload_key')
      .where('id', '=', f.id)
      .executeTakeFirstOrThrow();
    expect(await head(`app/${row.upload_key}`)).toMatchObject({
      ContentType: XLSX,
      ContentLength: body.length,
      Metadata: { name: encodeURIComponent('january-2026.xlsx') },
    });

    await runDueJobs(w.t.db);
    const processed = (await w.t.call(w.vendor, { method: 'GET', url: `${API}/usage/files/${f.id}` })).json();
    // every row was read (the bad one makes the file invalid, with a processed spreadsheet that says why)
    expect(processed).toMatchObject({
      status: 'invalid',
      stats: { uploaded: 1501 },
      records: { invalid: 1 },
      processed_file_uri: `${API}/usage/files/${f.id}/processedfile`,
    });

    const uploaded = await w.t.call(w.vendor, { method: 'GET', url: `${API}/usage/files/${f.id}/uploadedfile` });
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.headers['content-type']).toBe(XLSX);
    expect(uploaded.headers['content-disposition']).toBe('attachment; filename="january-2026.xlsx"');
    expect(uploaded.rawPayload.equals(body)).toBe(true);

    // the processed spreadsheet was written into the bucket too (streamed, from ranged reads of the upload)
    const after = await w.t.db
      .selectFrom('usage_files')
      .select('processed_key')
      .where('id', '=', f.id)
      .executeTakeFirstOrThrow();
    expect(await keys('app/')).toContain(`app/${after.processed_key}`);
    const report = await w.t.call(w.vendor, { method: 'GET', url: processed.processed_file_uri });
    expect(report.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(report.rawPayload as any);
    const sheet = wb.getWorksheet('records')!;
    expect(sheet.rowCount).toBe(1502);
    expect(sheet.getRow(1502).getCell(1).value).toBe('rec-1501');
    expect(String(sheet.getRow(1502).values)).toMatch(/quantity/i);
  });

  it('answers 503 while the bucket cannot be reached, and serves again once it can', async () => {
    const p = await createProduct(w.t, w.vendor, 'S3 outage');
    const m = await media(p.id);
    const f = await createUsageFile(w, { name: 'Outage' });
    await server.close();
    try {
      const unavailable = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toEqual({ error_code: 'SRV_002', errors: [FILE_STORAGE_UNAVAILABLE] });
      };
      unavailable(await fetchFile(m.thumbnail));
      unavailable(
        await w.t.call(w.vendor, {
          method: 'POST',
          url: `${API}/products/${p.id}/media`,
          ...form(
            { position: 2, type: 'image' },
            { field: 'thumbnail', filename: 'b.png', body: PNG, type: 'image/png' },
          ),
        }),
      );
      unavailable(
        await w.t.call(w.vendor, {
          method: 'POST',
          url: `${API}/usage/files/${f.id}/upload`,
          ...form({}, { field: 'usage_file', filename: 'u.xlsx', body: await spreadsheet(2), type: XLSX }),
        }),
      );
      // the rest of the API is not affected
      expect((await w.t.call(w.vendor, { method: 'GET', url: `${API}/usage/files/${f.id}` })).statusCode).toBe(200);
    } finally {
      await startS3();
    }
    const back = await fetchFile(m.thumbnail);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(PNG)).toBe(true);
  });
});
