import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MySessionsResponse } from '../contract/sessions';
import type { Db } from '../db/client';
import { selectInChunks } from '../db/in-list';
import { classroomSessions, sessionAttendance, sessionInvitations } from '../db/schema';
import { summaries } from './sessions';

/*
 * "My sessions": the classroom sessions a learner is invited to (GET /api/v2/user/sessions and the
 * Worker-rendered dashboard, services/learner-pages.ts, whose one batch carries the first read).
 */

/**
 * The learner's place in the queue: 1 = next to get a freed seat. Stored positions only grow (a
 * number is never reused), so the place is counted among those still waiting, not read as stored.
 */
// The outer row is named in full on purpose: drizzle writes a one-table select's columns without
// their table, and inside the subquery a bare `waitlist_position` would mean w's own (every waiting
// row of every session counted).
export const waitlistRank = () =>
  sql<
    number | null
  >`CASE WHEN "session_invitations"."status" = 'WAITLISTED' THEN (SELECT count(*) FROM session_invitations w WHERE w.session_id = "session_invitations"."session_id" AND w.status = 'WAITLISTED' AND w.waitlist_position <= "session_invitations"."waitlist_position") END`;

/**
 * Whether the learner has any invitation: one small statement for a page's batch (the joined read
 * below cannot ride in a D1 batch: the batch answers rows keyed by column name, and the two tables'
 * same-named columns and the computed place collide, so `waitlistRank` came back undefined).
 */
export const anyInvitationQuery = (db: Db, userId: string) =>
  db
    .select({ sessionId: sessionInvitations.sessionId })
    .from(sessionInvitations)
    .where(eq(sessionInvitations.userId, userId))
    .limit(1);

/** The learner's invitations with their sessions, soonest first (run on its own, not in a batch). */
export const myInvitationsQuery = (db: Db, userId: string) =>
  db
    .select({ session: classroomSessions, invitation: sessionInvitations, waitlistRank: waitlistRank() })
    .from(sessionInvitations)
    .innerJoin(classroomSessions, eq(classroomSessions.id, sessionInvitations.sessionId))
    .where(eq(sessionInvitations.userId, userId))
    .orderBy(asc(classroomSessions.startsAt));

/** The learner's sessions: each one's summary, the learner's answer and attendance. */
export async function mySessions(db: Db, userId: string): Promise<MySessionsResponse> {
  const mine = await myInvitationsQuery(db, userId);
  if (mine.length === 0) return { sessions: [] };
  const ids = mine.map((row) => row.session.id);
  const marks = await selectInChunks(ids, (part) =>
    db
      .select({ sessionId: sessionAttendance.sessionId })
      .from(sessionAttendance)
      .where(
        and(
          inArray(sessionAttendance.sessionId, part),
          eq(sessionAttendance.userId, userId),
          eq(sessionAttendance.present, true),
        ),
      ),
  );
  const attended = new Set(marks.map((row) => row.sessionId));
  const summaryList = await summaries(
    db,
    mine.map((row) => row.session),
  );
  return {
    sessions: summaryList.map((summary, i) => ({
      ...summary,
      invitation: mine[i]!.invitation.status,
      waitlistPosition: mine[i]!.waitlistRank,
      attended: attended.has(summary.id),
    })),
  };
}
