import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, db, login, schema } from './helpers';
import { crews } from './team-fixtures';

// The team routes (issue 30): a supervisor sees exactly their direct and indirect reports, through
// every route and every filter, and nobody else; a person with no reports sees an empty team.

let admin: string;
beforeAll(async () => {
  admin = await login(await createAdmin());
});

const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();
const matrixIds = (body: { rows: { user: { id: string } }[] }) => body.rows.map((r) => r.user.id).sort();

describe('a supervisor sees exactly their team', () => {
  it('lists direct and indirect reports with their depth, never anyone else', async () => {
    const t = await crews(admin);
    const lead = await login(t.lead);
    const members = await api('GET', '/api/v2/team/members', { token: lead });
    expect(members.status, JSON.stringify(members.body)).toBe(200);
    expect(ids(members.body.members)).toEqual(ids([t.sup, t.ann, t.bob, t.cat]));
    const depth = new Map(members.body.members.map((m: { id: string; depth: number }) => [m.id, m.depth]));
    expect([depth.get(t.sup.id), depth.get(t.cat.id), depth.get(t.ann.id)]).toEqual([1, 1, 2]);
    const sup = await login(t.sup);
    expect(ids((await api('GET', '/api/v2/team/members', { token: sup })).body.members)).toEqual(ids([t.ann, t.bob]));
    // A worker with no reports has an empty team.
    expect((await api('GET', '/api/v2/team/members', { token: await login(t.ann) })).body.members).toEqual([]);
  });

  it('searches within the team only', async () => {
    const t = await crews(admin);
    const sup = await login(t.sup);
    // "other" and "peer" match the tag but are not in the team.
    const found = await api('GET', `/api/v2/team/members?q=${t.tag}`, { token: sup });
    expect(ids(found.body.members)).toEqual(ids([t.ann, t.bob]));
    expect((await api('GET', `/api/v2/team/members?q=other_${t.tag}`, { token: sup })).body.members).toEqual([]);
    const matrix = await api('GET', `/api/v2/team/compliance?q=other_${t.tag}`, { token: sup });
    expect(matrix.body.rows).toEqual([]);
  });

  it('answers the compliance matrix of the team in the admin shape', async () => {
    const t = await crews(admin);
    const query = `department=${encodeURIComponent(t.dept)}`;
    const whole = await api('GET', `/api/v2/admin/compliance?${query}`, { token: admin });
    // Leaver excluded, as everywhere.
    expect(matrixIds(whole.body)).toEqual(ids([t.boss, t.lead, t.sup, t.ann, t.bob, t.cat, t.peer, t.other]));
    const lead = await login(t.lead);
    const mine = await api('GET', `/api/v2/team/compliance?${query}`, { token: lead });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(matrixIds(mine.body)).toEqual(ids([t.sup, t.ann, t.bob, t.cat]));
    expect(Object.keys(mine.body).sort()).toEqual(Object.keys(whole.body).sort());
    expect(mine.body.pagination.totalItems).toBe(4);
    // Without a filter too: the team, whatever else the database holds.
    const all = await api('GET', '/api/v2/team/compliance?size=100', { token: await login(t.sup) });
    expect(matrixIds(all.body)).toEqual(ids([t.ann, t.bob]));
    // A second read comes from the team's own snapshot, not the admin's.
    const again = await api('GET', `/api/v2/team/compliance?${query}`, { token: lead });
    expect(matrixIds(again.body)).toEqual(ids([t.sup, t.ann, t.bob, t.cat]));
    expect(again.body.pagination.totalItems).toBe(4);
  });

  it('exports the team matrix as CSV with the team only', async () => {
    const t = await crews(admin);
    const csv = await api('GET', `/api/v2/team/compliance/export.csv?department=${encodeURIComponent(t.dept)}`, {
      token: await login(t.lead),
    });
    expect(csv.status).toBe(200);
    const text = csv.body as string;
    for (const person of [t.sup, t.ann, t.bob, t.cat]) expect(text).toContain(person.username);
    for (const person of [t.boss, t.lead, t.peer, t.other, t.leaver]) expect(text).not.toContain(person.username);
    // Nobody's team: a header and no lines.
    const none = await api('GET', `/api/v2/team/compliance/export.csv?department=${encodeURIComponent(t.dept)}`, {
      token: await login(t.ann),
    });
    expect((none.body as string).trim().split('\n')).toHaveLength(1);
  });

  it('follows a change of reporting line at once', async () => {
    const t = await crews(admin);
    const lead = await login(t.lead);
    await api('GET', '/api/v2/team/compliance', { token: lead });
    // cat moves to the peer supervisor.
    const moved = await api('PUT', `/api/users/${t.cat.id}`, { token: admin, body: { managerId: t.peer.id } });
    expect(moved.status).toBe(200);
    expect(ids((await api('GET', '/api/v2/team/members', { token: lead })).body.members)).toEqual(
      ids([t.sup, t.ann, t.bob]),
    );
    const matrix = await api('GET', `/api/v2/team/compliance?department=${encodeURIComponent(t.dept)}`, {
      token: lead,
    });
    expect(matrixIds(matrix.body)).toEqual(ids([t.sup, t.ann, t.bob]));
  });

  it('gives a team member no way to the admin routes', async () => {
    const t = await crews(admin);
    const sup = await login(t.sup);
    for (const path of [
      '/api/users?page=1',
      '/api/users/search?q=a',
      '/api/users/export',
      '/api/v2/admin/compliance',
    ]) {
      expect((await api('GET', path, { token: sup })).status, path).toBe(403);
    }
    expect((await api('GET', `/api/v2/admin/users/${t.other.id}/training-record`, { token: sup })).status).toBe(403);
    const row = await db.select().from(schema.users).where(eq(schema.users.id, t.sup.id)).get();
    expect(row?.managerId).toBe(t.lead.id);
  });
});
