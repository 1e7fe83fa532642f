import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import type { TeamQualifiedResponse } from '../../worker/contract/tasks';
import { drizzleOver } from '../../worker/db/client';
import { teamQualified } from '../../worker/services/task-search';
import { countingD1 } from './d1-counting';
import { api, createUser, db, env, login, schema } from './helpers';
import { at, createTask, DAY, dayAt, hold, pieces, signedInAdmin, tag } from './task-fixtures';

/**
 * "Who can do this today?" answered again from the isolate's memory (task-search-kept.ts): a kept
 * answer costs the session and the counter in one D1 round trip, and is never served once anything
 * it is made of has changed: evidence of each kind, the reporting lines, a site, the task's
 * definition, a leaver, the day asked. Each write below turns a kept answer stale; serving it would
 * fail the test. Nobody is ever answered from another caller's kept answer.
 */

let admin: string;
let adminId: string;
beforeAll(async () => {
  ({ id: adminId, token: admin } = await signedInAdmin());
});

/** One ask through the Worker: the answer and the D1 round trips it took. */
async function ask(token: string, taskId: string, query = `date=${DAY}`) {
  const { db: counted, count, statements } = countingD1(env.DB);
  const ctx = createExecutionContext();
  const res = await app.fetch(
    new Request(`http://localhost/api/v2/team/tasks/${taskId}/qualified?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    }),
    { ...env, DB: counted },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  const read = statements.map((s) => s.sql);
  return { status: res.status, answer: (await res.json()) as TeamQualifiedResponse, calls: count.calls, read };
}

const qualifiedIds = (a: TeamQualifiedResponse) => a.qualified.map((p) => p.id).sort();

/**
 * Asks twice: the second answer is the kept one (the same, in ONE round trip: the session and the
 * counter), so the write that follows really finds an answer kept; then answers the kept one.
 */
async function kept(token: string, taskId: string, query?: string) {
  const first = await ask(token, taskId, query);
  expect(first.status, JSON.stringify(first.answer)).toBe(200);
  const again = await ask(token, taskId, query);
  expect(again.answer, 'asked again: the kept answer').toEqual(first.answer);
  expect(again.calls, 'a kept answer: the session and the counter in one round trip').toBe(1);
  expect(again.read, 'nothing read but the session and the counter').toHaveLength(2);
  expect(again.read[1]).toMatch(/^select "version" from "fact_versions"/);
  return again.answer;
}

/** Asked after a write: read again (the counter moved), at most one round trip more than kept. */
async function reasked(token: string, taskId: string, query?: string) {
  const res = await ask(token, taskId, query);
  expect(res.calls).toBeLessThanOrEqual(2);
  return res;
}

const put = (id: string, body: Record<string, unknown>) => api('PUT', `/api/users/${id}`, { token: admin, body });

/** A supervisor and a crew of three, the first qualified for a task needing all four kinds of evidence. */
async function crew() {
  const t = tag();
  const p = await pieces();
  const sup = await createUser({ username: `sup_${t}` });
  const members = [];
  for (let i = 0; i < 3; i++) members.push(await createUser({ username: `w${i}_${t}`, managerId: sup.id }));
  await hold(adminId, members[0].id, p);
  const task = await createTask(admin, { name: `Reach truck ${t}`, evidence: p.evidence });
  return { t, p, sup, members, task, token: await login(sup) };
}

describe('a kept answer is never served stale', () => {
  it('after evidence of each kind is written, revoked or withdrawn', async () => {
    const c = await crew();
    expect(qualifiedIds(await kept(c.token, c.task.id))).toEqual([c.members[0].id]);

    // A certificate, an authorisation, a credential and a talk: now qualified.
    await hold(adminId, c.members[1].id, c.p);
    const held = await reasked(c.token, c.task.id);
    expect(qualifiedIds(held.answer)).toEqual([c.members[0].id, c.members[1].id].sort());
    expect(await kept(c.token, c.task.id)).toEqual(held.answer);

    // A certificate revoked, then an authorisation withdrawn (straight in D1: no service's cache-forgetting involved).
    await db
      .update(schema.certificates)
      .set({ revokedAt: at(-1) })
      .where(eq(schema.certificates.userId, c.members[1].id));
    expect(qualifiedIds((await reasked(c.token, c.task.id)).answer), 'certificate revoked').toEqual([c.members[0].id]);
    await kept(c.token, c.task.id);
    await db
      .update(schema.authorisations)
      .set({ revokedAt: at(-1) })
      .where(eq(schema.authorisations.userId, c.members[0].id));
    expect(qualifiedIds((await reasked(c.token, c.task.id)).answer), 'authorisation withdrawn').toEqual([]);
    await kept(c.token, c.task.id);

    // A credential refused and a talk's sheet deleted: a fresh holder loses the task each time.
    await hold(adminId, c.members[2].id, c.p);
    expect(qualifiedIds((await reasked(c.token, c.task.id)).answer)).toEqual([c.members[2].id]);
    await kept(c.token, c.task.id);
    await db
      .update(schema.credentials)
      .set({ status: 'REJECTED' })
      .where(eq(schema.credentials.userId, c.members[2].id));
    expect(qualifiedIds((await reasked(c.token, c.task.id)).answer), 'credential refused').toEqual([]);
    await db
      .update(schema.credentials)
      .set({ status: 'APPROVED' })
      .where(eq(schema.credentials.userId, c.members[2].id));
    expect(qualifiedIds((await reasked(c.token, c.task.id)).answer), 'credential approved again').toEqual([
      c.members[2].id,
    ]);
    await kept(c.token, c.task.id);
    await db.delete(schema.talkAttendees).where(eq(schema.talkAttendees.userId, c.members[2].id));
    const noTalk = (await reasked(c.token, c.task.id)).answer;
    expect(qualifiedIds(noTalk), 'talk sheet deleted').toEqual([]);
    expect(JSON.stringify(noTalk.notQualified)).toContain(`Pedestrian zones`);
  });

  it('after a reporting line, a site or a leaver changes', async () => {
    const c = await crew();
    await hold(adminId, c.members[1].id, c.p);
    expect(qualifiedIds(await kept(c.token, c.task.id))).toEqual([c.members[0].id, c.members[1].id].sort());

    // A qualified member moves to another manager: off the team.
    const elsewhere = await createUser();
    expect((await put(c.members[0].id, { managerId: elsewhere.id })).status).toBe(200);
    const moved = (await reasked(c.token, c.task.id)).answer;
    expect(qualifiedIds(moved)).toEqual([c.members[1].id]);
    expect(moved.counts.qualified + moved.counts.notQualified).toBe(2);

    // A person joins the team under a member (an indirect report).
    await kept(c.token, c.task.id);
    const joiner = await createUser({ username: `joiner_${c.t}` });
    expect((await put(joiner.id, { managerId: c.members[2].id })).status).toBe(200);
    const joined = (await reasked(c.token, c.task.id)).answer;
    expect(joined.counts.qualified + joined.counts.notQualified).toBe(3);

    // A member's site, then the site's name: each listed person carries their site's name.
    const site = await api('POST', '/api/v2/admin/sites', { token: admin, body: { name: `Yard ${c.t}` } });
    expect(site.status, JSON.stringify(site.body)).toBe(201);
    const siteId = site.body.site.id as string;
    await kept(c.token, c.task.id);
    expect((await put(c.members[1].id, { siteId })).status).toBe(200);
    expect((await reasked(c.token, c.task.id)).answer.qualified[0].siteName).toBe(`Yard ${c.t}`);
    await kept(c.token, c.task.id);
    await db
      .update(schema.sites)
      .set({ name: `Dock ${c.t}` })
      .where(eq(schema.sites.id, siteId));
    expect((await reasked(c.token, c.task.id)).answer.qualified[0].siteName).toBe(`Dock ${c.t}`);

    // Asked for that site only: the kept answer for the site is its own question, and it follows the move back.
    const atSite = `date=${DAY}&siteId=${siteId}`;
    expect(qualifiedIds(await kept(c.token, c.task.id, atSite))).toEqual([c.members[1].id]);
    expect((await put(c.members[1].id, { siteId: null })).status).toBe(200);
    expect(qualifiedIds((await reasked(c.token, c.task.id, atSite)).answer)).toEqual([]);

    // A leaver: off every list.
    await kept(c.token, c.task.id);
    const left = await api('POST', `/api/users/${c.members[1].id}/deactivate`, {
      token: admin,
      body: { reason: 'Left' },
    });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    const gone = (await reasked(c.token, c.task.id)).answer;
    expect(qualifiedIds(gone)).toEqual([]);
    expect(gone.counts.qualified + gone.counts.notQualified).toBe(2);
  });

  it("after the task's definition changes, and for another day", async () => {
    const c = await crew();
    expect(qualifiedIds(await kept(c.token, c.task.id))).toEqual([c.members[0].id]);

    // The task needs the course alone: a member holding only the certificate becomes qualified.
    await hold(adminId, c.members[1].id, c.p, { authorisation: false, credential: false, talk: false });
    expect(qualifiedIds((await reasked(c.token, c.task.id)).answer)).toEqual([c.members[0].id]);
    await kept(c.token, c.task.id);
    const edited = await api('PUT', `/api/v2/admin/tasks/${c.task.id}`, {
      token: admin,
      body: { name: `Reach truck ${c.t} (course only)`, evidence: [c.p.evidence[0]] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const narrowed = (await reasked(c.token, c.task.id)).answer;
    expect(narrowed.task.name).toBe(`Reach truck ${c.t} (course only)`);
    expect(qualifiedIds(narrowed)).toEqual([c.members[0].id, c.members[1].id].sort());

    // A piece's name is part of the answer (what is missing): a renamed course is read again.
    await kept(c.token, c.task.id);
    await db
      .update(schema.courses)
      .set({ title: `Renamed ${c.t}` })
      .where(eq(schema.courses.id, c.p.course.courseId));
    expect(JSON.stringify((await reasked(c.token, c.task.id)).answer.notQualified)).toContain(`Renamed ${c.t}`);

    // Another day is another question: the certificate (300 days) has lapsed by day 400.
    await kept(c.token, c.task.id);
    const later = await ask(c.token, c.task.id, `date=${dayAt(400)}`);
    expect(later.status).toBe(200);
    expect(later.answer.date).toBe(dayAt(400));
    expect(qualifiedIds(later.answer)).toEqual([]);
    expect(qualifiedIds(await kept(c.token, c.task.id))).toEqual([c.members[0].id, c.members[1].id].sort());

    // Retired: asked no more (404), kept or not.
    await api('POST', `/api/v2/admin/tasks/${c.task.id}/retire`, { token: admin });
    expect((await reasked(c.token, c.task.id)).status).toBe(404);
  });
});

describe('a kept answer is its caller’s alone', () => {
  it('never answers another supervisor, a manager above or a report below', async () => {
    const c = await crew();
    const t = tag();
    const other = await createUser({ username: `sup2_${t}` });
    const theirs = await createUser({ username: `x_${t}`, managerId: other.id });
    await hold(adminId, theirs.id, c.p);
    const lead = await createUser({ username: `lead_${t}` });
    expect((await put(c.sup.id, { managerId: lead.id })).status).toBe(200);

    const mine = await kept(c.token, c.task.id);
    expect(qualifiedIds(mine)).toEqual([c.members[0].id]);
    // The same question (task, day, no site, first page) from others: each their own team, never the kept one.
    const otherToken = await login(other);
    const answered = await kept(otherToken, c.task.id);
    expect(qualifiedIds(answered)).toEqual([theirs.id]);
    expect(answered.counts.notQualified).toBe(0);
    const above = await kept(await login(lead), c.task.id);
    expect(above.counts.qualified + above.counts.notQualified).toBe(4);
    const below = await ask(await login(c.members[0]), c.task.id);
    expect(below.answer.counts).toEqual({
      qualified: 0,
      lapsingWithin7Days: 0,
      lapsingWithin30Days: 0,
      notQualified: 0,
    });
    // And the first caller still gets theirs.
    expect(await kept(c.token, c.task.id)).toEqual(mine);
    // A refused session gets nothing kept (its batch is judged first).
    expect((await ask(`${c.token}x`, c.task.id)).status).toBe(401);
  });

  it('is checked by the counter alone, and read again once the counter moves', async () => {
    const c = await crew();
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
    const counted = drizzleOver(d1);
    for (const way of ['crew', 'big'] as const) {
      const search = { supervisorId: c.sup.id, taskId: c.task.id, day: DAY, page: 1, way };
      const first = await teamQualified(counted, search);
      expect(answered.at(-1), `${way}: the task and the answer read`).toHaveLength(2);
      expect(await teamQualified(counted, search)).toEqual(first);
      expect(answered.at(-1), `${way}: kept, the counter alone read`).toEqual([1]);
      await hold(adminId, c.members[2].id, c.p);
      const before = answered.length;
      const changed = await teamQualified(counted, search);
      expect(answered.slice(before), `${way}: the counter, then the answer`).toEqual([[1], [1, expect.any(Number)]]);
      expect(changed.counts.qualified, way).toBe(first.counts.qualified + 1);
      await db.delete(schema.certificates).where(eq(schema.certificates.userId, c.members[2].id));
    }
  });
});
