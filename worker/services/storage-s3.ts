import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { putStream, toBytes, type S3Config, type Storage } from './storage';

/*
 * The S3-compatible backend (R2's S3 API, MinIO, AWS S3) on the AWS SDK. storage.ts imports this
 * module on the first call that touches files, and only when STORAGE_BACKEND=s3, so an isolate on
 * the R2 binding never evaluates the SDK.
 */

class S3Error extends Error {
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(`S3 ${operation} failed: ${status}${code ? ` ${code}` : ''}`);
    this.name = 'S3Error';
  }
}

/** The HTTP status of an SDK error (undefined for a network failure, which is rethrown as it is). */
const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);

/** Runs one S3 call; a 404 answers `missing` where given, any other refusal throws with S3's error code. */
async function call<T, M = never>(operation: string, run: () => Promise<T>, missing?: () => M): Promise<T | M> {
  try {
    return await run();
  } catch (error) {
    const status = statusOf(error);
    if (status === 404 && missing) return missing();
    if (status !== undefined) throw new S3Error(operation, status, (error as S3ServiceException).name || null);
    throw error;
  }
}

export function s3Storage(config: S3Config): Storage {
  const Bucket = config.bucket;
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    // `<endpoint>/<bucket>/<key>`: an S3-compatible endpoint (MinIO, a local server) has no per-bucket host names.
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Few retries: an upload part that keeps failing should fail the upload, not stall it.
    maxAttempts: 3,
    // Otherwise every request carries a CRC32 of its body (and a presigned PUT an empty body's), which
    // S3-compatible stores other than AWS may refuse; SigV4 already covers the payload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  const putBytes = async (Key: string, bytes: Uint8Array, ContentType: string) => {
    const command = new PutObjectCommand({ Bucket, Key, Body: bytes, ContentType, ContentLength: bytes.length });
    await call('PutObject', () => client.send(command));
  };
  /** An unknown upload id answers 404 (NoSuchUpload): already gone. */
  const abortUpload = async (Key: string, UploadId: string) => {
    const command = new AbortMultipartUploadCommand({ Bucket, Key, UploadId });
    await call(
      'AbortMultipartUpload',
      () => client.send(command),
      () => undefined,
    );
  };

  return {
    backend: 's3',
    async put(key, body, { contentType, tracker }) {
      if (!(body instanceof ReadableStream)) {
        const bytes = toBytes(body);
        await putBytes(key, bytes, contentType);
        return { size: bytes.length };
      }
      const size = await putStream<{ ETag: string; PartNumber: number }>(
        key,
        body,
        {
          single: (bytes) => putBytes(key, bytes, contentType),
          start: async () => {
            const create = new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType });
            const created = await call('CreateMultipartUpload', () => client.send(create));
            const uploadId = created.UploadId;
            if (!uploadId) throw new Error('S3 did not return an upload id');
            return {
              uploadId,
              upload: async (PartNumber, bytes) => {
                const command = new UploadPartCommand({
                  Bucket,
                  Key: key,
                  UploadId: uploadId,
                  PartNumber,
                  Body: bytes,
                  ContentLength: bytes.length,
                });
                const part = await call('UploadPart', () => client.send(command));
                return { ETag: part.ETag ?? '', PartNumber };
              },
              // The SDK turns S3's "200 with an <Error> body" answer to a completion into a thrown error.
              complete: async (Parts) => {
                const command = new CompleteMultipartUploadCommand({
                  Bucket,
                  Key: key,
                  UploadId: uploadId,
                  MultipartUpload: { Parts },
                });
                await call('CompleteMultipartUpload', () => client.send(command));
              },
              abort: () => abortUpload(key, uploadId),
            };
          },
        },
        tracker,
      );
      return { size };
    },
    abortMultipart: (key, uploadId) => abortUpload(key, uploadId),
    async get(key, options = {}) {
      const range = options.range;
      const Range = range ? `bytes=${range.offset}-${range.offset + range.length - 1}` : undefined;
      const command = new GetObjectCommand({ Bucket, Key: key, Range });
      const object = await call(
        'GetObject',
        () => client.send(command),
        () => null,
      );
      if (!object?.Body) return null;
      const total = object.ContentRange?.match(/\/(\d+)$/)?.[1];
      return {
        body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
        size: Number(total ?? object.ContentLength ?? 0),
        contentType: object.ContentType ?? 'application/octet-stream',
        ...(range ? { range } : {}),
      };
    },
    async head(key) {
      const command = new HeadObjectCommand({ Bucket, Key: key });
      const object = await call(
        'HeadObject',
        () => client.send(command),
        () => null,
      );
      if (!object) return null;
      return { size: object.ContentLength ?? 0, contentType: object.ContentType ?? 'application/octet-stream' };
    },
    async delete(key) {
      await call(
        'DeleteObject',
        () => client.send(new DeleteObjectCommand({ Bucket, Key: key })),
        () => undefined,
      );
    },
    // A query-signed URL the browser PUTs to; the content type is signed, so it must send the same.
    presignPut: (key, contentType, expiresIn) =>
      getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), {
        expiresIn,
        signableHeaders: new Set(['content-type']),
      }),
  };
}
