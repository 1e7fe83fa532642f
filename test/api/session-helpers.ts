import { expect } from 'vitest';
import { adminToken } from './compliance-helpers';
import { api } from './helpers';

/** Arrange steps of the classroom session API tests (issue 29). */

export const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** A session scheduled by an administrator (Module Management) through the admin route; answers the created session. */
export async function scheduleSession(trainerId: string, overrides: Record<string, unknown> = {}) {
  const created = await api('POST', '/api/v2/admin/sessions', {
    token: adminToken,
    body: {
      title: `Bloodborne pathogens ${crypto.randomUUID().slice(0, 8)}`,
      trainerIds: [trainerId],
      location: 'Training room 2',
      startsAt: inMinutes(10),
      endsAt: inMinutes(70),
      capacity: 5,
      outline: 'Exposure control plan',
      ...overrides,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.session as { id: string; startsAt: string; endsAt: string };
}
