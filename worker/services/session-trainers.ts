import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { classroomSessions, sessionTrainers } from '../db/schema';
import type { SessionRow } from './sessions';

/** The sessions `userId` trains, newest start first (the screen splits upcoming from past), 200 at most. */
export async function trainedSessions(db: Db, userId: string): Promise<SessionRow[]> {
  const rows = await db
    .select({ session: classroomSessions })
    .from(sessionTrainers)
    .innerJoin(classroomSessions, eq(classroomSessions.id, sessionTrainers.sessionId))
    .where(eq(sessionTrainers.userId, userId))
    .orderBy(desc(classroomSessions.startsAt))
    .limit(200);
  return rows.map((row) => row.session);
}
