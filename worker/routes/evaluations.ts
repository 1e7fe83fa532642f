import { and, desc, eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { idParam } from '../contract/common';
import { REFUSALS } from '../contract/errors';
import {
  EVALUATION_LIMITS,
  evaluationBody,
  evaluationListQuery,
  evaluationPhotoParam,
  PHOTO_TYPES,
  traineeQuery,
  type EvaluationListResponse,
  type EvaluationResponse,
  type EvaluatorTemplatesResponse,
  type TraineesResponse,
} from '../contract/evaluations';
import { evaluationPhotos, evaluations } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError, refusal } from '../errors';
import { publicRoute, requireLearner } from '../middleware/auth';
import { auditInsert } from '../services/audit';
import { currentVersions, itemsByTemplate, toEvaluatorTemplate } from '../services/evaluation-templates';
import {
  assertTraineeInSite,
  evaluationRecord,
  evaluationRecords,
  mayRead,
  readableEvaluation,
} from '../services/evaluation-records';
import { assertMayEvaluate, submitEvaluation } from '../services/evaluation-submit';
import { acknowledgeRoutes } from './evaluations/acknowledge';
import { photoAccess } from './evaluations/photo-access';
import { dayOf } from '../services/qualification';
import { validate } from '../validate';
import type { SigningKeyResponse } from '../contract/signature-envelope';
import { currentSigningKey } from '../services/signature-envelopes';
import { searchOthers } from '../services/people-search';
import { assertPersonInSite } from '../services/sites';

/** Magic bytes of the photo types a device may send. */
const PHOTO_MAGIC: Record<(typeof PHOTO_TYPES)[number], (head: Uint8Array) => boolean> = {
  'image/jpeg': (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff,
  'image/png': (h) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => h[i] === b),
  'image/webp': (h) =>
    String.fromCharCode(...h.slice(0, 4)) === 'RIFF' && String.fromCharCode(...h.slice(8, 12)) === 'WEBP',
};

const photoKey = (evaluationId: string, photoId: string) => `evaluations/${evaluationId}/${photoId}`;

/** The photo upload's own limit (the API's 1 MB limit skips this route): a little over 10 MB, then refused by size. */
const photoBodyLimit = bodyLimit({
  maxSize: EVALUATION_LIMITS.photoBytes,
  onError: () => {
    throw new ApiError('PAYLOAD_TOO_LARGE', REFUSALS['evaluation.photoTooLarge']);
  },
});

