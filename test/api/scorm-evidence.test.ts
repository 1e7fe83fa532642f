import { and, eq } from 'drizzle-orm';
import demoManifest from '../../scripts/seed-assets/ppe-quiz-scorm/imsmanifest.xml?raw';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, db, login, schema } from './helpers';
import { strToU8, zipSync } from 'fflate';
import { admin, book, demo, demoFiles, form, scormCourse, setUpScorm, upload } from './scorm-helpers';

/*
 * Issue 27, problems 1-3: SCORM evidence the server can believe. Each launch is recorded (a signed
 * session id and the server's start time); a pass sooner than the package's minimum after it is
 * refused; session time is clamped to the wall clock; scores must fit the package's own range and
 * answers; a commit or beacon from a training cycle no longer current is refused; malformed or
 * absurd durations are 400 and never recorded.
 */

beforeAll(setUpScorm);

const launch = (token: string, componentId: string) =>
  api('GET', `/api/v2/scorm/components/${componentId}/launch`, { token });
const commit = (token: string, componentId: string, sessionId: string, cmi: Record<string, string>, finished = true) =>
  api('PUT', `/api/v2/scorm/components/${componentId}/runtime`, { token, body: { sessionId, finished, cmi } });

/** A learner enrolled in a one-component SCORM course (minimum time: the component setting given). */
async function learnerWithCourse(minimum: number | null) {
  const user = await createUser({ domainIds: [book] });
  const token = await login(user);
  const course = await scormCourse(demo.id, [user.id], null, minimum);
  return { user, token, ...course };
}

/** Moves a launch's recorded start back, as if the learner had been playing that long. */
async function playedFor(sessionId: string, seconds: number) {
  await db
    .update(schema.scormLaunches)
    .set({ startedAt: new Date(Date.now() - seconds * 1000).toISOString() })
    .where(eq(schema.scormLaunches.id, sessionId));
}

const runtimeRow = (userId: string, componentId: string) =>
  db
    .select()
    .from(schema.scormRuntime)
    .where(and(eq(schema.scormRuntime.userId, userId), eq(schema.scormRuntime.componentId, componentId)))
    .get();

const componentRow = (userId: string, componentId: string) =>
  db
    .select()
    .from(schema.componentProgress)
    .where(and(eq(schema.componentProgress.userId, userId), eq(schema.componentProgress.componentId, componentId)))
    .get();

const PASS = { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '100' };

