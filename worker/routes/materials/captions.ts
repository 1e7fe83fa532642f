import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  CAPTION_MAX_BYTES,
  CAPTION_MESSAGES,
  captionFields,
  captionParams,
  defaultCaptionLabel,
  MAX_CAPTIONS_PER_MATERIAL,
  webVttProblem,
  type CaptionTrack,
} from '../../contract/captions';
import { idParam } from '../../contract/common';
import { isUniqueViolation } from '../../db/errors';
import { materialCaptions } from '../../db/schema';
import type { AppEnv } from '../../env';
import { ApiError } from '../../errors';
import { publicRoute, requireAdmin } from '../../middleware/auth';
import { CAPTION_CONTENT_TYPE, captionsOf, captionStorageKey, toCaptionTrack } from '../../services/captions';
import { contentDisposition, safeFileName } from '../../services/file-types';
import { findAccessibleMaterial, findMaterial } from '../../services/materials';
import { boundaryOf, MultipartError, readMultipart } from '../../services/multipart';
import { parseOrThrow, validate } from '../../validate';
import { fileAccess } from './files';
import { auditMaterial } from './shared';
import { linkSession } from '../../services/link-sessions';
import { readUpTo } from '../../services/uploads';

/** The caption tracks of a video: admins list, add and remove them; the file answers the video's readers. */

/** Reads a file part whole, refusing it past `max` bytes (caption files are small text files). */
const readCapped = (stream: ReadableStream<Uint8Array>, max: number) =>
  readUpTo(
    stream,
    max,
    () => new ApiError('PAYLOAD_TOO_LARGE', CAPTION_MESSAGES.tooLarge, { fields: { file: CAPTION_MESSAGES.tooLarge } }),
  );

const captionAudit = (caption: {
  id: string;
  language: string;
  label: string;
  fileName: string;
  fileSize: number;
}) => ({
  captionId: caption.id,
  language: caption.language,
  label: caption.label,
  fileName: caption.fileName,
  fileSize: caption.fileSize,
});

export const materialCaptionRoutes = new Hono<AppEnv>()
  .get('/:id/captions', requireAdmin('moduleManagement'), validate('param', idParam), async (c) => {
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
  .post('/:id/captions', requireAdmin('moduleManagement'), validate('param', idParam), async (c) => {
    const db = c.var.db;
    const material = await findMaterial(db, c.req.valid('param').id);
    if (material.type !== 'VIDEO') throw new ApiError('NOT_A_VIDEO', CAPTION_MESSAGES.notVideo);
    const boundary = boundaryOf(c.req.header('content-type'));
    if (!boundary || !c.req.raw.body)
      throw new ApiError('VALIDATION_FAILED', CAPTION_MESSAGES.fileMissing, {
        fields: { file: CAPTION_MESSAGES.fileMissing },
      });

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
    if (!file)
      throw new ApiError('VALIDATION_FAILED', CAPTION_MESSAGES.fileMissing, {
        fields: { file: CAPTION_MESSAGES.fileMissing },
      });
    if (!/\.vtt$/i.test(file.name))
      throw new ApiError('VALIDATION_FAILED', CAPTION_MESSAGES.wrongExtension, {
        fields: { file: CAPTION_MESSAGES.wrongExtension },
      });
    const problem = webVttProblem(file.bytes);
    if (problem)
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', CAPTION_MESSAGES[problem], {
        fields: { file: CAPTION_MESSAGES[problem] },
      });

    const existing = await captionsOf(db, material.id);
    if (existing.some((caption) => caption.language === language))
      throw new ApiError('CAPTION_EXISTS', CAPTION_MESSAGES.exists, { fields: { language: CAPTION_MESSAGES.exists } });
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
        auditMaterial(db, c.var.user, 'CAPTION_ADDED', material.id, { after: captionAudit(caption) }),
      ]);
    } catch (error) {
      // Nothing half-written: no stored file without its row.
      await storage.delete(caption.storageKey).catch(() => undefined);
      if (isUniqueViolation(error))
        throw new ApiError('CAPTION_EXISTS', CAPTION_MESSAGES.exists, {
          fields: { language: CAPTION_MESSAGES.exists },
        });
      if (/FOREIGN KEY/i.test(String((error as { cause?: unknown })?.cause ?? error)))
        throw new ApiError('NOT_FOUND', 'Material not found');
      throw error;
    }
    return c.json((await toCaptionTrack(c.env.JWT_SECRET, caption, linkSession(c))) satisfies CaptionTrack, 201);
  })

  .delete('/:id/captions/:captionId', requireAdmin('moduleManagement'), validate('param', captionParams), async (c) => {
    const db = c.var.db;
    const { id, captionId } = c.req.valid('param');
    const caption = await db
      .select()
      .from(materialCaptions)
      .where(and(eq(materialCaptions.id, captionId), eq(materialCaptions.materialId, id)))
      .get();
    if (!caption) throw new ApiError('NOT_FOUND', CAPTION_MESSAGES.notFound);
    // The row and its audit record first; the file after (a failed file delete leaves an orphan, logged, never a broken track).
    await db.batch([
      db.delete(materialCaptions).where(eq(materialCaptions.id, caption.id)),
      auditMaterial(db, c.var.user, 'CAPTION_REMOVED', id, { before: captionAudit(caption) }),
    ]);
    await c.var.storage.delete(caption.storageKey).catch((error) =>
      console.error(
        JSON.stringify({
          level: 'warn',
          message: 'orphaned caption object',
          key: caption.storageKey,
          error: String(error),
        }),
      ),
    );
    return c.json({ message: 'Caption track deleted', id: caption.id });
  })

  // A <track> element cannot send a bearer header: the caption file answers the same signed links as the video's file.
  .get('/:id/captions/:captionId/file', publicRoute, fileAccess, validate('param', captionParams), async (c) => {
    const { id, captionId } = c.req.valid('param');
    // The video's access rule, checked on every request: enrolled, course published, component unlocked.
    await findAccessibleMaterial(c.var.db, id, c.var.fileUser);
    const caption = await c.var.db
      .select()
      .from(materialCaptions)
      .where(and(eq(materialCaptions.id, captionId), eq(materialCaptions.materialId, id)))
      .get();
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
