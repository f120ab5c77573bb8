import type { S3Client } from '@aws-sdk/client-s3';
import { PassThrough, pipeline, Readable, Transform } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { ErrorCode } from '@trellis/domain';
import type { S3FilesConfig } from '../config.ts';
import { isConnectionError } from '../db/availability.ts';
import { ApiError } from '../http/errors.ts';
import { FILE_KEY_RE, type FileStore, type StoredFile } from './store.ts';

export const FILE_STORAGE_UNAVAILABLE = 'File storage is not available at the moment. Please try again shortly.';

/** The object store could not be reached or failed on its side: a 503 (Retry-After), like a database outage. */
export class FileStorageUnavailable extends ApiError {
  constructor(cause: unknown) {
    super(503, ErrorCode.unavailable, [FILE_STORAGE_UNAVAILABLE]);
    this.cause = cause;
  }
}

type Sdk = typeof import('@aws-sdk/client-s3');
type Storage = typeof import('@aws-sdk/lib-storage');

// Loaded at the first use of an S3 store: the SDK takes a tenth of a second to load, which installs on local disk
// (and each test file) need not pay.
let sdk: Promise<[Sdk, Storage]> | null = null;
const loadSdk = () => (sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]));

interface SdkError {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}

/** NoSuchKey from GetObject; NotFound from HeadObject (a HEAD answer has no body to name the error). */
const isMissing = (e: unknown) => {
  const name = (e as SdkError)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
};

/** The store is away (refused, reset, timed out) or failed on its side (5xx after the SDK's retries). */
function isUnavailable(e: unknown): boolean {
  const err = e as SdkError;
  if (isConnectionError(e)) return true;
  if (err?.name === 'TimeoutError' || err?.name === 'RequestTimeout') return true;
  return (err?.$metadata?.httpStatusCode ?? 0) >= 500;
}

const failure = (e: unknown) => (isUnavailable(e) ? new FileStorageUnavailable(e) : e);

/** Object metadata is ASCII: the original name is kept percent-encoded. */
const nameMeta = (name: string | null | undefined): Record<string, string> =>
  name == null ? {} : { name: encodeURIComponent(name) };

