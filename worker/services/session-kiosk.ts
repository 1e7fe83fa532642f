import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { REFUSALS } from '../contract/errors';
import { KIOSK_LIMITS, type KioskCheckInBody, type KioskInfo } from '../contract/kiosk';
import type { Db } from '../db/client';
import { sessionAttendance, sessionKiosks, users } from '../db/schema';
import type { AuthUser } from '../env';
import { ApiError } from '../errors';
import { auditInsert, type AuditActor } from './audit';
import { activeUserOfBadge } from './badge';
import { randomToken, sha256Hex } from './crypto';
import { confirmSignature } from './evaluation-submit';
import { getDummyHash, verifyPassword } from './password';
import { personOfPin } from './pins';
import { assertCheckInOpen } from './session-attendance';
import { assertRunsSession, findSession, type SessionRow } from './sessions';
import { fullName, permissionsOf } from './users';

/**
 * The classroom kiosk (issue 29, docs/decisions/2026-11-28-session-kiosk.md). A trainer opens it
 * for one session; the tablet gets a random token (the server keeps its hash) that the /api/v2/kiosk
 * routes alone accept, in their own header: it is no JWT, so every other route refuses it. It checks
 * people in to that session and nothing else, and is dead once the trainer closes it or the session
 * ends. People sign in with username + PIN or their badge; no one's session token is ever made.
 */

type KioskRow = typeof sessionKiosks.$inferSelect;

const infoOf = (kiosk: KioskRow, session: SessionRow): KioskInfo => ({
  id: kiosk.id,
  sessionId: session.id,
  title: session.title,
  location: session.location,
  startsAt: session.startsAt,
  endsAt: session.endsAt,
  closesAt: kiosk.closesAt,
});

export async function openKiosk(db: Db, actor: AuthUser, session: SessionRow, now = new Date()) {
  if (session.status === 'SIGNED_OFF' || Date.parse(session.endsAt) <= now.getTime())
    throw new ApiError('CONFLICT', REFUSALS['kiosk.sessionClosed']);
  const token = `kiosk_${randomToken(32)}`;
  const row: KioskRow = {
    id: crypto.randomUUID(),
    sessionId: session.id,
    tokenHash: await sha256Hex(token),
    openedBy: actor.id,
    openedAt: now.toISOString(),
    closesAt: session.endsAt,
    closedAt: null,
    closedBy: null,
    failedCount: 0,
  };
  await db.batch([
    db.insert(sessionKiosks).values(row),
    auditInsert(db, {
      actor,
      action: 'SESSION_KIOSK_OPENED',
      entityType: 'CLASSROOM_SESSION',
      entityId: session.id,
      after: { kioskId: row.id, closesAt: row.closesAt },
      at: now,
    }),
  ]);
  return { token, kiosk: infoOf(row, session) };
}

/** Closes the session's open kiosks (all of them, or the one `kioskId`), with one audit row. */
async function close(db: Db, actor: AuditActor, session: SessionRow, now: Date, kioskId?: string) {
  const at = now.toISOString();
  const open = and(
    eq(sessionKiosks.sessionId, session.id),
    isNull(sessionKiosks.closedAt),
    gt(sessionKiosks.closesAt, at),
    kioskId ? eq(sessionKiosks.id, kioskId) : undefined,
  );
  const [closed] = await db.batch([
    db.update(sessionKiosks).set({ closedAt: at, closedBy: actor.id }).where(open).returning({ id: sessionKiosks.id }),
    auditInsert(db, {
      actor,
      action: 'SESSION_KIOSK_CLOSED',
      entityType: 'CLASSROOM_SESSION',
      entityId: session.id,
      after: { closedAt: at, kioskId: kioskId ?? null },
      at: now,
    }),
  ]);
  return closed.length;
}

/** The trainer closes the session's kiosks from their own device. */
export const closeKiosks = (db: Db, actor: AuthUser, session: SessionRow, now = new Date()) =>
  close(db, actor, session, now);

/**
 * The kiosk a request's token opens for `sessionId`, or a refusal: no or unknown token, closed or
 * past the session's end, or open for another session.
 */
export async function kioskOf(db: Db, token: string | undefined, sessionId: string, now = new Date()) {
  if (!token?.startsWith('kiosk_')) throw new ApiError('UNAUTHORIZED', REFUSALS['kiosk.tokenRequired']);
  const kiosk = await db
    .select()
    .from(sessionKiosks)
    .where(eq(sessionKiosks.tokenHash, await sha256Hex(token)))
    .get();
  if (!kiosk) throw new ApiError('UNAUTHORIZED', REFUSALS['kiosk.tokenRequired']);
  if (kiosk.closedAt || Date.parse(kiosk.closesAt) <= now.getTime())
    throw new ApiError('UNAUTHORIZED', REFUSALS['kiosk.closed']);
  if (kiosk.sessionId !== sessionId) throw new ApiError('FORBIDDEN', REFUSALS['kiosk.otherSession']);
  const session = await findSession(db, sessionId);
  return { kiosk, session, info: infoOf(kiosk, session) };
}