describe('SCORM evidence (issue 27, problems 1-3)', () => {
  it('problem 1: a forged session finishing 120 ms after launch is refused; no completion, no certificate', async () => {
    const { user, token, componentId, courseId } = await learnerWithCourse(null);
    expect((await launch(token, componentId)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 120));
    const forged = await commit(token, componentId, 'forged-session-1', PASS);
    expect(forged.status, JSON.stringify(forged.body)).toBe(409);
    expect(forged.body.message).toBe('This lesson session was not opened here. Reopen the course to continue.');
    expect((await componentRow(user.id, componentId))?.status).not.toBe('COMPLETED');
    const cert = await db
      .select()
      .from(schema.certificates)
      .where(and(eq(schema.certificates.userId, user.id), eq(schema.certificates.courseId, courseId)))
      .get();
    expect(cert).toBeUndefined();
  });

  it('problem 1: the launch’s own session passing before the minimum time is refused with the declared message; after it, it counts', async () => {
    const { user, token, componentId } = await learnerWithCourse(null);
    const opened = await launch(token, componentId);
    expect(opened.body.minimumSeconds).toBe(60);
    const sessionId: string = opened.body.sessionId;
    const early = await commit(token, componentId, sessionId, PASS);
    expect(early.status, JSON.stringify(early.body)).toBe(409);
    expect(early.body.message).toMatch(
      /^This lesson was finished \d+ seconds after it was opened; a pass or completion counts only after 60 seconds\./,
    );
    expect(await runtimeRow(user.id, componentId)).toBeUndefined();
    await playedFor(sessionId, 61);
    const later = await commit(token, componentId, sessionId, PASS);
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(later.body.componentStatus).toBe('COMPLETED');
  });

  it('problem 1: the component setting sets the minimum; a session id signed for another learner is refused', async () => {
    const { token, componentId } = await learnerWithCourse(5);
    const opened = await launch(token, componentId);
    expect(opened.body.minimumSeconds).toBe(5);
    const other = await learnerWithCourse(0);
    const theirs = (await launch(other.token, other.componentId)).body.sessionId as string;
    expect((await commit(token, componentId, theirs, PASS)).status).toBe(409);
    await playedFor(opened.body.sessionId, 6);
    expect((await commit(token, componentId, opened.body.sessionId, PASS)).body.componentStatus).toBe('COMPLETED');
  });

  it('problem 1: a score outside the package’s own range, or at odds with its reported answers, is refused', async () => {
    const { user, token, componentId } = await learnerWithCourse(0);
    const sessionId = (await launch(token, componentId)).body.sessionId as string;
    const outside = await commit(token, componentId, sessionId, { ...PASS, 'cmi.core.score.raw': '1000' });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe('The score is outside the range the package itself reports.');
    const shifted = await commit(token, componentId, sessionId, {
      ...PASS,
      'cmi.core.score.raw': '50',
      'cmi.core.score.min': '60',
      'cmi.core.score.max': '100',
    });
    expect(shifted.status).toBe(400);
    const answers = await commit(token, componentId, sessionId, {
      ...PASS,
      'cmi.interactions.0.id': 'q1',
      'cmi.interactions.0.result': 'wrong',
      'cmi.interactions.1.id': 'q2',
      'cmi.interactions.1.result': 'wrong',
    });
    expect(answers.status).toBe(400);
    expect(answers.body.message).toBe('The score does not agree with the answers the package reported.');
    expect(await runtimeRow(user.id, componentId)).toBeUndefined();
    const honest = await commit(token, componentId, sessionId, {
      ...PASS,
      'cmi.interactions.0.id': 'q1',
      'cmi.interactions.0.result': 'correct',
    });
    expect(honest.status, JSON.stringify(honest.body)).toBe(200);
  });

  it('problem 2: a huge session time is refused or clamped to the wall clock since the launch, never recorded as told', async () => {
    const { user, token, componentId } = await learnerWithCourse(0);
    const sessionId = ((await launch(token, componentId)).body.sessionId as string | undefined) ?? 'session-0001';
    const hours = await commit(token, componentId, sessionId, { ...PASS, 'cmi.core.session_time': '9999:59:59' });
    expect(hours.status, JSON.stringify(hours.body)).toBe(400);
    expect(hours.body.message).toBe('The session time is not a valid or believable SCORM duration.');
    const plausible = await commit(
      token,
      componentId,
      sessionId,
      { 'cmi.core.lesson_status': 'incomplete', 'cmi.core.session_time': '05:00:00' },
      false,
    );
    expect(plausible.status, JSON.stringify(plausible.body)).toBe(200);
    const row = await runtimeRow(user.id, componentId);
    expect(row?.sessionSeconds).toBeLessThanOrEqual(5);
    expect(plausible.body.summary.totalSeconds).toBeLessThanOrEqual(5);
  });

  it('problem 2: a 2004 P1000000Y session is refused, and a duration beyond any number is 400, not 500', async () => {
    const { user, token, componentId } = await learnerWithCourse(0);
    const sessionId = ((await launch(token, componentId)).body.sessionId as string | undefined) ?? 'session-0001';
    for (const value of ['P1000000Y', `P${'9'.repeat(400)}Y`, `PT${'9'.repeat(330)}S`, 'garbage', '12:99', 'PT']) {
      const res = await commit(token, componentId, sessionId, { ...PASS, 'cmi.core.session_time': value }, false);
      expect(res.status, `${value}: ${JSON.stringify(res.body)}`).toBe(400);
    }
    expect(await runtimeRow(user.id, componentId)).toBeUndefined();
  });

  it('problem 3: the cycle-1 page-hide beacon sent after recertification is refused and completes nothing', async () => {
    const { user, token, componentId, courseId } = await learnerWithCourse(0);
    const first = await launch(token, componentId);
    const sessionId = (first.body.sessionId as string | undefined) ?? 'session-0001';
    const done = await commit(token, componentId, sessionId, PASS);
    expect(done.body.componentStatus).toBe('COMPLETED');
    // The certificate comes due, and the learner recertifies: cycle 2 starts.
    await db
      .update(schema.certificates)
      .set({ expiresAt: new Date(Date.now() + 5 * 24 * 3600 * 1000).toISOString() })
      .where(and(eq(schema.certificates.userId, user.id), eq(schema.certificates.courseId, courseId)));
    const renewed = await api('POST', `/api/v2/user/progress/courses/${courseId}/recertify`, { token });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    // The forgotten cycle-1 tab hides: its beacon (signed at the cycle-1 launch) goes out.
    const beacon = await api('POST', first.body.beaconUrl, {
      raw: JSON.stringify({ sessionId, finished: true, cmi: PASS }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(beacon.status, JSON.stringify(beacon.body)).toBe(409);
    expect(beacon.body.message).toBe(
      'This lesson was opened for a training cycle that has ended. Reopen the course to continue.',
    );
    // And the same tab's ordinary commit too.
    expect((await commit(token, componentId, sessionId, PASS)).status).toBe(409);
    const progress = await api('GET', `/api/v2/user/progress/courses/${courseId}`, { token });
    expect(progress.body.courseProgress.status).not.toBe('COMPLETED');
    expect(progress.body.componentProgresses[0].status).not.toBe('COMPLETED');
    const certs = await db
      .select()
      .from(schema.certificates)
      .where(and(eq(schema.certificates.userId, user.id), eq(schema.certificates.courseId, courseId)));
    expect(certs).toHaveLength(1);
  });

  it('a beacon URL cannot be moved to another cycle or session', async () => {
    const { token, componentId } = await learnerWithCourse(0);
    const first = await launch(token, componentId);
    const url: string = first.body.beaconUrl;
    const send = (to: string, sessionId = first.body.sessionId) =>
      api('POST', to, {
        raw: JSON.stringify({ sessionId, finished: false, cmi: { 'cmi.core.lesson_status': 'incomplete' } }),
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
      });
    expect((await send(url.replace(/([?&])c=1/, '$1c=2'))).status).toBe(401);
    expect((await send(url, 'someone-else-0001')).status).toBe(401);
    expect((await send(url)).status).toBe(200);
  });

  it('a manifest’s typical learning time sets the minimum (half of it), over the component setting', async () => {
    const manifest = demoManifest.replace(
      '</metadata>',
      '<lom xmlns="http://ltsc.ieee.org/xsd/LOM"><educational><typicalLearningTime><duration>PT10M</duration></typicalLearningTime></educational></lom></metadata>',
    );
    const res = await upload(
      form('typical.zip', zipSync({ ...demoFiles(), 'imsmanifest.xml': strToU8(manifest) }), { title: 'Typical' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.scorm.typicalLearningSeconds).toBe(600);
    const user = await createUser({ domainIds: [book] });
    const token = await login(user);
    const course = await scormCourse(res.body.id, [user.id], null, 5);
    const opened = await launch(token, course.componentId);
    expect(opened.body.minimumSeconds).toBe(300);
    await playedFor(opened.body.sessionId, 120);
    expect((await commit(token, course.componentId, opened.body.sessionId, PASS)).status).toBe(409);
  });

  it('the admin sets the component’s minimum (0-7200 s) where the component is configured', async () => {
    const { courseId, componentId } = await scormCourse(demo.id, [], null, null);
    const put = (scormMinimumSeconds: unknown) =>
      api('PUT', `/api/v2/admin/courses/${courseId}/components/${componentId}`, {
        token: admin,
        body: { data: { materialId: demo.id, scormMinimumSeconds } },
      });
    const bad = await put(99999);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Enter a minimum time between 0 and 7200 seconds.');
    const ok = await put(30);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const row = await db.select().from(schema.components).where(eq(schema.components.id, componentId)).get();
    expect(row?.data.scormMinimumSeconds).toBe(30);
  });
});
