import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { LearnerClassroomData } from '../contract/courses';
import type { Db } from '../db/client';
import { selectInChunks } from '../db/in-list';
import { classroomSessions, sessionInvitations } from '../db/schema';

type NextSession = NonNullable<LearnerClassroomData['nextSession']>;

/**
 * The learner's next session of each classroom component: one not yet ended or signed off, to which
 * they are invited or have accepted (a declined or waitlisted place is not a seat they can plan on).
 * The earliest start wins, so a learner invited to two dates sees the first.
 */
export async function nextSessionsOf(
  db: Db,
  userId: string,
  componentIds: string[],
  now = new Date(),
): Promise<Map<string, NextSession>> {
  const out = new Map<string, NextSession>();
  if (componentIds.length === 0) return out;
  const rows = await selectInChunks(componentIds, (part) =>
    db
      .select({
        componentId: classroomSessions.componentId,
        startsAt: classroomSessions.startsAt,
        endsAt: classroomSessions.endsAt,
        location: classroomSessions.location,
      })
      .from(sessionInvitations)
      .innerJoin(classroomSessions, eq(classroomSessions.id, sessionInvitations.sessionId))
      .where(
        and(
          eq(sessionInvitations.userId, userId),
          inArray(sessionInvitations.status, ['INVITED', 'ACCEPTED']),
          inArray(classroomSessions.componentId, part),
          eq(classroomSessions.status, 'SCHEDULED'),
          gt(classroomSessions.endsAt, now.toISOString()),
        ),
      )
      .orderBy(asc(classroomSessions.startsAt)),
  );
  // Chunks come back one after another: order across them by start.
  rows.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  for (const row of rows) {
    if (!row.componentId || out.has(row.componentId)) continue;
    out.set(row.componentId, { startsAt: row.startsAt, endsAt: row.endsAt, location: row.location });
  }
  return out;
}
