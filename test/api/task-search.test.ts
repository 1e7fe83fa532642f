import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import type { TeamQualifiedResponse } from '../../worker/contract/tasks';
import { countingD1 } from './d1-counting';
import { api, createUser, db, env, login, schema } from './helpers';
import { createTask, DAY, hold, pieces, signedInAdmin, tag } from './task-fixtures';

/**
 * "Who can do this today?" at scale (issue 30 item 5): counts of the whole lists and one page of
 * each (?list=&page=), never anyone outside the caller's team on any page, and one D1 round trip.
 * The SQL lists against the task rule: task-search-rule.test.ts.
 */

let admin: string;
let adminId: string;
beforeAll(async () => {
  ({ id: adminId, token: admin } = await signedInAdmin());
});

const ask = async (token: string, taskId: string, query = '') => {
  const res = await api('GET', `/api/v2/team/tasks/${taskId}/qualified?date=${DAY}${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as TeamQualifiedResponse;
};
const ids = (people: { id: string }[]) => people.map((p) => p.id);

/**
 * boss -> sup -> 40 direct reports and lead2 -> 22 more (62 on sup's team, 3 of them qualified);
 * boss -> peer -> 5 qualified outsiders named to sort among the team; one leaver on the team.
 */
async function bigCrew() {
  const t = tag();
  const p = await pieces();
  const person = (name: string, managerId?: string, extra: Record<string, unknown> = {}) =>
    createUser({ username: `${name}_${t}`, firstName: name, lastName: t, managerId, ...extra });
  const boss = await person('boss');
  const sup = await person('sup', boss.id);
  const lead2 = await person('m000', sup.id);
  const team = [lead2];
  for (let i = 1; i < 40; i++) team.push(await person(`m${String(i).padStart(3, '0')}`, sup.id));
  for (let i = 40; i < 62; i++) team.push(await person(`m${String(i).padStart(3, '0')}`, lead2.id));
  const peer = await person('peer', boss.id);
  const outsiders = [];
  for (const n of ['m0005', 'm0305', 'm0505', 'm0705', 'm9']) outsiders.push(await person(n, peer.id));
  const leaver = await person('m001a', sup.id, { deactivatedAt: new Date().toISOString() });
  for (const qualified of [team[7], team[30], team[55], ...outsiders, leaver, boss])
    await hold(adminId, qualified.id, p);
  const task = await createTask(admin, { name: `Operate a reach truck ${t}`, evidence: p.evidence });
  return { sup, lead2, team, outsiders, leaver, boss, peer, task };
}

describe('the task search in pages', () => {
  it('counts the whole lists, lists 50 by name, pages one list, and shows nobody outside the team', async () => {
    const c = await bigCrew();
    const token = await login(c.sup);
    const first = await ask(token, c.task.id);
    expect(first.counts).toEqual({ qualified: 3, lapsingWithin7Days: 0, lapsingWithin30Days: 0, notQualified: 59 });
    expect([first.list, first.page, first.pageSize]).toEqual([null, 1, 50]);
    expect(ids(first.qualified).sort()).toEqual(ids([c.team[7], c.team[30], c.team[55]]).sort());
    expect(first.notQualified).toHaveLength(50);
    // By name (m000, m001, ... : the team's own order), the qualified ones left out.
    const expected = c.team.filter((_, i) => ![7, 30, 55].includes(i));
    expect(ids(first.notQualified)).toEqual(ids(expected.slice(0, 50)));

    const second = await ask(token, c.task.id, '&list=notQualified&page=2');
    expect([second.list, second.page]).toEqual(['notQualified', 2]);
    expect(second.counts).toEqual(first.counts);
    expect(ids(second.notQualified)).toEqual(ids(expected.slice(50)));
    expect([second.qualified, second.lapsingWithin7Days, second.lapsingWithin30Days]).toEqual([[], [], []]);
    const beyond = await ask(token, c.task.id, '&list=qualified&page=2');
    expect([beyond.qualified, beyond.notQualified]).toEqual([[], []]);

    // Nobody outside the team on any page: the peer's qualified crew, the boss, the leaver, the caller.
    const seen = [first, second, beyond].flatMap((a) => [
      ...ids(a.qualified),
      ...ids(a.lapsingWithin7Days),
      ...ids(a.lapsingWithin30Days),
      ...ids(a.notQualified),
    ]);
    for (const outsider of [...c.outsiders, c.boss, c.peer, c.leaver, c.sup]) expect(seen).not.toContain(outsider.id);
    expect(new Set(seen).size).toBe(62);

    // lead2 sees their 22 only, in any list and page; the peer sees their 5 outsiders as qualified.
    const lead2 = await ask(await login(c.lead2), c.task.id, '&list=notQualified&page=1');
    expect(lead2.counts).toEqual({ qualified: 1, lapsingWithin7Days: 0, lapsingWithin30Days: 0, notQualified: 21 });
    expect(ids(lead2.notQualified)).toEqual(ids(c.team.slice(40).filter((_, i) => i !== 15)));
    const peer = await ask(await login(c.peer), c.task.id);
    expect(ids(peer.qualified).sort()).toEqual(ids(c.outsiders).sort());
    expect(peer.notQualified).toEqual([]);
  });

  it('narrows the pages to a site of the team', async () => {
    const c = await bigCrew();
    const site = crypto.randomUUID();
    await db.insert(schema.sites).values({ id: site, name: `Depot ${tag()}` });
    const atSite = [c.team[3], c.team[30], c.team[45], c.outsiders[0]];
    await db
      .update(schema.users)
      .set({ siteId: site })
      .where(inArray(schema.users.id, ids(atSite)));
    const answer = await ask(await login(c.sup), c.task.id, `&siteId=${site}&list=notQualified&page=1`);
    expect(answer.counts).toEqual({ qualified: 1, lapsingWithin7Days: 0, lapsingWithin30Days: 0, notQualified: 2 });
    expect(ids(answer.notQualified)).toEqual(ids([c.team[3], c.team[45]]));
  });

  it('refuses an unknown list and a page below 1', async () => {
    const c = await bigCrew();
    const token = await login(c.sup);
    for (const query of ['list=everyone', 'list=qualified&page=0', 'page=-1', 'page=two']) {
      const res = await api('GET', `/api/v2/team/tasks/${c.task.id}/qualified?${query}`, { token });
      expect(res.status, query).toBe(400);
    }
  });

  it('reads the session, the task and the answer in one D1 round trip', async () => {
    const c = await bigCrew();
    const token = await login(c.sup);
    for (const query of ['', '&list=notQualified&page=2']) {
      const { db: counted, count } = countingD1(env.DB);
      const ctx = createExecutionContext();
      const res = await app.fetch(
        new Request(`http://localhost/api/v2/team/tasks/${c.task.id}/qualified?date=${DAY}${query}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
        { ...env, DB: counted },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      expect(res.status).toBe(200);
      expect(((await res.json()) as TeamQualifiedResponse).counts.notQualified).toBe(59);
      expect(count.calls, query).toBe(1);
    }
    // A refused session answers 401 and reads nothing of the team (its batch is judged first).
    const res = await api('GET', `/api/v2/team/tasks/${c.task.id}/qualified`, { token: `${token}x` });
    expect(res.status).toBe(401);
  });
});
