import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import demoQuiz from '../../scripts/seed-assets/ppe-quiz-scorm/quiz.js?raw';
import { api, createUser, db, login, schema } from './helpers';
import { admin, book, demo, scormCourse, setUpScorm } from './scorm-helpers';

/*
 * Playing SCORM packages: the sandboxed content route and its policy, runtime commits (validated,
 * bounded, per learner and cycle), the page-hide beacon's signed URL, and completion through the
 * course rules. Upload checks: scorm-upload.test.ts.
 */

beforeAll(setUpScorm);

describe('playing a SCORM component', () => {
  let alex: { id: string; token: string };
  let blair: { id: string; token: string };
  let course: Awaited<ReturnType<typeof scormCourse>>;

  beforeAll(async () => {
    const a = await createUser({ domainIds: [book], firstName: 'Alex', lastName: 'Lane' });
    const b = await createUser({ domainIds: [book] });
    alex = { id: a.id, token: await login(a) };
    blair = { id: b.id, token: await login(b) };
    course = await scormCourse(demo.id, [alex.id], 'POST_ASSESSMENT');
  });

  const launch = (token: string, componentId = course.componentId) =>
    api('GET', `/api/v2/scorm/components/${componentId}/launch`, { token });
  // Commits carry the session id of a recorded launch (issue 27): each named session of a test is
  // one launch, dated an hour back so the reported times fit the wall clock since it.
  const sessions = new Map<string, string>();
  const sessionOf = async (token: string, componentId: string, name: string) => {
    const key = `${token}|${componentId}|${name}`;
    if (!sessions.has(key)) {
      const opened = await launch(token, componentId);
      // A learner who may not launch gets a made-up id: their commit is refused before it is read.
      if (opened.status !== 200) return name;
      const id = opened.body.sessionId as string;
      await db
        .update(schema.scormLaunches)
        .set({ startedAt: new Date(Date.now() - 3600_000).toISOString() })
        .where(eq(schema.scormLaunches.id, id));
      sessions.set(key, id);
    }
    return sessions.get(key) as string;
  };
  const commit = async (
    token: string,
    cmi: Record<string, string>,
    extra: Record<string, unknown> = {},
    componentId = course.componentId,
  ) =>
    api('PUT', `/api/v2/scorm/components/${componentId}/runtime`, {
      token,
      body: {
        cmi,
        ...extra,
        sessionId: await sessionOf(token, componentId, String(extra.sessionId ?? 'session-0001')),
      },
    });

  it('launches with a signed content URL; the launch file carries the runtime bridge and a sandboxing policy', async () => {
    const res = await launch(alex.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ version: '1.2', cycle: 1, masteryScore: 80, learnerName: 'Lane, Alex' });
    expect(res.body.cmi).toMatchObject({
      'cmi.core.student_id': alex.id,
      'cmi.core.student_name': 'Lane, Alex',
      'cmi.core.entry': '',
      'cmi.student_data.mastery_score': '80',
    });
    expect(res.body.launchUrl).toMatch(new RegExp(`^/api/v2/scorm/content/${course.componentId}/[^/]+/index\\.html$`));

    const page = await api('GET', res.body.launchUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toMatch(
      /<head><script src="\/scorm-runtime\/cross-frame-api\.js"><\/script><script src="\/scorm-runtime\/bridge\.js" data-origin="http:\/\/localhost" data-version="1\.2" data-cmi="\{&quot;cmi\.core\.student_id/,
    );
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/(^|; )sandbox allow-scripts allow-forms/);
    expect(csp).not.toContain('allow-same-origin');
    const base = `http://localhost${res.body.launchUrl.replace(/index\.html$/, '')}`;
    // Every fetch the package makes is held to its own signed path: never /api with a token.
    expect(csp).toContain(`connect-src ${base};`);
    expect(csp).toContain(`default-src 'none'`);
    expect(csp).toContain(`frame-ancestors 'self'`);
    expect(page.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('cache-control')).toBe('private, no-store');

    const script = await api('GET', res.body.launchUrl.replace(/index\.html$/, 'quiz.js'));
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(script.headers.get('content-security-policy')).toContain('sandbox allow-scripts');
    expect(script.body).toBe(demoQuiz);
    // Only the package's own files, nothing else under the prefix.
    expect((await api('GET', res.body.launchUrl.replace(/index\.html$/, 'nope.js'))).status).toBe(404);
    expect((await api('GET', res.body.launchUrl.replace(/index\.html$/, '..%2F..%2Fx'))).status).toBe(404);
  });

  it('refuses the package to a learner who cannot access the course, and refuses a tampered or logged-out link', async () => {
    // Blair's book holds the course but she is not enrolled; an outsider's books do not hold it.
    expect((await launch(blair.token)).status).toBe(403);
    const outsider = await createUser({});
    expect((await launch(await login(outsider))).status).toBe(404);
    const { launchUrl } = (await launch(alex.token)).body as { launchUrl: string };
    // Blair swaps her own id into Alex's link: the signature no longer holds.
    const tampered = launchUrl.replace(`/${alex.id}.`, `/${blair.id}.`);
    expect((await api('GET', tampered)).status).toBe(401);
    // Blair cannot read Alex's runtime data or write it.
    expect((await commit(blair.token, { 'cmi.core.lesson_status': 'passed' })).status).toBe(403);
    expect(await db.select().from(schema.scormRuntime).where(eq(schema.scormRuntime.userId, blair.id))).toHaveLength(0);

    const other = await createUser({ domainIds: [book] });
    const otherToken = await login(other);
    const otherCourse = await scormCourse(demo.id, [other.id]);
    const url = ((await launch(otherToken, otherCourse.componentId)).body as { launchUrl: string }).launchUrl;
    expect((await api('GET', url)).status).toBe(200);
    expect((await api('POST', '/api/auth/logout', { token: otherToken })).status).toBe(200);
    expect((await api('GET', url)).status).toBe(401);
  });

  it('validates commits and bounds their size, changing nothing when refused', async () => {
    expect((await commit(alex.token, { lesson_status: 'passed' })).status).toBe(400);
    expect((await commit(alex.token, { 'cmi.core.lesson_status': { nested: true } as unknown as string })).status).toBe(
      400,
    );
    expect((await commit(alex.token, { 'cmi.suspend_data': 'x'.repeat(64001) })).status).toBe(400);
    const many: Record<string, string> = {};
    for (let i = 0; i < 3001; i++) many[`cmi.interactions.${i}.id`] = 'q';
    expect((await commit(alex.token, many)).status).toBe(400);
    const big = await commit(alex.token, {
      'cmi.suspend_data': 'x'.repeat(60000),
      'cmi.comments': 'y'.repeat(60000),
      'cmi.core.lesson_location': 'z'.repeat(60000),
      'cmi.interactions.0.id': 'w'.repeat(60000),
      'cmi.interactions.1.id': 'v'.repeat(30000),
    });
    expect(big.status).toBe(413);
    expect(
      (
        await api('PUT', `/api/v2/scorm/components/${course.componentId}/runtime`, {
          token: alex.token,
          body: { sessionId: 'bad id!', cmi: {} },
        })
      ).status,
    ).toBe(400);
    const rows = await db.select().from(schema.scormRuntime).where(eq(schema.scormRuntime.userId, alex.id));
    expect(rows).toHaveLength(0);
  });

  it('records a suspended session and resumes it on the next launch and in the launch file', async () => {
    const res = await commit(alex.token, {
      'cmi.core.lesson_status': 'incomplete',
      'cmi.core.lesson_location': 'question-3',
      'cmi.suspend_data': '{"current":2}',
      'cmi.core.exit': 'suspend',
      'cmi.core.session_time': '00:01:30',
      'cmi.core.student_id': 'forged',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      componentStatus: 'IN_PROGRESS',
      summary: { status: 'incomplete', completed: false, totalSeconds: 90 },
    });
    const again = await launch(alex.token);
    expect(again.body.cmi).toMatchObject({
      'cmi.core.entry': 'resume',
      'cmi.suspend_data': '{"current":2}',
      'cmi.core.lesson_location': 'question-3',
      'cmi.core.total_time': '0000:01:30',
      'cmi.core.student_id': alex.id,
    });
    const page = await api('GET', again.body.launchUrl);
    expect(page.body).toContain('&quot;cmi.suspend_data&quot;:&quot;{\\&quot;current\\&quot;:2}&quot;');
  });

  it('does not complete on a pass below the package mastery score', async () => {
    const res = await commit(
      alex.token,
      { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '60', 'cmi.core.exit': 'suspend' },
      { sessionId: 'session-0002' },
    );
    expect(res.body).toMatchObject({
      componentStatus: 'IN_PROGRESS',
      summary: { successStatus: 'failed', score: 60, completed: false },
    });
    expect(
      (
        await api('POST', `/api/v2/user/progress/components/${course.componentId}/complete`, {
          token: alex.token,
          body: {},
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await api('PUT', `/api/v2/user/progress/components/${course.componentId}/progress`, {
          token: alex.token,
          body: { progressPercentage: 100 },
        })
      ).status,
    ).toBe(403);
  });

  it('completes the component on a passing finish, unlocking the next component, through the page-hide beacon', async () => {
    const { beaconUrl, sessionId } = (await launch(alex.token)).body as { beaconUrl: string; sessionId: string };
    await db
      .update(schema.scormLaunches)
      .set({ startedAt: new Date(Date.now() - 600_000).toISOString() })
      .where(eq(schema.scormLaunches.id, sessionId));
    const body = JSON.stringify({
      sessionId,
      finished: true,
      cmi: { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '100', 'cmi.core.session_time': '00:02:00' },
    });
    // A beacon cannot send a header: the URL's signature is the only credential, so a tampered one fails.
    const forged = beaconUrl.replace(/sig=[^&]+/, 'sig=AAAA');
    expect(
      (await api('POST', forged, { raw: body, headers: { 'content-type': 'text/plain;charset=UTF-8' } })).status,
    ).toBe(401);
    expect(
      (
        await api('POST', beaconUrl.replace(`u=${alex.id}`, `u=${blair.id}`), {
          raw: body,
          headers: { 'content-type': 'text/plain;charset=UTF-8' },
        })
      ).status,
    ).toBe(401);
    const res = await api('POST', beaconUrl, { raw: body, headers: { 'content-type': 'text/plain;charset=UTF-8' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      componentStatus: 'COMPLETED',
      progressPercentage: 100,
      summary: { status: 'passed', score: 100, completed: true, totalSeconds: 90 + 120 },
    });
    const progress = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token: alex.token });
    const next = progress.body.componentProgresses.find(
      (p: { componentId: string }) => p.componentId === course.nextId,
    );
    expect(progress.body.courseProgress.status).toBe('IN_PROGRESS');
    expect(next).toBeDefined();
    expect(
      (await api('GET', `/api/v2/user/progress/components/${course.nextId}/access`, { token: alex.token })).body,
    ).toEqual({ canAccess: true });
    // A later incomplete commit does not undo the completion.
    const later = await commit(alex.token, { 'cmi.core.lesson_status': 'incomplete' }, { sessionId: 'session-0004' });
    expect(later.body).toMatchObject({ componentStatus: 'COMPLETED', summary: { completed: true, score: 100 } });
  });

  it('completes the course and issues the certificate when the package is the last component', async () => {
    const c = await createUser({ domainIds: [book] });
    const token = await login(c);
    const only = await scormCourse(demo.id, [c.id]);
    await launch(token, only.componentId);
    const res = await commit(
      token,
      { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '80' },
      {},
      only.componentId,
    );
    expect(res.body.componentStatus).toBe('COMPLETED');
    const progress = await api('GET', `/api/v2/user/progress/courses/${only.courseId}`, { token });
    expect(progress.body.courseProgress).toMatchObject({ status: 'COMPLETED', overallProgress: 100 });
    const cert = await db
      .select()
      .from(schema.certificates)
      .where(and(eq(schema.certificates.userId, c.id), eq(schema.certificates.courseId, only.courseId)))
      .get();
    expect(cert).toBeDefined();
  });

  it('keeps runtime data per training cycle: a new cycle starts fresh and the old one is kept', async () => {
    const d = await createUser({ domainIds: [book] });
    const token = await login(d);
    const c2 = await scormCourse(demo.id, [d.id]);
    await commit(
      token,
      { 'cmi.core.lesson_status': 'incomplete', 'cmi.suspend_data': 'cycle-one', 'cmi.core.exit': 'suspend' },
      {},
      c2.componentId,
    );
    await db
      .update(schema.courseProgress)
      .set({ cycle: 2 })
      .where(and(eq(schema.courseProgress.userId, d.id), eq(schema.courseProgress.courseId, c2.courseId)));
    const res = await launch(token, c2.componentId);
    expect(res.body.cycle).toBe(2);
    expect(res.body.cmi['cmi.suspend_data']).toBeUndefined();
    expect(res.body.summary).toMatchObject({ status: 'not attempted', completed: false });
    // A new launch for the new cycle (issue 27: the cycle-1 session's commits are refused now).
    await commit(
      token,
      { 'cmi.core.lesson_status': 'incomplete', 'cmi.suspend_data': 'cycle-two' },
      { sessionId: 'cycle-2-session' },
      c2.componentId,
    );
    const rows = await db.select().from(schema.scormRuntime).where(eq(schema.scormRuntime.userId, d.id));
    expect(rows.map((r) => [r.cycle, r.cmi['cmi.suspend_data']]).sort()).toEqual([
      [1, 'cycle-one'],
      [2, 'cycle-two'],
    ]);
  });

  it('starts fresh after a real recertification: the new cycle has no runtime data, the old cycle keeps its completion', async () => {
    const e = await createUser({ domainIds: [book] });
    const token = await login(e);
    const c3 = await scormCourse(demo.id, [e.id]);
    await commit(
      token,
      { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '90', 'cmi.suspend_data': 'first cycle' },
      {},
      c3.componentId,
    );
    // The certificate is due within the recertification window.
    await db
      .update(schema.certificates)
      .set({ expiresAt: new Date(Date.now() + 5 * 24 * 3600 * 1000).toISOString() })
      .where(and(eq(schema.certificates.userId, e.id), eq(schema.certificates.courseId, c3.courseId)));
    const renewed = await api('POST', `/api/v2/user/progress/courses/${c3.courseId}/recertify`, { token });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    const res = await launch(token, c3.componentId);
    expect(res.body).toMatchObject({ cycle: 2, summary: { status: 'not attempted', completed: false } });
    expect(res.body.cmi['cmi.suspend_data']).toBeUndefined();
    const progress = await api('GET', `/api/v2/user/progress/courses/${c3.courseId}`, { token });
    expect(progress.body.componentProgresses[0]).toMatchObject({ status: 'IN_PROGRESS' });
    const rows = await db.select().from(schema.scormRuntime).where(eq(schema.scormRuntime.userId, e.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ cycle: 1, score: 90 });
    expect(rows[0].completedAt).not.toBeNull();
  });

  it('shows learners\u2019 SCORM status, score and time to admins only', async () => {
    expect((await api('GET', '/api/v2/admin/scorm/results', { token: alex.token })).status).toBe(403);
    const res = await api('GET', `/api/v2/admin/scorm/results?courseId=${course.courseId}`, { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results).toHaveLength(1);
    expect(res.body.results[0]).toMatchObject({
      userId: alex.id,
      userName: 'Alex Lane',
      componentTitle: 'PPE quiz',
      version: '1.2',
      summary: { score: 100, completed: true },
    });
    expect(res.body.pagination).toMatchObject({ totalItems: 1, page: 1 });
  });
});
