import { and, eq, gt, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { selectInChunks } from '../db/in-list';
import { classroomSessions, sessionInvitations, users } from '../db/schema';
import { sendMail, type MailDeps } from './mail';
import { sessionCalendarFile } from './session-ics';

/** A place is reminded of this long before its session starts. */
export const SESSION_REMINDER_HOURS = 24;

/**
 * The reminder before a classroom session (issue 29): each accepted place whose session starts
 * within the next 24 hours gets one e-mail with the calendar file. The invitation is claimed
 * (`reminded_at`) by the statement that picks it, so a cron firing twice sends it once. Someone
 * who accepted inside those 24 hours has just answered and is not reminded.
 */
export async function sendSessionReminders(mail: MailDeps, db: Db, now: Date): Promise<number> {
  const windowEnd = new Date(now.getTime() + SESSION_REMINDER_HOURS * 3600_000);
  const soon = await db
    .select()
    .from(classroomSessions)
    .where(
      and(
        gt(classroomSessions.startsAt, now.toISOString()),
        lte(classroomSessions.startsAt, windowEnd.toISOString()),
        ne(classroomSessions.status, 'SIGNED_OFF'),
      ),
    );
  let sent = 0;
  for (const session of soon) {
    const windowOpened = new Date(Date.parse(session.startsAt) - SESSION_REMINDER_HOURS * 3600_000).toISOString();
    const claimed = await db
      .update(sessionInvitations)
      .set({ remindedAt: now.toISOString() })
      .where(
        and(
          eq(sessionInvitations.sessionId, session.id),
          eq(sessionInvitations.status, 'ACCEPTED'),
          isNull(sessionInvitations.remindedAt),
          or(isNull(sessionInvitations.respondedAt), lte(sessionInvitations.respondedAt, windowOpened)),
        ),
      )
      .returning({ userId: sessionInvitations.userId });
    if (claimed.length === 0) continue;
    const people = await selectInChunks(
      claimed.map((row) => row.userId),
      (part) =>
        db
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(and(inArray(users.id, part), isNull(users.deactivatedAt))),
    );
    const calendar = sessionCalendarFile(session);
    for (const person of people) {
      await sendMail(mail, db, {
        to: person.email,
        userId: person.id,
        subject: `Reminder: ${session.title}`,
        text: [
          `Your classroom session starts soon: ${session.title}`,
          `Where: ${session.location}`,
          `When: ${session.startsAt} to ${session.endsAt} (UTC)`,
          'If you cannot come, give up your place on your dashboard so the next person waiting gets it.',
          '',
          calendar,
        ].join('\n'),
      });
      sent += 1;
    }
  }
  return sent;
}
