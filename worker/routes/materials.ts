import { and, desc, eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import {
  completeUploadBody,
  formatFileSize,
  materialUpdateBody,
  MESSAGES,
  presignBody,
  searchQuery,
  titleFromFileName,
  uploadFieldsSchema,
  type Material,
  type PresignResponse,
} from '../contract/admin-content';
import { isAdminUser } from '../contract/rules/roles';
import { components, courseProgress, materials as materialsTable, users } from '../db/schema';
import type { Db } from '../db/client';
import type { AppEnv, Bindings } from '../env';
import { ApiError } from '../errors';
import { requireAdmin, requireAuth } from '../middleware/auth';
import { toBase64Url, timingSafeEqual } from '../services/crypto';
import { contentDisposition, contentMismatchMessage, fileKindFor, MAGIC_BYTES_NEEDED, type FileKind } from '../services/file-types';
import { boundaryOf, MultipartError, readMultipart } from '../services/multipart';
import { getStorage } from '../services/storage';
import { parseOrThrow, validate } from '../validate';

/*
 * /api/v2/materials: admins list, upload, edit and delete; learners read a material (and stream
 * its file) only while enrolled in a course that uses it. Not under an app-level guard, so every
 * route states its own.
 */

const DEFAULT_MAX_UPLOAD_BYTES = 500 * 1024 * 1024;
/** Multipart headers and small fields on top of the file itself. */
const MULTIPART_OVERHEAD = 256 * 1024;
/** Signed file links (for <iframe>/<video>, which cannot send a bearer header) live this long. */
const FILE_LINK_TTL_SECONDS = 60 * 60;
const PRESIGN_TTL_SECONDS = 15 * 60;

export const materialFileUrl = (id: string) => `/api/v2/materials/${id}/file`;

type MaterialRow = typeof materialsTable.$inferSelect;

function toMaterial(row: MaterialRow, fileUrl = materialFileUrl(row.id)): Material {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    fileName: row.fileName,
    fileSize: row.fileSize,
    contentType: row.contentType,
    fileUrl,
    driveFileId: null,
    driveFileUrl: fileUrl,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function maxUploadBytes(env: Bindings): number {
  const value = Number(env.MAX_UPLOAD_BYTES);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_MAX_UPLOAD_BYTES;
}

const tooLarge = (max: number) => new ApiError('PAYLOAD_TOO_LARGE', `The file is larger than the upload limit of ${formatFileSize(max)}.`);

// ------------------------------------------------------------ signed file links

async function hmac(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(`material-file:${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message))));
}

/** A link to the file for this user that works without a header until it expires. */
async function signedFileUrl(secret: string, materialId: string, userId: string): Promise<string> {
  const exp = Math.floor(Date.now() / 1000) + FILE_LINK_TTL_SECONDS;
  const sig = await hmac(secret, `${materialId}:${userId}:${exp}`);
  return `${materialFileUrl(materialId)}?u=${encodeURIComponent(userId)}&exp=${exp}&sig=${sig}`;
}

async function verifyFileLink(secret: string, materialId: string, userId: string, exp: string, sig: string): Promise<boolean> {
  if (!/^\d+$/.test(exp) || Number(exp) < Date.now() / 1000) return false;
  const expected = await hmac(secret, `${materialId}:${userId}:${exp}`);
  const enc = new TextEncoder();
  return timingSafeEqual(enc.encode(expected), enc.encode(sig));
}

// ------------------------------------------------------------ access

async function findMaterial(db: Db, id: string): Promise<MaterialRow> {
  const row = await db.select().from(materialsTable).where(eq(materialsTable.id, id)).get();
  if (!row) throw new ApiError('NOT_FOUND', 'Material not found');
  return row;
}

/** Admins always; a learner only while enrolled in a course that has a component using it. Otherwise 404. */
async function findAccessibleMaterial(db: Db, id: string, user: { id: string; role: string }): Promise<MaterialRow> {
  const row = await findMaterial(db, id);
  if (isAdminUser(user)) return row;
  const enrolled = await db
    .select({ id: courseProgress.id })
    .from(courseProgress)
    .innerJoin(components, eq(components.courseId, courseProgress.courseId))
    .where(and(eq(courseProgress.userId, user.id), eq(components.materialId, id)))
    .limit(1)
    .get();
  if (!enrolled) throw new ApiError('NOT_FOUND', 'Material not found');
  return row;
}

/** The file route also accepts a signed link, because <iframe>, <video> and "open in new tab" cannot send a bearer header. */
const fileAccess = createMiddleware<AppEnv & { Variables: { fileUserId: string } }>(async (c, next) => {
  const { u, exp, sig } = c.req.query();
  if (!c.req.header('authorization') && u && exp && sig) {
    if (!(await verifyFileLink(c.env.JWT_SECRET, c.req.param('id') ?? '', u, exp, sig))) {
      throw new ApiError('UNAUTHORIZED', 'This file link has expired. Please reopen the material.');
    }
    c.set('fileUserId', u);
    return next();
  }
  return requireAuth(c as unknown as Context<AppEnv>, async () => {
    c.set('fileUserId', c.var.user.id);
    await next();
  });
});

// ------------------------------------------------------------ ranges

type RangeResult = { offset: number; length: number } | 'unsatisfiable' | null;

/** Single byte ranges (`bytes=a-b`, `bytes=a-`, `bytes=-n`); anything else is served whole. */
export function parseRange(header: string | undefined, size: number): RangeResult {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || end < start) return 'unsatisfiable';
  return { offset: start, length: end - start + 1 };
}

// ------------------------------------------------------------ upload

/** Reads the first bytes of a stream and gives back a stream of the whole, capped at `max` bytes. */
async function sniffAndCap(source: ReadableStream<Uint8Array>, max: number): Promise<{ head: Uint8Array; stream: ReadableStream<Uint8Array> }> {
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

function requireKind(fileName: string): FileKind {
  const kind = fileKindFor(fileName);
  if (!kind) throw new ApiError('VALIDATION_FAILED', MESSAGES.invalidFileType, { fields: { file: MESSAGES.invalidFileType } });
  return kind;
}

function checkMagic(kind: FileKind, head: Uint8Array) {
  if (head.length === 0) throw new ApiError('VALIDATION_FAILED', 'The selected file is empty', { fields: { file: 'The selected file is empty' } });
  if (!kind.matches(head)) throw new ApiError('UNSUPPORTED_MEDIA_TYPE', contentMismatchMessage(kind), { fields: { file: contentMismatchMessage(kind) } });
}

async function insertMaterial(
  c: Context<AppEnv>,
  values: { key: string; kind: FileKind; fileName: string; size: number; title: string; description: string | null },
): Promise<Material> {
  const id = crypto.randomUUID();
  const [row] = await c.var.db
    .insert(materialsTable)
    .values({
      id,
      title: values.title,
      description: values.description,
      type: values.kind.type,
      fileName: values.fileName,
      fileSize: values.size,
      contentType: values.kind.contentType,
      storageKey: values.key,
      createdBy: c.var.user.id,
    })
    .returning();
  return toMaterial(row, await signedFileUrl(c.env.JWT_SECRET, row.id, c.var.user.id));
}

/** Title and description of an upload, the title defaulting to the file name without extension. */
function uploadFields(fileName: string, title: string | undefined, description: string | undefined) {
  const fields = parseOrThrow(uploadFieldsSchema, { title: title ?? '', description: description ?? null });
  return { title: fields.title || titleFromFileName(fileName) || 'Untitled material', description: fields.description };
}

const usageCount = (db: Db, id: string) =>
  db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(components)
    .where(eq(components.materialId, id))
    .get()
    .then((r) => r?.n ?? 0);

export const materials = new Hono<AppEnv>()
  .get('/', requireAuth, requireAdmin, validate('query', searchQuery), async (c) => {
    const { query, search } = c.req.valid('query');
    const text = (search ?? query)?.trim().toLowerCase();
    const base = c.var.db.select().from(materialsTable);
    const rows = await (text
      ? base.where(sql`instr(lower(${materialsTable.title}), ${text}) > 0 OR instr(lower(coalesce(${materialsTable.description}, '')), ${text}) > 0`)
      : base
    )
      .orderBy(desc(materialsTable.createdAt))
      .all();
    return c.json(await Promise.all(rows.map(async (row) => toMaterial(row, await signedFileUrl(c.env.JWT_SECRET, row.id, c.var.user.id)))));
  })

  .post('/upload', requireAuth, requireAdmin, async (c) => {
    const max = maxUploadBytes(c.env);
    const boundary = boundaryOf(c.req.header('content-type'));
    if (!boundary || !c.req.raw.body) throw new ApiError('VALIDATION_FAILED', MESSAGES.uploadMissing, { fields: { file: MESSAGES.uploadMissing } });
    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared > max + MULTIPART_OVERHEAD) throw tooLarge(max);

    const storage = getStorage(c.env);
    const fields: Record<string, string> = {};
    let stored: { key: string; kind: FileKind; fileName: string; size: number } | null = null;
    try {
      for await (const part of readMultipart(c.req.raw.body, boundary)) {
        if (part.fileName === null) {
          fields[part.name] = await part.text();
          continue;
        }
        // An empty file input sends a part with an empty file name; a second file is ignored.
        if (part.name !== 'file' || part.fileName === '' || stored) continue;
        const kind = requireKind(part.fileName);
        const { head, stream } = await sniffAndCap(part.body, max);
        checkMagic(kind, head);
        const key = `materials/${crypto.randomUUID()}.${kind.ext}`;
        const fileName = part.fileName.split(/[\\/]/).pop() || `file.${kind.ext}`;
        stored = { key, kind, fileName, size: 0 };
        stored.size = (await storage.put(key, stream, { contentType: kind.contentType })).size;
      }
      if (!stored) throw new ApiError('VALIDATION_FAILED', MESSAGES.uploadMissing, { fields: { file: MESSAGES.uploadMissing } });
      const { title, description } = uploadFields(stored.fileName, fields.title, fields.description);
      return c.json(await insertMaterial(c, { ...stored, title, description }), 201);
    } catch (error) {
      // Nothing half-written: a refused or broken upload leaves no object behind.
      if (stored) await storage.delete(stored.key).catch(() => undefined);
      if (error instanceof MultipartError) throw new ApiError('BAD_REQUEST', error.message);
      throw error;
    }
  })

  // With the S3 backend the browser uploads straight to the bucket: presign, PUT, then complete.
  .post('/presign', requireAuth, requireAdmin, validate('json', presignBody), async (c) => {
    const { fileName, size } = c.req.valid('json');
    const storage = getStorage(c.env);
    if (!storage.presignPut) throw new ApiError('BAD_REQUEST', 'Direct uploads need the S3 storage backend; use POST /api/v2/materials/upload.');
    const kind = requireKind(fileName);
    const max = maxUploadBytes(c.env);
    if (size > max) throw tooLarge(max);
    const key = `materials/${crypto.randomUUID()}.${kind.ext}`;
    const uploadUrl = await storage.presignPut(key, kind.contentType, PRESIGN_TTL_SECONDS);
    return c.json({ uploadUrl, key, method: 'PUT', headers: { 'content-type': kind.contentType }, expiresIn: PRESIGN_TTL_SECONDS } satisfies PresignResponse);
  })

  .post('/complete', requireAuth, requireAdmin, validate('json', completeUploadBody), async (c) => {
    const body = c.req.valid('json');
    const match = body.key.match(/^materials\/[0-9a-f-]{36}\.([a-z0-9]+)$/);
    const kind = match ? fileKindFor(body.key) : null;
    if (!kind) throw new ApiError('VALIDATION_FAILED', 'Unknown upload key', { fields: { key: 'Unknown upload key' } });
    const db = c.var.db;
    if (await db.select({ id: materialsTable.id }).from(materialsTable).where(eq(materialsTable.storageKey, body.key)).get()) {
      throw new ApiError('CONFLICT', 'This upload has already been completed');
    }
    const fileName = (body.fileName?.split(/[\\/]/).pop() || body.key.split('/').pop()) ?? body.key;
    const storage = getStorage(c.env);
    const info = await storage.head(body.key);
    if (!info) throw new ApiError('NOT_FOUND', 'The uploaded file was not found. Please upload it again.');
    const max = maxUploadBytes(c.env);
    try {
      if (fileKindFor(fileName)?.ext !== kind.ext) throw new ApiError('VALIDATION_FAILED', MESSAGES.invalidFileType, { fields: { fileName: MESSAGES.invalidFileType } });
      if (info.size > max) throw tooLarge(max);
      const object = await storage.get(body.key, { range: { offset: 0, length: Math.min(info.size, MAGIC_BYTES_NEEDED) } });
      const head = object ? new Uint8Array(await new Response(object.body).arrayBuffer()) : new Uint8Array(0);
      checkMagic(kind, head);
    } catch (error) {
      // A refused direct upload leaves nothing in the bucket.
      await storage.delete(body.key).catch(() => undefined);
      throw error;
    }
    const { title, description } = uploadFields(fileName, body.title, body.description ?? undefined);
    return c.json(await insertMaterial(c, { key: body.key, kind, fileName, size: info.size, title, description }), 201);
  })

  .get('/:id', requireAuth, async (c) => {
    const row = await findAccessibleMaterial(c.var.db, c.req.param('id'), c.var.user);
    return c.json(toMaterial(row, await signedFileUrl(c.env.JWT_SECRET, row.id, c.var.user.id)));
  })

  .get('/:id/file', fileAccess, async (c) => {
    const db = c.var.db;
    const user = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, c.var.fileUserId)).get();
    if (!user) throw new ApiError('UNAUTHORIZED', 'Authentication required');
    const row = await findAccessibleMaterial(db, c.req.param('id'), user);
    const range = parseRange(c.req.header('range'), row.fileSize);
    if (range === 'unsatisfiable') {
      return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${row.fileSize}`, 'Accept-Ranges': 'bytes' } });
    }
    const object = await getStorage(c.env).get(row.storageKey, range ? { range } : undefined);
    if (!object) throw new ApiError('NOT_FOUND', 'The file of this material is missing from storage');
    const headers = new Headers({
      'Content-Type': row.contentType,
      'Content-Disposition': contentDisposition(row.fileName, 'inline'),
      'X-Content-Type-Options': 'nosniff',
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'private, no-store',
      'Content-Length': String(range ? range.length : object.size),
    });
    if (range) headers.set('Content-Range', `bytes ${range.offset}-${range.offset + range.length - 1}/${object.size}`);
    return new Response(object.body, { status: range ? 206 : 200, headers });
  })

  .put('/:id', requireAuth, requireAdmin, async (c) => {
    const db = c.var.db;
    const row = await findMaterial(db, c.req.param('id'));
    // The spec sends multipart form fields; JSON is accepted too. Only title and description change, never the file.
    const type = c.req.header('content-type') ?? '';
    // Title and description only: a large body here is never legitimate, and formData() buffers.
    if (Number(c.req.header('content-length') ?? 0) > 64 * 1024) throw new ApiError('PAYLOAD_TOO_LARGE', 'Only the title and description can be changed');
    let input: unknown = {};
    if (/multipart\/form-data|application\/x-www-form-urlencoded/i.test(type)) {
      const form = await c.req.formData().catch(() => null);
      input = { title: form?.get('title') ?? '', description: form?.get('description') ?? null };
    } else {
      input = await c.req.json().catch(() => ({}));
    }
    const body = parseOrThrow(materialUpdateBody, v.is(v.record(v.string(), v.unknown()), input) ? input : {});
    const [updated] = await db
      .update(materialsTable)
      .set({ title: body.title, description: body.description, updatedAt: new Date().toISOString() })
      .where(eq(materialsTable.id, row.id))
      .returning();
    return c.json(toMaterial(updated, await signedFileUrl(c.env.JWT_SECRET, row.id, c.var.user.id)));
  })

  .delete('/:id', requireAuth, requireAdmin, async (c) => {
    const db = c.var.db;
    const row = await findMaterial(db, c.req.param('id'));
    const used = await usageCount(db, row.id);
    if (used > 0) throw new ApiError('IN_USE', `This material is used by ${used} course component(s) and cannot be deleted`);
    try {
      await db.delete(materialsTable).where(eq(materialsTable.id, row.id));
    } catch (error) {
      // A component added between the check and the delete: the foreign key refuses it.
      if (/FOREIGN KEY/i.test(String((error as { cause?: unknown })?.cause ?? error))) {
        throw new ApiError('IN_USE', `This material is used by ${await usageCount(db, row.id)} course component(s) and cannot be deleted`);
      }
      throw error;
    }
    await getStorage(c.env)
      .delete(row.storageKey)
      .catch((error) => console.error(JSON.stringify({ level: 'warn', message: 'orphaned material object', key: row.storageKey, error: String(error) })));
    return c.json({ message: 'Material deleted successfully', id: row.id });
  });
