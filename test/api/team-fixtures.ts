/**
 * Reporting lines for the team route tests (issue 30): lead -> sup -> (ann, bob); lead -> cat; and
 * outsiders: the lead's own manager (boss), a peer supervisor and their crew member (other), and a
 * leaver who reported to sup. Everyone shares one department named for the call, and a requirement
 * on it covers all of them.
 */
import { expect } from 'vitest';
import { createCourse } from './fixtures';
import { api, createDomain, createUser } from './helpers';

/** A real 1x1 PNG (so the same bytes display in a browser): a credential's scan. */
export const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
);

export async function crews(adminToken: string, requirement: { dueWithinDays?: number } = {}) {
  const tag = crypto.randomUUID().slice(0, 6);
  const dept = `Crew ${tag}`;
  const person = (name: string, managerId?: string, extra: Record<string, unknown> = {}) =>
    createUser({ username: `${name}_${tag}`, firstName: name, lastName: tag, department: dept, managerId, ...extra });
  const boss = await person('boss');
  const lead = await person('lead', boss.id);
  const sup = await person('sup', lead.id);
  const ann = await person('ann', sup.id);
  const bob = await person('bob', sup.id);
  const cat = await person('cat', lead.id);
  const peer = await person('peer', boss.id);
  const other = await person('other', peer.id);
  const leaver = await person('gone', sup.id, { deactivatedAt: new Date().toISOString() });
  const bookId = await createDomain();
  const course = await createCourse({ domainId: bookId });
  const created = await api('POST', '/api/v2/admin/requirements', {
    token: adminToken,
    body: { courseId: course.courseId, bookId, department: dept, ...requirement },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { tag, dept, course, boss, lead, sup, ann, bob, cat, peer, other, leaver };
}
