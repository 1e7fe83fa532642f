import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createDomain, createUser, db, login, schema } from './helpers';

let admin: string;
let learner: string;
let book: string;

const mcq = (question = 'Which extinguisher suits a Class B fire?') => ({
  question,
  type: 'MCQ',
  options: [
    { text: 'Water', isCorrect: false },
    { text: 'CO2', isCorrect: true },
    { text: '', isCorrect: false },
    { text: 'Sand bucket', isCorrect: false },
  ],
  correctAnswer: 'CO2',
});
const trueFalse = {
  question: 'Aim at the base of the fire.',
  type: 'TRUE_FALSE',
  correctAnswer: 'true',
  explanation: 'The fuel burns at the base.',
};
const assessment = (title = 'Pre-check', questions: unknown[] = [mcq(), trueFalse]) => ({
  type: 'PRE_ASSESSMENT',
  data: { title, questions },
});

async function createCourse(overrides: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/v2/admin/courses', {
    token: admin,
    body: { title: 'Hot Work Permits', description: 'd', domainId: book, ...overrides },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; [key: string]: unknown };
}

async function addComponent(courseId: string, body: unknown) {
  return api('POST', `/api/v2/admin/courses/${courseId}/components`, { token: admin, body });
}

async function insertMaterial(title = 'Handout') {
  const id = crypto.randomUUID();
  await db.insert(schema.materials).values({
    id,
    title,
    type: 'PDF',
    fileName: 'h.pdf',
    fileSize: 10,
    contentType: 'application/pdf',
    storageKey: `materials/${id}.pdf`,
  });
  return id;
}

async function publishedCourseWithTwoComponents() {
  const course = await createCourse();
  const a = await addComponent(course.id, assessment('Pre'));
  const b = await addComponent(course.id, { ...assessment('Post'), type: 'POST_ASSESSMENT' });
  expect((await api('POST', `/api/v2/admin/courses/${course.id}/publish`, { token: admin })).status).toBe(200);
  return { course, first: a.body, second: b.body };
}

beforeAll(async () => {
  admin = await login(await createAdmin());
  learner = await login(await createUser());
  book = await createDomain('Fire Safety Book');
});

describe('who may call the admin course routes', () => {
  const routes: [string, string][] = [
    ['GET', '/api/v2/admin/courses'],
    ['POST', '/api/v2/admin/courses'],
    ['GET', '/api/v2/admin/courses/c1'],
    ['PUT', '/api/v2/admin/courses/c1'],
    ['DELETE', '/api/v2/admin/courses/c1'],
    ['POST', '/api/v2/admin/courses/c1/publish'],
    ['POST', '/api/v2/admin/courses/c1/takedown'],
    ['POST', '/api/v2/admin/courses/c1/clone'],
    ['GET', '/api/v2/admin/courses/c1/components'],
    ['POST', '/api/v2/admin/courses/c1/components'],
    ['PUT', '/api/v2/admin/courses/c1/components/reorder'],
    ['GET', '/api/v2/admin/courses/c1/components/x1'],
    ['PUT', '/api/v2/admin/courses/c1/components/x1'],
    ['DELETE', '/api/v2/admin/courses/c1/components/x1'],
  ];
  it.each(routes)('%s %s answers 401 to a visitor and 403 to a learner', async (method, path) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    expect((await api(method, path, { body })).status).toBe(401);
    expect((await api(method, path, { token: learner, body })).status).toBe(403);
  });
});

