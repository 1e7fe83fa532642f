import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  completeUploadBody,
  MATERIAL_MESSAGES as MESSAGES,
  presignBody,
  type PresignResponse,
} from '../../contract/materials';
import { SCORM_MAX_ZIP_BYTES, SCORM_MESSAGES } from '../../contract/scorm';
import { materials as materialsTable } from '../../db/schema';
import type { AppEnv } from '../../env';
import { ApiError } from '../../errors';
import { requireAdmin } from '../../middleware/auth';
import { extensionOf, fileKindFor, MAGIC_BYTES_NEEDED, safeFileName, type FileKind } from '../../services/file-types';
import { insertMaterial, insertScormMaterial } from '../../services/materials';
import { boundaryOf, MultipartError, readMultipart } from '../../services/multipart';
import {
  checkMagic,
  MULTIPART_OVERHEAD,
  requireKind,
  sniffAndCap,
  tooLarge,
  uploadFields,
  uploadTracker,
} from '../../services/uploads';
import { validate } from '../../validate';
import { readUpTo } from '../../services/uploads';
import { materialFor } from './shared';

/**
 * New materials, for admins: a multipart upload streamed through the Worker, or (S3 backend) a
 * presigned PUT straight to the bucket followed by `complete`.
 */

const PRESIGN_TTL_SECONDS = 15 * 60;

const scormTooLarge = () =>
  new ApiError('PAYLOAD_TOO_LARGE', SCORM_MESSAGES.tooLargeZip, { fields: { file: SCORM_MESSAGES.tooLargeZip } });

export const materialUploads = new Hono<AppEnv>()
  .post('/upload', requireAdmin('moduleManagement'), async (c) => {
    const max = c.var.config.maxUploadBytes;
    const boundary = boundaryOf(c.req.header('content-type'));
    if (!boundary || !c.req.raw.body)
      throw new ApiError('VALIDATION_FAILED', MESSAGES.uploadMissing, { fields: { file: MESSAGES.uploadMissing } });
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
          scorm = {
            fileName: safeFileName(part.fileName),
            bytes: await readUpTo(part.body, Math.min(max, SCORM_MAX_ZIP_BYTES), () => scormTooLarge()),
          };
          continue;
        }
        const kind = requireKind(part.fileName);
        const { head, stream } = await sniffAndCap(part.body, max);
        checkMagic(kind, head);
        const key = `materials/${crypto.randomUUID()}.${kind.ext}`;
        const fileName = part.fileName.split(/[\\/]/).pop() || `file.${kind.ext}`;
        stored = { key, kind, fileName, size: 0 };
        stored.size = (
          await storage.put(key, stream, { contentType: kind.contentType, tracker: uploadTracker(c.var.db) })
        ).size;
      }
      if (scorm) {
        const { title, description } = uploadFields(scorm.fileName, fields.title, fields.description);
        return c.json(
          await materialFor(
            c,
            await insertScormMaterial(c.var.db, storage, c.var.user, { ...scorm, title, description }),
          ),
          201,
        );
      }
      if (!stored)
        throw new ApiError('VALIDATION_FAILED', MESSAGES.uploadMissing, { fields: { file: MESSAGES.uploadMissing } });
      const { title, description } = uploadFields(stored.fileName, fields.title, fields.description);
      return c.json(
        await materialFor(c, await insertMaterial(c.var.db, c.var.user, { ...stored, title, description })),
        201,
      );
    } catch (error) {
      // Nothing half-written: a refused or broken upload leaves no object behind.
      if (stored) await storage.delete(stored.key).catch(() => undefined);
      if (error instanceof MultipartError) throw new ApiError('BAD_REQUEST', error.message);
      throw error;
    }
  })

  // With the S3 backend the browser uploads straight to the bucket: presign, PUT, then complete.
  .post('/presign', requireAdmin('moduleManagement'), validate('json', presignBody), async (c) => {
    const { fileName, size } = c.req.valid('json');
    const storage = c.var.storage;
    if (!storage.presignPut)
      throw new ApiError(
        'BAD_REQUEST',
        'Direct uploads need the S3 storage backend; use POST /api/v2/materials/upload.',
      );
    const kind = requireKind(fileName);
    const max = c.var.config.maxUploadBytes;
    if (size > max) throw tooLarge(max);
    const key = `materials/${crypto.randomUUID()}.${kind.ext}`;
    const uploadUrl = await storage.presignPut(key, kind.contentType, PRESIGN_TTL_SECONDS);
    return c.json({
      uploadUrl,
      key,
      method: 'PUT',
      headers: { 'content-type': kind.contentType },
      expiresIn: PRESIGN_TTL_SECONDS,
    } satisfies PresignResponse);
  })

  .post('/complete', requireAdmin('moduleManagement'), validate('json', completeUploadBody), async (c) => {
    const body = c.req.valid('json');
    const match = body.key.match(/^materials\/[0-9a-f-]{36}\.([a-z0-9]+)$/);
    const kind = match ? fileKindFor(body.key) : null;
    if (!kind) throw new ApiError('VALIDATION_FAILED', 'Unknown upload key', { fields: { key: 'Unknown upload key' } });
    const db = c.var.db;
    if (
      await db
        .select({ id: materialsTable.id })
        .from(materialsTable)
        .where(eq(materialsTable.storageKey, body.key))
        .get()
    ) {
      throw new ApiError('CONFLICT', 'This upload has already been completed');
    }
    const fileName = (body.fileName?.split(/[\\/]/).pop() || body.key.split('/').pop()) ?? body.key;
    const storage = c.var.storage;
    const info = await storage.head(body.key);
    if (!info) throw new ApiError('NOT_FOUND', 'The uploaded file was not found. Please upload it again.');
    const max = c.var.config.maxUploadBytes;
    try {
      if (fileKindFor(fileName)?.ext !== kind.ext)
        throw new ApiError('VALIDATION_FAILED', MESSAGES.invalidFileType, {
          fields: { fileName: MESSAGES.invalidFileType },
        });
      if (info.size > max) throw tooLarge(max);
      const object = await storage.get(body.key, {
        range: { offset: 0, length: Math.min(info.size, MAGIC_BYTES_NEEDED) },
      });
      const head = object ? new Uint8Array(await new Response(object.body).arrayBuffer()) : new Uint8Array(0);
      checkMagic(kind, head);
    } catch (error) {
      // A refused direct upload leaves nothing in the bucket.
      await storage.delete(body.key).catch(() => undefined);
      throw error;
    }
    const { title, description } = uploadFields(fileName, body.title, body.description ?? undefined);
    return c.json(
      await materialFor(
        c,
        await insertMaterial(db, c.var.user, { key: body.key, kind, fileName, size: info.size, title, description }),
      ),
      201,
    );
  });
