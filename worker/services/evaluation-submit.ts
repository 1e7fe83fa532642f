import { and, eq, isNull } from 'drizzle-orm';
import { EVALUATION_LIMITS, SIGNATURE_MEANINGS, type EvaluationBody } from '../contract/evaluations';
import { REFUSALS } from '../contract/errors';
import { submissionHash } from '../contract/signature-envelope';
import { isAdminUser } from '../contract/rules/roles';
import type { Db } from '../db/client';
import {
  authorisations,
  courses,
  evaluationItemResults,
  evaluations,
  evaluationTemplateItems,
  users,
} from '../db/schema';
import type { AuthUser } from '../env';
import { ApiError, refusal } from '../errors';
import { auditInsert } from './audit';
import { authorisationExpiry, newAuthorisationNumber, previousAuthorisation } from './authorisations';
import { enrollStatements } from './course-start';
import { findTemplate, qualificationOf, type TemplateRow } from './evaluation-templates';
import { getDummyHash, verifyPassword } from './password';
import { forgetPeopleCaches } from './people-caches';
import { openEnvelope } from './signature-envelopes';
import { PASSWORD_SIGNED, passwordsOffBy, spendSigningProof, type SignedWith } from './signing-proofs';
import type { SigningPurpose } from '../contract/signing-proofs';
import { courseComponents } from './progress';
import { dayOf, holdsQualification, qualificationName } from './qualification';
import { clearRate, judgeGuess, RATE_RULES } from './rate-limit';
import { fullName } from './users';

/**
 * Signing an evaluation sent by the evaluator's device. The device makes the id, so a submission
 * sent again (a lost answer, a queue replayed after a reload) answers the stored record; the same
 * id with other content is refused. Every check runs before anything is written, and the record,
 * its item results, the authorisation it grants, a refresher enrolment and their audit rows are
 * one batch: a refusal stores nothing.
 */

/** A device clock a little ahead of the server's is not "the future". */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

export type SubmitResult = { kind: 'stored' | 'replayed'; id: string };

/** A stored evaluation under this id: the same content answers it; other content is a conflict. */
async function replayOf(db: Db, id: string, hash: string): Promise<SubmitResult | null> {
  const row = await db
    .select({ id: evaluations.id, bodyHash: evaluations.bodyHash })
    .from(evaluations)
    .where(eq(evaluations.id, id))
    .get();
  if (!row) return null;
  if (row.bodyHash !== hash) throw new ApiError('CONFLICT', REFUSALS['evaluation.idReused']);
  return { kind: 'replayed', id: row.id };
}

function checkItems(template: TemplateRow, templateItems: { id: string; critical: boolean }[], body: EvaluationBody) {
  const known = new Map(templateItems.map((item) => [item.id, item]));
  const seen = new Set<string>();
  for (const item of body.items) {
    const templateItem = known.get(item.itemId);
    if (!templateItem) throw new ApiError('VALIDATION_FAILED', REFUSALS['evaluation.unknownItem']);
    if (seen.has(item.itemId)) throw new ApiError('VALIDATION_FAILED', REFUSALS['evaluation.duplicateItem']);
    seen.add(item.itemId);
    if (templateItem.critical && item.result === 'NOT_APPLICABLE')
      throw new ApiError('VALIDATION_FAILED', REFUSALS['evaluation.criticalNotApplicable']);
  }
  if (seen.size !== known.size) throw new ApiError('VALIDATION_FAILED', REFUSALS['evaluation.itemsMissing']);
  if (body.outcome === 'COMPETENT' && body.items.some((item) => item.result === 'NOT_YET'))
    throw new ApiError('VALIDATION_FAILED', REFUSALS['evaluation.competentWithNotYet']);
  void template;
}

function checkConductedAt(conductedAt: string, now: Date) {
  const at = Date.parse(conductedAt);
  if (at > now.getTime() + CLOCK_SKEW_MS)
    throw new ApiError('VALIDATION_FAILED', REFUSALS['evaluation.conductedFuture']);
  if (at < now.getTime() - EVALUATION_LIMITS.conductedWithinDays * 24 * 3600 * 1000)
    throw new ApiError('VALIDATION_FAILED', REFUSALS['evaluation.conductedTooOld']);
}

