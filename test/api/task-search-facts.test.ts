import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, db, schema } from './helpers';
import { createConnection, ENTERPRISE, entraUser, patchOf, scim } from './scim-helpers';
import { signedInAdmin, tag } from './task-fixtures';

/**
 * The facts the task search reads instead of walking (migration 0053): reporting_lines (every
 * manager above every person, with their active flag and site) must equal the walk of users'
 * manager_id after every kind of write, and a loop is refused by the database itself. The answers
 * kept by the isolate behind the counter: task-search-kept.test.ts.
 */

let admin: string;
beforeAll(async () => {
  ({ token: admin } = await signedInAdmin());
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
    expect((await put(crew[0].id, { managerId: crew[1].id, siteId: site.body.site.id })).status).toBe(200);
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