describe('courses', () => {
  it('creates a DRAFT course with the default icon, null limits and the AdminCourse shape', async () => {
    const course = await createCourse({ icon: '', timeLimit: '', passingScore: null });
    expect(course).toMatchObject({
      title: 'Hot Work Permits',
      domain: { id: book, name: 'Fire Safety Book' },
      icon: '/default-course-icon.png',
      timeLimit: null,
      passingScore: null,
      status: 'DRAFT',
      hasBeenPublished: false,
      componentCount: 0,
    });
    expect(course.createdAt).toMatch(/Z$/);
  });

  it('answers each invalid field with its own message', async () => {
    const res = await api('POST', '/api/v2/admin/courses', {
      token: admin,
      body: { title: ' ', domainId: '', timeLimit: -1, passingScore: 101 },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      title: 'Title is required',
      domainId: 'Books is required',
      timeLimit: 'Time limit must be positive',
      passingScore: 'Passing score must be between 0 and 100',
    });
    const unknownBook = await api('POST', '/api/v2/admin/courses', {
      token: admin,
      body: { title: 'T', domainId: 'nope' },
    });
    expect(unknownBook.status).toBe(400);
    expect(unknownBook.body.fields).toEqual({ domainId: 'The selected book does not exist' });
  });

  it('lists courses with pagination and component counts, filtered by title search', async () => {
    const course = await createCourse({ title: 'Unique Listing Title' });
    await addComponent(course.id, assessment());
    const res = await api('GET', '/api/v2/admin/courses?page=1&limit=1000', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({ page: 1, itemsPerPage: 1000 });
    expect(res.body.courses.find((c: { id: string }) => c.id === course.id)).toMatchObject({
      componentCount: 1,
      status: 'DRAFT',
    });
    const search = await api('GET', '/api/v2/admin/courses?search=unique%20listing', { token: admin });
    expect(search.body.courses.map((c: { id: string }) => c.id)).toEqual([course.id]);
    // The search box matches the title only: a word that appears only in a description finds nothing.
    await createCourse({ title: 'Ladder Inspection', description: 'zanzibar-only-in-description' });
    const byDescription = await api('GET', '/api/v2/admin/courses?search=zanzibar-only-in-description', {
      token: admin,
    });
    expect(byDescription.body.courses).toEqual([]);
  });

  it('returns a course with its components and full assessment data (answers included) to admins', async () => {
    const course = await createCourse();
    await addComponent(course.id, assessment());
    const res = await api('GET', `/api/v2/admin/courses/${course.id}`, { token: admin });
    expect(res.status).toBe(200);
    const [component] = res.body.components;
    expect(component.data.questions[0]).toMatchObject({ correctAnswer: 'CO2' });
    expect((await api('GET', '/api/v2/admin/courses/does-not-exist', { token: admin })).status).toBe(404);
  });
});

describe('components', () => {
  it('stores an assessment with defaults, generated ids, blank options dropped and isCorrect matching the answer', async () => {
    const course = await createCourse();
    const res = await addComponent(course.id, assessment());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'PRE_ASSESSMENT', order: 1, orderIndex: 1, required: true });
    const data = res.body.data;
    expect(data).toMatchObject({
      title: 'Pre-check',
      passingScore: 70,
      timeLimit: 30,
      shuffleQuestions: false,
      maxAttempts: 3,
    });
    const [q1, q2] = data.questions;
    expect(q1).toMatchObject({ type: 'MCQ', points: 10, required: true, correctAnswer: 'CO2' });
    expect(q1.id).toEqual(expect.any(String));
    expect(q1.options.map((o: { text: string; isCorrect: boolean }) => [o.text, o.isCorrect])).toEqual([
      ['Water', false],
      ['CO2', true],
      ['Sand bucket', false],
    ]);
    expect(new Set(q1.options.map((o: { id: string }) => o.id)).size).toBe(3);
    expect(q2).toMatchObject({ type: 'TRUE_FALSE', correctAnswer: 'true', explanation: 'The fuel burns at the base.' });
  });

  it('reports every assessment rule on its own field path', async () => {
    const course = await createCourse();
    const empty = await addComponent(course.id, { type: 'POST_ASSESSMENT', data: { title: '', questions: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({
      title: 'Assessment title is required',
      questions: 'At least one question is required',
    });

    const res = await addComponent(course.id, {
      type: 'PRE_ASSESSMENT',
      data: {
        title: 'T',
        passingScore: 120,
        timeLimit: -5,
        questions: [
          { question: '', type: 'MCQ', options: [{ text: 'A' }, { text: 'B' }], correctAnswer: 'A' },
          { question: 'Only one option', type: 'MCQ', options: [{ text: 'A' }, { text: '' }], correctAnswer: 'A' },
          { question: 'No answer', type: 'MCQ', options: [{ text: 'A' }, { text: 'B' }], correctAnswer: '' },
          { question: 'TF without answer', type: 'TRUE_FALSE', correctAnswer: 'maybe' },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      passingScore: 'Passing score must be between 0 and 100',
      timeLimit: 'Time limit must be positive',
      'questions.0.question': 'Question text is required',
      'questions.1.options': 'At least 2 options are required',
      'questions.2.correctAnswer': 'Correct answer is required',
      'questions.3.correctAnswer': 'Please select True or False as the correct answer',
    });
    expect(
      (await api('GET', `/api/v2/admin/courses/${course.id}/components`, { token: admin })).body.components,
    ).toEqual([]);
  });

  it('requires a material for a material component and records it in material_id', async () => {
    const course = await createCourse();
    const missing = await addComponent(course.id, { type: 'MATERIAL', data: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ materialId: 'Please select a material' });
    const unknown = await addComponent(course.id, { type: 'MATERIAL', data: { materialId: 'nope' } });
    expect(unknown.status).toBe(400);

    const materialId = await insertMaterial('Extinguisher guide');
    const ok = await addComponent(course.id, { type: 'MATERIAL', data: { materialId } });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ materialId, data: { materialId, title: 'Extinguisher guide', type: 'PDF' } });
    const row = await db.select().from(schema.components).where(eq(schema.components.id, ok.body.id)).get();
    expect(row?.materialId).toBe(materialId);
  });

  it('edits a component and keeps question ids the editor sends back', async () => {
    const course = await createCourse();
    const created = (await addComponent(course.id, assessment())).body;
    const data = {
      ...created.data,
      title: 'Renamed',
      questions: [{ ...created.data.questions[0], question: 'Edited?' }],
    };
    const res = await api('PUT', `/api/v2/admin/courses/${course.id}/components/${created.id}`, {
      token: admin,
      body: { data },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.title).toBe('Renamed');
    expect(res.body.data.questions).toHaveLength(1);
    expect(res.body.data.questions[0]).toMatchObject({ id: created.data.questions[0].id, question: 'Edited?' });
    const typeChange = await api('PUT', `/api/v2/admin/courses/${course.id}/components/${created.id}`, {
      token: admin,
      body: { type: 'MATERIAL' },
    });
    expect(typeChange.status).toBe(409);
  });

  it('reorders with a 1-based permutation in one write and refuses anything else', async () => {
    const course = await createCourse();
    const a = (await addComponent(course.id, assessment('A'))).body;
    const b = (await addComponent(course.id, { ...assessment('B'), type: 'POST_ASSESSMENT' })).body;
    const c = (await addComponent(course.id, assessment('C'))).body;
    const path = `/api/v2/admin/courses/${course.id}/components/reorder`;
    for (const componentOrders of [
      [
        { componentId: a.id, newOrder: 1 },
        { componentId: b.id, newOrder: 2 },
      ],
      [
        { componentId: a.id, newOrder: 1 },
        { componentId: b.id, newOrder: 1 },
        { componentId: c.id, newOrder: 3 },
      ],
      [
        { componentId: a.id, newOrder: 1 },
        { componentId: b.id, newOrder: 2 },
        { componentId: c.id, newOrder: 4 },
      ],
      [
        { componentId: a.id, newOrder: 1 },
        { componentId: b.id, newOrder: 2 },
        { componentId: 'other', newOrder: 3 },
      ],
    ]) {
      const bad = await api('PUT', path, { token: admin, body: { componentOrders } });
      expect(bad.status, JSON.stringify(componentOrders)).toBe(400);
    }
    const res = await api('PUT', path, {
      token: admin,
      body: {
        componentOrders: [
          { componentId: c.id, newOrder: 1 },
          { componentId: a.id, newOrder: 2 },
          { componentId: b.id, newOrder: 3 },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.components.map((x: { id: string; orderIndex: number }) => [x.id, x.orderIndex])).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
  });

  it('closes the gap in the order when a component is deleted', async () => {
    const course = await createCourse();
    const a = (await addComponent(course.id, assessment('A'))).body;
    const b = (await addComponent(course.id, assessment('B'))).body;
    const c = (await addComponent(course.id, assessment('C'))).body;
    expect(
      (await api('DELETE', `/api/v2/admin/courses/${course.id}/components/${a.id}`, { token: admin })).status,
    ).toBe(200);
    const list = (await api('GET', `/api/v2/admin/courses/${course.id}/components`, { token: admin })).body.components;
    expect(list.map((x: { id: string; orderIndex: number }) => [x.id, x.orderIndex])).toEqual([
      [b.id, 1],
      [c.id, 2],
    ]);
    const otherCourse = await createCourse();
    expect(
      (await api('DELETE', `/api/v2/admin/courses/${otherCourse.id}/components/${b.id}`, { token: admin })).status,
    ).toBe(404);
  });
});

describe('course lifecycle, enforced by the server', () => {
  it('refuses to publish a course without components or with an incomplete assessment', async () => {
    const course = await createCourse();
    const empty = await api('POST', `/api/v2/admin/courses/${course.id}/publish`, { token: admin });
    expect(empty.status).toBe(409);
    expect(empty.body.message).toBe('Add at least one component before publishing this course.');

    await db.insert(schema.components).values({
      id: crypto.randomUUID(),
      courseId: course.id,
      type: 'POST_ASSESSMENT',
      orderIndex: 1,
      data: { title: 'Broken', questions: [] },
    });
    const broken = await api('POST', `/api/v2/admin/courses/${course.id}/publish`, { token: admin });
    expect(broken.status).toBe(409);
    expect(broken.body.message).toMatch(/"Broken" is not complete: At least one question is required/);
  });

  it('publishes: details become read-only, delete is refused, and the course has been published for good', async () => {
    const { course } = await publishedCourseWithTwoComponents();
    const after = await api('GET', `/api/v2/admin/courses/${course.id}`, { token: admin });
    expect(after.body).toMatchObject({ status: 'PUBLISHED', hasBeenPublished: true });
    expect(after.body.publishedAt).toMatch(/Z$/);

    const edit = await api('PUT', `/api/v2/admin/courses/${course.id}`, {
      token: admin,
      body: { title: 'New', domainId: book },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('A published course cannot be edited. Take it down first.');
    const del = await api('DELETE', `/api/v2/admin/courses/${course.id}`, { token: admin });
    expect(del.status).toBe(409);
    expect((await api('GET', `/api/v2/admin/courses/${course.id}`, { token: admin })).body.title).toBe(
      'Hot Work Permits',
    );
  });

  it('a course that has ever been published cannot gain, lose or reorder components, only edit them, even after take down', async () => {
    const { course, first, second } = await publishedCourseWithTwoComponents();
    const down = await api('POST', `/api/v2/admin/courses/${course.id}/takedown`, { token: admin });
    expect(down.status).toBe(200);
    expect(down.body.course).toMatchObject({ status: 'DRAFT', hasBeenPublished: true });

    const add = await addComponent(course.id, assessment());
    expect(add.status).toBe(409);
    expect(add.body.message).toMatch(/can be edited, but not added, removed or reordered/);
    expect(
      (await api('DELETE', `/api/v2/admin/courses/${course.id}/components/${first.id}`, { token: admin })).status,
    ).toBe(409);
    const reorder = await api('PUT', `/api/v2/admin/courses/${course.id}/components/reorder`, {
      token: admin,
      body: {
        componentOrders: [
          { componentId: second.id, newOrder: 1 },
          { componentId: first.id, newOrder: 2 },
        ],
      },
    });
    expect(reorder.status).toBe(409);

    const edit = await api('PUT', `/api/v2/admin/courses/${course.id}/components/${first.id}`, {
      token: admin,
      body: { data: { ...first.data, title: 'Fixed typo' } },
    });
    expect(edit.status).toBe(200);
    // Taken down, the details are editable again.
    const details = await api('PUT', `/api/v2/admin/courses/${course.id}`, {
      token: admin,
      body: { title: 'Revised', domainId: book, passingScore: 80 },
    });
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ title: 'Revised', passingScore: 80, hasBeenPublished: true });
    const rows = await db.select().from(schema.components).where(eq(schema.components.courseId, course.id)).all();
    expect(rows.map((r) => r.orderIndex).sort()).toEqual([1, 2]);
  });

  it('clones into a DRAFT "(Copy)" with copies of the components that can be changed freely', async () => {
    const { course, first } = await publishedCourseWithTwoComponents();
    const res = await api('POST', `/api/v2/admin/courses/${course.id}/clone`, { token: admin });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Hot Work Permits (Copy)',
      status: 'DRAFT',
      hasBeenPublished: false,
      componentCount: 2,
      publishedAt: null,
    });
    const copy = (await api('GET', `/api/v2/admin/courses/${res.body.id}`, { token: admin })).body;
    expect(copy.components.map((c: { type: string; orderIndex: number }) => [c.type, c.orderIndex])).toEqual([
      ['PRE_ASSESSMENT', 1],
      ['POST_ASSESSMENT', 2],
    ]);
    expect(copy.components[0].id).not.toBe(first.id);
    expect(copy.components[0].data).toEqual(first.data);
    expect((await addComponent(res.body.id, assessment())).status).toBe(201);
  });

  it('deletes a draft with its components, but never a course learners have progress on', async () => {
    const draft = await createCourse();
    const comp = (await addComponent(draft.id, assessment())).body;
    expect((await api('DELETE', `/api/v2/admin/courses/${draft.id}`, { token: admin })).status).toBe(200);
    expect(await db.select().from(schema.components).where(eq(schema.components.id, comp.id)).get()).toBeUndefined();

    const { course } = await publishedCourseWithTwoComponents();
    const worker = await createUser({ domainIds: [book] });
    await db.insert(schema.courseProgress).values({ id: crypto.randomUUID(), userId: worker.id, courseId: course.id });
    await api('POST', `/api/v2/admin/courses/${course.id}/takedown`, { token: admin });
    const res = await api('DELETE', `/api/v2/admin/courses/${course.id}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/1 learner\(s\) have progress on this course/);
    expect(await db.select().from(schema.courses).where(eq(schema.courses.id, course.id)).get()).toBeTruthy();
  });
});