/** The evaluator may sign with this template on that day: their qualification, or an administrator when none is named. */
export async function assertMayEvaluate(
  db: Db,
  evaluator: AuthUser,
  template: TemplateRow,
  day: string,
): Promise<void> {
  const qualification = qualificationOf(template);
  if (!qualification) {
    if (!isAdminUser(evaluator)) throw new ApiError('FORBIDDEN', REFUSALS['evaluation.adminOnly']);
    return;
  }
  if (!(await holdsQualification(db, evaluator.id, qualification, day))) {
    const name = (await qualificationName(db, qualification)) ?? qualification.id;
    throw refusal('FORBIDDEN', 'evaluation.notQualified', { qualification: name, date: day });
  }
}

/**
 * The evaluator's password, checked as the e-signature. Failures count on the same counter as
 * failed sign-ins of the account, so the signing form cannot be used to guess a password.
 */
export async function confirmSignature(db: Db, evaluatorId: string, password: string): Promise<void> {
  const row = await db
    .select({ passwordHash: users.passwordHash, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, evaluatorId))
    .get();
  // Where the company provider turned passwords off, a password signs nothing (the dialog offers
  // "Confirm with <provider>").
  const provider = row ? await passwordsOffBy(db, row) : null;
  if (provider) {
    throw refusal('FORBIDDEN', 'signature.passwordOff', { provider: provider.name });
  }
  const key = `login:acct:${evaluatorId}`;
  const valid = await judgeGuess(db, key, RATE_RULES.loginAccount, async () =>
    verifyPassword(password, row?.passwordHash ?? (await getDummyHash())),
  );
  if (!valid) throw new ApiError('INVALID_CREDENTIALS', REFUSALS['evaluation.passwordWrong']);
  await clearRate(db, key);
}

/**
 * The e-signature of a sign-off (evaluation, roster, talk): a signing proof from the person's company
 * provider (issue 32 item 5: people without a password), else the password. Answers how it was signed.
 */
export async function confirmSigner(
  db: Db,
  signerId: string,
  given: { password?: string; signingProof?: string },
  what: { purpose: SigningPurpose; subjectId: string },
): Promise<SignedWith> {
  if (given.signingProof) return spendSigningProof(db, signerId, given.signingProof, what.purpose, what.subjectId);
  await confirmSignature(db, signerId, given.password ?? '');
  return PASSWORD_SIGNED;
}

/**
 * The password the submission is signed with: typed (online clients), or sealed on the device and
 * opened here, where the envelope must name this evaluation and this content.
 */
async function signaturePassword(db: Db, secret: string, body: EvaluationBody, hash: string): Promise<string> {
  if (body.passwordEnvelope)
    return openEnvelope(db, secret, body.passwordEnvelope, { evaluationId: body.id, bodyHash: hash });
  return body.password ?? '';
}

