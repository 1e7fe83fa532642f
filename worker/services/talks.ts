import { asc, eq, inArray } from 'drizzle-orm';
import { REFUSALS } from '../contract/errors';
import { isAdminUser } from '../contract/rules/roles';
import { FOREMAN_MEANING, TALK_LIMITS, type TalkBody, type TalkRecord } from '../contract/talks';
import type { Db } from '../db/client';
import { selectInChunks } from '../db/in-list';
import { talkAttendees, talks, talkSelfSignatures, talkTopics, users } from '../db/schema';
import type { AuthUser } from '../env';
import { ApiError } from '../errors';
import { auditInsert } from './audit';
import { sha256Hex } from './crypto';
import { confirmSigner } from './evaluation-submit';
import { PASSWORD_SIGNED } from './signing-proofs';
import { forgetPeopleCaches } from './people-caches';
import { signaturePng } from './signature-image';
import { assertAnyInSite } from './sites';
import { joinableSelfSignatures } from './talk-self-sign';
import type { Storage } from './storage';
import { fullName } from './users';

/**
 * A toolbox talk sent by the foreman's device (issue 29). Like an evaluation, the device makes the
 * id: the same submission sent again answers the stored record, other content under that id is a
 * conflict. Every check runs before anything is written; the signature images go to storage under
 * keys named by the talk (a retry overwrites them), then the talk, its lines and the audit row are
 * one batch: a refusal stores no record.
 */

/** A device clock a little ahead of the server's is not "the future". */
const CLOCK_SKEW_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** The foreman capability (docs/decisions/2026-11-28-toolbox-talks.md): a flagged person, or any administrator. */
export async function assertMayLead(db: Db, user: AuthUser): Promise<void> {
  if (isAdminUser(user)) return;
  const row = await db.select({ leadsTalks: users.leadsTalks }).from(users).where(eq(users.id, user.id)).get();
  if (!row?.leadsTalks) throw new ApiError('FORBIDDEN', REFUSALS['talk.notLeader']);
}

/** What identifies a submission's content: everything but the password, and the foreman who sent it. */
async function bodyHash(body: TalkBody, foremanId: string): Promise<string> {
  return sha256Hex(
    JSON.stringify({
      foremanId,
      id: body.id,
      topicId: body.topicId,
      startedAt: new Date(body.startedAt).toISOString(),
      signedOffAt: new Date(body.signedOffAt).toISOString(),
      attendees: body.attendees.map((a) => ({
        method: a.method,
        userId: a.userId,
        name: a.name,
        signature: a.method === 'signature' ? a.signature : null,
        reason: a.method === 'on-behalf' ? a.reason : null,
        signedAt: new Date(a.signedAt).toISOString(),
      })),
      // The password and the provider's proof are the act of signing, not content: a resend replays either way.
      foreman: body.foreman.method === 'signature' ? body.foreman : { method: 'password' },
    }),
  );
}

async function replayOf(db: Db, id: string, hash: string): Promise<'replayed' | null> {
  const row = await db.select({ bodyHash: talks.bodyHash }).from(talks).where(eq(talks.id, id)).get();
  if (!row) return null;
  if (row.bodyHash !== hash) throw new ApiError('CONFLICT', REFUSALS['talk.idReused']);
  return 'replayed';
}

function pngOf(dataUrl: string): Uint8Array {
  const bytes = signaturePng(dataUrl, TALK_LIMITS.signatureBytes);
  if (bytes === 'tooLarge') throw new ApiError('PAYLOAD_TOO_LARGE', REFUSALS['talk.signatureTooLarge']);
  if (bytes === 'invalid') throw new ApiError('VALIDATION_FAILED', REFUSALS['talk.signatureInvalid']);
  return bytes;
}

/** Start not in the future nor older than 30 days; sign-off after the start; each signature in between. */
function checkTimes(body: TalkBody, now: number) {
  const started = Date.parse(body.startedAt);
  const signedOff = Date.parse(body.signedOffAt);
  if (started > now + CLOCK_SKEW_MS) throw new ApiError('VALIDATION_FAILED', REFUSALS['talk.startedFuture']);
  if (started < now - TALK_LIMITS.startedWithinDays * DAY_MS)
    throw new ApiError('VALIDATION_FAILED', REFUSALS['talk.startedTooOld']);
  if (signedOff < started || signedOff > now + CLOCK_SKEW_MS)
    throw new ApiError('VALIDATION_FAILED', REFUSALS['talk.signedOffOrder']);
  for (const attendee of body.attendees) {
    const at = Date.parse(attendee.signedAt);
    if (at < started - CLOCK_SKEW_MS || at > signedOff + CLOCK_SKEW_MS)
      throw new ApiError('VALIDATION_FAILED', REFUSALS['talk.signedAtOrder']);
  }
}

