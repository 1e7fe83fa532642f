import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { REFUSALS } from '../../worker/contract/errors';
import { api, createUser, db, login, schema } from './helpers';
import { at, createTask, DAY, dayAt, hold, pieces, signedInAdmin, tag } from './task-fixtures';

/**
 * Task qualifications (issue 30): admins define tasks as the evidence they need; a supervisor asks
 * who of their team is qualified for one on a day, and never sees anyone else (what people hold:
 * task-fixtures.ts). Paging and the SQL lists against the rule: task-search.test.ts.
 */

let admin: string;
let adminId: string;
beforeAll(async () => {
  ({ id: adminId, token: admin } = await signedInAdmin());
});

async function createSite() {
  const res = await api('POST', '/api/v2/admin/sites', { token: admin, body: { name: `Depot ${tag()}` } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.site as { id: string };
}

const names = (people: { username: string }[]) => people.map((p) => p.username.split('_')[0]).sort();

describe('admin tasks', () => {
  it('creates, lists, reads, edits and retires a task, each write audited', async () => {
    const p = await pieces();
    const site = await createSite();
    const name = `Operate a reach truck ${tag()}`;
    const task = await createTask(admin, { name, description: 'Narrow aisles', siteId: site.id, evidence: p.evidence });
    const one = await api('GET', `/api/v2/admin/tasks/${task.id}`, { token: admin });
    expect(one.body.task).toMatchObject({ name, description: 'Narrow aisles', siteId: site.id, retiredAt: null });
    // Named as requirements name their pieces, course first.
    expect(one.body.task.evidence.map((e: { kind: string }) => e.kind)).toEqual([
      'course',
      'credential',
      'evaluation',
      'talk',
    ]);
    expect(one.body.task.evidence[3]).toMatchObject({ kind: 'talk', topicId: p.topicId, everyDays: 90 });
    const list = await api('GET', '/api/v2/admin/tasks', { token: admin });
    expect(list.body.tasks.some((t: { id: string }) => t.id === task.id)).toBe(true);

    const edited = await api('PUT', `/api/v2/admin/tasks/${task.id}`, {
      token: admin,
      body: { name: `${name} (edited)`, siteId: null, evidence: [p.evidence[1]] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.task).toMatchObject({
      siteId: null,
      evidence: [{ kind: 'evaluation', templateId: p.templateId }],
    });

    const retired = await api('POST', `/api/v2/admin/tasks/${task.id}/retire`, { token: admin });
    expect(retired.body.task.retiredAt).toBeTruthy();
    expect((await api('POST', `/api/v2/admin/tasks/${task.id}/retire`, { token: admin })).status).toBe(409);
    expect(
      (await api('PUT', `/api/v2/admin/tasks/${task.id}`, { token: admin, body: { name, evidence: p.evidence } }))
        .status,
    ).toBe(409);
    const active = await api('GET', '/api/v2/admin/tasks', { token: admin });
    expect(active.body.tasks.some((t: { id: string }) => t.id === task.id)).toBe(false);
    const all = await api('GET', '/api/v2/admin/tasks?includeRetired=true', { token: admin });
    expect(all.body.tasks.some((t: { id: string }) => t.id === task.id)).toBe(true);

    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, task.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['TASK_CREATED', 'TASK_RETIRED', 'TASK_UPDATED']);
  });

  it('refuses a task with no evidence, an unknown site, unknown pieces and a taken name, writing nothing', async () => {
    const p = await pieces();
    const name = `Enter a confined space ${tag()}`;
    const refused = async (body: Record<string, unknown>, status: number, message: string) => {
      const res = await api('POST', '/api/v2/admin/tasks', { token: admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.message).toEqual(message);
    };
    const noEvidence =
      'A task needs at least one piece of evidence: a course, an evaluation, a credential type or a toolbox talk';
    await refused({ name, evidence: [] }, 400, noEvidence);
    await refused({ name }, 400, noEvidence);
    await refused(
      { name, siteId: 'no-such-site', evidence: p.evidence },
      400,
      'This site does not exist or has been retired. Add it under Sites first.',
    );
    await refused({ name: '  ', evidence: p.evidence }, 400, 'The task needs a name');
    await refused(
      { name, evidence: [{ kind: 'credential', credentialTypeId: 'nope' }] },
      400,
      REFUSALS['requirement.credentialTypeNotFound'],
    );
    const rows = await db.select().from(schema.tasks).where(eq(schema.tasks.name, name));
    expect(rows).toEqual([]);
    await createTask(admin, { name, evidence: p.evidence });
    await refused(
      { name: name.toUpperCase(), evidence: p.evidence },
      409,
      'An active task with this name already exists at this site',
    );
  });

  it('offers every kind of evidence a task may need in one call (courses, templates, credential types, talk topics)', async () => {
    const p = await pieces();
    const res = await api('GET', '/api/v2/admin/tasks/evidence-options', { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = (list: { id: string }[]) => list.map((x) => x.id);
    expect(ids(res.body.courses)).toContain(p.course.courseId);
    expect(ids(res.body.templates)).toContain(p.templateId);
    expect(ids(res.body.credentialTypes)).toContain(p.typeId);
    expect(ids(res.body.talkTopics)).toContain(p.topicId);
    const worker = await login(await createUser());
    expect((await api('GET', '/api/v2/admin/tasks/evidence-options', { token: worker })).status).toBe(403);
  });

  it('is for administrators who manage people only', async () => {
    const worker = await login(await createUser());
    expect((await api('GET', '/api/v2/admin/tasks', { token: worker })).status).toBe(403);
    expect((await api('POST', '/api/v2/admin/tasks', { token: worker, body: {} })).status).toBe(403);
  });
});

describe('who of my team is qualified for a task on a day', () => {
  /** sup -> ann, bob, cat, fay, gus (leaver); ann -> dan; outsiders: eve (another supervisor's), sup's own manager. */
  async function crew() {
    const t = tag();
    const person = (n: string, managerId?: string, extra: Record<string, unknown> = {}) =>
      createUser({ username: `${n}_${t}`, firstName: n, lastName: t, managerId, ...extra });
    const boss = await person('boss');
    const sup = await person('sup', boss.id);
    const ann = await person('ann', sup.id);
    const bob = await person('bob', sup.id);
    const cat = await person('cat', sup.id);
    const fay = await person('fay', sup.id);
    const dan = await person('dan', ann.id);
    const gus = await person('gus', sup.id, { deactivatedAt: at(-1) });
    const other = await person('other', boss.id);
    const eve = await person('eve', other.id);
    return { boss, sup, ann, bob, cat, fay, dan, gus, eve };
  }

  it('lists the qualified, those lapsing within 7 and 30 days and what stops the rest, the team only', async () => {
    const p = await pieces();
    const c = await crew();
    const task = await createTask(admin, { name: `Operate a reach truck ${tag()}`, evidence: p.evidence });
    await hold(adminId, c.ann.id, p); // everything, for a long time
    await hold(adminId, c.bob.id, p, { credential: { expiresOn: dayAt(4) } }); // licence ends in 4 days
    await hold(adminId, c.cat.id, p, { authorisation: false }); // never evaluated
    await hold(adminId, c.dan.id, p, { certificate: { expiresAt: at(20) } }); // certificate ends in 20 days
    await hold(adminId, c.fay.id, p, { authorisation: { revokedAt: at(-3) } }); // authorisation revoked
    await hold(adminId, c.gus.id, p); // a leaver: never listed
    await hold(adminId, c.eve.id, p); // qualified, but not on the team
    await hold(adminId, c.boss.id, p);

    const sup = await login(c.sup);
    const res = await api('GET', `/api/v2/team/tasks/${task.id}/qualified?date=${DAY}`, { token: sup });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body;
    expect(body.date).toBe(DAY);
    expect(names(body.qualified)).toEqual(['ann', 'bob', 'dan']);
    expect(names(body.lapsingWithin7Days)).toEqual(['bob']);
    expect(names(body.lapsingWithin30Days)).toEqual(['bob', 'dan']);
    expect(names(body.notQualified)).toEqual(['cat', 'fay']);
    const byName = (list: { username: string }[], n: string) => list.find((x) => x.username.startsWith(`${n}_`)) as any;
    expect(byName(body.qualified, 'ann')).toMatchObject({ status: 'QUALIFIED', missing: [], expiring: [] });
    expect(byName(body.qualified, 'bob')).toMatchObject({
      status: 'EXPIRING',
      expiring: [{ kind: 'credential', status: 'EXPIRING' }],
    });
    expect(byName(body.notQualified, 'cat')).toMatchObject({
      status: 'NOT_QUALIFIED',
      validUntil: null,
      missing: [{ kind: 'evaluation', name: expect.stringContaining('Reach truck practical'), status: 'MISSING' }],
    });
    expect(byName(body.notQualified, 'fay').missing).toEqual([
      expect.objectContaining({ kind: 'evaluation', status: 'REVOKED' }),
    ]);
    // Nobody outside the team, in any list.
    const everyone = [...body.qualified, ...body.notQualified].map((x: { id: string }) => x.id);
    for (const outsider of [c.eve, c.boss, c.gus, c.sup]) expect(everyone).not.toContain(outsider.id);

    // ann's supervisor-of-one sees dan only; eve's manager sees eve only; a worker with no reports, nobody.
    const annView = await api('GET', `/api/v2/team/tasks/${task.id}/qualified?date=${DAY}`, {
      token: await login(c.ann),
    });
    expect(names(annView.body.qualified)).toEqual(['dan']);
    expect(annView.body.notQualified).toEqual([]);
    const bobView = await api('GET', `/api/v2/team/tasks/${task.id}/qualified?date=${DAY}`, {
      token: await login(c.bob),
    });
    expect([...bobView.body.qualified, ...bobView.body.notQualified]).toEqual([]);
  });

  it('judges the day asked: a piece issued later does not count, one expired by then does not either', async () => {
    const p = await pieces();
    const c = await crew();
    const task = await createTask(admin, { name: `Work at height ${tag()}`, evidence: p.evidence });
    // Authorised on DAY + 10: not qualified on DAY, qualified on DAY + 10.
    await hold(adminId, c.ann.id, p, { authorisation: { issuedAt: at(10) } });
    const sup = await login(c.sup);
    const on = async (day: string) => {
      const body = (await api('GET', `/api/v2/team/tasks/${task.id}/qualified?date=${day}`, { token: sup })).body;
      // The rest of the crew holds nothing: only ann is judged here.
      const ann = (list: { id: string }[]) => list.filter((x) => x.id === c.ann.id) as any[];
      return { qualified: ann(body.qualified), notQualified: ann(body.notQualified) };
    };
    const before = await on(DAY);
    expect([before.qualified.length, before.notQualified.length]).toEqual([0, 1]);
    expect(before.notQualified[0].missing).toEqual([
      expect.objectContaining({ kind: 'evaluation', status: 'MISSING' }),
    ]);
    expect((await on(dayAt(10))).qualified).toHaveLength(1);
    // The talk every 90 days, held DAY - 20, has lapsed by DAY + 71.
    const later = await on(dayAt(71));
    expect(later.notQualified[0].missing).toEqual([expect.objectContaining({ kind: 'talk', status: 'EXPIRED' })]);
  });

  it('limits a site task to the team people of that site', async () => {
    const p = await pieces();
    const c = await crew();
    const site = await createSite();
    await db.update(schema.users).set({ siteId: site.id }).where(eq(schema.users.id, c.ann.id));
    await db.update(schema.users).set({ siteId: site.id }).where(eq(schema.users.id, c.eve.id));
    const task = await createTask(admin, {
      name: `Operate a reach truck ${tag()}`,
      siteId: site.id,
      evidence: p.evidence,
    });
    for (const person of [c.ann, c.bob, c.eve]) await hold(adminId, person.id, p);
    const res = await api('GET', `/api/v2/team/tasks/${task.id}/qualified?date=${DAY}`, { token: await login(c.sup) });
    expect(names(res.body.qualified)).toEqual(['ann']);
    expect(res.body.notQualified).toEqual([]);
    expect(res.body.task).toMatchObject({ id: task.id, siteId: site.id });
  });

  it('lists the active tasks to anyone signed in (names and sites only), and narrows the team to a site on request', async () => {
    const p = await pieces();
    const c = await crew();
    const site = await createSite();
    const task = await createTask(admin, { name: `Operate a reach truck ${tag()}`, evidence: p.evidence });
    const retired = await createTask(admin, { name: `Old task ${tag()}`, evidence: p.evidence });
    await api('POST', `/api/v2/admin/tasks/${retired.id}/retire`, { token: admin });
    const sup = await login(c.sup);
    const list = await api('GET', '/api/v2/team/tasks', { token: sup });
    expect(list.status).toBe(200);
    const found = list.body.tasks.find((t: { id: string }) => t.id === task.id);
    expect(found).toEqual({ id: task.id, name: task.name, siteId: null, siteName: null });
    expect(list.body.tasks.some((t: { id: string }) => t.id === retired.id)).toBe(false);
    expect((await api('GET', '/api/v2/team/tasks', {})).status).toBe(401);

    // ann and eve at the site: asking for the site gives ann (on the team), never eve (not on it).
    for (const person of [c.ann, c.eve])
      await db.update(schema.users).set({ siteId: site.id }).where(eq(schema.users.id, person.id));
    for (const person of [c.ann, c.bob, c.eve]) await hold(adminId, person.id, p);
    const atSite = await api('GET', `/api/v2/team/tasks/${task.id}/qualified?date=${DAY}&siteId=${site.id}`, {
      token: sup,
    });
    expect(atSite.status, JSON.stringify(atSite.body)).toBe(200);
    expect(names(atSite.body.qualified)).toEqual(['ann']);
    expect(atSite.body.notQualified).toEqual([]);
    // ann asks for the site: her team (dan) has nobody there.
    const other = await api('GET', `/api/v2/team/tasks/${task.id}/qualified?date=${DAY}&siteId=${site.id}`, {
      token: await login(c.ann),
    });
    expect([...other.body.qualified, ...other.body.notQualified]).toEqual([]);
  });

  it('refuses a bad date and an unknown or retired task with clear messages', async () => {
    const p = await pieces();
    const task = await createTask(admin, { name: `Drive a tug ${tag()}`, evidence: p.evidence });
    const token = await login(await createUser());
    for (const date of ['2026-02-30', '15/06/2026', 'today', '2026-6-1']) {
      const res = await api('GET', `/api/v2/team/tasks/${task.id}/qualified?date=${date}`, { token });
      expect(res.status, date).toBe(400);
      expect(res.body.message).toBe('The date must be a calendar date (YYYY-MM-DD)');
    }
    // No date: today.
    const today = await api('GET', `/api/v2/team/tasks/${task.id}/qualified`, { token });
    expect(today.body.date).toBe(new Date().toISOString().slice(0, 10));
    const unknown = await api('GET', '/api/v2/team/tasks/no-such-task/qualified', { token });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Task not found']);
    await api('POST', `/api/v2/admin/tasks/${task.id}/retire`, { token: admin });
    expect((await api('GET', `/api/v2/team/tasks/${task.id}/qualified`, { token })).status).toBe(404);
    expect((await api('GET', `/api/v2/team/tasks/${task.id}/qualified`, {})).status).toBe(401);
  });
});
