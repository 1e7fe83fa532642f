import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { countingD1 } from './d1-counting';
import { createCourse, createPublishedTemplate } from './fixtures';
import { api, createAdmin, createDomain, createUser, db, env, login, schema } from './helpers';
import { eq } from 'drizzle-orm';
import { badgeIdFor } from '../../worker/services/badge';
import { readBadgeStatus } from '../../worker/services/badge-status';
import { drizzleOver } from '../../worker/db/client';
import type { BadgeStatusResponse } from '../../worker/contract/badges';

// Badges (issue 30): the printable card (who may fetch it), the badge page's public view (only what a
// certificate verification shows) and the full status (the person's supervisors and admins only).

let admin: string;
beforeAll(async () => {
  admin = await login(await createAdmin());
});

const DAY = 24 * 3600 * 1000;
const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** lead -> sup -> worker; a peer outside the line; two sites; a requirement on the crew's department. */
async function crew() {
  const tag = crypto.randomUUID().slice(0, 6);
  const dept = `Badge crew ${tag}`;
  const north = crypto.randomUUID();
  const south = crypto.randomUUID();
  await db.insert(schema.sites).values([
    { id: north, name: `North ${tag}` },
    { id: south, name: `South ${tag}` },
  ]);
  const person = (name: string, extra: Record<string, unknown> = {}) =>
    createUser({ username: `${name}_${tag}`, firstName: name, lastName: tag, department: dept, ...extra });
  const lead = await person('lead', { siteId: north });
  const sup = await person('sup', { siteId: north, managerId: lead.id });
  const worker = await person('worker', { siteId: north, managerId: sup.id, jobTitle: `Reach Truck Operator ${tag}` });
  const peer = await person('peer', { siteId: north });
  const leaver = await person('gone', { siteId: north, managerId: sup.id, deactivatedAt: iso(0) });
  const northAdmin = await createAdmin({ username: `north_${tag}`, adminSiteId: north });
  const southAdmin = await createAdmin({ username: `south_${tag}`, adminSiteId: south });
  const noUsers = await createAdmin({
    username: `nousers_${tag}`,
    permissions: { userManagement: false },
  });
  // Two requirements: one met by a valid certificate, one with nothing yet (missing).
  const bookId = await createDomain();
  const met = await createCourse({ domainId: bookId, title: `Forklift basics ${tag}` });
  const missing = await createCourse({ domainId: bookId, title: `Reach truck refresher ${tag}` });
  for (const course of [met, missing]) {
    const created = await api('POST', '/api/v2/admin/requirements', {
      token: admin,
      body: { courseId: course.courseId, bookId, department: dept },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
  const cert = (courseId: string, courseName: string, extra: Record<string, unknown>) =>
    db.insert(schema.certificates).values({
      id: crypto.randomUUID(),
      certificateNumber: `CERT-2026-${crypto.randomUUID().slice(0, 6).toUpperCase()}`,
      userId: worker.id,
      courseId,
      userName: `worker ${tag}`,
      courseName,
      issuedAt: iso(-10),
      expiresAt: iso(300),
      ...extra,
    });
  await cert(met.courseId, `Forklift basics ${tag}`, {});
  // Not valid today: expired and revoked ones never show on the public page.
  await cert(missing.courseId, `Expired course ${tag}`, { issuedAt: iso(-400), expiresAt: iso(-5), cycle: 7 });
  await cert(missing.courseId, `Revoked course ${tag}`, { revokedAt: iso(-1), cycle: 8 });
  // Tasks (the field check): one met by the certificate, one needing an evaluation the worker lacks,
  // one at the other site (does not apply), one retired (does not either).
  const templateId = await createPublishedTemplate(`Reach truck evaluation ${tag}`, iso(-30));
  const task = async (name: string, evidence: unknown[], siteId: string | null = null) => {
    const res = await api('POST', '/api/v2/admin/tasks', { token: admin, body: { name, siteId, evidence } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.task.id as string;
  };
  const metPiece = { kind: 'course', courseId: met.courseId };
  await task(`Drive a forklift ${tag}`, [metPiece]);
  await task(`Operate a reach truck ${tag}`, [metPiece, { kind: 'evaluation', templateId }], north);
  await task(`Load the south dock ${tag}`, [metPiece], south);
  const retired = await task(`Old task ${tag}`, [metPiece]);
  await api('POST', `/api/v2/admin/tasks/${retired}/retire`, { token: admin });
  const badge = await badgeIdFor(env.JWT_SECRET, worker.id);
  return { tag, north, south, lead, sup, worker, peer, leaver, northAdmin, southAdmin, noUsers, badge, templateId };
}

const tokenOf = (u: { username: string; password: string }) => login(u);

describe('badge card PDF', () => {
  it('is for the person, their supervisors and their admins (site limit respected)', async () => {
    const c = await crew();
    const path = `/api/v2/users/${c.worker.id}/badge.pdf`;
    for (const who of [c.worker, c.sup, c.lead, c.northAdmin]) {
      const res = await api('GET', path, { token: await tokenOf(who) });
      expect(res.status, who.username).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(String(res.body).startsWith('%PDF-')).toBe(true);
    }
    expect((await api('GET', path, { token: admin })).status).toBe(200);
    for (const who of [c.peer, c.southAdmin, c.noUsers]) {
      const res = await api('GET', path, { token: await tokenOf(who) });
      expect(res.status, who.username).toBe(403);
      expect(res.body.message).toMatch(/supervisors and administrators/);
    }
    // The worker cannot print their supervisor's card.
    expect((await api('GET', `/api/v2/users/${c.sup.id}/badge.pdf`, { token: await tokenOf(c.worker) })).status).toBe(
      403,
    );
    expect((await api('GET', path)).status).toBe(401);
    // A leaver's badge is dead: no card.
    const left = await api('GET', `/api/v2/users/${c.leaver.id}/badge.pdf`, { token: admin });
    expect(left.status).toBe(404);
    expect(left.body.message).toMatch(/no longer works here/);
  });
});

describe('badge page', () => {
  it('shows anyone the name and the valid certificates only (no job title, history or status)', async () => {
    const c = await crew();
    const res = await api('GET', `/badge/${c.badge}`);
    expect(res.status).toBe(200);
    const page = String(res.body);
    expect(page).toContain(`worker ${c.tag}`);
    expect(page).toContain(`Forklift basics ${c.tag}`);
    // Absent: what a certificate verification does not show.
    for (const absent of [
      `Reach Truck Operator ${c.tag}`,
      `Expired course ${c.tag}`,
      `Revoked course ${c.tag}`,
      `Reach truck refresher ${c.tag}`,
      `North ${c.tag}`,
      c.worker.username,
      c.worker.email,
    ])
      expect(page, absent).not.toContain(absent);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The one script is allowed by its hash, and it may call this origin only.
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'sha256-[^']+'; connect-src 'self'/);
    // The same page in the viewer's language.
    const es = await api('GET', `/badge/${c.badge}`, { headers: { 'accept-language': 'es' } });
    expect(String(es.body)).toContain('Certificados vigentes');
  });

  it('reads its data in one D1 round trip (a batch)', async () => {
    const c = await crew();
    const { db: counted, count } = countingD1(env.DB);
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(`http://localhost/badge/${c.badge}`), { ...env, DB: counted }, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`Forklift basics ${c.tag}`);
    expect(count.calls).toBe(1);
  });

  it('answers a forged, malformed or leaver badge clearly', async () => {
    const c = await crew();
    const forged = `${c.worker.id}.AAAAAAAAAAAAAAAA`;
    const leaverBadge = await badgeIdFor(env.JWT_SECRET, c.leaver.id);
    for (const bad of [forged, 'nonsense', '%E0%A4%A', leaverBadge]) {
      const res = await api('GET', `/badge/${bad}`);
      expect(res.status, bad).toBe(404);
      expect(String(res.body)).toContain('Badge Not Recognised');
      expect(String(res.body)).not.toContain(`worker ${c.tag}`);
    }
  });
});

describe('badge full status', () => {
  it('gives every requirement with what is missing to supervisors and admins only', async () => {
    const c = await crew();
    const path = `/api/v2/badges/${c.badge}/status`;
    for (const [who, viewer] of [
      [c.sup, 'supervisor'],
      [c.lead, 'supervisor'],
      [c.northAdmin, 'admin'],
    ] as const) {
      const res = await api<BadgeStatusResponse>('GET', path, { token: await tokenOf(who) });
      expect(res.status, who.username).toBe(200);
      expect(res.body.viewer).toBe(viewer);
      expect(res.body.person).toMatchObject({ id: c.worker.id, jobTitle: `Reach Truck Operator ${c.tag}` });
      const byTitle = new Map(res.body.requirements.map((r) => [r.title, r]));
      expect(byTitle.get(`Reach truck refresher ${c.tag}`)).toMatchObject({
        missing: [`Reach truck refresher ${c.tag}`],
      });
      expect(byTitle.get(`Reach truck refresher ${c.tag}`)?.status).not.toBe('compliant');
      // Every task that applies (no site, or the worker's), not qualified first, with what is missing.
      // (Other tests' tasks for every site apply too: this crew's are told by their tag.)
      const mine = res.body.tasks.filter((t) => t.name.endsWith(c.tag));
      expect(mine.map((t) => [t.name, t.status])).toEqual([
        [`Operate a reach truck ${c.tag}`, 'NOT_QUALIFIED'],
        [`Drive a forklift ${c.tag}`, 'QUALIFIED'],
      ]);
      expect(mine[0]).toMatchObject({
        siteName: `North ${c.tag}`,
        validUntil: null,
        missing: [{ kind: 'evaluation', name: `Reach truck evaluation ${c.tag}`, status: 'MISSING' }],
      });
      expect(mine[1]).toMatchObject({ missing: [], expiring: [], validUntil: expect.any(String) });
    }
    // Not for the person themselves, a peer, another site's admin, an admin without User Management, or anyone signed out.
    for (const who of [c.worker, c.peer, c.southAdmin, c.noUsers]) {
      const res = await api('GET', path, { token: await tokenOf(who) });
      expect(res.status, who.username).toBe(403);
      expect(res.body).not.toHaveProperty('requirements');
      expect(res.body).not.toHaveProperty('tasks');
    }
    expect((await api('GET', path)).status).toBe(401);
  });

  it('reads the session, the holder, the relation, the requirements and the tasks in one D1 round trip', async () => {
    const c = await crew();
    const token = await tokenOf(c.sup);
    const { db: counted, count } = countingD1(env.DB);
    const ctx = createExecutionContext();
    const res = await app.fetch(
      new Request(`http://localhost/api/v2/badges/${c.badge}/status`, {
        headers: { authorization: `Bearer ${token}` },
      }),
      { ...env, DB: counted },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    const body = (await res.json()) as BadgeStatusResponse;
    expect(body.tasks.filter((t) => t.name.endsWith(c.tag))).toHaveLength(2);
    // The session rides in the one batch with everything the answer holds.
    expect(count.calls).toBe(1);
  });

  it('keeps the task statuses only while nothing they are made of has changed', async () => {
    const c = await crew();
    const token = await tokenOf(c.sup);
    const path = `/api/v2/badges/${c.badge}/status`;
    const mine = async () => {
      const res = await api<BadgeStatusResponse>('GET', path, { token });
      expect(res.status).toBe(200);
      return res.body.tasks.filter((t) => t.name.endsWith(c.tag)).map((t) => [t.name, t.status]);
    };
    const reach = `Operate a reach truck ${c.tag}`;
    const forklift = `Drive a forklift ${c.tag}`;
    expect(await mine()).toEqual([
      [reach, 'NOT_QUALIFIED'],
      [forklift, 'QUALIFIED'],
    ]);
    // Asked again: the tasks' statement reads nothing (the counter stands), the statuses are the kept ones.
    const read = await readBadgeStatus(drizzleOver(env.DB), c.sup.id, c.worker.id, new Date());
    expect(read?.taskRows).toEqual([]);
    expect(await mine()).toEqual([
      [reach, 'NOT_QUALIFIED'],
      [forklift, 'QUALIFIED'],
    ]);
    // The evaluation passed (its authorisation written straight in D1): the trigger moves the counter.
    const evaluationId = crypto.randomUUID();
    await db.insert(schema.evaluations).values({
      id: evaluationId,
      templateId: c.templateId,
      traineeId: c.worker.id,
      evaluatorId: c.lead.id,
      outcome: 'COMPETENT',
      meaning: 'Evaluated and found competent',
      evaluatorName: 'Lead',
      traineeName: 'Worker',
      bodyHash: evaluationId,
      conductedAt: iso(-1),
      signedAt: iso(-1),
    });
    await db.insert(schema.authorisations).values({
      id: crypto.randomUUID(),
      number: `AUT-2026-${evaluationId.slice(0, 6).toUpperCase()}`,
      userId: c.worker.id,
      templateId: c.templateId,
      familyId: c.templateId,
      evaluationId,
      title: 'Authorised: reach truck',
      userName: 'Worker',
      issuedAt: iso(-1),
      expiresAt: iso(300),
    });
    expect(await mine()).toEqual([
      [forklift, 'QUALIFIED'],
      [reach, 'QUALIFIED'],
    ]);
    // The worker moves to the south site: the north task no longer applies, the south one does.
    await db.update(schema.users).set({ siteId: c.south }).where(eq(schema.users.id, c.worker.id));
    expect(await mine()).toEqual([
      [forklift, 'QUALIFIED'],
      [`Load the south dock ${c.tag}`, 'QUALIFIED'],
    ]);
  });

  it('refuses a forged or leaver badge with a clear message', async () => {
    const c = await crew();
    const sup = await tokenOf(c.sup);
    for (const bad of [`${c.worker.id}.AAAAAAAAAAAAAAAA`, await badgeIdFor(env.JWT_SECRET, c.leaver.id)]) {
      const res = await api('GET', `/api/v2/badges/${bad}/status`, { token: sup });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('This badge is not recognised, or its holder no longer works here');
    }
  });
});
