import type { SessionRow } from './sessions';

/**
 * The session as an iCalendar event (RFC 5545), for the invitation e-mail. Written by hand for
 * now: the `ics` package (ISSUE29) is not installed in this worktree yet, and the outbox has no
 * attachment column, so the event travels in the message body (see the report / decision).
 */

const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
/** Text values escape backslash, semicolon, comma and newlines (RFC 5545 3.3.11). */
const text = (value: string) => value.replace(/[\\;,]/g, (ch) => `\\${ch}`).replace(/\r?\n/g, '\\n');

export function sessionCalendarFile(session: SessionRow, now = new Date()): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//EHS training//classroom sessions//EN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${session.id}@classroom-sessions`,
    `DTSTAMP:${stamp(now.toISOString())}`,
    `DTSTART:${stamp(session.startsAt)}`,
    `DTEND:${stamp(session.endsAt)}`,
    `SUMMARY:${text(session.title)}`,
    `LOCATION:${text(session.location)}`,
    `DESCRIPTION:${text(session.outline.slice(0, 500))}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
}
