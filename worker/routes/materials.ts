import { and, count, desc, eq } from 'drizzle-orm';
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
import { CAPTION_MAX_BYTES, CAPTION_MESSAGES, captionFields, captionParams, defaultCaptionLabel, MAX_CAPTIONS_PER_MATERIAL, webVttProblem, type CaptionTrack } from '../contract/captions';
import { idParam, idString, searchQuery, searchTermOf } from '../contract/common';
import { offsetOf, paginate } from '../db/paginate';
import { isUniqueViolation } from '../db/errors';
import { materialCaptions, materials as materialsTable } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError, refusal } from '../errors';
import { requireAdmin, requireAuth } from '../middleware/auth';
import { auditInsert } from '../services/audit';
import { liveLinkUser } from '../services/link-sessions';
import { CAPTION_CONTENT_TYPE, captionsByMaterial, captionsOf, captionStorageKey, toCaptionTrack } from '../services/captions';
import { contentDisposition, extensionOf, fileKindFor, MAGIC_BYTES_NEEDED, safeFileName, type FileKind } from '../services/file-types';
import { SCORM_MESSAGES, SCORM_MAX_ZIP_BYTES } from '../contract/scorm';
import { deletePackageFiles } from '../services/scorm-package';
import { captionLinkScope, signedFileUrl, verifyFileLink, type LinkSession } from '../services/material-links';
import { findAccessibleMaterial, findMaterial, insertMaterial, insertScormMaterial, materialSearch, scormFilesOf, scormInfoByMaterial, toMaterial, usageCount, type MaterialRow } from '../services/materials';
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

/** The caller's session, for signing file links. */
const linkSession = (c: Context<AppEnv>): LinkSession => ({ userId: c.var.user.id, tokenId: c.var.tokenJti, tokenVersion: c.var.user.tokenVersion, sessionExp: c.var.tokenExp });

/** Materials as the caller sees them: file and caption URLs signed for the caller's session, captions read in one query. */
async function materialsFor(c: Context<AppEnv>, rows: MaterialRow[]): Promise<Material[]> {
  const session = linkSession(c);
  const videos = rows.filter((row) => row.type === 'VIDEO').map((row) => row.id);
  const packages = rows.filter((row) => row.type === 'SCORM').map((row) => row.id);
  const [captions, scorm] = await Promise.all([captionsByMaterial(c.var.db, videos), scormInfoByMaterial(c.var.db, packages)]);
  return Promise.all(
    rows.map(async (row) =>
      toMaterial(
        row,
        await signedFileUrl(c.env.JWT_SECRET, row.id, session),
        await Promise.all((captions.get(row.id) ?? []).map((caption) => toCaptionTrack(c.env.JWT_SECRET, caption, session))),
        scorm.get(row.id) ?? null,
      ),
    ),
  );
}

/** A material as the caller sees it. */
async function materialFor(c: Context<AppEnv>, row: MaterialRow): Promise<Material> {
  return (await materialsFor(c, [row]))[0];
}

/** Reads a file part whole, refusing it past `max` bytes (caption files are small text files). */
const readCapped = (stream: ReadableStream<Uint8Array>, max: number) =>
  readUpTo(stream, max, () => new ApiError('PAYLOAD_TOO_LARGE', CAPTION_MESSAGES.tooLarge, { fields: { file: CAPTION_MESSAGES.tooLarge } }));

const scormTooLarge = () => new ApiError('PAYLOAD_TOO_LARGE', SCORM_MESSAGES.tooLargeZip, { fields: { file: SCORM_MESSAGES.tooLargeZip } });

