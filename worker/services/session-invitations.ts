import { and, eq, sql } from 'drizzle-orm';
import { REFUSALS } from '../contract/errors';
import type { Db } from '../db/client';
import { classroomSessions, requirements, sessionInvitations } from '../db/schema';
import type { AuthUser } from '../env';
import { ApiError } from '../errors';
import { auditInsert } from './audit';
import { coverageFacts } from './compliance';
import { evaluate } from './compliance-status';
import { sendMail, type MailDeps } from './mail';
import { activePeople, type SessionRow } from './sessions';
import { sessionCalendarFile } from './session-ics';

/**
 * Invitations, answers, capacity and the waitlist. Each answer is one conditional statement (or
 * one batch), so two people taking the last place at once cannot both get it: the place count is
 * read by the statement that writes the answer.
 */

/** Everyone `requirementId` covers who is not compliant today (exempt people are not invited). */
export async function notCompliantOf(
  db: Db,
  requirementId: string,
  now = new Date(),
  siteId?: string | null,
): Promise<string[]> {
  const requirement = await db
    .select({ id: requirements.id, domainId: requirements.domainId, retiredAt: requirements.retiredAt })
    .from(requirements)
    .where(eq(requirements.id, requirementId))
    .get();
  if (!requirement || requirement.retiredAt) throw new ApiError('NOT_FOUND', REFUSALS['requirement.notFound']);
  // A site-limited administrator's invitation reaches their site's people only.
  const facts = await coverageFacts(db, { bookId: requirement.domainId, ...(siteId ? { siteId } : {}) }, now);
  return facts
    .filter((fact) => fact.requirementId === requirementId)
    .filter((fact) => {
      const status = evaluate(fact, now).status;
      return status !== 'compliant' && status !== 'exempt';
    })
    .map((fact) => fact.userId);
}

export function assertOpen(session: SessionRow, now: Date) {
  if (session.status === 'SIGNED_OFF') throw new ApiError('CONFLICT', REFUSALS['session.closed']);
  if (Date.parse(session.endsAt) <= now.getTime()) throw new ApiError('CONFLICT', REFUSALS['session.ended']);
}

/**
 * Invites people not invited yet (someone already invited keeps their answer) and records each
 * invitation e-mail, with the session as a calendar file, in the outbox. Answers how many were new.
 */
export async function invite(
  db: Db,
  mail: MailDeps,
  actor: AuthUser,
  session: SessionRow,
  userIds: readonly string[],
  source: { requirementId?: string },
  now = new Date(),
): Promise<{ invited: number; alreadyInvited: number }> {
  assertOpen(session, now);
  const people = await activePeople(db, userIds, 'session.inviteeNotFound');
  const existing = new Set(
    (
      await db
        .select({ userId: sessionInvitations.userId })
        .from(sessionInvitations)
        .where(eq(sessionInvitations.sessionId, session.id))
    ).map((row) => row.userId),
  );
  const fresh = people.filter((person) => !existing.has(person.id));
  if (fresh.length > 0) {
    const at = now.toISOString();
    await db.batch([
      auditInsert(db, {
        actor,
        action: 'SESSION_INVITED',
        entityType: 'CLASSROOM_SESSION',
        entityId: session.id,
        after: { userIds: fresh.map((person) => person.id), requirementId: source.requirementId ?? null },
        at: now,
      }),
      ...fresh.map((person) =>
        db
          .insert(sessionInvitations)
          .values({ sessionId: session.id, userId: person.id, invitedBy: actor.id, invitedAt: at })
          .onConflictDoNothing(),
      ),
    ]);
    const calendar = sessionCalendarFile(session);
    for (const person of fresh) {
      await sendMail(mail, db, {
        to: person.email,
        userId: person.id,
        subject: `Invitation: ${session.title}`,
        text: [
          `You are invited to a classroom session: ${session.title}`,
          `Where: ${session.location}`,
          `When: ${session.startsAt} to ${session.endsAt} (UTC)`,
          'Accept or decline it on your dashboard. The calendar file below adds it to your calendar.',
          '',
          calendar,
        ].join('\n'),
      });
    }
  }
  return { invited: fresh.length, alreadyInvited: people.length - fresh.length };
}

const acceptedCount = (sessionId: string) =>
  sql`(SELECT count(*) FROM session_invitations WHERE session_id = ${sessionId} AND status = 'ACCEPTED')`;
const nextWaitlistPosition = (sessionId: string) =>
  sql`(SELECT coalesce(max(waitlist_position), 0) + 1 FROM session_invitations WHERE session_id = ${sessionId})`;

async function invitationOf(db: Db, sessionId: string, userId: string) {
  const row = await db
    .select()
    .from(sessionInvitations)
    .where(and(eq(sessionInvitations.sessionId, sessionId), eq(sessionInvitations.userId, userId)))
    .get();
  if (!row) throw new ApiError('FORBIDDEN', REFUSALS['session.notInvited']);
  return row;
}

/** A place while one is free, else the end of the waitlist; accepting again changes nothing. */
export async function accept(db: Db, user: AuthUser, session: SessionRow, now = new Date()) {
  assertOpen(session, now);
  const invitation = await invitationOf(db, session.id, user.id);
  if (invitation.status === 'ACCEPTED' || invitation.status === 'WAITLISTED') return;
  const capacity = sql`(SELECT capacity FROM ${classroomSessions} WHERE id = ${session.id})`;
  await db
    .update(sessionInvitations)
    .set({
      status: sql`CASE WHEN ${acceptedCount(session.id)} < ${capacity} THEN 'ACCEPTED' ELSE 'WAITLISTED' END`,
      waitlistPosition: sql`CASE WHEN ${acceptedCount(session.id)} < ${capacity} THEN NULL ELSE ${nextWaitlistPosition(session.id)} END`,
      respondedAt: now.toISOString(),
    })
    .where(and(eq(sessionInvitations.sessionId, session.id), eq(sessionInvitations.userId, user.id)));
}

/** Declining frees the person's place, which goes to the first on the waitlist, in the same batch. */
export async function decline(db: Db, user: AuthUser, session: SessionRow, now = new Date()) {
  assertOpen(session, now);
  const invitation = await invitationOf(db, session.id, user.id);
  if (invitation.status === 'DECLINED') return;
  const capacity = sql`(SELECT capacity FROM ${classroomSessions} WHERE id = ${session.id})`;
  const firstWaiting = sql`(SELECT user_id FROM session_invitations WHERE session_id = ${session.id} AND status = 'WAITLISTED' ORDER BY waitlist_position LIMIT 1)`;
  await db.batch([
    db
      .update(sessionInvitations)
      .set({ status: 'DECLINED', waitlistPosition: null, respondedAt: now.toISOString() })
      .where(and(eq(sessionInvitations.sessionId, session.id), eq(sessionInvitations.userId, user.id))),
    db
      .update(sessionInvitations)
      .set({ status: 'ACCEPTED', waitlistPosition: null })
      .where(
        and(
          eq(sessionInvitations.sessionId, session.id),
          sql`${sessionInvitations.userId} = ${firstWaiting}`,
          sql`${acceptedCount(session.id)} < ${capacity}`,
        ),
      ),
  ]);
}
