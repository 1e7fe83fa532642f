import { createEvent } from 'ics';
import type { SessionRow } from './sessions';

/**
 * The session as an iCalendar event (RFC 5545) for the invitation e-mail, made by the `ics`
 * package. The outbox has no attachment column yet, so the event travels in the message body
 * (docs/decisions/2026-11-28-session-check-in.md).
 */
export function sessionCalendarFile(session: SessionRow): string {
  const { error, value } = createEvent({
    uid: `${session.id}@classroom-sessions`,
    productId: 'ehs-training/classroom-sessions',
    method: 'PUBLISH',
    title: session.title,
    location: session.location,
    description: session.outline.slice(0, 500),
    start: Date.parse(session.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(session.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
  });
  // The attributes are checked before (title, times in order): a refusal here is a bug, not input.
  if (error || !value) throw error ?? new Error('calendar event not made');
  return value;
}
