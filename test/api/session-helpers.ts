import { expect } from 'vitest';
import { adminToken } from './compliance-helpers';
import { api, createUser, db, login, schema } from './helpers';

/** Arrange steps of the classroom session API tests (issue 29). */

export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/**
 * The body of a session an administrator schedules: starting in ten minutes (check-in is open),
 * an hour long, five places; `overrides` change any of it. Titles are unique.
 */
export function sessionBody(trainerId: string, overrides: Record<string, unknown> = {}) {
  return {
    title: `Bloodborne pathogens ${crypto.randomUUID().slice(0, 8)}`,
    trainerIds: [trainerId],
    location: 'Training room 2',
    startsAt: inMinutes(10),
    endsAt: inMinutes(70),
    capacity: 5,
    outline: 'Exposure control plan',
    ...overrides,
  };
}

/** A session scheduled by an administrator (Module Management) through the admin route; answers the created session. */
export async function scheduleSession(trainerId: string, overrides: Record<string, unknown> = {}) {
  const created = await api('POST', '/api/v2/admin/sessions', {
    token: adminToken,
    body: sessionBody(trainerId, overrides),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.session as { id: string; startsAt: string; endsAt: string; location: string };
}

/** People invited to a session by the administrator; answers the route's body. */
export async function inviteToSession(sessionId: string, userIds: string[]) {
  const res = await api('POST', `/api/v2/admin/sessions/${sessionId}/invite`, { token: adminToken, body: { userIds } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** How many sessions exist (a refused request writes none). */
export const sessionCount = async () =>
  (await db.select({ id: schema.classroomSessions.id }).from(schema.classroomSessions)).length;

/** A person who signs in (a trainer, an attendee), with their token. */
export async function sessionPerson(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser({ jobTitle: 'Phlebotomist', ...overrides });
  return { user, token: await login(user) };
}
