import { and, asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { TalkSummary } from '../contract/talks';
import type { TrainingRecordCredential, TrainingRecordEvaluation } from '../contract/training-record-offscreen';
import type { Db } from '../db/client';
import {
  authorisations,
  credentials,
  credentialTypes,
  evaluationItemResults,
  evaluations,
  evaluationTemplateItems,
  evaluationTemplates,
  users,
} from '../db/schema';
import { certificateStatus } from './certificates';
import { talksAttendedBy } from './talk-lists';
import { fullName } from './users';

const reviewers = alias(users, 'reviewer');

/**
 * A person's practical evaluations (with the template version, the items not passed, the
 * acknowledgement and the authorisation a pass granted) and credentials (with who reviewed them),
 * for the training record. Read straight from the tables, three queries whatever their number.
 */
export async function offscreenRecord(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ evaluations: TrainingRecordEvaluation[]; credentials: TrainingRecordCredential[]; talks: TalkSummary[] }> {
  const [evaluationRows, failedRows, credentialRows, talks] = await Promise.all([
    db
      .select({
        evaluation: evaluations,
        templateName: evaluationTemplates.name,
        templateVersion: evaluationTemplates.version,
        grants: evaluationTemplates.grants,
        authorisation: {
          number: authorisations.number,
          issuedAt: authorisations.issuedAt,
          expiresAt: authorisations.expiresAt,
          revokedAt: authorisations.revokedAt,
        },
      })
      .from(evaluations)
      .innerJoin(evaluationTemplates, eq(evaluationTemplates.id, evaluations.templateId))
      .leftJoin(authorisations, eq(authorisations.evaluationId, evaluations.id))
      .where(eq(evaluations.traineeId, userId))
      .orderBy(desc(evaluations.conductedAt)),
    db
      .select({ evaluationId: evaluationItemResults.evaluationId, text: evaluationTemplateItems.text })
      .from(evaluationItemResults)
      .innerJoin(evaluations, eq(evaluations.id, evaluationItemResults.evaluationId))
      .innerJoin(evaluationTemplateItems, eq(evaluationTemplateItems.id, evaluationItemResults.itemId))
      .where(and(eq(evaluations.traineeId, userId), eq(evaluationItemResults.result, 'NOT_YET')))
      .orderBy(asc(evaluationTemplateItems.orderIndex)),
    db
      .select({
        credential: credentials,
        typeName: credentialTypes.name,
        reviewer: { firstName: reviewers.firstName, lastName: reviewers.lastName, username: reviewers.username },
      })
      .from(credentials)
      .innerJoin(credentialTypes, eq(credentialTypes.id, credentials.typeId))
      .leftJoin(reviewers, eq(reviewers.id, credentials.reviewedBy))
      .where(eq(credentials.userId, userId))
      .orderBy(desc(credentials.submittedAt)),
    talksAttendedBy(db, userId),
  ]);
  const today = now.toISOString().slice(0, 10);
  return {
    evaluations: evaluationRows.map(({ evaluation: e, authorisation: a, ...template }) => ({
      id: e.id,
      ...template,
      evaluatorName: e.evaluatorName,
      signatureProvider: e.signatureProvider,
      outcome: e.outcome,
      meaning: e.meaning,
      conductedAt: e.conductedAt,
      signedAt: e.signedAt,
      failedItems: failedRows.filter((row) => row.evaluationId === e.id).map((row) => row.text),
      acknowledgement:
        e.acknowledgedAt && e.acknowledgementMethod
          ? { method: e.acknowledgementMethod, name: e.acknowledgedName, at: e.acknowledgedAt }
          : null,
      authorisation: a ? { ...a, status: certificateStatus(a, now) } : null,
    })),
    credentials: credentialRows.map(({ credential: c, typeName, reviewer }) => ({
      id: c.id,
      typeName,
      issuer: c.issuer,
      number: c.number,
      issuedOn: c.issuedOn,
      expiresOn: c.expiresOn,
      status: c.status,
      // A credential is good through the day printed on it.
      expired: c.expiresOn != null && c.expiresOn < today,
      submittedAt: c.submittedAt,
      reviewedBy: reviewer ? fullName(reviewer) : null,
      reviewedAt: c.reviewedAt,
      rejectReason: c.rejectReason,
    })),
    talks,
  };
}
