import { and, eq, gt, lte } from 'drizzle-orm';
import { REFUSALS } from '../contract/errors';
import { isAdminUser } from '../contract/rules/roles';
import {
  TALK_LIMITS,
  type OwnPhoneSignaturesResponse,
  type SelfSignatureResponse,
  type SelfSignBody,
} from '../contract/talks';
import type { Db } from '../db/client';
import { talkAttendees, talks, talkSelfSignatures, talkTopics, users } from '../db/schema';
import type { AuthUser } from '../env';
import { ApiError } from '../errors';
import { auditInsert } from './audit';
import { fullName } from './users';

/**
 * Signing a toolbox talk on one's own phone (issue 29; docs/decisions/2026-11-28-toolbox-talks.md).
 * The foreman's device shows a QR with the talk's device-made id, its topic and the foreman; the
 * crew member, signed in on their phone, confirms. The foreman's device may be offline, so the
 * server keeps the signature pending by talk id; `joinableSelfSignatures` turns the pending ones
 * into lines when the foreman's talk arrives. A pending signature is never attendance.
 */

const DAY_MS = 24 * 3600 * 1000;
/** As for the lines signed on the device: a phone's clock against the foreman's device's. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** The talk as the QR names it: the topic (live, not retired) and a foreman who may lead talks. */
async function namedTalk(db: Db, caller: AuthUser, qr: SelfSignBody) {
  const [topic, foreman] = await db.batch([
    db
      .select({ title: talkTopics.title, retiredAt: talkTopics.retiredAt })
      .from(talkTopics)
      .where(eq(talkTopics.id, qr.topicId)),
    db.select().from(users).where(eq(users.id, qr.foremanId)),
  ]);
  const leader = foreman[0];
  if (!leader || leader.deactivatedAt || !(leader.leadsTalks || isAdminUser(leader)))
    throw new ApiError('NOT_FOUND', REFUSALS['talk.qrInvalid']);
  if (!topic[0] || topic[0].retiredAt) throw new ApiError('NOT_FOUND', REFUSALS['talk.topicNotFound']);
  if (leader.id === caller.id) throw new ApiError('VALIDATION_FAILED', REFUSALS['talk.foremanAttendee']);
  return { topicTitle: topic[0].title, foremanName: fullName(leader) };
}

/** Where the caller stands: on the stored talk's sheet, refused (stored without them), pending, or not signed. */
async function standing(db: Db, talkId: string, userId: string, now: Date) {
  const [stored, line, pending] = await db.batch([
    db.select({ id: talks.id }).from(talks).where(eq(talks.id, talkId)),
    db
      .select({ signedAt: talkAttendees.signedAt })
      .from(talkAttendees)
      .where(and(eq(talkAttendees.talkId, talkId), eq(talkAttendees.userId, userId))),
    db
      .select()
      .from(talkSelfSignatures)
      .where(
        and(
          eq(talkSelfSignatures.talkId, talkId),
          eq(talkSelfSignatures.userId, userId),
          gt(talkSelfSignatures.expiresAt, now.toISOString()),
        ),
      ),
  ]);
  return { stored: Boolean(stored[0]), line: line[0], pending: pending[0] };
}

function answer(
  talkId: string,
  named: { topicTitle: string; foremanName: string },
  state: SelfSignatureResponse['state'],
  signedAt: string | null = null,
  expiresAt: string | null = null,
): SelfSignatureResponse {
  return { talk: { id: talkId, ...named }, state, signedAt, expiresAt };
}

/** What the confirm page shows before and after the crew member confirms. A talk recorded without them is closed. */
export async function readSelfSignature(db: Db, caller: AuthUser, talkId: string, qr: SelfSignBody) {
  const named = await namedTalk(db, caller, qr);
  const now = new Date();
  const { stored, line, pending } = await standing(db, talkId, caller.id, now);
  if (line) return answer(talkId, named, 'recorded', line.signedAt);
  if (stored) throw new ApiError('CONFLICT', REFUSALS['talk.closed']);
  if (pending) return answer(talkId, named, 'pending', pending.signedAt, pending.expiresAt);
  return answer(talkId, named, 'open');
}

