import { describe, expect, it } from 'vitest';
import { createCourse, enroll } from './fixtures';
import { api, createAdmin, createDomain, createUser, login } from './helpers';

async function learnerIn(...domainIds: string[]) {
  const user = await createUser({ domainIds });
  return { user, token: await login(user) };
}

describe('GET /api/v2/user/courses', () => {
  it('needs a session', async () => {
    const res = await api('GET', '/api/v2/user/courses');
    expect(res.status).toBe(401);
  });

  it("lists only published courses of the learner's books, with the Course shape and pagination", async () => {
    const book = await createDomain();
    const otherBook = await createDomain();
    const published = await createCourse({ domainId: book });
    await createCourse({ domainId: book, status: 'DRAFT' });
    await createCourse({ domainId: otherBook });
    const { token } = await learnerIn(book);

    const res = await api('GET', '/api/v2/user/courses', { token });
    expect(res.status).toBe(200);
    expect(res.body.courses.map((c: any) => c.id)).toEqual([published.courseId]);
    expect(res.body.courses[0]).toEqual({
      id: published.courseId,
      title: published.title,
      description: expect.any(String),
      domain: { id: book, name: expect.any(String) },
      icon: expect.any(String),
      timeLimit: 60,
      passingScore: 70,
      status: 'PUBLISHED',
      componentCount: 3,
      createdAt: expect.stringMatching(/Z$/),
      publishedAt: expect.stringMatching(/Z$/),
      enrollmentStatus: 'not_enrolled',
      isLocked: false,
      canEnroll: true,
      language: 'en',
    });
    expect(res.body.pagination).toEqual({ page: 1, totalPages: 1, totalItems: 1, itemsPerPage: 20 });
  });

  it('marks enrolled courses', async () => {
    const book = await createDomain();
    const course = await createCourse({ domainId: book });
    const { token } = await learnerIn(book);
    await enroll(token, course.courseId);
    const res = await api('GET', '/api/v2/user/courses', { token });
    expect(res.body.courses[0].enrollmentStatus).toBe('enrolled');
  });

  it('with showAll adds browsable courses of other books as locked and not enrollable', async () => {
    const book = await createDomain();
    const otherBook = await createDomain();
    const mine = await createCourse({ domainId: book });
    const browsable = await createCourse({ domainId: otherBook, allowBrowse: true });
    const hidden = await createCourse({ domainId: otherBook, allowBrowse: false });
    const { token } = await learnerIn(book);

    const without = await api('GET', '/api/v2/user/courses', { token });
    expect(without.body.courses.map((c: any) => c.id)).toEqual([mine.courseId]);

    const res = await api('GET', '/api/v2/user/courses?showAll=true', { token });
    const ids = res.body.courses.map((c: any) => c.id);
    expect(ids).toContain(mine.courseId);
    expect(ids).toContain(browsable.courseId);
    expect(ids).not.toContain(hidden.courseId);
    const locked = res.body.courses.find((c: any) => c.id === browsable.courseId);
    expect(locked).toMatchObject({ isLocked: true, canEnroll: false });
    expect(res.body.courses.find((c: any) => c.id === mine.courseId)).toMatchObject({
      isLocked: false,
      canEnroll: true,
    });
  });

  it('searches title, book name and description case-insensitively', async () => {
    const book = await createDomain('Chemical Handling Book');
    const a = await createCourse({ domainId: book, title: 'Ladder SAFETY basics', description: 'Climbing' });
    const b = await createCourse({ domainId: book, title: 'Noise', description: 'Protecting your HEARING at work' });
    const { token } = await learnerIn(book);

    const byTitle = await api('GET', '/api/v2/user/courses?search=ladder', { token });
    expect(byTitle.body.courses.map((c: any) => c.id)).toEqual([a.courseId]);
    const byDescription = await api('GET', '/api/v2/user/courses?search=hearing', { token });
    expect(byDescription.body.courses.map((c: any) => c.id)).toEqual([b.courseId]);
    const byBook = await api('GET', '/api/v2/user/courses?search=chemical%20handling', { token });
    expect(byBook.body.courses).toHaveLength(2);
    const wildcard = await api('GET', '/api/v2/user/courses?search=%25', { token });
    expect(wildcard.body.courses).toHaveLength(0);
  });

  it('sorts by recent, alphabetical and book, and paginates', async () => {
    const bookZ = await createDomain('Zulu book');
    const bookA = await createDomain('Alpha book');
    const older = await createCourse({
      domainId: bookZ,
      title: 'alpha course',
      publishedAt: '2026-01-01T00:00:00.000Z',
    });
    const newer = await createCourse({
      domainId: bookZ,
      title: 'Bravo course',
      publishedAt: '2026-06-01T00:00:00.000Z',
    });
    const inA = await createCourse({
      domainId: bookA,
      title: 'Charlie course',
      publishedAt: '2026-03-01T00:00:00.000Z',
    });
    const { token } = await learnerIn(bookZ, bookA);

    const recent = await api('GET', '/api/v2/user/courses?sortBy=recent', { token });
    expect(recent.body.courses.map((c: any) => c.id)).toEqual([newer.courseId, inA.courseId, older.courseId]);
    const alphabetical = await api('GET', '/api/v2/user/courses?sortBy=alphabetical', { token });
    expect(alphabetical.body.courses.map((c: any) => c.id)).toEqual([older.courseId, newer.courseId, inA.courseId]);
    const byBook = await api('GET', '/api/v2/user/courses?sortBy=domain', { token });
    expect(byBook.body.courses.map((c: any) => c.id)).toEqual([inA.courseId, older.courseId, newer.courseId]);

    const page2 = await api('GET', '/api/v2/user/courses?sortBy=alphabetical&page=2&limit=2', { token });
    expect(page2.body.courses.map((c: any) => c.id)).toEqual([inA.courseId]);
    expect(page2.body.pagination).toEqual({ page: 2, totalPages: 2, totalItems: 3, itemsPerPage: 2 });
  });

  it('filters by status tab and book, server-side, and counts each tab over every visible course', async () => {
    const fire = await createDomain('Fire book');
    const ladders = await createDomain('Ladder book');
    const started = await createCourse({ domainId: fire, title: 'Extinguishers' });
    const untouched = await createCourse({ domainId: fire, title: 'Alarms' });
    const inLadders = await createCourse({ domainId: ladders, title: 'Step ladders' });
    const { token } = await learnerIn(fire, ladders);
    await enroll(token, started.courseId);

    const all = await api('GET', '/api/v2/user/courses?limit=1', { token });
    expect(all.body.pagination.totalItems).toBe(3);
    expect(all.body.counts).toEqual({ all: 3, progress: 1, completed: 0 });
    expect(all.body.books.map((b: any) => b.id)).toEqual([fire, ladders]);

    const inProgress = await api('GET', '/api/v2/user/courses?status=progress', { token });
    expect(inProgress.body.courses.map((c: any) => c.id)).toEqual([started.courseId]);
    expect(inProgress.body.counts).toEqual({ all: 3, progress: 1, completed: 0 });
    const completed = await api('GET', '/api/v2/user/courses?status=completed', { token });
    expect(completed.body.courses).toEqual([]);

    const oneBook = await api('GET', `/api/v2/user/courses?bookId=${ladders}&search=step`, { token });
    expect(oneBook.body.courses.map((c: any) => c.id)).toEqual([inLadders.courseId]);
    // The tabs and the book options do not narrow with the book filter or the search.
    expect(oneBook.body.counts.all).toBe(3);
    expect(oneBook.body.books).toHaveLength(2);
    const fireOnly = await api('GET', `/api/v2/user/courses?bookId=${fire}&sortBy=alphabetical`, { token });
    expect(fireOnly.body.courses.map((c: any) => c.id)).toEqual([untouched.courseId, started.courseId]);
    expect((await api('GET', '/api/v2/user/courses?status=done', { token })).status).toBe(400);
  });

  it('refuses a bad sortBy or limit with 400', async () => {
    const { token } = await learnerIn();
    expect((await api('GET', '/api/v2/user/courses?sortBy=price', { token })).status).toBe(400);
    expect((await api('GET', '/api/v2/user/courses?limit=0', { token })).status).toBe(400);
  });

  it('shows an admin every published course', async () => {
    const course = await createCourse();
    const admin = await createAdmin();
    const token = await login(admin);
    const res = await api('GET', `/api/v2/user/courses?search=${encodeURIComponent(course.title)}`, { token });
    expect(res.body.courses.map((c: any) => c.id)).toEqual([course.courseId]);
    expect(res.body.courses[0].isLocked).toBe(false);
  });
});

