import { and, eq, ne, type SQL } from 'drizzle-orm';
import { REFUSALS } from '../contract/errors';
import { SESSION_LIMITS, SIGN_OFF_MEANING } from '../contract/sessions';
import type { Db } from '../db/client';
import { classroomSessions, sessionAmendments, sessionAttendance, users } from '../db/schema';
import type { AuthUser } from '../env';
import { ApiError } from '../errors';
import { auditInsert, auditInsertWhen } from './audit';
import {
  advanceClassroomCourses,
  classroomCompletionStatements,
  classroomCompletionTarget,
} from './classroom-completion';
import { confirmSigner } from './evaluation-submit';
import type { SignedWith } from './signing-proofs';
import { forgetPeopleCaches } from './people-caches';
import { judgeCode } from './session-code';
import { activePeople, type SessionRow } from './sessions';
import { fullName } from './users';

/**
 * Attendance: the learner's QR check-in, the trainer's roster marks, the sign-off that locks the
 * roster, and amendments after it (reason required, both versions kept, one audit row each).
 */

/** Check-in (QR or kiosk) is open from shortly before the start to the end, until sign-off. */
export function assertCheckInOpen(session: SessionRow, now: Date) {
  if (session.status === 'SIGNED_OFF') throw new ApiError('CONFLICT', REFUSALS['session.signedOffCheckIn']);
  const opens = Date.parse(session.startsAt) - SESSION_LIMITS.checkInEarlyMinutes * 60_000;
  if (now.getTime() < opens || now.getTime() > Date.parse(session.endsAt))
    throw new ApiError('CONFLICT', REFUSALS['session.checkInClosed']);
}

/**
 * The learner's check-in with a scanned code. Several people in the room scan the same screen, so
 * one code serves any number of accounts while it is fresh. "Replayed" means: a code another
 * account already checked in with, presented after its life ended (a photo passed round the group
 * chat): refused as such, not merely as expired. The same account checking in again is answered
 * with its existing record (a double tap), and a roster mark is never overwritten by a scan.
 */
export async function checkIn(
  db: Db,
  secret: string,
  user: AuthUser,
  session: SessionRow,
  code: string,
  now = new Date(),
): Promise<{ kind: 'stored' | 'already' }> {
  const judged = await judgeCode(secret, session.id, code, now);
  if (judged.kind === 'invalid') throw new ApiError('VALIDATION_FAILED', REFUSALS['session.codeInvalid']);
  if (judged.kind === 'otherSession') throw new ApiError('CONFLICT', REFUSALS['session.codeOtherSession']);
  assertCheckInOpen(session, now);
  const mine = await db
    .select()
    .from(sessionAttendance)
    .where(and(eq(sessionAttendance.sessionId, session.id), eq(sessionAttendance.userId, user.id)))
    .get();
  if (mine?.present) return { kind: 'already' };
  if (judged.kind === 'expired') {
    const usedByOther = await db
      .select({ userId: sessionAttendance.userId })
      .from(sessionAttendance)
      .where(
        and(
          eq(sessionAttendance.sessionId, session.id),
          eq(sessionAttendance.codeWindow, judged.window),
          ne(sessionAttendance.userId, user.id),
        ),
      )
      .get();
    throw new ApiError('CONFLICT', REFUSALS[usedByOther ? 'session.codeReplayed' : 'session.codeExpired']);
  }
  const values = {
    sessionId: session.id,
    userId: user.id,
    present: true,
    method: 'QR' as const,
    at: now.toISOString(),
    by: user.id,
    reason: null,
    codeWindow: judged.window,
  };
  await db
    .insert(sessionAttendance)
    .values(values)
    .onConflictDoUpdate({
      target: [sessionAttendance.sessionId, sessionAttendance.userId],
      set: { present: true, method: 'QR', at: values.at, by: user.id, codeWindow: judged.window },
    });
  return { kind: 'stored' };
}

type AttendanceRow = typeof sessionAttendance.$inferSelect;
const versionOf = (row: AttendanceRow | undefined) =>
  row ? { present: row.present, method: row.method, at: row.at, by: row.by, reason: row.reason } : null;

/**
 * A trainer's roster mark (walk-ins too: anyone active may be marked). Before sign-off it is a
 * plain mark; after it, a reason is required and the change is an amendment with both versions,
 * written with its audit row in one batch.
 */
