import { asc, eq, inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { authorisationVerifyUrl, type EvaluationItemDto, type EvaluationRecord } from '../contract/evaluations';
import { REFUSALS } from '../contract/errors';
import { holdsAdminPermission } from '../contract/rules/roles';
import { originFor } from '../config';
import type { Db } from '../db/client';
import { selectInChunks } from '../db/in-list';
import {
  authorisations,
  evaluationItemResults,
  evaluationPhotos,
  evaluations,
  evaluationTemplateItems,
  evaluationTemplates,
} from '../db/schema';
import type { AppEnv, AuthUser } from '../env';
import { ApiError } from '../errors';
import { authorisationStatus } from './authorisations';
import { signedEvaluationPhotoUrl, type LinkSession } from './material-links';
import { assertPersonInSite } from './sites';

/** Evaluation records as every answer carries them (contract `EvaluationRecord`). */

export type EvaluationRow = typeof evaluations.$inferSelect;

/** The caller's session, for signing photo links. */
export const photoLinkSession = (c: Context<AppEnv>): LinkSession => ({
  userId: c.var.user.id,
  tokenId: c.var.tokenJti,
  tokenVersion: c.var.user.tokenVersion,
  sessionExp: c.var.tokenExp,
});

/** Who may read an evaluation: its evaluator, its trainee, and administrators who read or manage people's records. */
export function mayRead(
  user: { id: string; role: string; permissions?: Readonly<Record<string, boolean>> | null },
  row: Pick<EvaluationRow, 'evaluatorId' | 'traineeId'>,
): boolean {
  return (
    row.evaluatorId === user.id ||
    row.traineeId === user.id ||
    holdsAdminPermission(user, 'userManagement') ||
    holdsAdminPermission(user, 'reportGeneration')
  );
}

/** The evaluation if the caller may read it; 404 otherwise (never "exists but not yours"). */
export async function readableEvaluation(c: Context<AppEnv>, id: string): Promise<EvaluationRow> {
  const row = await c.var.db.select().from(evaluations).where(eq(evaluations.id, id)).get();
  if (!row || !mayRead(c.var.user, row)) throw new ApiError('NOT_FOUND', REFUSALS['evaluation.notFound']);
  await assertTraineeInSite(c.var.db, c.var.user, row);
  return row;
}

/**
 * An administrator reads another person's evaluation as an overseer: a site-limited one only when
 * the trainee is at their site (403 site.outsideLimit). Its evaluator and trainee always read it.
 */
export async function assertTraineeInSite(
  db: Db,
  user: Pick<AuthUser, 'id' | 'siteLimit'>,
  row: Pick<EvaluationRow, 'evaluatorId' | 'traineeId'>,
): Promise<void> {
  if (row.evaluatorId === user.id || row.traineeId === user.id) return;
  await assertPersonInSite(db, user, row.traineeId);
}

/** Records for `rows`, in their order: items, photos (signed for the caller) and authorisation read in a few queries. */
export async function evaluationRecords(c: Context<AppEnv>, rows: EvaluationRow[]): Promise<EvaluationRecord[]> {
  if (rows.length === 0) return [];
  const db: Db = c.var.db;
  const ids = rows.map((row) => row.id);
  const templateIds = [...new Set(rows.map((row) => row.templateId))];
  const [templates, results, photos, granted] = await Promise.all([
    selectInChunks(templateIds, (part) =>
      db.select().from(evaluationTemplates).where(inArray(evaluationTemplates.id, part)),
    ),
    selectInChunks(ids, (part) =>
      db
        .select({
          evaluationId: evaluationItemResults.evaluationId,
          itemId: evaluationItemResults.itemId,
          result: evaluationItemResults.result,
          note: evaluationItemResults.note,
          text: evaluationTemplateItems.text,
          critical: evaluationTemplateItems.critical,
          orderIndex: evaluationTemplateItems.orderIndex,
        })
        .from(evaluationItemResults)
        .innerJoin(evaluationTemplateItems, eq(evaluationTemplateItems.id, evaluationItemResults.itemId))
        .where(inArray(evaluationItemResults.evaluationId, part))
        .orderBy(asc(evaluationTemplateItems.orderIndex)),
    ),
    selectInChunks(ids, (part) =>
      db
        .select({ id: evaluationPhotos.id, evaluationId: evaluationPhotos.evaluationId })
        .from(evaluationPhotos)
        .where(inArray(evaluationPhotos.evaluationId, part))
        .orderBy(asc(evaluationPhotos.createdAt), asc(evaluationPhotos.id)),
    ),
    selectInChunks(ids, (part) => db.select().from(authorisations).where(inArray(authorisations.evaluationId, part))),
  ]);
  const templateById = new Map(templates.map((row) => [row.id, row]));
  const itemsOf = new Map<string, (EvaluationItemDto & { orderIndex: number })[]>();
  for (const row of results) {
    const list = itemsOf.get(row.evaluationId) ?? [];
    list.push({
      itemId: row.itemId,
      text: row.text,
      critical: row.critical,
      result: row.result,
      note: row.note,
      orderIndex: row.orderIndex,
    });
    itemsOf.set(row.evaluationId, list);
  }
  const session = photoLinkSession(c);
  const photoUrls = new Map<string, { id: string; url: string }[]>();
  for (const photo of photos) {
    const list = photoUrls.get(photo.evaluationId) ?? [];
    list.push({
      id: photo.id,
      url: await signedEvaluationPhotoUrl(c.env.JWT_SECRET, photo.evaluationId, photo.id, session),
    });
    photoUrls.set(photo.evaluationId, list);
  }
  const authorisationOf = new Map(granted.map((row) => [row.evaluationId, row]));
  const origin = originFor(c.var.config, c.req.url) ?? new URL(c.req.url).origin;
  const now = new Date();
  return rows.map((row) => {
    const template = templateById.get(row.templateId)!;
    const items = (itemsOf.get(row.id) ?? [])
      .sort((a, b) => a.orderIndex - b.orderIndex)
      .map(({ orderIndex: _, ...item }) => item);
    const granted = authorisationOf.get(row.id);
    return {
      id: row.id,
      templateId: row.templateId,
      familyId: template.familyId,
      templateName: template.name,
      templateVersion: template.version,
      grants: template.grants,
      traineeId: row.traineeId,
      traineeName: row.traineeName,
      evaluatorId: row.evaluatorId,
      evaluatorName: row.evaluatorName,
      signatureMethod: row.signatureMethod,
      signatureProvider: row.signatureProvider,
      outcome: row.outcome,
      meaning: row.meaning,
      note: row.note,
      conductedAt: row.conductedAt,
      signedAt: row.signedAt,
      items,
      failedItems: items.filter((item) => item.result === 'NOT_YET').map((item) => item.text),
      photoCount: row.photoCount,
      photos: photoUrls.get(row.id) ?? [],
      acknowledgement:
        row.acknowledgedAt && row.acknowledgementMethod
          ? { method: row.acknowledgementMethod, name: row.acknowledgedName ?? '', at: row.acknowledgedAt }
          : null,
      authorisation: granted
        ? {
            id: granted.id,
            number: granted.number,
            expiresAt: granted.expiresAt,
            status: authorisationStatus(granted, now),
            verifyUrl: authorisationVerifyUrl(origin, granted.number),
          }
        : null,
      refresherCourseId: row.refresherCourseId,
    };
  });
}

export async function evaluationRecord(c: Context<AppEnv>, row: EvaluationRow): Promise<EvaluationRecord> {
  const [record] = await evaluationRecords(c, [row]);
  return record!;
}
