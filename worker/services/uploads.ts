import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { multipartUploads } from '../db/schema';
import {
  formatFileSize,
  MATERIAL_MESSAGES as MESSAGES,
  titleFromFileName,
  uploadFieldsSchema,
} from '../contract/materials';
import { ApiError, refusal } from '../errors';
import { parseOrThrow } from '../validate';
import { contentMismatchMessage, fileKindFor, MAGIC_BYTES_NEEDED, type FileKind } from './file-types';
import type { MultipartTracker, Storage } from './storage';

/*
 * Upload checks shared by the streamed upload and the direct (presigned) one: the type by
 * extension, the content by its first bytes (magic numbers), the size cap.
 */

/** Multipart headers and small fields on top of the file itself. */
export const MULTIPART_OVERHEAD = 256 * 1024;

export const tooLarge = (max: number) =>
  refusal('PAYLOAD_TOO_LARGE', 'upload.tooLarge', { limit: formatFileSize(max) });

/** Reads the first bytes of a stream and gives back a stream of the whole, capped at `max` bytes. */
export async function sniffAndCap(
  source: ReadableStream<Uint8Array>,
  max: number,
): Promise<{ head: Uint8Array; stream: ReadableStream<Uint8Array> }> {
  const reader = source.getReader();
  const pending: Uint8Array[] = [];
  let seen = 0;
  while (seen < MAGIC_BYTES_NEEDED) {
    const { done, value } = await reader.read();
    if (done) break;
    pending.push(value);
    seen += value.length;
  }
  const head = new Uint8Array(Math.min(seen, MAGIC_BYTES_NEEDED));
  let filled = 0;
  for (const chunk of pending) {
    if (filled >= head.length) break;
    const take = chunk.subarray(0, head.length - filled);
    head.set(take, filled);
    filled += take.length;
  }
  let total = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = pending.shift() ?? (await reader.read()).value;
        if (!chunk) return controller.close();
        total += chunk.length;
        if (total > max) {
          controller.error(tooLarge(max));
          await reader.cancel().catch(() => undefined);
          return;
        }
        controller.enqueue(chunk);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  return { head, stream };
}

export function requireKind(fileName: string): FileKind {
  const kind = fileKindFor(fileName);
  if (!kind)
    throw new ApiError('VALIDATION_FAILED', MESSAGES.invalidFileType, { fields: { file: MESSAGES.invalidFileType } });
  return kind;
}

export function checkMagic(kind: FileKind, head: Uint8Array) {
  if (head.length === 0)
    throw new ApiError('VALIDATION_FAILED', 'The selected file is empty', {
      fields: { file: 'The selected file is empty' },
    });
  if (!kind.matches(head))
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', contentMismatchMessage(kind), {
      fields: { file: contentMismatchMessage(kind) },
    });
}

/** Title and description of an upload, the title defaulting to the file name without extension. */
export function uploadFields(fileName: string, title: string | undefined, description: string | undefined) {
  const fields = parseOrThrow(uploadFieldsSchema, { title: title ?? '', description: description ?? null });
  return { title: fields.title || titleFromFileName(fileName) || 'Untitled material', description: fields.description };
}

/** How long a multipart upload may stay in flight before the cron takes it for abandoned. */
export const STALE_UPLOAD_MS = 60 * 60 * 1000;

/** R2 aborts an unfinished multipart upload after 7 days by itself: a row that old whose abort fails is dropped. */
const FORGET_UPLOAD_MS = 7 * 24 * 60 * 60 * 1000;

/** Records multipart uploads in flight in D1 (`multipart_uploads`). */
export function uploadTracker(db: Db): MultipartTracker {
  return {
    started: async (key, uploadId) =>
      void (await db
        .insert(multipartUploads)
        .values({ uploadId, key, startedAt: new Date().toISOString() })
        .onConflictDoNothing()),
    finished: async (uploadId) =>
      void (await db.delete(multipartUploads).where(eq(multipartUploads.uploadId, uploadId))),
  };
}

/** Aborts the multipart uploads in flight for longer than STALE_UPLOAD_MS (their Worker died); returns how many. */
export async function abortStaleUploads(db: Db, storage: Storage, now: Date, limit = 100): Promise<number> {
  const cutoff = new Date(now.getTime() - STALE_UPLOAD_MS).toISOString();
  const stale = await db
    .select()
    .from(multipartUploads)
    .where(lt(multipartUploads.startedAt, cutoff))
    .orderBy(multipartUploads.startedAt)
    .limit(limit);
  const forgetBefore = new Date(now.getTime() - FORGET_UPLOAD_MS).toISOString();
  let aborted = 0;
  for (const upload of stale) {
    try {
      await storage.abortMultipart(upload.key, upload.uploadId);
      aborted += 1;
    } catch (error) {
      // One failing abort does not hold up the others; it is tried again on the next run until
      // the store has certainly dropped the upload by itself.
      console.error(
        JSON.stringify({ level: 'warn', message: 'multipart abort failed', key: upload.key, error: String(error) }),
      );
      if (upload.startedAt >= forgetBefore) continue;
    }
    await db.delete(multipartUploads).where(eq(multipartUploads.uploadId, upload.uploadId));
  }
  return aborted;
}

/** Reads a stream whole, throwing `tooBig()` past `max` bytes. */
export async function readUpTo(
  stream: ReadableStream<Uint8Array>,
  max: number,
  tooBig: () => ApiError,
): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw tooBig();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}
