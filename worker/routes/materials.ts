import { and, count, desc, eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import {
  completeUploadBody,
  materialListQuery,
  materialUpdateBody,
  MESSAGES,
  presignBody,
  type Material,
  type MaterialListPage,
  type PresignResponse,
} from '../contract/admin-content';
import { idParam, idString, searchQuery, searchTermOf } from '../contract/common';
import { offsetOf, paginate } from '../db/paginate';
import { materials as materialsTable, users } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { requireAdmin, requireAuth } from '../middleware/auth';
import { contentDisposition, fileKindFor, MAGIC_BYTES_NEEDED, type FileKind } from '../services/file-types';
import { signedFileUrl, verifyFileLink } from '../services/material-links';
import { findAccessibleMaterial, findMaterial, insertMaterial, materialSearch, toMaterial, usageCount, type MaterialRow } from '../services/materials';
import { boundaryOf, MultipartError, readMultipart } from '../services/multipart';
import { parseRange } from '../services/ranges';
import { checkMagic, MULTIPART_OVERHEAD, requireKind, sniffAndCap, tooLarge, uploadFields, uploadTracker } from '../services/uploads';
import { parseOrThrow, validate } from '../validate';

/*
 * /api/v2/materials: admins list, upload, edit and delete; learners read a material (and stream
 * its file) only while enrolled in a course that uses it. The file route also answers a signed
 * link without a session, so this router mixes public and private routes and every handler
 * states its own guard (app.ts lists the file route in PUBLIC_API_ROUTES).
 */

const PRESIGN_TTL_SECONDS = 15 * 60;

/** Editing changes only the title and description: a large body here is never legitimate, and formData() buffers. */
const editBodyLimit = bodyLimit({
  maxSize: 64 * 1024,
  onError: () => {
    throw new ApiError('PAYLOAD_TOO_LARGE', 'Only the title and description can be changed');
  },
});

/** The query of a signed file link (`?u=&t=&v=&exp=&sig=`); all or none. */
const fileLinkQuery = v.object({
  u: v.optional(idString),
  t: v.optional(idString),
  v: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Invalid link'))),
  exp: v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Invalid link'))),
  sig: v.optional(v.pipe(v.string(), v.maxLength(100, 'Invalid link'))),
});

const LINK_EXPIRED = 'This file link has expired. Please reopen the material.';

/** A material as the caller sees it, its file URL signed for the caller's session. */
async function materialFor(c: Context<AppEnv>, row: MaterialRow): Promise<Material> {
  const session = { userId: c.var.user.id, tokenId: c.var.tokenJti, tokenVersion: c.var.user.tokenVersion, sessionExp: c.var.tokenExp };
  return toMaterial(row, await signedFileUrl(c.env.JWT_SECRET, row.id, session));
}

/**
 * The file route also accepts a signed link, because <iframe>, <video> and "open in new tab" cannot
 * send a bearer header. The link's session must still be alive (not logged out, same token version).
 */
const fileAccess = createMiddleware<AppEnv & { Variables: { fileUser: { id: string; role: string } } }>(async (c, next) => {
  const { id } = parseOrThrow(idParam, { id: c.req.param('id') });
  const { u, t, v: ver, exp, sig } = parseOrThrow(fileLinkQuery, c.req.query());
  if (!c.req.header('authorization') && u && t && ver && exp && sig) {
    const session = { userId: u, tokenId: t, tokenVersion: Number(ver) };
    if (!(await verifyFileLink(c.env.JWT_SECRET, id, session, exp, sig))) throw new ApiError('UNAUTHORIZED', LINK_EXPIRED);
    const user = await c.var.db
      .select({
        id: users.id,
        role: users.role,
        tokenVersion: users.tokenVersion,
        deactivatedAt: users.deactivatedAt,
        revoked: sql<number>`EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = ${t})`,
      })
      .from(users)
      .where(eq(users.id, u))
      .get();
    // A link dies with the session that signed it: logout, a new token version, or a deactivated account.
    if (!user || user.revoked || user.deactivatedAt || user.tokenVersion !== session.tokenVersion) throw new ApiError('UNAUTHORIZED', LINK_EXPIRED);
    c.set('fileUser', { id: user.id, role: user.role });
    return next();
  }
  return requireAuth(c as unknown as Context<AppEnv>, async () => {
    c.set('fileUser', c.var.user);
    await next();
  });
});

export const materials = new Hono<AppEnv>()
  // The plain array without `page` (original clients and the component picker), the envelope with it.
  .get('/', requireAuth, requireAdmin, validate('query', materialListQuery), async (c) => {
    const { page, limit, search, query, type } = c.req.valid('query');
    const db = c.var.db;
    const where = and(materialSearch(search || query), type ? eq(materialsTable.type, type) : undefined);
    const order = [desc(materialsTable.createdAt), desc(materialsTable.id)] as const;
    if (page === undefined) {
      const rows = await db.select().from(materialsTable).where(where).orderBy(...order);
      return c.json(await Promise.all(rows.map((row) => materialFor(c, row))));
    }
    const request = { page, limit };
    const { items, pagination } = await paginate(
      db,
      request,
      db.select().from(materialsTable).where(where).orderBy(...order).limit(limit).offset(offsetOf(request)),
      db.select({ n: count() }).from(materialsTable).where(where),
    );
    return c.json({ materials: await Promise.all(items.map((row) => materialFor(c, row))), pagination } satisfies MaterialListPage);
  })

  // Quick lookup for pickers: the 20 newest materials whose title or description contains `q`.
  .get('/search', requireAuth, requireAdmin, validate('query', searchQuery), async (c) => {
    const rows = await c.var.db
      .select()
      .from(materialsTable)
      .where(materialSearch(searchTermOf(c.req.valid('query'))))
      .orderBy(desc(materialsTable.createdAt), desc(materialsTable.id))
      .limit(20);
    return c.json(await Promise.all(rows.map((row) => materialFor(c, row))));
  })

  .post('/upload', requireAuth, requireAdmin, async (c) => {
    const max = c.var.config.maxUploadBytes;
    const boundary = boundaryOf(c.req.header('content-type'));
    if (!boundary || !c.req.raw.body) throw new ApiError('VALIDATION_FAILED', MESSAGES.uploadMissing, { fields: { file: MESSAGES.uploadMissing } });
    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared > max + MULTIPART_OVERHEAD) throw tooLarge(max);

    const storage = c.var.storage;
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
        stored.size = (await storage.put(key, stream, { contentType: kind.contentType, tracker: uploadTracker(c.var.db) })).size;
      }
      if (!stored) throw new ApiError('VALIDATION_FAILED', MESSAGES.uploadMissing, { fields: { file: MESSAGES.uploadMissing } });
      const { title, description } = uploadFields(stored.fileName, fields.title, fields.description);
      return c.json(await materialFor(c, await insertMaterial(c.var.db, c.var.user.id, { ...stored, title, description })), 201);
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
    const storage = c.var.storage;
    if (!storage.presignPut) throw new ApiError('BAD_REQUEST', 'Direct uploads need the S3 storage backend; use POST /api/v2/materials/upload.');
    const kind = requireKind(fileName);
    const max = c.var.config.maxUploadBytes;
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
    const storage = c.var.storage;
    const info = await storage.head(body.key);
    if (!info) throw new ApiError('NOT_FOUND', 'The uploaded file was not found. Please upload it again.');
    const max = c.var.config.maxUploadBytes;
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
    return c.json(await materialFor(c, await insertMaterial(db, c.var.user.id, { key: body.key, kind, fileName, size: info.size, title, description })), 201);
  })

  .get('/:id', requireAuth, validate('param', idParam), async (c) => {
    const row = await findAccessibleMaterial(c.var.db, c.req.valid('param').id, c.var.user);
    return c.json(await materialFor(c, row));
  })

  .get('/:id/file', fileAccess, validate('param', idParam), async (c) => {
    // Unlocking and the course's state are checked again on every request, range requests included.
    const row = await findAccessibleMaterial(c.var.db, c.req.valid('param').id, c.var.fileUser);
    const range = parseRange(c.req.header('range'), row.fileSize);
    if (range === 'unsatisfiable') {
      return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${row.fileSize}`, 'Accept-Ranges': 'bytes' } });
    }
    const object = await c.var.storage.get(row.storageKey, range ? { range } : undefined);
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

  .put('/:id', requireAuth, requireAdmin, editBodyLimit, validate('param', idParam), async (c) => {
    const db = c.var.db;
    const row = await findMaterial(db, c.req.valid('param').id);
    // Original clients send multipart form fields; JSON is accepted too. Only title and description change, never the file.
    const type = c.req.header('content-type') ?? '';
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
    return c.json(await materialFor(c, updated));
  })

  .delete('/:id', requireAuth, requireAdmin, validate('param', idParam), async (c) => {
    const db = c.var.db;
    const row = await findMaterial(db, c.req.valid('param').id);
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
    await c.var.storage
      .delete(row.storageKey)
      .catch((error) => console.error(JSON.stringify({ level: 'warn', message: 'orphaned material object', key: row.storageKey, error: String(error) })));
    return c.json({ message: 'Material deleted successfully', id: row.id });
  });