describe('GET /api/v2/user/courses/:id', () => {
  it('returns the course with ordered components and assessment summaries only', async () => {
    const course = await createCourse();
    const { token } = await learnerIn(course.domainId);
    const res = await api('GET', `/api/v2/user/courses/${course.courseId}`, { token });
    expect(res.status).toBe(200);
    // The course object itself, its fields at the top level (original clients read data.title).
    expect(res.body).not.toHaveProperty('course');
    expect(res.body).toMatchObject({ id: course.courseId, title: course.title, enrollmentStatus: 'not_enrolled' });
    expect(res.body.components.map((c: any) => c.id)).toEqual(course.componentIds);
    const [pre, material, post] = res.body.components;
    expect(pre).toEqual({
      id: course.pre!.componentId,
      type: 'PRE_ASSESSMENT',
      order: 1,
      orderIndex: 1,
      required: true,
      data: {
        title: 'Pre-assessment',
        description: 'PRE check',
        timeLimit: 30,
        passingScore: 70,
        maxAttempts: 3,
        questionCount: 3,
        questions: course.pre!.questionIds.map((id) => ({ id })),
      },
    });
    expect(material.data).toEqual({
      title: 'Fire safety handbook',
      description: 'Read it all',
      materialId: course.material!.materialId,
      type: 'PDF',
    });
    expect(post.type).toBe('POST_ASSESSMENT');
    // Question ids only: no texts, options, keys or explanations.
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/isCorrect|correctAnswer|explanation|"options"|"question"/);
    for (const q of course.pre!.data.questions) expect(text).not.toContain(q.question);
  });

  it('is 404 for a course of another book and for an unknown id', async () => {
    const course = await createCourse();
    const { token } = await learnerIn(await createDomain());
    const other = await api('GET', `/api/v2/user/courses/${course.courseId}`, { token });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('NOT_FOUND');
    expect((await api('GET', `/api/v2/user/courses/${crypto.randomUUID()}`, { token })).status).toBe(404);
  });

  it('is 403 "Course is not available" for an unpublished course of the learner\'s book', async () => {
    const course = await createCourse({ status: 'DRAFT' });
    const { token } = await learnerIn(course.domainId);
    const res = await api('GET', `/api/v2/user/courses/${course.courseId}`, { token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Course is not available');
  });

  it('shows a browsable course of another book as locked', async () => {
    const course = await createCourse({ allowBrowse: true });
    const { token } = await learnerIn(await createDomain());
    const res = await api('GET', `/api/v2/user/courses/${course.courseId}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isLocked: true, canEnroll: false, enrollmentStatus: 'not_enrolled' });
  });
});

describe('authorization', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const routes: [string, string][] = [
    ['GET', '/api/v2/user/courses'],
    ['GET', `/api/v2/user/courses/${id}`],
    ['GET', '/api/v2/user/progress/courses'],
    ['GET', `/api/v2/user/progress/courses/${id}`],
    ['POST', `/api/v2/user/progress/courses/${id}/enroll`],
    ['POST', `/api/v2/user/progress/components/${id}/start`],
    ['PUT', `/api/v2/user/progress/components/${id}/progress`],
    ['POST', `/api/v2/user/progress/components/${id}/complete`],
    ['PUT', `/api/v2/user/progress/components/${id}/time`],
    ['GET', `/api/v2/user/assessments/${id}/questions`],
    ['POST', `/api/v2/user/assessments/${id}/start`],
    ['PUT', `/api/v2/user/assessments/attempts/${id}/answers`],
    ['POST', `/api/v2/user/assessments/attempts/${id}/submit`],
    ['POST', `/api/v2/user/assessments/attempts/${id}/auto-submit`],
    ['GET', `/api/v2/user/assessments/${id}/attempts`],
    ['GET', `/api/v2/user/assessments/${id}/latest-attempt`],
    ['GET', `/api/v2/user/assessments/attempts/${id}`],
    ['GET', '/api/v2/user/assessments/incomplete'],
  ];

  it('answers a visitor 401 on every learner journey route', async () => {
    for (const [method, path] of routes) {
      const res = await api(method, path, { body: method === 'GET' ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
  });

  it('answers a signed-in learner 404 (never 500) for ids that do not exist', async () => {
    const { token } = await learnerIn();
    for (const [method, path] of routes.filter(([, p]) => p.includes(id))) {
      const body = path.endsWith('/progress')
        ? { progressPercentage: 10 }
        : path.endsWith('/time')
          ? { additionalSeconds: 5 }
          : path.endsWith('/answers')
            ? { answers: {} }
            : method === 'GET'
              ? undefined
              : {};
      const res = await api(method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });
});