function nameOf(meta: Record<string, string> | undefined): string | null {
  const value = meta?.name;
  if (value === undefined) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Files as objects of an S3-compatible bucket (AWS S3, MinIO, Ceph, Cloudflare R2, …), so several server processes
 * or machines share them: `<prefix><key>` holds the bytes, with the content type and the original name (metadata
 * `name`, percent-encoded) on the object. A store that cannot be reached answers 503 (FileStorageUnavailable).
 */
export class S3FileStore implements FileStore {
  private client: S3Client | null = null;

  constructor(readonly config: S3FilesConfig) {}

  private async s3(): Promise<{ client: S3Client; sdk: Sdk; storage: Storage }> {
    const [sdk, storage] = await loadSdk();
    this.client ??= new sdk.S3Client({
      region: this.config.region,
      endpoint: this.config.endpoint,
      forcePathStyle: this.config.forcePathStyle,
      // unset: the SDK's default chain (AWS_* variables, shared files, instance or task role)
      credentials: this.config.accessKeyId
        ? { accessKeyId: this.config.accessKeyId, secretAccessKey: this.config.secretAccessKey! }
        : undefined,
      // an endpoint that does not answer fails the request in seconds, one that does not start its answer in two
      // minutes fails it too; no idle timeout on the answer's body, which a slow reader may pause for long
      requestHandler: { connectionTimeout: 5000, requestTimeout: 120_000, throwOnRequestTimeout: true },
      // stores other than AWS often lack the newer default checksums (aws-chunked uploads): only where required
      ...(this.config.endpoint
        ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
        : {}),
    });
    return { client: this.client, sdk, storage };
  }

  /** Close the client's connections; a later call opens new ones (apps built on one config share the store). */
  async dispose() {
    this.client?.destroy();
    this.client = null;
  }

  private objectKey(key: string) {
    if (!FILE_KEY_RE.test(key)) throw new Error(`Invalid file key: ${key}`);
    return this.config.prefix + key;
  }

  private async send<T>(run: (client: S3Client, sdk: Sdk) => Promise<T>): Promise<T> {
    const { client, sdk } = await this.s3();
    try {
      return await run(client, sdk);
    } catch (e) {
      throw failure(e);
    }
  }

  /** GetObject, or null when there is no such object. */
  private async getObject(key: string, range?: string, abortSignal?: AbortSignal) {
    try {
      return await this.send((client, sdk) =>
        client.send(new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key), Range: range }), {
          abortSignal,
        }),
      );
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async put(key: string, body: Buffer, meta: { contentType: string; name?: string | null }) {
    const Key = this.objectKey(key);
    await this.send((client, sdk) =>
      client.send(
        new sdk.PutObjectCommand({
          Bucket: this.config.bucket,
          Key,
          Body: body,
          ContentLength: body.length,
          ContentType: meta.contentType,
          Metadata: nameMeta(meta.name),
        }),
      ),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!FILE_KEY_RE.test(key)) return null;
    const object = await this.getObject(key);
    if (!object?.Body) return null;
    let body: Buffer;
    try {
      body = Buffer.from(await object.Body.transformToByteArray());
    } catch (e) {
      throw failure(e);
    }
    return {
      body,
      contentType: object.ContentType ?? 'application/octet-stream',
      name: nameOf(object.Metadata),
      size: body.length,
    };
  }

  async putStream(key: string, body: Readable, meta: { contentType: string; name?: string | null }) {
    const Key = this.objectKey(key);
    const { client, storage } = await this.s3();
    let size = 0;
    // a failing source (a wrong signature, a truncated request) fails the upload with its own error (stream-upload.ts)
    let sourceError: unknown = null;
    body.once('error', (e) => (sourceError = e));
    const counted = pipeline(
      body,
      new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      }),
      () => {},
    );
    const upload = new storage.Upload({
      client,
      // parts of 5 MiB, two in flight: what an upload holds in memory whatever the size of the file
      queueSize: 2,
      partSize: 5 * 1024 * 1024,
      params: {
        Bucket: this.config.bucket,
        Key,
        Body: counted,
        ContentType: meta.contentType,
        Metadata: nameMeta(meta.name),
      },
    });
    try {
      // a multipart upload that fails is aborted (leavePartsOnError is off): nothing is left in the bucket
      await upload.done();
    } catch (e) {
      counted.destroy();
      throw sourceError ?? failure(e);
    }
    return size;
  }

  async openStream(key: string) {
    if (!FILE_KEY_RE.test(key)) return null;
    const object = await this.getObject(key);
    if (!object?.Body) return null;
    const stream = object.Body as Readable;
    return {
      stream,
      contentType: object.ContentType ?? 'application/octet-stream',
      name: nameOf(object.Metadata),
      size: object.ContentLength ?? 0,
    };
  }

  async openRandom(key: string) {
    if (!FILE_KEY_RE.test(key)) return null;
    let size: number;
    try {
      const head = await this.send((client, sdk) =>
        client.send(new sdk.HeadObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) })),
      );
      size = head.ContentLength ?? 0;
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
    return {
      size,
      /** A ranged GET (`Range: bytes=start-end`) per call, streamed; closing the stream early aborts the request. */
      range: (start: number, end?: number): Readable => {
        const last = Math.min(end ?? size - 1, size - 1);
        // an empty range is no request (S3 answers 416 to one that starts past the end)
        if (start >= size || last < start) return Readable.from([]);
        const out = new PassThrough();
        const abort = new AbortController();
        out.once('close', () => abort.abort());
        this.getObject(key, `bytes=${start}-${last}`, abort.signal)
          .then((object) => {
            if (!object?.Body) throw new Error(`File ${key} is gone from the bucket.`);
            return pipelineAsync(object.Body as Readable, out);
          })
          .catch((e) => {
            if (!out.destroyed) out.destroy(failure(e) as Error);
          });
        return out;
      },
    };
  }

  async delete(key: string) {
    if (!FILE_KEY_RE.test(key)) return;
    await this.send((client, sdk) =>
      client.send(new sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) })),
    );
  }
}
