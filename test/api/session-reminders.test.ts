import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { runScheduled } from '../../worker/scheduled';
import { signInAdmin } from './compliance-helpers';
import { inviteToSession, scheduleSession } from './session-helpers';
import { api, createUser, db, env, login, schema } from './helpers';

/**
 * Issue 29: the reminder e-mail before a classroom session, run by the cron handler as the runtime
 * runs it: one per accepted place, a day before, with the calendar file; never for an unanswered,
 * declined or waitlisted invitation, and once even when the handler fires twice.
 */

beforeAll(signInAdmin);

const HOUR = 3600_000;
const mailsTo = (to: string) => db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, to));
const reminders = async (to: string) => (await mailsTo(to)).filter((mail) => mail.subject.startsWith('Reminder: '));

describe('session reminders', () => {
  it('reminds each accepted place once, a day before, with the calendar file', async () => {
    const trainer = await createUser();
    const [accepted, unanswered, declined, waiting] = await Promise.all([1, 2, 3, 4].map(() => createUser()));
    const startsAt = new Date(Date.now() + 72 * HOUR);
    const { id } = await scheduleSession(trainer.id, {
      location: 'Training room 4',
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + HOUR).toISOString(),
      capacity: 1,
    });
    await inviteToSession(id, [accepted.id, unanswered.id, declined.id, waiting.id]);
    for (const [user, answer] of [
      [accepted, 'accept'],
      [declined, 'decline'],
      [waiting, 'accept'],
    ] as const) {
      const res = await api('POST', `/api/v2/user/sessions/${id}/${answer}`, { token: await login(user) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }

    // Two days before: nothing yet.
    await runScheduled(env, new Date(startsAt.getTime() - 48 * HOUR));
    expect(await reminders(accepted.email)).toHaveLength(0);

    // The day before, the handler firing twice: one reminder, to the accepted place only.
    const dayBefore = new Date(startsAt.getTime() - 20 * HOUR);
    await runScheduled(env, dayBefore);
    await runScheduled(env, new Date(dayBefore.getTime() + 60_000));
    const sent = await reminders(accepted.email);
    expect(sent).toHaveLength(1);
    expect(sent[0].bodyText).toContain('Training room 4');
    expect(sent[0].bodyText).toContain('BEGIN:VEVENT');
    for (const other of [unanswered, declined, waiting]) expect(await reminders(other.email)).toHaveLength(0);
  });
});