/**
 * One person checks in at the kiosk: the same attendance record as the QR and the roster, its
 * method KIOSK_PIN or KIOSK_BADGE, recorded by the person themselves. Someone already present is
 * answered as such and their record kept.
 */
export async function kioskCheckIn(
  db: Db,
  secret: string,
  kiosk: KioskRow,
  session: SessionRow,
  body: KioskCheckInBody,
  now = new Date(),
): Promise<{ already: boolean; name: string }> {
  assertCheckInOpen(session, now);
  let person: Awaited<ReturnType<typeof personOfPin>> | null;
  try {
    person =
      body.method === 'pin'
        ? await personOfPin(db, body.username, body.pin, now)
        : await activeUserOfBadge(db, secret, body.badge);
    if (!person) throw new ApiError('INVALID_CREDENTIALS', REFUSALS['kiosk.badgeInvalid']);
  } catch (error) {
    if (error instanceof ApiError && (error.code === 'INVALID_CREDENTIALS' || error.code === 'FORBIDDEN'))
      await countFailure(db, kiosk, now);
    throw error;
  }
  const method = body.method === 'pin' ? 'KIOSK_PIN' : 'KIOSK_BADGE';
  const at = now.toISOString();
  // Written only when the person is not already marked present (a roster mark or a scan stays).
  const [written] = await db.batch([
    db
      .insert(sessionAttendance)
      .values({ sessionId: session.id, userId: person.id, present: true, method, at, by: person.id, reason: null })
      .onConflictDoUpdate({
        target: [sessionAttendance.sessionId, sessionAttendance.userId],
        set: { present: true, method, at, by: person.id, reason: null, codeWindow: null },
        setWhere: sql`${sessionAttendance.present} = 0`,
      })
      .returning({ userId: sessionAttendance.userId }),
  ]);
  return { already: written.length === 0, name: fullName(person) };
}

/**
 * One failed sign-in at this kiosk, counted in one statement (sign-ins arriving together cannot pass
 * the cap); the one that reaches KIOSK_LIMITS.maxFailures closes the kiosk, and says so instead of
 * its own refusal. Each person's PIN keeps its own lock as well.
 */
async function countFailure(db: Db, kiosk: KioskRow, now: Date) {
  const at = now.toISOString();
  const [row] = await db
    .update(sessionKiosks)
    .set({
      failedCount: sql`${sessionKiosks.failedCount} + 1`,
      closedAt: sql`CASE WHEN ${sessionKiosks.failedCount} + 1 >= ${KIOSK_LIMITS.maxFailures} THEN ${at} ELSE NULL END`,
    })
    .where(and(eq(sessionKiosks.id, kiosk.id), isNull(sessionKiosks.closedAt)))
    .returning({ closedAt: sessionKiosks.closedAt });
  if (!row || row.closedAt) throw new ApiError('UNAUTHORIZED', REFUSALS['kiosk.tooManyFailures']);
}

/** The trainer closes the kiosk on the tablet itself, with their username and password. */
export async function closeAtKiosk(
  db: Db,
  kiosk: KioskRow,
  session: SessionRow,
  credentials: { username: string; password: string },
  now = new Date(),
) {
  const trainer = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = ${credentials.username.toLowerCase()}`, isNull(users.deactivatedAt)))
    .get();
  if (!trainer) {
    // The same hash work as a known username, so timing does not tell which usernames exist.
    await verifyPassword(credentials.password, await getDummyHash());
    throw new ApiError('INVALID_CREDENTIALS', REFUSALS['kiosk.passwordWrong']);
  }
  try {
    // Counted with the account's failed sign-ins, so the close form cannot be used to guess a password.
    await confirmSignature(db, trainer.id, credentials.password);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'INVALID_CREDENTIALS')
      throw new ApiError('INVALID_CREDENTIALS', REFUSALS['kiosk.passwordWrong']);
    throw error;
  }
  const actor: AuthUser = {
    id: trainer.id,
    username: trainer.username,
    email: trainer.email,
    role: trainer.role,
    firstName: trainer.firstName,
    lastName: trainer.lastName,
    mustChangePassword: trainer.mustChangePassword,
    tokenVersion: trainer.tokenVersion,
    permissions: permissionsOf(trainer),
  };
  await assertRunsSession(db, actor, session);
  await close(db, actor, session, now, kiosk.id);
}