export async function markAttendance(
  db: Db,
  actor: AuthUser,
  session: SessionRow,
  userId: string,
  body: { present: boolean; reason: string },
  now = new Date(),
): Promise<void> {
  const [person] = await activePeople(db, [userId], 'session.personNotFound');
  const previous = await db
    .select()
    .from(sessionAttendance)
    .where(and(eq(sessionAttendance.sessionId, session.id), eq(sessionAttendance.userId, userId)))
    .get();
  const signedOff = session.status === 'SIGNED_OFF';
  if (signedOff && !body.reason) throw new ApiError('VALIDATION_FAILED', REFUSALS['session.amendReasonRequired']);
  if (signedOff && previous && previous.present === body.present)
    throw new ApiError('CONFLICT', REFUSALS['session.amendUnchanged']);
  const at = now.toISOString();
  const next = {
    sessionId: session.id,
    userId,
    present: body.present,
    method: 'ROSTER' as const,
    at,
    by: actor.id,
    reason: body.reason || null,
    codeWindow: null,
  };
  const write = db
    .insert(sessionAttendance)
    .values(next)
    .onConflictDoUpdate({
      target: [sessionAttendance.sessionId, sessionAttendance.userId],
      set: { present: next.present, method: 'ROSTER', at, by: actor.id, reason: next.reason, codeWindow: null },
    });
  const target = { id: person.id, username: person.username };
  const before = versionOf(previous);
  const after = versionOf(next);
  if (!signedOff) {
    await db.batch([
      write,
      auditInsert(db, {
        actor,
        action: 'SESSION_ATTENDANCE_MARKED',
        target,
        entityType: 'CLASSROOM_SESSION',
        entityId: session.id,
        before,
        after,
        at: now,
      }),
    ]);
    return;
  }
  const completion =
    body.present && session.componentId ? await classroomCompletionTarget(db, session.componentId) : null;
  await db.batch([
    write,
    ...(completion ? classroomCompletionStatements(db, completion, [userId], now) : []),
    db.insert(sessionAmendments).values({
      id: crypto.randomUUID(),
      sessionId: session.id,
      userId,
      before,
      after,
      reason: body.reason,
      by: actor.id,
      at,
    }),
    auditInsert(db, {
      actor,
      action: 'SESSION_ATTENDANCE_AMENDED',
      target,
      entityType: 'CLASSROOM_SESSION',
      entityId: session.id,
      reason: body.reason,
      before,
      after,
      at: now,
    }),
    ...forgetPeopleCaches(db),
  ]);
  if (completion) await advanceClassroomCourses(db, completion.course.id, [userId], now);
}

/**
 * The trainer signs the roster with their password (the evaluation e-signature's check and
 * counter): the session becomes SIGNED_OFF, which locks the roster, and the attendees' classroom
 * component completes (services/classroom-completion.ts), unlocking what follows it and issuing
 * the certificate when it ends the course.
 */
export async function signOff(
  db: Db,
  actor: AuthUser,
  session: SessionRow,
  signature: { password?: string; signingProof?: string },
  now = new Date(),
): Promise<void> {
  if (session.status === 'SIGNED_OFF') throw new ApiError('CONFLICT', REFUSALS['session.alreadySignedOff']);
  if (Date.parse(session.startsAt) > now.getTime()) throw new ApiError('CONFLICT', REFUSALS['session.notStarted']);
  let signedWith: SignedWith;
  try {
    signedWith = await confirmSigner(db, actor.id, signature, { purpose: 'session', subjectId: session.id });
  } catch (error) {
    // A refused proof says why (used, expired, another's); a wrong password says so for the roster.
    if (error instanceof ApiError && error.code === 'INVALID_CREDENTIALS' && !signature.signingProof)
      throw new ApiError('INVALID_CREDENTIALS', REFUSALS['session.passwordWrong']);
    throw error;
  }
  const signer = await db.select().from(users).where(eq(users.id, actor.id)).get();
  const at = now.toISOString();
  const present = await db
    .select({ userId: sessionAttendance.userId })
    .from(sessionAttendance)
    .where(and(eq(sessionAttendance.sessionId, session.id), eq(sessionAttendance.present, true)));
  const presentIds = present.map((row) => row.userId);
  // The attendees' classroom component completes with the sign-off, in the same batch.
  const target = session.componentId ? await classroomCompletionTarget(db, session.componentId) : null;
  const completions = target ? classroomCompletionStatements(db, target, presentIds, now) : [];
  const [updated] = await db.batch([
    db
      .update(classroomSessions)
      .set({
        status: 'SIGNED_OFF',
        signedOffBy: actor.id,
        signedOffName: fullName(signer ?? actor),
        signedOffAt: at,
        signOffMeaning: SIGN_OFF_MEANING,
        signOffMethod: signedWith.method,
        signOffProvider: signedWith.provider,
      })
      .where(and(eq(classroomSessions.id, session.id), eq(classroomSessions.status, 'SCHEDULED')))
      .returning({ id: classroomSessions.id }),
    // Written only when this request's sign-off is the one that landed (a concurrent one may win).
    auditInsertWhen(
      db,
      {
        actor,
        action: 'SESSION_SIGNED_OFF',
        entityType: 'CLASSROOM_SESSION',
        entityId: session.id,
        after: {
          meaning: SIGN_OFF_MEANING,
          signedOffAt: at,
          present: presentIds,
          signatureMethod: signedWith.method,
          signatureProvider: signedWith.provider,
        },
        at: now,
      },
      classroomSessions,
      and(
        eq(classroomSessions.id, session.id),
        eq(classroomSessions.signedOffBy, actor.id),
        eq(classroomSessions.signedOffAt, at),
      ) as SQL,
    ),
    ...completions,
    ...forgetPeopleCaches(db),
  ]);
  // A concurrent sign-off won: this request changed nothing and recorded nothing (the completions
  // it wrote are the same facts the winner's wrote: a completion keeps its first date).
  if (updated.length === 0) throw new ApiError('CONFLICT', REFUSALS['session.alreadySignedOff']);
  // Course progress and certificates need reads, so they follow the batch (idempotent).
  if (target) await advanceClassroomCourses(db, target.course.id, presentIds, now);
}