export const attendeeSignatureKey = (talkId: string, position: number) => `talks/${talkId}/attendee-${position}.png`;
export const foremanSignatureKey = (talkId: string) => `talks/${talkId}/foreman.png`;

export async function submitTalk(
  db: Db,
  storage: Storage,
  foreman: AuthUser,
  body: TalkBody,
): Promise<'stored' | 'replayed'> {
  const hash = await bodyHash(body, foreman.id);
  const replay = await replayOf(db, body.id, hash);
  if (replay) return replay;

  await assertMayLead(db, foreman);
  const now = Date.now();
  const topic = await db.select().from(talkTopics).where(eq(talkTopics.id, body.topicId)).get();
  if (!topic || topic.retiredAt) throw new ApiError('NOT_FOUND', REFUSALS['talk.topicNotFound']);
  checkTimes(body, now);

  const userIds = body.attendees.flatMap((a) => (a.userId ? [a.userId] : []));
  if (new Set(userIds).size !== userIds.length) throw new ApiError('VALIDATION_FAILED', REFUSALS['talk.attendeeTwice']);
  if (userIds.includes(foreman.id)) throw new ApiError('VALIDATION_FAILED', REFUSALS['talk.foremanAttendee']);
  // At most 100 lines, but asked in chunks like every IN list.
  const people = await selectInChunks(userIds, (part) =>
    db
      .select({ id: users.id, jobTitle: users.jobTitle, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(inArray(users.id, part)),
  );
  const byId = new Map(people.filter((p) => !p.deactivatedAt).map((p) => [p.id, p]));
  if (userIds.some((id) => !byId.has(id))) throw new ApiError('NOT_FOUND', REFUSALS['talk.attendeeNotFound']);

  // Every image is decoded (and refused) before anything is written.
  const images = body.attendees.map((a) => (a.method === 'signature' ? pngOf(a.signature) : null));
  const foremanImage = body.foreman.method === 'signature' ? pngOf(body.foreman.signature) : null;
  let signedWith = PASSWORD_SIGNED;
  if (body.foreman.method !== 'signature') {
    try {
      signedWith = await confirmSigner(
        db,
        foreman.id,
        body.foreman.method === 'provider' ? { signingProof: body.foreman.proof } : { password: body.foreman.password },
        { purpose: 'talk', subjectId: body.id },
      );
    } catch (error) {
      // A refused proof says why (used, expired, another's); a wrong password says so for the talk.
      if (error instanceof ApiError && error.code === 'INVALID_CREDENTIALS' && body.foreman.method === 'password')
        throw new ApiError('INVALID_CREDENTIALS', REFUSALS['talk.passwordWrong']);
      throw error;
    }
  }

  const foremanRow = await db.select().from(users).where(eq(users.id, foreman.id)).get();
  const foremanName = fullName(foremanRow ?? foreman);
  // Crew members who signed on their own phone while the device was (maybe) offline join the sheet now.
  const joined = await joinableSelfSignatures(
    db,
    {
      id: body.id,
      topicId: topic.id,
      foremanId: foreman.id,
      startedAt: body.startedAt,
      signedOffAt: body.signedOffAt,
      onSheet: [...userIds, foreman.id],
    },
    now,
  );
  const firstJoined = body.attendees.length;
  await Promise.all([
    ...images.map((bytes, position) =>
      bytes
        ? storage.put(attendeeSignatureKey(body.id, position), bytes, {
            contentType: 'image/png',
            size: bytes.byteLength,
          })
        : null,
    ),
    foremanImage
      ? storage.put(foremanSignatureKey(body.id), foremanImage, {
          contentType: 'image/png',
          size: foremanImage.byteLength,
        })
      : null,
  ]);
  const receivedAt = new Date(now).toISOString();
  try {
    await db.batch([
      db.insert(talks).values({
        id: body.id,
        topicId: topic.id,
        topicTitle: topic.title,
        topicBody: topic.body,
        foremanId: foreman.id,
        foremanName,
        foremanJobTitle: foremanRow?.jobTitle ?? null,
        foremanMethod: body.foreman.method,
        foremanProvider: body.foreman.method === 'provider' ? signedWith.provider : null,
        foremanSignatureKey: foremanImage ? foremanSignatureKey(body.id) : null,
        bodyHash: hash,
        startedAt: new Date(body.startedAt).toISOString(),
        signedOffAt: new Date(body.signedOffAt).toISOString(),
        receivedAt,
      }),
      db.insert(talkAttendees).values([
        ...body.attendees.map((a, position) => ({
          talkId: body.id,
          position,
          userId: a.userId ?? null,
          name: a.name,
          jobTitle: a.userId ? (byId.get(a.userId)?.jobTitle ?? null) : null,
          method: a.method,
          signedByName: a.method === 'on-behalf' ? foremanName : null,
          reason: a.method === 'on-behalf' ? a.reason : null,
          signatureKey: images[position] ? attendeeSignatureKey(body.id, position) : null,
          signedAt: new Date(a.signedAt).toISOString(),
        })),
        ...joined.map((line, i) => ({
          talkId: body.id,
          position: firstJoined + i,
          userId: line.userId,
          name: line.name,
          jobTitle: line.jobTitle,
          method: 'account' as const,
          signedByName: null,
          reason: null,
          signatureKey: null,
          signedAt: line.signedAt,
        })),
      ]),
      // Every pending signature of this talk is settled: joined above, or never attendance.
      db.delete(talkSelfSignatures).where(eq(talkSelfSignatures.talkId, body.id)),
      auditInsert(db, {
        actor: foreman,
        action: 'TALK_SIGNED',
        entityType: 'TALK',
        entityId: body.id,
        after: {
          topicId: topic.id,
          topicTitle: topic.title,
          startedAt: body.startedAt,
          signedOffAt: body.signedOffAt,
          foremanMethod: body.foreman.method,
          foremanProvider: body.foreman.method === 'provider' ? signedWith.provider : null,
          attendees: [
            ...body.attendees.map((a) => ({ userId: a.userId, name: a.name, method: a.method })),
            ...joined.map((line) => ({ userId: line.userId, name: line.name, method: 'account' })),
          ],
        },
        at: new Date(now),
      }),
      ...forgetPeopleCaches(db),
    ]);
  } catch (error) {
    // The same submission stored by a concurrent request answers as a replay (or a conflict).
    if (await replayOf(db, body.id, hash)) return 'replayed';
    throw error;
  }
  return 'stored';
}

export type TalkRow = typeof talks.$inferSelect;
export type TalkAttendeeRow = typeof talkAttendees.$inferSelect;

/** A talk and its lines, or 404. */
export async function findTalk(db: Db, id: string): Promise<{ talk: TalkRow; attendees: TalkAttendeeRow[] }> {
  const [talk, attendees] = await db.batch([
    db.select().from(talks).where(eq(talks.id, id)),
    db.select().from(talkAttendees).where(eq(talkAttendees.talkId, id)).orderBy(asc(talkAttendees.position)),
  ]);
  if (!talk[0]) throw new ApiError('NOT_FOUND', REFUSALS['talk.notFound']);
  return { talk: talk[0], attendees };
}

/** Who may read a talk and its sheet: its foreman, an attendee, administrators who manage people or reports. */
export function mayReadTalk(user: AuthUser, talk: TalkRow, attendees: readonly TalkAttendeeRow[]): boolean {
  if (talk.foremanId === user.id || attendees.some((a) => a.userId === user.id)) return true;
  return (
    isAdminUser(user) && (user.permissions?.userManagement !== false || user.permissions?.reportGeneration !== false)
  );
}

/**
 * A site-limited administrator reads, as an overseer, a talk led by or signed by someone of their
 * site (the sheet is those people's record); any other talk answers 403 site.outsideLimit.
 */
export async function assertTalkInSite(
  db: Db,
  user: AuthUser,
  talk: TalkRow,
  attendees: readonly TalkAttendeeRow[],
): Promise<void> {
  if (!user.siteLimit || talk.foremanId === user.id || attendees.some((a) => a.userId === user.id)) return;
  await assertAnyInSite(db, user, [talk.foremanId, ...attendees.flatMap((a) => (a.userId ? [a.userId] : []))]);
}

export function talkRecord(talk: TalkRow, attendees: readonly TalkAttendeeRow[]): TalkRecord {
  return {
    id: talk.id,
    topicId: talk.topicId,
    topicTitle: talk.topicTitle,
    topicBody: talk.topicBody,
    foremanId: talk.foremanId,
    foremanName: talk.foremanName,
    foremanMethod: talk.foremanMethod,
    foremanProvider: talk.foremanProvider,
    meaning: FOREMAN_MEANING,
    startedAt: talk.startedAt,
    signedOffAt: talk.signedOffAt,
    receivedAt: talk.receivedAt,
    attendees: attendees.map((a) => ({
      position: a.position,
      userId: a.userId,
      name: a.name,
      jobTitle: a.jobTitle,
      method: a.method,
      signedByName: a.signedByName,
      reason: a.reason,
      signedAt: a.signedAt,
      hasSignature: !!a.signatureKey,
    })),
    sheetUrl: `/api/v2/talks/${talk.id}/sheet.pdf`,
  };
}

/** The talk number people read on the sheet and in the matrix (the matrix's talk SQL makes the same). */
export const talkNumber = (id: string) => `TALK-${id.slice(0, 8).toUpperCase()}`;
