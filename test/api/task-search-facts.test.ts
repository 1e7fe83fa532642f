import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import type { TeamQualifiedResponse } from '../../worker/contract/tasks';
import { drizzleOver } from '../../worker/db/client';
import { teamQualified } from '../../worker/services/task-search';
import { countingD1 } from './d1-counting';
import { api, createUser, db, env, login, schema } from './helpers';
import { createConnection, ENTERPRISE, entraUser, patchOf, scim } from './scim-helpers';
import { at, createTask, DAY, hold, pieces, signedInAdmin, tag } from './task-fixtures';

/**
 * The facts the task search reads instead of walking (migration 0053): reporting_lines (every
 * manager above every person, with their active flag and site) must equal the walk of users'
 * manager_id after every kind of write, a loop is refused by the database itself, and an answer
 * kept by the isolate is never served once anything it reads has changed.
 */

let admin: string;
let adminId: string;
beforeAll(async () => {
  ({ id: adminId, token: admin } = await signedInAdmin());
});

/** reporting_lines against the recursive walk of users.manager_id, over the whole database: both differences empty. */
async function expectLinesExact(when: string) {
  const walk = sql`WITH RECURSIVE up(manager_id, user_id, depth) AS (
      SELECT manager_id, id, 1 FROM users WHERE manager_id IS NOT NULL
      UNION SELECT u.manager_id, up.user_id, up.depth + 1 FROM up JOIN users u ON u.id = up.manager_id
        WHERE u.manager_id IS NOT NULL AND up.depth < 50)
    SELECT up.manager_id, up.user_id, min(up.depth), p.deactivated_at IS NULL, p.site_id
    FROM up JOIN users p ON p.id = up.user_id GROUP BY up.manager_id, up.user_id`;
  const lines = sql`SELECT manager_id, user_id, depth, active, site_id FROM reporting_lines`;
  const missing = await db.all(sql`SELECT * FROM (${walk}) EXCEPT SELECT * FROM (${lines})`);
  const extra = await db.all(sql`SELECT * FROM (${lines}) EXCEPT SELECT * FROM (${walk})`);
  expect({ missing, extra }, when).toEqual({ missing: [], extra: [] });
}

