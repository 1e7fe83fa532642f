import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, signInAdmin } from './compliance-helpers';
import { api, createUser, login, type TestUser } from './helpers';

/**
 * The routes the session screens add (issue 29): "Sessions I teach" (GET /api/v2/sessions) and the
 * person searches of the roster (walk-ins, by the session's runner) and of the schedule form.
 */

beforeAll(signInAdmin);

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
let seq = 0;

async function schedule(trainers: TestUser[], startsIn = 60) {
  const res = await api('POST', '/api/v2/admin/sessions', {
    token: adminToken,
    body: {
      title: `Forklift refresher ${++seq}`,
      trainerIds: trainers.map((t) => t.id),
      location: 'Dock 4',
      startsAt: inMinutes(startsIn),
      endsAt: inMinutes(startsIn + 60),
      capacity: 5,
      outline: 'Stability triangle; pre-use checks.',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.session.id as string;
}

describe('sessions I teach', () => {
  it('lists the sessions the caller trains, newest first, and nobody else’s', async () => {
    const trainer = await createUser({ jobTitle: 'Trainer' });
    const other = await createUser();
    const soon = await schedule([trainer], 30);
    const later = await schedule([trainer, other], 600);
    const notMine = await schedule([other]);
    const res = await api('GET', '/api/v2/sessions', { token: await login(trainer) });
    expect(res.status).toBe(200);
    const ids = res.body.sessions.map((s: { id: string }) => s.id);
    expect(ids).toEqual([later, soon]);
    expect(ids).not.toContain(notMine);
    expect(res.body.sessions[0].trainers.map((t: { id: string }) => t.id).sort()).toEqual(
      [trainer.id, other.id].sort(),
    );
    const stranger = await createUser();
    const none = await api('GET', '/api/v2/sessions', { token: await login(stranger) });
    expect(none.status).toBe(200);
    expect(none.body.sessions).toEqual([]);
    expect((await api('GET', '/api/v2/sessions')).status).toBe(401);
  });
});

describe('person search', () => {
  it('finds walk-ins for the session’s trainer (never the trainer), and refuses anyone else', async () => {
    const dept = `Walk-in dept ${++seq}`;
    const trainer = await createUser({ department: dept });
    const walkIn = await createUser({ firstName: 'Walkin', lastName: 'Person', department: dept });
    const gone = await createUser({ department: dept, deactivatedAt: new Date().toISOString() });
    const id = await schedule([trainer]);
    const token = await login(trainer);
    const res = await api('GET', `/api/v2/sessions/${id}/people?query=${encodeURIComponent(dept)}`, {
      token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const found = res.body.people.map((p: { id: string }) => p.id);
    expect(found).toContain(walkIn.id);
    expect(found).not.toContain(trainer.id);
    expect(found).not.toContain(gone.id);
    expect(res.body.people.find((p: { id: string }) => p.id === walkIn.id)).toMatchObject({
      name: expect.stringContaining('Walkin'),
      username: walkIn.username,
    });
    // The walk-in is then marked present by the trainer, outside the admin area.
    const mark = await api('PUT', `/api/v2/sessions/${id}/attendance/${walkIn.id}`, { token, body: { present: true } });
    expect(mark.status, JSON.stringify(mark.body)).toBe(200);
    const entry = mark.body.session.roster.find((r: { id: string }) => r.id === walkIn.id);
    expect(entry).toMatchObject({ invitation: null, attendance: { present: true, method: 'ROSTER' } });

    const stranger = await createUser();
    const refused = await api('GET', `/api/v2/sessions/${id}/people?query=a`, { token: await login(stranger) });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/Only a trainer of this session/);
    const tooLong = await api('GET', `/api/v2/sessions/${id}/people?query=${'x'.repeat(101)}`, { token });
    expect(tooLong.status).toBe(400);
  });

  it('lets an administrator with Module Management search everyone for trainers and invitations', async () => {
    const dept = `Schedule dept ${++seq}`;
    const a = await createUser({ department: dept });
    const res = await api('GET', `/api/v2/admin/sessions/people?query=${encodeURIComponent(dept)}`, {
      token: adminToken,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.people.map((p: { id: string }) => p.id)).toEqual([a.id]);
    const learner = await createUser();
    const refused = await api('GET', '/api/v2/admin/sessions/people?query=a', { token: await login(learner) });
    expect(refused.status).toBe(403);
  });
});
