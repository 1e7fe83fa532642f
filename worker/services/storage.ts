import type { Bindings } from '../env';

/*
 * File storage behind one interface with two backends: the R2 binding (default, also what
 * `wrangler dev` uses locally) and any S3-compatible endpoint (R2's S3 API, MinIO, AWS S3)
 * through the AWS SDK (storage-s3.ts, loaded on first use), chosen by STORAGE_BACKEND.
 *
 * Streams of unknown length are stored as multipart uploads of PART_SIZE parts, so at most one
 * part is held in memory however large the file is (a Worker has 128 MB).
 */

/** 5 MiB: the smallest part S3 and R2 accept; every part but the last has this exact size (R2 requires equal parts). */
export const PART_SIZE = 5 * 1024 * 1024;

export type StorageBody = ReadableStream<Uint8Array> | Uint8Array | ArrayBuffer | string;

export interface ByteRange {
  offset: number;
  length: number;
}

export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  /** Size of the whole object, not of the range. */
  size: number;
  contentType: string;
  range?: ByteRange;
}

export interface ObjectInfo {
  size: number;
  contentType: string;
}

/** Told when a multipart upload starts and when it is completed or aborted (so one left behind can be found). */
export interface MultipartTracker {
  started(key: string, uploadId: string): Promise<void>;
  finished(uploadId: string): Promise<void>;
}

export interface Storage {
  readonly backend: 'r2' | 's3';
  /** Stores `body` under `key`; resolves with the number of bytes stored. A stream that errors aborts the upload and rejects with its error. */
  put(
    key: string,
    body: StorageBody,
    options: { contentType: string; size?: number; tracker?: MultipartTracker },
  ): Promise<{ size: number }>;
  /** Aborts a multipart upload and drops its parts; an upload the store no longer knows is not an error. */
  abortMultipart(key: string, uploadId: string): Promise<void>;
  get(key: string, options?: { range?: ByteRange }): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<void>;
  /** A URL the browser can PUT the file to directly (S3 backend only). */
  presignPut?(key: string, contentType: string, expiresIn: number): Promise<string>;
}

export type StorageEnv = Pick<
  Bindings,
  'FILES' | 'STORAGE_BACKEND' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
>;

export function getStorage(env: StorageEnv): Storage {
  if (env.STORAGE_BACKEND === 's3') return s3Storage(env);
  if (!env.FILES) throw new Error('Storage is not configured: the FILES R2 binding is missing');
  return r2Storage(env.FILES);
}

/**
 * The storage of a request (`c.var.storage`): built on first use, so a misconfigured backend
 * fails the calls that touch files, not every request.
 */
export function storageFor(env: StorageEnv): Storage {
  let made: Storage | undefined;
  const use = () => (made ??= getStorage(env));
  const backend = env.STORAGE_BACKEND === 's3' ? 's3' : 'r2';
  return {
    backend,
    put: (key, body, options) => use().put(key, body, options),
    get: (key, options) => use().get(key, options),
    head: (key) => use().head(key),
    delete: (key) => use().delete(key),
    abortMultipart: (key, uploadId) => use().abortMultipart(key, uploadId),
    ...(backend === 's3'
      ? {
          presignPut: (key: string, contentType: string, expiresIn: number) =>
            use().presignPut!(key, contentType, expiresIn),
        }
      : {}),
  };
}

/** Cuts a stream into PART_SIZE pieces (the last one shorter). Holds at most one part. */
export async function* partsOf(stream: ReadableStream<Uint8Array>, partSize = PART_SIZE): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let part = new Uint8Array(partSize);
  let filled = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      let offset = 0;
      while (offset < value.length) {
        const take = Math.min(partSize - filled, value.length - offset);
        part.set(value.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled === partSize) {
          yield part;
          part = new Uint8Array(partSize);
          filled = 0;
        }
      }
    }
    if (filled > 0) yield part.subarray(0, filled);
  } finally {
    reader.releaseLock();
  }
}

export function toBytes(body: Exclude<StorageBody, ReadableStream<Uint8Array>>): Uint8Array {
  if (typeof body === 'string') return new TextEncoder().encode(body);
  return body instanceof Uint8Array ? body : new Uint8Array(body);
}

interface MultipartTarget<TPart> {
  single(bytes: Uint8Array): Promise<void>;
  start(): Promise<{
    uploadId: string;
    upload(partNumber: number, bytes: Uint8Array): Promise<TPart>;
    complete(parts: TPart[]): Promise<void>;
    abort(): Promise<void>;
  }>;
}

