import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { completeClassroomComponent, NotClassroomComponentError } from '../../worker/services/classroom-completion';
import { completeMaterial, createCourse, enroll, learnerFor, takeAssessment } from './fixtures';
import { api, createAdmin, createUser, db, login, schema } from './helpers';

/*
 * The classroom session component of a blended course: online pre-work -> classroom session ->
 * post-assessment. Only a signed-off session completes it (services/classroom-completion.ts, called
 * by the sessions sign-off); the learner's progress routes refuse it.
 */

vi.setConfig({ testTimeout: 30_000 });

const blended = () => createCourse({ components: ['MATERIAL', 'CLASSROOM', 'POST_ASSESSMENT'] });

async function progressRow(userId: string, componentId: string) {
  return db
    .select()
    .from(schema.componentProgress)
    .where(and(eq(schema.componentProgress.userId, userId), eq(schema.componentProgress.componentId, componentId)))
    .get();
}

const certificatesOf = (userId: string, courseId: string) =>
  db
    .select()
    .from(schema.certificates)
    .where(and(eq(schema.certificates.userId, userId), eq(schema.certificates.courseId, courseId)))
    .all();

describe('classroom session component', () => {
  it('blocks the post-assessment until attendance is signed off, then unlocks it; the certificate follows', async () => {
    const course = await blended();
    const { user, token } = await learnerFor(course.domainId);
    await enroll(token, course.courseId);
    await completeMaterial(token, course.material!.componentId);
    const classroomId = course.classroom!.componentId;
    const postId = course.post!.componentId;

    // The online pre-work done, the classroom session is next and the post-assessment stays locked.
    const locked = await api('GET', `/api/v2/user/progress/components/${postId}/access`, { token });
    expect(locked.body).toEqual({ canAccess: false, reason: 'Complete previous components first' });
    const start = await api('POST', `/api/v2/user/assessments/${postId}/start`, { token });
    expect(start.status).toBe(409);
    expect(start.body.code).toBe('COMPONENT_LOCKED');

    // The course page names the classroom step (no next session linked yet).
    const detail = await api('GET', `/api/v2/user/courses/${course.courseId}`, { token });
    expect(detail.body.components[1]).toMatchObject({
      id: classroomId,
      type: 'CLASSROOM',
      data: { title: 'Hands-on practice', description: 'Bring your gloves', nextSession: null },
    });

    const signedOff = new Date();
    const result = await completeClassroomComponent(db, {
      userIds: [user.id],
      componentId: classroomId,
      at: signedOff,
    });
    expect(result).toEqual([{ userId: user.id, status: 'IN_PROGRESS', overallProgress: expect.any(Number) }]);
    expect(await progressRow(user.id, classroomId)).toMatchObject({
      status: 'COMPLETED',
      progressPercentage: 100,
      completedAt: signedOff.toISOString(),
    });
    const open = await api('GET', `/api/v2/user/progress/components/${postId}/access`, { token });
    expect(open.body).toEqual({ canAccess: true });
    expect(await certificatesOf(user.id, course.courseId)).toHaveLength(0);

    await takeAssessment(token, postId, course.post!.answers);
    const progress = await api('GET', `/api/v2/user/progress/courses/${course.courseId}`, { token });
    expect(progress.body.courseProgress).toMatchObject({ status: 'COMPLETED', overallProgress: 100 });
    expect(await certificatesOf(user.id, course.courseId)).toHaveLength(1);
  });

  it('issues the certificate at sign-off when the classroom session is the last step', async () => {
    const course = await createCourse({ components: ['MATERIAL', 'CLASSROOM'] });
    const { user, token } = await learnerFor(course.domainId);
    await enroll(token, course.courseId);
    await completeMaterial(token, course.material!.componentId);
    const at = new Date();
    const [result] = await completeClassroomComponent(db, {
      userIds: [user.id, user.id],
      componentId: course.classroom!.componentId,
      at,
    });
    expect(result).toEqual({ userId: user.id, status: 'COMPLETED', overallProgress: 100 });
    const [certificate] = await certificatesOf(user.id, course.courseId);
    expect(certificate).toBeDefined();
    const enrollment = await db
      .select()
      .from(schema.courseProgress)
      .where(and(eq(schema.courseProgress.userId, user.id), eq(schema.courseProgress.courseId, course.courseId)))
      .get();
    expect(enrollment).toMatchObject({ status: 'COMPLETED', completedAt: at.toISOString() });

    // Signing off again (an amended roster) keeps the first completion and the one certificate.
    await completeClassroomComponent(db, {
      userIds: [user.id],
      componentId: course.classroom!.componentId,
      at: new Date(at.getTime() + 60_000),
    });
    expect((await progressRow(user.id, course.classroom!.componentId))?.completedAt).toBe(at.toISOString());
    expect(await certificatesOf(user.id, course.courseId)).toHaveLength(1);
  });

  it('enrols an attendee who was not enrolled, so the attendance is not lost', async () => {
    const course = await blended();
    const user = await createUser({ domainIds: [course.domainId] });
    await completeClassroomComponent(db, {
      userIds: [user.id],
      componentId: course.classroom!.componentId,
      at: new Date(),
    });
    expect(await progressRow(user.id, course.classroom!.componentId)).toMatchObject({ status: 'COMPLETED' });
    expect(await progressRow(user.id, course.material!.componentId)).toMatchObject({ status: 'NOT_STARTED' });
    const enrollment = await db
      .select()
      .from(schema.courseProgress)
      .where(eq(schema.courseProgress.userId, user.id))
      .get();
    expect(enrollment).toMatchObject({ courseId: course.courseId, status: 'IN_PROGRESS' });
  });

  it('refuses a component that is not a classroom session and writes nothing', async () => {
    const course = await blended();
    const { user, token } = await learnerFor(course.domainId);
    await enroll(token, course.courseId);
    await expect(
      completeClassroomComponent(db, { userIds: [user.id], componentId: course.material!.componentId, at: new Date() }),
    ).rejects.toBeInstanceOf(NotClassroomComponentError);
    expect(await progressRow(user.id, course.material!.componentId)).toMatchObject({ status: 'NOT_STARTED' });
  });

  it('refuses every learner route that would complete or advance it, with a clear message', async () => {
    const course = await blended();
    const { user, token } = await learnerFor(course.domainId);
    await enroll(token, course.courseId);
    await completeMaterial(token, course.material!.componentId);
    const id = course.classroom!.componentId;
    const message =
      'A classroom session is completed only when your trainer signs off your attendance; nothing can be reported for it here.';
    const attempts = [
      api('POST', `/api/v2/user/progress/components/${id}/complete`, { token, body: {} }),
      api('PUT', `/api/v2/user/progress/components/${id}/progress`, { token, body: { progressPercentage: 100 } }),
      api('POST', `/api/v2/user/progress/components/${id}/start`, { token }),
      api('PUT', `/api/v2/user/progress/components/${id}/time`, { token, body: { additionalSeconds: 60 } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN', reason: 'progress.classroomByTrainer', message });
    }
    // Nor is it an assessment: the attempt routes do not know it.
    const attempt = await api('POST', `/api/v2/user/assessments/${id}/start`, { token });
    expect(attempt.status).toBe(404);
    expect(await progressRow(user.id, id)).toMatchObject({ status: 'NOT_STARTED', progressPercentage: 0 });
  });

  it('is added by the course editor with a title and description, and publishes', async () => {
    const admin = await createAdmin();
    const token = await login(admin);
    const course = await createCourse({ status: 'DRAFT', components: ['MATERIAL'] });
    const path = `/api/v2/admin/courses/${course.courseId}/components`;
    const empty = await api('POST', path, { token, body: { type: 'CLASSROOM', data: { title: ' ' } } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { title: 'Classroom session title is required' },
    });
    const added = await api('POST', path, {
      token,
      body: { type: 'CLASSROOM', data: { title: 'Practical session', description: 'Wear boots', extra: 'dropped' } },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({
      type: 'CLASSROOM',
      data: { title: 'Practical session', description: 'Wear boots' },
    });
    expect(added.body.data.extra).toBeUndefined();
    const publish = await api('POST', `/api/v2/admin/courses/${course.courseId}/publish`, { token });
    expect(publish.status, JSON.stringify(publish.body)).toBe(200);
  });
});