export async function submitEvaluation(
  db: Db,
  secret: string,
  evaluator: AuthUser,
  body: EvaluationBody,
): Promise<SubmitResult> {
  // The content without its signature (password or envelope: the signature is the act, not the
  // content) and the evaluator: a resend after a lost answer replays however it is signed.
  const hash = await submissionHash(body, evaluator.id);
  const replay = await replayOf(db, body.id, hash);
  if (replay) return replay;

  const now = new Date();
  const template = await findTemplate(db, body.templateId).catch(() => {
    throw new ApiError('NOT_FOUND', REFUSALS['evaluation.templateNotFound']);
  });
  if (template.status !== 'PUBLISHED') throw new ApiError('CONFLICT', REFUSALS['evaluation.templateNotPublished']);
  if (body.traineeId === evaluator.id) throw new ApiError('FORBIDDEN', REFUSALS['evaluation.self']);
  const [trainee, templateItems, refresher] = await Promise.all([
    db.select().from(users).where(eq(users.id, body.traineeId)).get(),
    db
      .select({ id: evaluationTemplateItems.id, critical: evaluationTemplateItems.critical })
      .from(evaluationTemplateItems)
      .where(eq(evaluationTemplateItems.templateId, template.id)),
    body.refresherCourseId
      ? db.select().from(courses).where(eq(courses.id, body.refresherCourseId)).get()
      : Promise.resolve(undefined),
  ]);
  if (!trainee || trainee.deactivatedAt) throw new ApiError('NOT_FOUND', REFUSALS['evaluation.traineeNotFound']);
  checkConductedAt(body.conductedAt, now);
  checkItems(template, templateItems, body);
  if (body.refresherCourseId) {
    if (body.outcome === 'COMPETENT')
      throw new ApiError('VALIDATION_FAILED', REFUSALS['evaluation.refresherCompetent']);
    if (refresher?.status !== 'PUBLISHED') throw new ApiError('NOT_FOUND', REFUSALS['evaluation.refresherNotFound']);
  }
  await assertMayEvaluate(db, evaluator, template, dayOf(body.conductedAt));
  const signedWith = body.signingProof
    ? await spendSigningProof(db, evaluator.id, body.signingProof, 'evaluation', body.id)
    : await confirmSigner(
        db,
        evaluator.id,
        { password: await signaturePassword(db, secret, body, hash) },
        {
          purpose: 'evaluation',
          subjectId: body.id,
        },
      );

  const [evaluatorRow, previous, components] = await Promise.all([
    db.select().from(users).where(eq(users.id, evaluator.id)).get(),
    body.outcome === 'COMPETENT' ? previousAuthorisation(db, trainee.id, template.familyId) : undefined,
    refresher ? courseComponents(db, refresher.id) : Promise.resolve([]),
  ]);
  const signedAt = now.toISOString();
  const traineeName = fullName(trainee);
  const evaluatorName = fullName(evaluatorRow ?? evaluator);
  for (let attempt = 0; attempt < 5; attempt++) {
    const authorisationId = crypto.randomUUID();
    const number = newAuthorisationNumber(now);
    const grant =
      body.outcome === 'COMPETENT'
        ? [
            db.insert(authorisations).values({
              id: authorisationId,
              number,
              userId: trainee.id,
              templateId: template.id,
              familyId: template.familyId,
              evaluationId: body.id,
              title: template.grants,
              userName: traineeName,
              scope: trainee.department,
              issuedAt: signedAt,
              expiresAt: authorisationExpiry(now, template.validityDays),
              renewsId: previous?.id ?? null,
            }),
            auditInsert(db, {
              actor: evaluator,
              action: 'AUTHORISATION_ISSUED',
              target: { id: trainee.id, username: trainee.username },
              entityType: 'AUTHORISATION',
              entityId: authorisationId,
              after: { number, title: template.grants, evaluationId: body.id, renewsId: previous?.id ?? null },
              at: now,
            }),
          ]
        : [];
    try {
      await db.batch([
        db.insert(evaluations).values({
          id: body.id,
          templateId: template.id,
          traineeId: trainee.id,
          evaluatorId: evaluator.id,
          outcome: body.outcome,
          meaning: SIGNATURE_MEANINGS[body.outcome],
          evaluatorName,
          traineeName,
          note: body.note,
          photoCount: body.photoCount,
          bodyHash: hash,
          conductedAt: new Date(body.conductedAt).toISOString(),
          signedAt,
          refresherCourseId: refresher?.id ?? null,
          signatureMethod: signedWith.method,
          signatureProvider: signedWith.provider,
        }),
        ...body.items.map((item) =>
          db
            .insert(evaluationItemResults)
            .values({ evaluationId: body.id, itemId: item.itemId, result: item.result, note: item.note }),
        ),
        auditInsert(db, {
          actor: evaluator,
          action: 'EVALUATION_SIGNED',
          target: { id: trainee.id, username: trainee.username },
          entityType: 'EVALUATION',
          entityId: body.id,
          after: {
            templateId: template.id,
            version: template.version,
            outcome: body.outcome,
            meaning: SIGNATURE_MEANINGS[body.outcome],
            conductedAt: body.conductedAt,
            failedItems: body.items.filter((item) => item.result === 'NOT_YET').map((item) => item.itemId),
            refresherCourseId: refresher?.id ?? null,
            signatureMethod: signedWith.method,
            signatureProvider: signedWith.provider,
          },
          at: now,
        }),
        ...grant,
        ...(refresher ? enrollStatements(db, trainee.id, refresher, components, signedAt) : []),
        ...forgetPeopleCaches(db),
      ]);
      return { kind: 'stored', id: body.id };
    } catch (error) {
      // The same submission stored by a concurrent request: answer as a replay (or a conflict).
      const raced = await replayOf(db, body.id, hash);
      if (raced) return raced;
      // Otherwise the random authorisation number collided: draw another.
      if (!/UNIQUE/i.test(String((error as Error).cause ?? error)) || body.outcome !== 'COMPETENT') throw error;
    }
  }
  throw new Error('could not allocate a unique authorisation number');
}

/** Whether the evaluation has not been acknowledged yet (the acknowledgement update's condition). */
export const notAcknowledged = (id: string) => and(eq(evaluations.id, id), isNull(evaluations.acknowledgedAt));