/** Reads a stream whole, throwing `tooBig()` past `max` bytes. */
async function readUpTo(stream: ReadableStream<Uint8Array>, max: number, tooBig: () => ApiError): Promise<Uint8Array> {
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

const captionAudit = (caption: { id: string; language: string; label: string; fileName: string; fileSize: number }) => ({
  captionId: caption.id,
  language: caption.language,
  label: caption.label,
  fileName: caption.fileName,
  fileSize: caption.fileSize,
});

/** The caption file route's track id; absent on the material's own file route. */
const optionalCaptionParam = v.object({ captionId: v.optional(idString) });

/**
 * The file route also accepts a signed link, because <iframe>, <video> and "open in new tab" cannot
 * send a bearer header. The link's session must still be alive (not logged out, same token version).
 */
const fileAccess = createMiddleware<AppEnv & { Variables: { fileUser: { id: string; role: string } } }>(async (c, next) => {
  const { id } = parseOrThrow(idParam, { id: c.req.param('id') });
  // A caption file's link signs the material and the track; the video's signs the material.
  const { captionId } = parseOrThrow(optionalCaptionParam, { captionId: c.req.param('captionId') });
  const scope = captionId === undefined ? id : captionLinkScope(id, captionId);
  const { u, t, v: ver, exp, sig } = parseOrThrow(fileLinkQuery, c.req.query());
  if (!c.req.header('authorization') && u && t && ver && exp && sig) {
    const session = { userId: u, tokenId: t, tokenVersion: Number(ver) };
    if (!(await verifyFileLink(c.env.JWT_SECRET, scope, session, exp, sig))) throw new ApiError('UNAUTHORIZED', LINK_EXPIRED);
    const user = await liveLinkUser(c.var.db, session);
    // A link dies with the session that signed it: logout, a new token version, or a deactivated account.
    if (!user) throw new ApiError('UNAUTHORIZED', LINK_EXPIRED);
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
      return c.json(await materialsFor(c, rows));
    }
    const request = { page, limit };
    const { items, pagination } = await paginate(
      db,
      request,
      db.select().from(materialsTable).where(where).orderBy(...order).limit(limit).offset(offsetOf(request)),
      db.select({ n: count() }).from(materialsTable).where(where),
    );
    return c.json({ materials: await materialsFor(c, items), pagination } satisfies MaterialListPage);
  })

  // Quick lookup for pickers: the 20 newest materials whose title or description contains `q`.
  .get('/search', requireAuth, requireAdmin, validate('query', searchQuery), async (c) => {
    const rows = await c.var.db
      .select()
      .from(materialsTable)
      .where(materialSearch(searchTermOf(c.req.valid('query'))))
      .orderBy(desc(materialsTable.createdAt), desc(materialsTable.id))
      .limit(20);
    return c.json(await materialsFor(c, rows));
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
    let scorm: { fileName: string; bytes: Uint8Array } | null = null;
    try {
      for await (const part of readMultipart(c.req.raw.body, boundary)) {
        if (part.fileName === null) {
          fields[part.name] = await part.text();
          continue;
        }
        // An empty file input sends a part with an empty file name; a second file is ignored.
        if (part.name !== 'file' || part.fileName === '' || stored || scorm) continue;
        if (extensionOf(part.fileName) === 'zip') {
          // A SCORM package: read whole (capped), checked and expanded after the other fields.
          scorm = { fileName: safeFileName(part.fileName), bytes: await readUpTo(part.body, Math.min(max, SCORM_MAX_ZIP_BYTES), () => scormTooLarge()) };
          continue;
        }
        const kind = requireKind(part.fileName);
        const { head, stream } = await sniffAndCap(part.body, max);
        checkMagic(kind, head);
        const key = `materials/${crypto.randomUUID()}.${kind.ext}`;
        const fileName = part.fileName.split(/[\\/]/).pop() || `file.${kind.ext}`;
        stored = { key, kind, fileName, size: 0 };
        stored.size = (await storage.put(key, stream, { contentType: kind.contentType, tracker: uploadTracker(c.var.db) })).size;
      }
      if (scorm) {
        const { title, description } = uploadFields(scorm.fileName, fields.title, fields.description);
        return c.json(await materialFor(c, await insertScormMaterial(c.var.db, storage, c.var.user.id, { ...scorm, title, description })), 201);
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
    if (used > 0) throw refusal('IN_USE', 'material.inUse', { count: used });
    // Its caption rows go with it (foreign key cascade); their files are removed after.
    const captionKeys = (await captionsOf(db, row.id)).map((caption) => caption.storageKey);
    // A package's expanded files (its row goes with the material, so they are read first).
    const packageKeys = row.type === 'SCORM' ? await scormFilesOf(db, row.id) : [];
    try {
      await db.delete(materialsTable).where(eq(materialsTable.id, row.id));
    } catch (error) {
      // A component added between the check and the delete: the foreign key refuses it.
      if (/FOREIGN KEY/i.test(String((error as { cause?: unknown })?.cause ?? error))) {
        throw refusal('IN_USE', 'material.inUse', { count: await usageCount(db, row.id) });
      }
      throw error;
    }
    await deletePackageFiles(c.var.storage, packageKeys);
    for (const key of [...(row.type === 'SCORM' ? [] : [row.storageKey]), ...captionKeys]) {
      await c.var.storage
        .delete(key)
        .catch((error) => console.error(JSON.stringify({ level: 'warn', message: 'orphaned material object', key, error: String(error) })));
    }
    return c.json({ message: 'Material deleted successfully', id: row.id });
  })

  // ------------------------------------------------------------ caption tracks of a video

  .get('/:id/captions', requireAuth, requireAdmin, validate('param', idParam), async (c) => {
    const row = await findMaterial(c.var.db, c.req.valid('param').id);
    const session = linkSession(c);
    const rows = row.type === 'VIDEO' ? await captionsOf(c.var.db, row.id) : [];
    return c.json(await Promise.all(rows.map((caption) => toCaptionTrack(c.env.JWT_SECRET, caption, session))));
  })

  /**
   * Adds a WebVTT caption track: multipart `file` (.vtt, UTF-8, starting with WEBVTT, at most
   * 512 KB), `language` (BCP 47) and an optional `label`. One track per language: a second one
   * answers 409 CAPTION_EXISTS (remove the old track first), so a track never changes under a
   * learner mid-video. The file is checked whole before anything is stored.
   */
  .post('/:id/captions', requireAuth, requireAdmin, validate('param', idParam), async (c) => {
    const db = c.var.db;
    const material = await findMaterial(db, c.req.valid('param').id);
    if (material.type !== 'VIDEO') throw new ApiError('NOT_A_VIDEO', CAPTION_MESSAGES.notVideo);
    const boundary = boundaryOf(c.req.header('content-type'));
    if (!boundary || !c.req.raw.body) throw new ApiError('VALIDATION_FAILED', CAPTION_MESSAGES.fileMissing, { fields: { file: CAPTION_MESSAGES.fileMissing } });

    const fields: Record<string, string> = {};
    let file: { name: string; bytes: Uint8Array } | null = null;
    try {
      for await (const part of readMultipart(c.req.raw.body, boundary)) {
        if (part.fileName === null) {
          if (part.name === 'language' || part.name === 'label') fields[part.name] = await part.text(1024);
          continue;
        }
        if (part.name !== 'file' || part.fileName === '' || file) continue;
        file = { name: safeFileName(part.fileName), bytes: await readCapped(part.body, CAPTION_MAX_BYTES) };
      }
    } catch (error) {
      if (error instanceof MultipartError) throw new ApiError('BAD_REQUEST', error.message);
      throw error;
    }
    const { language, label } = parseOrThrow(captionFields, fields);
    if (!file) throw new ApiError('VALIDATION_FAILED', CAPTION_MESSAGES.fileMissing, { fields: { file: CAPTION_MESSAGES.fileMissing } });
    if (!/\.vtt$/i.test(file.name)) throw new ApiError('VALIDATION_FAILED', CAPTION_MESSAGES.wrongExtension, { fields: { file: CAPTION_MESSAGES.wrongExtension } });
    const problem = webVttProblem(file.bytes);
    if (problem) throw new ApiError('UNSUPPORTED_MEDIA_TYPE', CAPTION_MESSAGES[problem], { fields: { file: CAPTION_MESSAGES[problem] } });

    const existing = await captionsOf(db, material.id);
    if (existing.some((caption) => caption.language === language)) throw new ApiError('CAPTION_EXISTS', CAPTION_MESSAGES.exists, { fields: { language: CAPTION_MESSAGES.exists } });
    if (existing.length >= MAX_CAPTIONS_PER_MATERIAL) throw new ApiError('CONFLICT', CAPTION_MESSAGES.tooMany);

    const caption = {
      id: crypto.randomUUID(),
      materialId: material.id,
      language,
      label: label || defaultCaptionLabel(language),
      fileName: file.name,
      fileSize: file.bytes.length,
      storageKey: captionStorageKey(material.id),
      createdBy: c.var.user.id,
      createdAt: new Date().toISOString(),
    };
    const storage = c.var.storage;
    await storage.put(caption.storageKey, file.bytes, { contentType: CAPTION_CONTENT_TYPE });
    try {
      await db.batch([
        db.insert(materialCaptions).values(caption),
        auditInsert(db, { actor: c.var.user, action: 'CAPTION_ADDED', entityType: 'MATERIAL', entityId: material.id, after: captionAudit(caption) }),
      ]);
    } catch (error) {
      // Nothing half-written: no stored file without its row.
      await storage.delete(caption.storageKey).catch(() => undefined);
      if (isUniqueViolation(error)) throw new ApiError('CAPTION_EXISTS', CAPTION_MESSAGES.exists, { fields: { language: CAPTION_MESSAGES.exists } });
      if (/FOREIGN KEY/i.test(String((error as { cause?: unknown })?.cause ?? error))) throw new ApiError('NOT_FOUND', 'Material not found');
      throw error;
    }
    return c.json((await toCaptionTrack(c.env.JWT_SECRET, caption, linkSession(c))) satisfies CaptionTrack, 201);
  })

  .delete('/:id/captions/:captionId', requireAuth, requireAdmin, validate('param', captionParams), async (c) => {
    const db = c.var.db;
    const { id, captionId } = c.req.valid('param');
    const caption = await db.select().from(materialCaptions).where(and(eq(materialCaptions.id, captionId), eq(materialCaptions.materialId, id))).get();
    if (!caption) throw new ApiError('NOT_FOUND', CAPTION_MESSAGES.notFound);
    // The row and its audit record first; the file after (a failed file delete leaves an orphan, logged, never a broken track).
    await db.batch([
      db.delete(materialCaptions).where(eq(materialCaptions.id, caption.id)),
      auditInsert(db, { actor: c.var.user, action: 'CAPTION_REMOVED', entityType: 'MATERIAL', entityId: id, before: captionAudit(caption) }),
    ]);
    await c.var.storage
      .delete(caption.storageKey)
      .catch((error) => console.error(JSON.stringify({ level: 'warn', message: 'orphaned caption object', key: caption.storageKey, error: String(error) })));
    return c.json({ message: 'Caption track deleted', id: caption.id });
  })

  // A <track> element cannot send a bearer header: the caption file answers the same signed links as the video's file.
  .get('/:id/captions/:captionId/file', fileAccess, validate('param', captionParams), async (c) => {
    const { id, captionId } = c.req.valid('param');
    // The video's access rule, checked on every request: enrolled, course published, component unlocked.
    await findAccessibleMaterial(c.var.db, id, c.var.fileUser);
    const caption = await c.var.db.select().from(materialCaptions).where(and(eq(materialCaptions.id, captionId), eq(materialCaptions.materialId, id))).get();
    if (!caption) throw new ApiError('NOT_FOUND', CAPTION_MESSAGES.notFound);
    const object = await c.var.storage.get(caption.storageKey);
    if (!object) throw new ApiError('NOT_FOUND', 'The caption file is missing from storage');
    return new Response(object.body, {
      headers: {
        'Content-Type': CAPTION_CONTENT_TYPE,
        'Content-Disposition': contentDisposition(caption.fileName, 'inline'),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
        'Content-Length': String(object.size),
      },
    });
  });
