import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Bindings } from '../env';

/*
 * File storage behind one interface with two backends: the R2 binding (default, also what
 * `wrangler dev` uses locally) and any S3-compatible endpoint (R2's S3 API, MinIO, AWS S3)
 * through @aws-sdk/client-s3, chosen by STORAGE_BACKEND.
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

export interface Storage {
  readonly backend: 'r2' | 's3';
  /** Stores `body` under `key`; resolves with the number of bytes stored. A stream that errors aborts the upload and rejects with its error. */
  put(key: string, body: StorageBody, options: { contentType: string; size?: number }): Promise<{ size: number }>;
  get(key: string, options?: { range?: ByteRange }): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<void>;
  /** A URL the browser can PUT the file to directly (S3 backend only). */
  presignPut?(key: string, contentType: string, expiresIn: number): Promise<string>;
}

export function getStorage(env: Pick<Bindings, 'FILES' | 'STORAGE_BACKEND' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>): Storage {
  if (env.STORAGE_BACKEND === 's3') return s3Storage(env);
  if (!env.FILES) throw new Error('Storage is not configured: the FILES R2 binding is missing');
  return r2Storage(env.FILES);
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

function toBytes(body: Exclude<StorageBody, ReadableStream<Uint8Array>>): Uint8Array {
  if (typeof body === 'string') return new TextEncoder().encode(body);
  return body instanceof Uint8Array ? body : new Uint8Array(body);
}

interface MultipartTarget<TPart> {
  single(bytes: Uint8Array): Promise<void>;
  start(): Promise<{
    upload(partNumber: number, bytes: Uint8Array): Promise<TPart>;
    complete(parts: TPart[]): Promise<void>;
    abort(): Promise<void>;
  }>;
}

/** One part: a plain put. More: a multipart upload, aborted if anything fails. */
async function putStream<TPart>(stream: ReadableStream<Uint8Array>, target: MultipartTarget<TPart>): Promise<number> {
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
    const uploaded: TPart[] = [await upload.upload(1, first.value), await upload.upload(2, second.value)];
    let size = first.value.length + second.value.length;
    for await (const part of parts) {
      uploaded.push(await upload.upload(uploaded.length + 1, part));
      size += part.length;
    }
    await upload.complete(uploaded);
    return size;
  } catch (error) {
    await upload.abort().catch(() => undefined);
    throw error;
  }
}

// ---------------------------------------------------------------- R2 binding

function r2Storage(bucket: R2Bucket): Storage {
  return {
    backend: 'r2',
    async put(key, body, { contentType }) {
      const httpMetadata = { contentType };
      if (!(body instanceof ReadableStream)) {
        const bytes = toBytes(body);
        await bucket.put(key, bytes, { httpMetadata });
        return { size: bytes.length };
      }
      const size = await putStream<R2UploadedPart>(body, {
        single: async (bytes) => void (await bucket.put(key, bytes, { httpMetadata })),
        start: async () => {
          const upload = await bucket.createMultipartUpload(key, { httpMetadata });
          return {
            upload: (n, bytes) => upload.uploadPart(n, bytes),
            complete: async (parts) => void (await upload.complete(parts)),
            abort: () => upload.abort(),
          };
        },
      });
      return { size };
    },
    async get(key, options = {}) {
      const object = await bucket.get(key, options.range ? { range: options.range } : undefined);
      if (!object) return null;
      const contentType = object.httpMetadata?.contentType ?? 'application/octet-stream';
      return { body: object.body, size: object.size, contentType, ...(options.range ? { range: options.range } : {}) };
    },
    async head(key) {
      const object = await bucket.head(key);
      return object ? { size: object.size, contentType: object.httpMetadata?.contentType ?? 'application/octet-stream' } : null;
    },
    async delete(key) {
      await bucket.delete(key);
    },
  };
}

// ---------------------------------------------------------------- S3-compatible endpoint

function s3Storage(env: Pick<Bindings, 'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>): Storage {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new Error('Storage is not configured: STORAGE_BACKEND=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  const client = new S3Client({
    endpoint: S3_ENDPOINT,
    region: env.S3_REGION || 'auto',
    forcePathStyle: true,
    credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
    // Otherwise presigned PUTs carry a checksum of an empty body and every browser upload fails.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = S3_BUCKET;
  const isMissing = (error: unknown) => {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
  };

  return {
    backend: 's3',
    async put(key, body, { contentType }) {
      if (!(body instanceof ReadableStream)) {
        const bytes = toBytes(body);
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
        return { size: bytes.length };
      }
      const size = await putStream<{ ETag: string; PartNumber: number }>(body, {
        single: async (bytes) => void (await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }))),
        start: async () => {
          const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }));
          if (!UploadId) throw new Error('S3 did not return an upload id');
          return {
            upload: async (PartNumber, bytes) => {
              const res = await client.send(new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber, Body: bytes, ContentLength: bytes.length }));
              return { ETag: res.ETag ?? '', PartNumber };
            },
            complete: async (Parts) => void (await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts } }))),
            abort: async () => void (await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId }))),
          };
        },
      });
      return { size };
    },
    async get(key, options = {}) {
      const range = options.range;
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.offset}-${range.offset + range.length - 1}` } : {}) }),
        );
        if (!res.Body) return null;
        const total = res.ContentRange?.match(/\/(\d+)$/)?.[1];
        const size = total ? Number(total) : Number(res.ContentLength ?? 0);
        return {
          body: res.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          size,
          contentType: res.ContentType ?? 'application/octet-stream',
          ...(range ? { range } : {}),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async head(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: Number(res.ContentLength ?? 0), contentType: res.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    presignPut(key, contentType, expiresIn) {
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), { expiresIn });
    },
  };
}