/** The database's own message when a write is refused (drizzle wraps it as the cause). */
const refusal = (write: PromiseLike<unknown>) =>
  Promise.resolve(write).then(
    () => 'written',
    (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
  );

const put = (id: string, body: Record<string, unknown>) => api('PUT', `/api/users/${id}`, { token: admin, body });

describe('reporting lines as facts', () => {
  it('stay exact through the users API, the CSV import, SCIM, deactivation, site moves and deletion', async () => {
    const t = tag();
    const site = await api('POST', '/api/v2/admin/sites', { token: admin, body: { name: `Yard ${t}` } });
    expect(site.status, JSON.stringify(site.body)).toBe(201);
    const boss = await createUser({ username: `boss_${t}` });
    const lead = await createUser({ username: `lead_${t}`, managerId: boss.id });
    const crew = [];
    for (let i = 0; i < 4; i++) crew.push(await createUser({ username: `crew${i}_${t}`, managerId: lead.id }));
    await expectLinesExact('created');

    const other = await createUser({ username: `other_${t}` });
    expect((await put(lead.id, { managerId: other.id })).status).toBe(200);
    await expectLinesExact('a lead and their crew moved to another manager');
    expect((await put(crew[0].id, { managerId: crew[1].id, siteId: site.body.id })).status).toBe(200);
    await expectLinesExact('moved within the crew and to a site');
    expect((await put(lead.id, { managerId: null })).status).toBe(200);
    await expectLinesExact('manager cleared');

    const rows = [
      `imp1_${t},imp1_${t}@example.test,,${crew[1].username}`,
      `imp2_${t},imp2_${t}@x.test,Yard ${t},imp1_${t}`,
    ];
    const raw = ['username,email,site,manager', ...rows].join('\n');
    const imported = await api('POST', '/api/users/bulk', {
      token: admin,
      raw,
      headers: { 'content-type': 'text/csv' },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    await expectLinesExact('imported under a crew member');

    const left = await api('POST', `/api/users/${crew[1].id}/deactivate`, { token: admin, body: { reason: 'Left' } });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    await expectLinesExact('a manager deactivated');

    const { token: scimToken } = await createConnection(admin);
    const person = await scim('POST', '/Users', { token: scimToken, body: entraUser(`s${t}`) });
    const manager = await scim('POST', '/Users', { token: scimToken, body: entraUser(`m${t}`) });
    const patched = await scim('PATCH', `/Users/${person.body.id}`, {
      token: scimToken,
      body: patchOf({ op: 'Add', path: `${ENTERPRISE}:manager`, value: manager.body.id }),
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    await expectLinesExact('a manager set by SCIM');

    await db.delete(schema.users).where(eq(schema.users.id, crew[2].id));
    await db.delete(schema.users).where(eq(schema.users.id, other.id));
    await expectLinesExact('accounts deleted (their reports lose their manager)');
  });

  it('refuse a loop in the database itself, whoever writes', async () => {
    const a = await createUser();
    const b = await createUser({ managerId: a.id });
    const c = await createUser({ managerId: b.id });
    for (const managerId of [c.id, b.id, a.id])
      expect(await refusal(db.update(schema.users).set({ managerId }).where(eq(schema.users.id, a.id)))).toMatch(
        /reporting line loop/,
      );
    const d = crypto.randomUUID();
    const self = db
      .insert(schema.users)
      .values({ id: d, username: d, email: `${d}@x.test`, passwordHash: 'x', managerId: d });
    expect(await refusal(self)).toMatch(/reporting line loop/);
    expect((await db.select().from(schema.users).where(eq(schema.users.id, a.id)).get())?.managerId).toBeNull();
    await expectLinesExact('after refused loops');
  });
});

describe('a kept answer', () => {
  const ask = async (token: string, taskId: string) => {
    const { db: counted, count } = countingD1(env.DB);
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request(`http://localhost/api/v2/team/tasks/${taskId}/qualified?date=${DAY}`, {
        headers: { authorization: `Bearer ${token}` },
      }),
      { ...env, DB: counted },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(count.calls, 'one D1 round trip, kept or not').toBe(1);
    return (await res.json()) as TeamQualifiedResponse;
  };
  const qualifiedIds = (a: TeamQualifiedResponse) => a.qualified.map((p) => p.id).sort();

  it('is answered again only while nothing it reads has changed', async () => {
    const t = tag();
    const p = await pieces();
    const sup = await createUser({ username: `sup_${t}` });
    const crew = [];
    for (let i = 0; i < 3; i++) crew.push(await createUser({ username: `w${i}_${t}`, managerId: sup.id }));
    await hold(adminId, crew[0].id, p);
    const task = await createTask(admin, { name: `Reach truck ${t}`, evidence: p.evidence });
    const token = await login(sup);

    const first = await ask(token, task.id);
    expect(qualifiedIds(first)).toEqual([crew[0].id]);
    expect(await ask(token, task.id)).toEqual(first);

    // Evidence written: the next answer reads it.
    await hold(adminId, crew[1].id, p);
    const held = await ask(token, task.id);
    expect(qualifiedIds(held)).toEqual([crew[0].id, crew[1].id].sort());
    expect(await ask(token, task.id)).toEqual(held);

    // A qualified person moves to another manager: off the team.
    const elsewhere = await createUser();
    expect((await put(crew[0].id, { managerId: elsewhere.id })).status).toBe(200);
    const moved = await ask(token, task.id);
    expect(qualifiedIds(moved)).toEqual([crew[1].id]);
    expect(moved.counts.qualified + moved.counts.notQualified).toBe(2);

    // A certificate revoked straight in D1 (no service's cache-forgetting involved): the trigger counts it.
    await db
      .update(schema.certificates)
      .set({ revokedAt: at(-1) })
      .where(eq(schema.certificates.userId, crew[1].id));
    expect(qualifiedIds(await ask(token, task.id))).toEqual([]);

    // A piece's name is part of the answer (what is missing): a renamed course is read again.
    await db
      .update(schema.courses)
      .set({ title: `Renamed ${t}` })
      .where(eq(schema.courses.id, p.course.courseId));
    expect(JSON.stringify((await ask(token, task.id)).notQualified)).toContain(`Renamed ${t}`);
  });

  it('is served from the isolate (the statement computes nothing) until the counter moves, both ways', async () => {
    const t = tag();
    const p = await pieces();
    const sup = await createUser({ username: `sup_${t}` });
    const worker = await createUser({ username: `w_${t}`, managerId: sup.id });
    const task = await createTask(admin, { name: `Confined space ${t}`, evidence: p.evidence });
    // The rows each statement of a batch answered, as D1 handed them back.
    const answered: number[][] = [];
    const d1 = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === 'batch')
          return async (statements: D1PreparedStatement[]) => {
            const results = await target.batch(statements);
            answered.push(results.map((r) => r.results.length));
            return results;
          };
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const db = drizzleOver(d1);
    for (const way of ['crew', 'big'] as const) {
      const search = { supervisorId: sup.id, taskId: task.id, day: DAY, page: 1, way };
      const first = await teamQualified(db, search);
      expect(answered.at(-1)?.[1]).toBeGreaterThan(0);
      expect(await teamQualified(db, search)).toEqual(first);
      expect(answered.at(-1), `${way}: kept, nothing read`).toEqual([0, 0]);
      await hold(adminId, worker.id, p);
      const after = await teamQualified(db, search);
      expect(answered.at(-1)?.[1]).toBeGreaterThan(0);
      expect(after.counts.qualified, way).toBe(first.counts.qualified + 1);
      await db.delete(schema.certificates).where(eq(schema.certificates.userId, worker.id));
    }
  });
});
