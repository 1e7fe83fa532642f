import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enroll, takeAssessment } from './fixtures';
import { api, db, schema } from './helpers';
import {
  daysFromNow,
  adminToken,
  signInAdmin,
  setup,
  statusOf,
  certify,
  setCertificateExpiry,
} from './compliance-helpers';

beforeAll(signInAdmin);

describe('recertification', () => {
  it('refuses while the certificate is not yet due soon, with the date it opens', async () => {
    const { token, course } = await setup();
    await certify(token, course);
    const res = await api('POST', `/api/v2/user/progress/courses/${course.courseId}/recertify`, { token });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('RECERTIFICATION_NOT_DUE');
    expect(res.body.message).toMatch(
      /^Your certificate is valid until \d{4}-\d{2}-\d{2}\. Recertification opens on \d{4}-\d{2}-\d{2}\.$/,
    );
  });

  it('refuses without a certificate to renew', async () => {
    const { token, course } = await setup();
    await enroll(token, course.courseId);
    const res = await api('POST', `/api/v2/user/progress/courses/${course.courseId}/recertify`, { token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You have no certificate of this course to renew yet. Complete the course first.');
  });

  it('starts a new cycle: fresh progress and attempts, history kept, and a renewed certificate chained on verification', async () => {
    const { token, course, learner } = await setup();
    const post = course.post!;
    // A failed attempt and a pass in cycle 1.
    await api('POST', `/api/v2/user/progress/courses/${course.courseId}/enroll`, { token });
    await takeAssessment(token, post.componentId, post.wrongAnswers);
    await takeAssessment(token, post.componentId, post.answers);
    const first = await db.select().from(schema.certificates).where(eq(schema.certificates.userId, learner.id)).get();
    expect(first?.cycle).toBe(1);
    await setCertificateExpiry(learner.id, course.courseId, daysFromNow(10));
    expect((await statusOf(token, course.courseId))?.canRecertify).toBe(true);

    const res = await api('POST', `/api/v2/user/progress/courses/${course.courseId}/recertify`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ cycle: 2, courseId: course.courseId });

    // The new cycle starts afresh.
    const progress = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token });
    expect(progress.body.courseProgress).toMatchObject({ overallProgress: 0, status: 'ENROLLED' });
    expect(progress.body.componentProgresses.map((p: { status: string }) => p.status)).toEqual(['NOT_STARTED']);
    const attemptsNow = await api('GET', `/api/v2/user/assessments/${post.componentId}/attempts`, { token });
    expect(attemptsNow.body.totalAttempts).toBe(0);
    expect(attemptsNow.body.remainingAttempts).toBe(3);
    // History kept: both cycle-1 attempts, the cycle-1 progress and the certificate.
    const oldAttempts = await db
      .select()
      .from(schema.attempts)
      .where(and(eq(schema.attempts.userId, learner.id), eq(schema.attempts.cycle, 1)));
    expect(oldAttempts).toHaveLength(2);
    const cycles = await db.select().from(schema.courseCycles).where(eq(schema.courseCycles.userId, learner.id));
    expect(cycles).toEqual([expect.objectContaining({ cycle: 1, status: 'COMPLETED', overallProgress: 100 })]);
    const history = await db
      .select()
      .from(schema.componentProgressHistory)
      .where(eq(schema.componentProgressHistory.userId, learner.id));
    expect(history).toEqual([expect.objectContaining({ cycle: 1, status: 'COMPLETED', attempts: 2 })]);
    // Still compliant on the old certificate while recertifying.
    expect((await statusOf(token, course.courseId))?.status).toBe('due-soon');
    // A second request does not start a third cycle.
    expect((await api('POST', `/api/v2/user/progress/courses/${course.courseId}/recertify`, { token })).status).toBe(
      409,
    );

    // Pass again: a new certificate that renews the first.
    const result = await takeAssessment(token, post.componentId, post.answers);
    expect(result.attemptNumber).toBe(1);
    const certs = await db.select().from(schema.certificates).where(eq(schema.certificates.userId, learner.id));
    expect(certs).toHaveLength(2);
    const second = certs.find((c) => c.cycle === 2)!;
    expect(second.renewsId).toBe(first!.id);
    expect(await statusOf(token, course.courseId)).toMatchObject({
      status: 'compliant',
      certificateNumber: second.certificateNumber,
    });

    const newer = await api('GET', `/api/v2/certificates/verify/${second.certificateNumber}`);
    expect(newer.body).toMatchObject({ valid: true, renews: first!.certificateNumber, renewedBy: null });
    const older = await api('GET', `/api/v2/certificates/verify/${first!.certificateNumber}`);
    expect(older.body).toMatchObject({ renewedBy: second.certificateNumber, renews: null });
    const page = await api('GET', `/certificate/verify/${first!.certificateNumber}`);
    expect(page.body).toContain(
      `Superseded by <a href="/certificate/verify/${second.certificateNumber}" dir="ltr">${second.certificateNumber}</a>`,
    );

    // The training record shows both cycles with their attempts and certificates.
    const record = await api('GET', `/api/v2/admin/users/${learner.id}/training-record`, { token: adminToken });
    expect(record.status).toBe(200);
    const entry = record.body.courses.find((c: { courseId: string }) => c.courseId === course.courseId);
    expect(entry.required).toBe(true);
    expect(
      entry.cycles.map((c: { cycle: number; attempts: unknown[]; current: boolean }) => [
        c.cycle,
        c.attempts.length,
        c.current,
      ]),
    ).toEqual([
      [1, 2, false],
      [2, 1, true],
    ]);
    expect(entry.cycles[0].certificate).toMatchObject({
      certificateNumber: first!.certificateNumber,
      renewedBy: second.certificateNumber,
    });
    expect(entry.cycles[1].certificate).toMatchObject({
      certificateNumber: second.certificateNumber,
      renews: first!.certificateNumber,
    });
  });

  it('an admin reset in the new cycle leaves the earlier cycle’s attempts alone', async () => {
    const { token, course, learner } = await setup();
    await certify(token, course);
    await setCertificateExpiry(learner.id, course.courseId, daysFromNow(-3));
    expect((await api('POST', `/api/v2/user/progress/courses/${course.courseId}/recertify`, { token })).status).toBe(
      200,
    );
    for (let i = 0; i < 3; i++) await takeAssessment(token, course.post!.componentId, course.post!.wrongAnswers);
    const reset = await api('POST', `/api/v2/admin/assessments/${course.post!.componentId}/users/${learner.id}/reset`, {
      token: adminToken,
      body: { reason: 'Second chance' },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const rows = await db.select().from(schema.attempts).where(eq(schema.attempts.userId, learner.id));
    expect(rows.map((r) => r.cycle)).toEqual([1]);
  });
});