/** The published templates the caller may evaluate with today (the device caches them for offline use). */
async function usableTemplates(c: Context<AppEnv>) {
  const db = c.var.db;
  const day = dayOf(new Date());
  const usable = [];
  for (const row of (await currentVersions(db)).values()) {
    try {
      await assertMayEvaluate(db, c.var.user, row, day);
      usable.push(row);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }
  return usable;
}

export const evaluationRoutes = new Hono<AppEnv>()
  .get('/templates', requireLearner, async (c) => {
    const rows = (await usableTemplates(c)).sort((a, b) => a.name.localeCompare(b.name));
    const items = await itemsByTemplate(
      c.var.db,
      rows.map((row) => row.id),
    );
    return c.json<EvaluatorTemplatesResponse>({
      templates: rows.map((row) => toEvaluatorTemplate(row, items.get(row.id) ?? [])),
    });
  })

  // The public key a device seals the evaluator's password with (cached with the templates), so no
  // password waits on the device while a signed record has no signal.
  .get('/signing-key', requireLearner, async (c) =>
    c.json<SigningKeyResponse>(await currentSigningKey(c.var.db, c.env.JWT_SECRET)),
  )

  // People the caller may evaluate: active accounts other than their own, for a caller who may
  // evaluate with at least one template today.
  .get('/trainees', requireLearner, validate('query', traineeQuery), async (c) => {
    const { query } = c.req.valid('query');
    if ((await usableTemplates(c)).length === 0) return c.json<TraineesResponse>({ people: [] });
    return c.json<TraineesResponse>({ people: await searchOthers(c.var.db, c.var.user, query) });
  })

  .post('/', requireLearner, validate('json', evaluationBody), async (c) => {
    // A site-limited administrator evaluates their site's people only (their record is the trainee's).
    await assertPersonInSite(c.var.db, c.var.user, c.req.valid('json').traineeId);
    const result = await submitEvaluation(c.var.db, c.env.JWT_SECRET, c.var.user, c.req.valid('json'));
    const row = await readableEvaluation(c, result.id);
    return c.json<EvaluationResponse>(
      { evaluation: await evaluationRecord(c, row) },
      result.kind === 'stored' ? 201 : 200,
    );
  })

  .get('/', requireLearner, validate('query', evaluationListQuery), async (c) => {
    const { as } = c.req.valid('query');
    const column = as === 'evaluator' ? evaluations.evaluatorId : evaluations.traineeId;
    const rows = await c.var.db
      .select()
      .from(evaluations)
      .where(eq(column, c.var.user.id))
      .orderBy(desc(evaluations.signedAt))
      .limit(200);
    return c.json<EvaluationListResponse>({ evaluations: await evaluationRecords(c, rows) });
  })

  .get('/:id', requireLearner, validate('param', idParam), async (c) => {
    const row = await readableEvaluation(c, c.req.valid('param').id);
    return c.json<EvaluationResponse>({ evaluation: await evaluationRecord(c, row) });
  })

  // A photo the device took, sent after the record (raw body). Only the evaluator, only up to the
  // count they signed with; the same photo again answers 200.
  .put('/:id/photos/:photoId', requireLearner, photoBodyLimit, validate('param', evaluationPhotoParam), async (c) => {
    const { id, photoId } = c.req.valid('param');
    const db = c.var.db;
    const row = await readableEvaluation(c, id);
    if (row.evaluatorId !== c.var.user.id) throw new ApiError('FORBIDDEN', REFUSALS['evaluation.photoNotEvaluator']);
    const existing = await db.select().from(evaluationPhotos).where(eq(evaluationPhotos.id, photoId)).get();
    if (existing) {
      if (existing.evaluationId !== id) throw new ApiError('CONFLICT', REFUSALS['evaluation.idReused']);
      return c.json<EvaluationResponse>({ evaluation: await evaluationRecord(c, row) }, 200);
    }
    const contentType = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!(PHOTO_TYPES as readonly string[]).includes(contentType))
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', REFUSALS['evaluation.photoType']);
    const declared = Number(c.req.header('content-length') ?? '0');
    if (declared > EVALUATION_LIMITS.photoBytes)
      throw new ApiError('PAYLOAD_TOO_LARGE', REFUSALS['evaluation.photoTooLarge']);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength > EVALUATION_LIMITS.photoBytes)
      throw new ApiError('PAYLOAD_TOO_LARGE', REFUSALS['evaluation.photoTooLarge']);
    if (bytes.byteLength < 12 || !PHOTO_MAGIC[contentType as (typeof PHOTO_TYPES)[number]](bytes))
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', REFUSALS['evaluation.photoType']);
    const stored = await db
      .select({ count: sql<number>`count(*)` })
      .from(evaluationPhotos)
      .where(eq(evaluationPhotos.evaluationId, id))
      .get();
    if (Number(stored?.count ?? 0) >= row.photoCount)
      throw refusal('CONFLICT', 'evaluation.photoTooMany', { count: row.photoCount });
    const key = photoKey(id, photoId);
    await c.var.storage.put(key, bytes, { contentType, size: bytes.byteLength });
    // The count is checked again inside the insert, so two photos racing for the last place store one.
    const now = new Date().toISOString();
    const [inserted] = await db.batch([
      db
        .insert(evaluationPhotos)
        .select(
          db
            .select({
              id: sql<string>`${photoId}`.as('id'),
              evaluationId: sql<string>`${id}`.as('evaluation_id'),
              storageKey: sql<string>`${key}`.as('storage_key'),
              contentType: sql<string>`${contentType}`.as('content_type'),
              size: sql<number>`${bytes.byteLength}`.as('size'),
              createdAt: sql<string>`${now}`.as('created_at'),
            })
            .from(evaluations)
            .where(
              and(
                eq(evaluations.id, id),
                sql`(SELECT count(*) FROM evaluation_photos WHERE evaluation_id = ${id}) < ${evaluations.photoCount}`,
              ),
            ),
        )
        .onConflictDoNothing()
        .returning({ id: evaluationPhotos.id }),
      auditInsert(db, {
        actor: c.var.user,
        action: 'EVALUATION_PHOTO_ADDED',
        target: { id: row.traineeId, username: null },
        entityType: 'EVALUATION',
        entityId: id,
        after: { photoId, contentType, size: bytes.byteLength },
      }),
    ]);
    if (inserted.length === 0) {
      await c.var.storage.delete(key);
      throw refusal('CONFLICT', 'evaluation.photoTooMany', { count: row.photoCount });
    }
    return c.json<EvaluationResponse>({ evaluation: await evaluationRecord(c, row) }, 201);
  })

  // A photo's bytes: a signed link (an <img> sends no header) or a session that may read the evaluation.
  .get('/:id/photos/:photoId', publicRoute, photoAccess, validate('param', evaluationPhotoParam), async (c) => {
    const { id, photoId } = c.req.valid('param');
    const db = c.var.db;
    const [row, photo] = await Promise.all([
      db.select().from(evaluations).where(eq(evaluations.id, id)).get(),
      db.select().from(evaluationPhotos).where(eq(evaluationPhotos.id, photoId)).get(),
    ]);
    if (!row || !photo || photo.evaluationId !== id || !mayRead(c.var.photoUser, row))
      throw new ApiError('NOT_FOUND', REFUSALS['evaluation.notFound']);
    await assertTraineeInSite(db, c.var.photoUser, row);
    const object = await c.var.storage.get(photo.storageKey);
    if (!object) throw new ApiError('NOT_FOUND', REFUSALS['evaluation.notFound']);
    return new Response(object.body, {
      headers: {
        'Content-Type': photo.contentType,
        'Content-Length': String(photo.size),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, max-age=300',
      },
    });
  })

  .route('/', acknowledgeRoutes);