/** One part: a plain put. More: a multipart upload, aborted if anything fails, tracked while in flight. */
export async function putStream<TPart>(
  key: string,
  stream: ReadableStream<Uint8Array>,
  target: MultipartTarget<TPart>,
  tracker?: MultipartTracker,
): Promise<number> {
  const parts = partsOf(stream);
  const first = await parts.next();
  if (first.done) {
    await target.single(new Uint8Array(0));
    return 0;
  }
  const second = await parts.next();
  if (second.done) {
    await target.single(first.value);
    return first.value.length;
  }
  const upload = await target.start();
  try {
    await tracker?.started(key, upload.uploadId);
    const uploaded: TPart[] = [await upload.upload(1, first.value), await upload.upload(2, second.value)];
    let size = first.value.length + second.value.length;
    for await (const part of parts) {
      uploaded.push(await upload.upload(uploaded.length + 1, part));
      size += part.length;
    }
    await upload.complete(uploaded);
    await tracker?.finished(upload.uploadId).catch(() => undefined);
    return size;
  } catch (error) {
    await upload.abort().catch(() => undefined);
    await tracker?.finished(upload.uploadId).catch(() => undefined);
    throw error;
  }
}

// ---------------------------------------------------------------- R2 binding

function r2Storage(bucket: R2Bucket): Storage {
  return {
    backend: 'r2',
    async put(key, body, { contentType, tracker }) {
      const httpMetadata = { contentType };
      if (!(body instanceof ReadableStream)) {
        const bytes = toBytes(body);
        await bucket.put(key, bytes, { httpMetadata });
        return { size: bytes.length };
      }
      const size = await putStream<R2UploadedPart>(
        key,
        body,
        {
          single: async (bytes) => void (await bucket.put(key, bytes, { httpMetadata })),
          start: async () => {
            const upload = await bucket.createMultipartUpload(key, { httpMetadata });
            return {
              uploadId: upload.uploadId,
              upload: (n, bytes) => upload.uploadPart(n, bytes),
              complete: async (parts) => void (await upload.complete(parts)),
              abort: () => upload.abort(),
            };
          },
        },
        tracker,
      );
      return { size };
    },
    async abortMultipart(key, uploadId) {
      try {
        await bucket.resumeMultipartUpload(key, uploadId).abort();
      } catch (error) {
        // Already completed, aborted or expired by the store: nothing is left to drop.
        if (!/not ?found|NoSuchUpload|does not exist/i.test(String(error))) throw error;
      }
    },
    async get(key, options = {}) {
      const object = await bucket.get(key, options.range ? { range: options.range } : undefined);
      if (!object) return null;
      const contentType = object.httpMetadata?.contentType ?? 'application/octet-stream';
      return { body: object.body, size: object.size, contentType, ...(options.range ? { range: options.range } : {}) };
    },
    async head(key) {
      const object = await bucket.head(key);
      return object
        ? { size: object.size, contentType: object.httpMetadata?.contentType ?? 'application/octet-stream' }
        : null;
    },
    async delete(key) {
      await bucket.delete(key);
    },
  };
}

// ---------------------------------------------------------------- S3-compatible endpoint

/** What the S3 backend needs, checked when the storage is first used. */
export interface S3Config {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * The S3 backend, with the AWS SDK imported on the first call (`import()`, like pdf-lib): an
 * isolate on the R2 binding, the default, never evaluates it.
 */
function s3Storage(
  env: Pick<Bindings, 'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>,
): Storage {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new Error(
      'Storage is not configured: STORAGE_BACKEND=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  }
  const config: S3Config = {
    endpoint: S3_ENDPOINT.replace(/\/+$/, ''),
    region: env.S3_REGION || 'auto',
    bucket: S3_BUCKET,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
  };
  let made: Promise<Storage> | undefined;
  const use = () => (made ??= import('./storage-s3').then((module) => module.s3Storage(config)));
  return {
    backend: 's3',
    put: async (key, body, options) => (await use()).put(key, body, options),
    get: async (key, options) => (await use()).get(key, options),
    head: async (key) => (await use()).head(key),
    delete: async (key) => (await use()).delete(key),
    abortMultipart: async (key, uploadId) => (await use()).abortMultipart(key, uploadId),
    presignPut: async (key, contentType, expiresIn) => (await use()).presignPut!(key, contentType, expiresIn),
  };
}