/** "I attended this talk": kept pending (201), or the same answer again (200); a recorded talk without them: 409. */
export async function signOwnPhone(
  db: Db,
  caller: AuthUser,
  talkId: string,
  qr: SelfSignBody,
): Promise<{ created: boolean; body: SelfSignatureResponse }> {
  const named = await namedTalk(db, caller, qr);
  const now = new Date();
  const { stored, line, pending } = await standing(db, talkId, caller.id, now);
  if (line) return { created: false, body: answer(talkId, named, 'recorded', line.signedAt) };
  if (stored) throw new ApiError('CONFLICT', REFUSALS['talk.closed']);
  if (pending) return { created: false, body: answer(talkId, named, 'pending', pending.signedAt, pending.expiresAt) };
  const signedAt = now.toISOString();
  const expiresAt = new Date(now.getTime() + TALK_LIMITS.selfSignatureDays * DAY_MS).toISOString();
  await db.batch([
    // An expired row of the same person is replaced: it could never have joined the talk.
    db
      .insert(talkSelfSignatures)
      .values({ talkId, userId: caller.id, topicId: qr.topicId, foremanId: qr.foremanId, signedAt, expiresAt })
      .onConflictDoUpdate({
        target: [talkSelfSignatures.talkId, talkSelfSignatures.userId],
        set: { topicId: qr.topicId, foremanId: qr.foremanId, signedAt, expiresAt },
      }),
    auditInsert(db, {
      actor: caller,
      action: 'TALK_SELF_SIGNED',
      entityType: 'TALK',
      entityId: talkId,
      after: { topicId: qr.topicId, foremanId: qr.foremanId, signedAt, expiresAt },
      at: now,
    }),
  ]);
  return { created: true, body: answer(talkId, named, 'pending', signedAt, expiresAt) };
}

/** The foreman's device, online: the people who signed this talk on their own phone (pending, not expired). */
export async function ownPhoneSignatures(
  db: Db,
  foreman: AuthUser,
  talkId: string,
  topicId: string,
): Promise<OwnPhoneSignaturesResponse> {
  const rows = await db
    .select({
      userId: talkSelfSignatures.userId,
      signedAt: talkSelfSignatures.signedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
    })
    .from(talkSelfSignatures)
    .innerJoin(users, eq(users.id, talkSelfSignatures.userId))
    .where(
      and(
        eq(talkSelfSignatures.talkId, talkId),
        eq(talkSelfSignatures.foremanId, foreman.id),
        eq(talkSelfSignatures.topicId, topicId),
        gt(talkSelfSignatures.expiresAt, new Date().toISOString()),
      ),
    )
    .orderBy(talkSelfSignatures.signedAt);
  return { people: rows.map((r) => ({ userId: r.userId, name: fullName(r), signedAt: r.signedAt })) };
}

export interface JoinedLine {
  userId: string;
  name: string;
  jobTitle: string | null;
  signedAt: string;
}

/**
 * The pending signatures the arriving talk takes as lines with method "account": made for this
 * foreman and topic, not expired, by an active account not already on the sheet, between the talk's
 * start and its sign-off (a signature made after the foreman closed the talk on the device is not
 * attendance). The caller deletes every pending row of the talk in the same batch.
 */
export async function joinableSelfSignatures(
  db: Db,
  talk: { id: string; topicId: string; foremanId: string; startedAt: string; signedOffAt: string; onSheet: string[] },
  now: number,
): Promise<JoinedLine[]> {
  const rows = await db
    .select({ row: talkSelfSignatures, user: users })
    .from(talkSelfSignatures)
    .innerJoin(users, eq(users.id, talkSelfSignatures.userId))
    .where(and(eq(talkSelfSignatures.talkId, talk.id), gt(talkSelfSignatures.expiresAt, new Date(now).toISOString())));
  const from = Date.parse(talk.startedAt) - CLOCK_SKEW_MS;
  const to = Date.parse(talk.signedOffAt) + CLOCK_SKEW_MS;
  return rows
    .filter(({ row, user }) => {
      const at = Date.parse(row.signedAt);
      return (
        row.foremanId === talk.foremanId &&
        row.topicId === talk.topicId &&
        !user.deactivatedAt &&
        !talk.onSheet.includes(row.userId) &&
        at >= from &&
        at <= to
      );
    })
    .sort((a, b) => a.row.signedAt.localeCompare(b.row.signedAt))
    .map(({ row, user }) => ({
      userId: row.userId,
      name: fullName(user),
      jobTitle: user.jobTitle,
      signedAt: row.signedAt,
    }));
}

/** Pending signatures past their expiry: never attendance, deleted by the scheduled housekeeping. */
export const deleteExpiredSelfSignatures = (db: Db, now: Date) =>
  db.delete(talkSelfSignatures).where(lte(talkSelfSignatures.expiresAt, now.toISOString()));
