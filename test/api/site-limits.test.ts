import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse, enroll, takeAssessment } from './fixtures';
import { api, createDomain, db, login, schema, type TestUser } from './helpers';
import { outside, twoSites } from './site-limit-helpers';

// Issue 30: a site-limited administrator reads and changes only their site's people through every
// admin route that carries people's records (the audit log, the dashboard, assessment results and
// interventions, SCORM results, certificates, the credential queue); an unlimited one still reaches
// everyone. Evaluations, sessions and talks: site-limits-field.test.ts.

let tag: string;
let admin: string;
let limited: string;
let north: string;
let south: string;
let mine: TestUser;
let theirs: TestUser;

beforeAll(async () => {
  ({ tag, admin, limited, north, south, mine, theirs } = await twoSites());
});

describe('the audit log', () => {
  it('hides entries about another site’s people and keeps entries about no person', async () => {
    const entry = (target: TestUser | null, reason: string) => ({
      id: crypto.randomUUID(),
      actorId: 'someone',
      actorUsername: 'someone',
      action: 'USER_UPDATED',
      targetUserId: target?.id ?? null,
      targetUsername: target?.username ?? null,
      reason: `${reason} ${tag}`,
    });
    await db
      .insert(schema.auditLog)
      .values([entry(mine, 'about mine'), entry(theirs, 'about theirs'), entry(null, 'about content')]);
    const read = async (token: string) => {
      const res = await api('GET', `/api/v2/admin/assessments/audit-log?search=${tag}&size=50`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { entries: { reason: string }[]; totalItems: number };
    };
    const scoped = await read(limited);
    expect(scoped.entries.map((e) => e.reason).sort()).toEqual([`about content ${tag}`, `about mine ${tag}`]);
    expect(scoped.totalItems).toBe(2);
    const whole = await read(admin);
    expect(whole.totalItems).toBe(3);
  });
});

describe('assessment results, interventions and the dashboard', () => {
  it('count, list and change their site’s learners only', { timeout: 60_000 }, async () => {
    const course = await createCourse({ components: ['POST_ASSESSMENT'] });
    const post = course.post!;
    for (const person of [mine, theirs]) {
      await db.insert(schema.userDomains).values({ userId: person.id, domainId: course.domainId });
      const token = await login(person);
      await enroll(token, course.courseId);
      await takeAssessment(token, post.componentId, post.wrongAnswers);
    }
    const attempts = async (token: string) => {
      const res = await api('GET', `/api/v2/admin/assessments/attempts?status=ALL&courseId=${course.courseId}`, {
        token,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { attempts: { userId: string }[]; totalItems: number };
    };
    const scoped = await attempts(limited);
    expect(scoped.attempts.map((a) => a.userId)).toEqual([mine.id]);
    expect(scoped.totalItems).toBe(1);
    expect((await attempts(admin)).totalItems).toBe(2);

    const summary = await api('GET', '/api/v2/admin/assessments/summary', { token: limited });
    expect(summary.body.totalAttempts).toBe(1);

    const reset = (token: string, person: TestUser) =>
      api('POST', `/api/v2/admin/assessments/${post.componentId}/users/${person.id}/reset`, {
        token,
        body: { reason: 'Wrong person sat it' },
      });
    outside(await reset(limited, theirs));
    outside(
      await api('POST', `/api/v2/admin/assessments/${post.componentId}/users/${theirs.id}/pass?score=80`, {
        token: limited,
        body: { reason: 'x' },
      }),
    );
    expect((await attempts(admin)).totalItems).toBe(2);
    // Past the site check, the intervention rules answer (one failed attempt of several allowed: 409).
    expect((await reset(limited, mine)).status).toBe(409);
    expect((await reset(admin, theirs)).status).toBe(409);

    // The dashboard's people figures and lists are the site's; books and courses the organisation's.
    const northPeople = (await db.select().from(schema.users).where(eq(schema.users.siteId, north))).filter(
      (u) => u.role !== 'ADMIN' && !u.deactivatedAt,
    ).length;
    const stats = await api('GET', '/api/v2/admin/dashboard/stats', { token: limited });
    expect(stats.body.activeUsers).toBe(northPeople);
    const wholeStats = await api('GET', '/api/v2/admin/dashboard/stats', { token: admin });
    expect(wholeStats.body.activeUsers).toBeGreaterThan(northPeople);
    expect(stats.body.totalCourses).toBe(wholeStats.body.totalCourses);
    const recent = await api('GET', '/api/v2/admin/dashboard/recent-progress', { token: limited });
    const names = recent.body.map((r: { username: string }) => r.username);
    expect(names).toContain(mine.username);
    expect(names).not.toContain(theirs.username);
    const top = await api('GET', '/api/v2/admin/dashboard/top-performers', { token: limited });
    expect(top.status).toBe(200);
    expect(top.body.map((r: { username: string }) => r.username)).not.toContain(theirs.username);
  });

  it('SCORM results list their site’s learners only', async () => {
    const course = await createCourse({ components: ['MATERIAL'] });
    for (const person of [mine, theirs])
      await db.insert(schema.scormRuntime).values({
        id: crypto.randomUUID(),
        userId: person.id,
        courseId: course.courseId,
        componentId: course.componentIds[0]!,
        cycle: 1,
        version: '1.2',
        cmi: {},
        status: 'incomplete',
      });
    const results = async (token: string) => {
      const res = await api('GET', `/api/v2/admin/scorm/results?courseId=${course.courseId}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.results.map((r: { userId: string }) => r.userId);
    };
    expect(await results(limited)).toEqual([mine.id]);
    expect((await results(admin)).sort()).toEqual([mine.id, theirs.id].sort());
  });
});

describe('requirements', () => {
  it('count and preview their site’s people only', async () => {
    const bookId = await createDomain();
    const course = await createCourse({ domainId: bookId, components: ['MATERIAL'] });
    const department = `Dept ${tag}`;
    for (const person of [mine, theirs]) {
      await db.update(schema.users).set({ department }).where(eq(schema.users.id, person.id));
      await db.insert(schema.userDomains).values({ userId: person.id, domainId: bookId });
    }
    const made = await api('POST', '/api/v2/admin/requirements', {
      token: admin,
      body: { courseId: course.courseId, bookId, department },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const covered = async (token: string) => {
      const res = await api('GET', '/api/v2/admin/requirements', { token });
      return res.body.requirements.find((r: { id: string }) => r.id === made.body.requirement.id).coveredCount;
    };
    expect(await covered(limited)).toBe(1);
    expect(await covered(admin)).toBe(2);
    const audience = (token: string, site = '') =>
      api(
        'GET',
        `/api/v2/admin/requirements/audience?bookId=${bookId}&department=${encodeURIComponent(department)}${site}`,
        {
          token,
        },
      );
    const preview = await audience(limited);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.people.map((p: { id: string }) => p.id)).toEqual([mine.id]);
    outside(await audience(limited, `&siteId=${south}`));
    expect((await audience(admin)).body.count).toBe(2);
  });
});

describe('the mail outbox', () => {
  it('shows and retries messages about their site’s people and about no person', async () => {
    const mail = async (person: TestUser | null) => {
      const id = crypto.randomUUID();
      await db.insert(schema.mailOutbox).values({
        id,
        to: person?.email ?? `list_${tag}@example.test`,
        subject: `Reminder ${tag}`,
        bodyText: 'Your training is due',
        status: 'FAILED',
        userId: person?.id ?? null,
      });
      return id;
    };
    const [ours, others, nobody] = [await mail(mine), await mail(theirs), await mail(null)];
    const shown = async (token: string) => {
      const res = await api('GET', '/api/v2/admin/outbox?status=FAILED&limit=100', { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.messages.map((m: { id: string }) => m.id);
    };
    const scoped = await shown(limited);
    expect(scoped).toEqual(expect.arrayContaining([ours, nobody]));
    expect(scoped).not.toContain(others);
    expect(await shown(admin)).toEqual(expect.arrayContaining([ours, others, nobody]));
    outside(await api('POST', `/api/v2/admin/outbox/${others}/retry`, { token: limited }));
    expect((await api('POST', `/api/v2/admin/outbox/${others}/retry`, { token: admin })).status).not.toBe(403);
  });
});

describe('certificates', () => {
  it('open and revoke only for their site’s people', async () => {
    const course = await createCourse({ components: ['MATERIAL'] });
    const certificateOf = async (person: TestUser) => {
      const id = crypto.randomUUID();
      await db.insert(schema.certificates).values({
        id,
        certificateNumber: `CERT-SITE-${id.slice(0, 8).toUpperCase()}`,
        userId: person.id,
        courseId: course.courseId,
        userName: person.username,
        courseName: course.title,
        expiresAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
      });
      return id;
    };
    const [ours, others] = [await certificateOf(mine), await certificateOf(theirs)];
    outside(await api('GET', `/api/v2/certificates/view/${others}`, { token: limited }));
    const revoke = (token: string, id: string) =>
      api('POST', `/api/v2/certificates/${id}/revoke`, { token, body: { reason: 'Issued in error' } });
    outside(await revoke(limited, others));
    expect((await db.select().from(schema.certificates).where(eq(schema.certificates.id, others)))[0]?.revokedAt).toBe(
      null,
    );
    expect((await revoke(limited, ours)).status).toBe(200);
    expect((await revoke(admin, others)).status).toBe(200);
  });
});

describe('the credential queue', () => {
  it('lists, opens and decides their site’s people’s credentials only', async () => {
    const typeId = crypto.randomUUID();
    await db.insert(schema.credentialTypes).values({ id: typeId, name: `Forklift card ${tag}`, createdBy: 'x' });
    const credentialOf = async (person: TestUser) => {
      const id = crypto.randomUUID();
      await db.insert(schema.credentials).values({ id, userId: person.id, typeId, issuer: 'Issuer' });
      return id;
    };
    const [ours, others] = [await credentialOf(mine), await credentialOf(theirs)];
    const queue = await api('GET', '/api/v2/admin/credentials?status=PENDING&limit=100', { token: limited });
    expect(queue.status, JSON.stringify(queue.body)).toBe(200);
    expect(queue.body.credentials.map((c: { id: string }) => c.id)).toEqual([ours]);
    expect(queue.body.pagination.totalItems).toBe(1);
    outside(await api('GET', `/api/v2/admin/credentials/${others}`, { token: limited }));
    outside(await api('GET', `/api/v2/credentials/${others}/scan`, { token: limited }));
    outside(await api('POST', `/api/v2/admin/credentials/${others}/approve`, { token: limited }));
    outside(
      await api('POST', `/api/v2/admin/credentials/${others}/reject`, { token: limited, body: { reason: 'Blurred' } }),
    );
    const stored = await db.select().from(schema.credentials).where(eq(schema.credentials.id, others));
    expect(stored[0]?.status).toBe('PENDING');
    expect((await api('POST', `/api/v2/admin/credentials/${ours}/approve`, { token: limited })).status).toBe(200);
    expect((await api('GET', `/api/v2/admin/credentials/${others}`, { token: admin })).status).toBe(200);
    expect((await api('POST', `/api/v2/admin/credentials/${others}/approve`, { token: admin })).status).toBe(200);
  });
});
