import { SELF } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse, enroll, takeAssessment, type CourseFixture } from './fixtures';
import { api, createAdmin, createDomain, createUser, db, login, schema } from './helpers';

/**
 * Delivery language (issue 16): a course version has a language, versions of one course in one
 * book form a family, a learner is shown the version in their language, and the rows a learner
 * makes record the language they were delivered in. A certificate of any version meets a
 * requirement of the family.
 */

let adminToken: string;
let ip = 0;

beforeAll(async () => {
  adminToken = await login(await createAdmin());
});

const setFamily = (courseId: string, body: Record<string, unknown>, token = adminToken) =>
  api('PUT', `/api/v2/admin/courses/${courseId}/family`, { token, body });

/** A book with an English course and its Spanish version, linked by the admin through the API. */
async function family(components: ('PRE_ASSESSMENT' | 'MATERIAL' | 'POST_ASSESSMENT')[] = ['POST_ASSESSMENT']) {
  const bookId = await createDomain();
  const english = await createCourse({
    domainId: bookId,
    title: `Fire extinguisher use ${crypto.randomUUID().slice(0, 6)}`,
    components,
  });
  const spanish = await createCourse({
    domainId: bookId,
    title: `Uso del extintor ${crypto.randomUUID().slice(0, 6)}`,
    components,
  });
  const linked = await setFamily(spanish.courseId, { language: 'es', familyWith: english.courseId });
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  return { bookId, english, spanish };
}

async function listTitles(token: string, headers: Record<string, string> = {}, query = '') {
  const res = await api('GET', `/api/v2/user/courses?limit=100${query}`, { token, headers });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.courses as { id: string; title: string; language: string }[];
}

async function certifyIn(token: string, course: CourseFixture) {
  await enroll(token, course.courseId);
  await takeAssessment(token, course.post!.componentId, course.post!.answers);
}

describe('course families (admin)', () => {
  it('links a Spanish version to an English course: both share the family, each lists the other', async () => {
    const { english, spanish } = await family();
    const es = await api('GET', `/api/v2/admin/courses/${spanish.courseId}`, { token: adminToken });
    const en = await api('GET', `/api/v2/admin/courses/${english.courseId}`, { token: adminToken });
    expect(es.body).toMatchObject({
      language: 'es',
      familyId: english.courseId,
      versions: [{ id: english.courseId, language: 'en', title: english.title }],
    });
    expect(en.body).toMatchObject({
      language: 'en',
      familyId: english.courseId,
      versions: [{ id: spanish.courseId, language: 'es', title: spanish.title }],
    });
    // The list shows the language too.
    const list = await api('GET', `/api/v2/admin/courses?limit=1000`, { token: adminToken });
    expect(list.body.courses.find((c: { id: string }) => c.id === spanish.courseId)).toMatchObject({
      language: 'es',
      familyId: english.courseId,
    });
  });

  it('defaults an existing course to English on its own', async () => {
    const course = await createCourse();
    const res = await api('GET', `/api/v2/admin/courses/${course.courseId}`, { token: adminToken });
    expect(res.body).toMatchObject({ language: 'en', familyId: null, versions: [] });
  });

  it('refuses a second version in the same language, a course of another book, itself, an unknown course and an unknown language, changing nothing', async () => {
    const { bookId, english, spanish } = await family();
    const another = await createCourse({ domainId: bookId });
    const taken = await setFamily(another.courseId, { language: 'es', familyWith: english.courseId });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'FAMILY_LANGUAGE_TAKEN',
      message: 'This course family already has a version in that language',
      fields: { language: expect.any(String) },
    });
    // Joining through the other member is the same family.
    expect((await setFamily(another.courseId, { language: 'en', familyWith: spanish.courseId })).body.code).toBe(
      'FAMILY_LANGUAGE_TAKEN',
    );

    const elsewhere = await createCourse();
    const otherBook = await setFamily(elsewhere.courseId, { language: 'hi', familyWith: english.courseId });
    expect(otherBook.status).toBe(400);
    expect(otherBook.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Only courses of the same book can be one course family',
      fields: { familyWith: expect.any(String) },
    });

    const self = await setFamily(another.courseId, { language: 'hi', familyWith: another.courseId });
    expect(self.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'A course cannot be linked with itself' });
    const unknown = await setFamily(another.courseId, { language: 'hi', familyWith: crypto.randomUUID() });
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The course to link with was not found' });
    const badLanguage = await setFamily(another.courseId, { language: 'fr', familyWith: english.courseId });
    expect(badLanguage.status).toBe(400);
    expect(badLanguage.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Language must be one of en, es, hi, ar',
    });
    // Changing the language of a linked version into one its family has is refused as well.
    expect((await setFamily(spanish.courseId, { language: 'en' })).body.code).toBe('FAMILY_LANGUAGE_TAKEN');

    const row = await db.select().from(schema.courses).where(eq(schema.courses.id, another.courseId)).get();
    expect(row).toMatchObject({ language: 'en', familyId: null });
    const source = await db.select().from(schema.courses).where(eq(schema.courses.id, spanish.courseId)).get();
    expect(source).toMatchObject({ language: 'es', familyId: english.courseId });
  });

  it('adds a third language through any member, and unlinking the last other version dissolves the family', async () => {
    const { bookId, english, spanish } = await family();
    const hindi = await createCourse({ domainId: bookId });
    expect((await setFamily(hindi.courseId, { language: 'hi', familyWith: spanish.courseId })).body).toMatchObject({
      language: 'hi',
      familyId: english.courseId,
    });
    expect((await setFamily(hindi.courseId, { language: 'hi', familyWith: null })).body).toMatchObject({
      language: 'hi',
      familyId: null,
      versions: [],
    });
    const left = await setFamily(spanish.courseId, { language: 'es', familyWith: null });
    expect(left.body).toMatchObject({ familyId: null, versions: [] });
    const alone = await db
      .select({ familyId: schema.courses.familyId })
      .from(schema.courses)
      .where(eq(schema.courses.id, english.courseId))
      .get();
    expect(alone?.familyId).toBeNull();
  });

  it('is for administrators only', async () => {
    const { english } = await family();
    const learner = await login(await createUser());
    expect((await setFamily(english.courseId, { language: 'es' }, learner)).status).toBe(403);
    expect(
      (await api('PUT', `/api/v2/admin/courses/${english.courseId}/family`, { body: { language: 'es' } })).status,
    ).toBe(401);
  });
});

describe('version selection (learner)', () => {
  it('shows the Spanish version to a learner asking for Spanish, the English one otherwise, one card per family', async () => {
    const { bookId, english, spanish } = await family();
    const token = await login(await createUser({ domainIds: [bookId] }));
    const ids = (courses: { id: string }[]) =>
      courses.map((c) => c.id).filter((id) => id === english.courseId || id === spanish.courseId);
    expect(ids(await listTitles(token, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' }))).toEqual([spanish.courseId]);
    expect(ids(await listTitles(token, { 'accept-language': 'en-GB' }))).toEqual([english.courseId]);
    // No Hindi version: English.
    expect(ids(await listTitles(token, { 'accept-language': 'hi' }))).toEqual([english.courseId]);
    expect(ids(await listTitles(token))).toEqual([english.courseId]);
    // ?lang= wins over the header.
    expect(ids(await listTitles(token, { 'accept-language': 'en' }, '&lang=es'))).toEqual([spanish.courseId]);
    const spanishCard = (await listTitles(token, { 'accept-language': 'es' })).find((c) => c.id === spanish.courseId);
    expect(spanishCard?.language).toBe('es');
    // The count agrees with the page.
    const res = await api('GET', `/api/v2/user/courses?limit=100`, { token, headers: { 'accept-language': 'es' } });
    expect(res.body.pagination.totalItems).toBe(res.body.courses.length);
  });

  it('keeps showing the version a learner is enrolled in, whatever language they ask for', async () => {
    const { bookId, english, spanish } = await family();
    const token = await login(await createUser({ domainIds: [bookId] }));
    await enroll(token, english.courseId);
    const ids = (await listTitles(token, { 'accept-language': 'es' })).map((c) => c.id);
    expect(ids).toContain(english.courseId);
    expect(ids).not.toContain(spanish.courseId);
  });

  it('lists the other published versions on the course page ("Also available in"), not drafts', async () => {
    const { bookId, english, spanish } = await family();
    const draft = await createCourse({ domainId: bookId, status: 'DRAFT' });
    expect((await setFamily(draft.courseId, { language: 'ar', familyWith: english.courseId })).status).toBe(200);
    const token = await login(await createUser({ domainIds: [bookId] }));
    const en = await api('GET', `/api/v2/user/courses/${english.courseId}`, { token });
    expect(en.body).toMatchObject({
      language: 'en',
      versions: [{ id: spanish.courseId, language: 'es', title: spanish.title }],
    });
    const es = await api('GET', `/api/v2/user/courses/${spanish.courseId}`, { token });
    expect(es.body).toMatchObject({ language: 'es', versions: [{ id: english.courseId, language: 'en' }] });
    const alone = await createCourse({ domainId: bookId });
    expect((await api('GET', `/api/v2/user/courses/${alone.courseId}`, { token })).body.versions).toEqual([]);
  });
});

describe('the delivery language on the record', () => {
  it('records Spanish on the progress, the attempts and the certificate of the Spanish version, and the verification shows it', async () => {
    const { spanish } = await family();
    const learner = await createUser({ domainIds: [spanish.domainId], firstName: 'Fátima', lastName: 'Zahra' });
    const token = await login(learner);
    await certifyIn(token, spanish);

    const progress = await db
      .select()
      .from(schema.courseProgress)
      .where(and(eq(schema.courseProgress.userId, learner.id), eq(schema.courseProgress.courseId, spanish.courseId)))
      .get();
    expect(progress).toMatchObject({ status: 'COMPLETED', language: 'es' });
    const dto = await api('GET', `/api/v2/user/progress/courses/${spanish.courseId}`, { token });
    expect(JSON.stringify(dto.body)).toContain('"language":"es"');
    const attemptRows = await db.select().from(schema.attempts).where(eq(schema.attempts.userId, learner.id));
    expect(attemptRows.map((a) => a.language)).toEqual(['es']);
    const attemptList = await api('GET', `/api/v2/user/assessments/${spanish.post!.componentId}/attempts`, { token });
    expect(attemptList.body.attempts[0]).toMatchObject({ language: 'es' });

    const certificate = await api('GET', `/api/v2/certificates/user/${spanish.courseId}`, { token });
    expect(certificate.body).toMatchObject({ exists: true, language: 'es' });
    const verify = await api('GET', `/api/v2/certificates/verify/${certificate.body.certificateNumber}`, {
      headers: { 'cf-connecting-ip': `198.51.100.${++ip}` },
    });
    expect(verify.body).toMatchObject({ valid: true, language: 'es', languageName: 'Spanish' });

    const page = await SELF.fetch(`http://localhost/certificate/verify/${certificate.body.certificateNumber}`, {
      headers: { 'cf-connecting-ip': `198.51.100.${++ip}` },
    });
    const html = await page.text();
    expect(html).toMatch(/<dt>Delivery language<\/dt><dd>Spanish<\/dd>/);
  });

  it('keeps the language a certificate was delivered in when the course changes language later', async () => {
    const course = await createCourse({ components: ['POST_ASSESSMENT'] });
    const token = await login(await createUser({ domainIds: [course.domainId] }));
    await certifyIn(token, course);
    expect((await setFamily(course.courseId, { language: 'hi' })).status).toBe(200);
    const certificate = await api('GET', `/api/v2/certificates/user/${course.courseId}`, { token });
    expect(certificate.body.language).toBe('en');
  });
});

describe('compliance across a course family', () => {
  it('a Spanish certificate meets a requirement on the English course: matrix, learner panel and training record', async () => {
    const { bookId, english, spanish } = await family();
    const learner = await createUser({ domainIds: [bookId], firstName: 'Ольга', lastName: 'Иванова' });
    const token = await login(learner);
    const created = await api('POST', '/api/v2/admin/requirements', {
      token: adminToken,
      body: { courseId: english.courseId, bookId },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const before = await api('GET', `/api/v2/admin/compliance?bookId=${bookId}`, { token: adminToken });
    expect(before.body.rows[0].cells[0].status).toBe('pending');

    await certifyIn(token, spanish);
    const certificate = await api('GET', `/api/v2/certificates/user/${spanish.courseId}`, { token });

    const after = await api('GET', `/api/v2/admin/compliance?bookId=${bookId}`, { token: adminToken });
    expect(after.status).toBe(200);
    expect(after.body.rows[0].cells[0]).toMatchObject({
      status: 'compliant',
      certificateNumber: certificate.body.certificateNumber,
    });
    expect(after.body.summary).toMatchObject({ compliant: 1, pending: 0 });

    // The learner's panel names the version they trained in (the link and a renewal go there).
    const mine = await api('GET', '/api/v2/user/requirements', { token });
    expect(mine.body.requirements[0]).toMatchObject({
      courseId: spanish.courseId,
      requiredCourseId: english.courseId,
      courseTitle: spanish.title,
      status: 'compliant',
      certificateNumber: certificate.body.certificateNumber,
      progressStatus: 'COMPLETED',
      canRecertify: false,
    });

    const record = await api('GET', `/api/v2/admin/users/${learner.id}/training-record`, { token: adminToken });
    const required = record.body.courses.find((c: { courseId: string }) => c.courseId === english.courseId);
    expect(required).toMatchObject({ required: true, language: 'en', compliance: { status: 'compliant' } });
    const taken = record.body.courses.find((c: { courseId: string }) => c.courseId === spanish.courseId);
    expect(taken).toMatchObject({
      language: 'es',
      cycles: [
        { language: 'es', certificate: { language: 'es', certificateNumber: certificate.body.certificateNumber } },
      ],
    });
  });

  it('a certificate of an unlinked course of the same book does not count', async () => {
    const bookId = await createDomain();
    const english = await createCourse({ domainId: bookId, components: ['POST_ASSESSMENT'] });
    const other = await createCourse({ domainId: bookId, components: ['POST_ASSESSMENT'] });
    expect((await setFamily(other.courseId, { language: 'es' })).status).toBe(200);
    const token = await login(await createUser({ domainIds: [bookId] }));
    expect(
      (
        await api('POST', '/api/v2/admin/requirements', {
          token: adminToken,
          body: { courseId: english.courseId, bookId },
        })
      ).status,
    ).toBe(201);
    await certifyIn(token, other);
    const matrix = await api('GET', `/api/v2/admin/compliance?bookId=${bookId}`, { token: adminToken });
    expect(matrix.body.rows[0].cells[0].status).toBe('pending');
  });

  it('offers the renewal of a Spanish certificate that meets a requirement on the English course, and renews the Spanish version', async () => {
    const { bookId, english, spanish } = await family();
    // A Spanish speaker: the requirement enrols them in the Spanish version.
    const learner = await createUser({ domainIds: [bookId], language: 'es' });
    const token = await login(learner);
    expect(
      (
        await api('POST', '/api/v2/admin/requirements', {
          token: adminToken,
          body: { courseId: english.courseId, bookId },
        })
      ).status,
    ).toBe(201);
    await certifyIn(token, spanish);
    // The certificate runs out in ten days: inside the renewal window.
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString();
    await db
      .update(schema.certificates)
      .set({ expiresAt: soon })
      .where(and(eq(schema.certificates.userId, learner.id), eq(schema.certificates.courseId, spanish.courseId)));

    const mine = await api('GET', '/api/v2/user/requirements', { token });
    expect(mine.body.requirements).toHaveLength(1);
    expect(mine.body.requirements[0]).toMatchObject({
      courseId: spanish.courseId,
      requiredCourseId: english.courseId,
      status: 'due-soon',
      canRecertify: true,
    });

    const renewed = await api('POST', `/api/v2/user/progress/courses/${spanish.courseId}/recertify`, { token });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(renewed.body).toMatchObject({ courseId: spanish.courseId, cycle: 2 });
    // The English version stays untouched: the learner was never enrolled there.
    expect((await api('GET', `/api/v2/user/progress/courses/${english.courseId}`, { token })).status).toBe(404);
  });

  // (Before requirements enrolled their people, a learner who had not started was pointed at the
  // required course with no progress; now the requirement enrols them, in their language's version.)
  it('enrols each learner in the version of their language, and points their requirement at it', async () => {
    const { bookId, english, spanish } = await family();
    const englishToken = await login(await createUser({ domainIds: [bookId] }));
    const spanishToken = await login(await createUser({ domainIds: [bookId], language: 'es' }));
    expect(
      (
        await api('POST', '/api/v2/admin/requirements', {
          token: adminToken,
          body: { courseId: english.courseId, bookId },
        })
      ).status,
    ).toBe(201);
    const mine = async (token: string) =>
      (await api('GET', '/api/v2/user/requirements', { token })).body.requirements[0];
    expect(await mine(englishToken)).toMatchObject({
      courseId: english.courseId,
      requiredCourseId: english.courseId,
      progressStatus: 'ENROLLED',
    });
    expect(await mine(spanishToken)).toMatchObject({
      courseId: spanish.courseId,
      courseTitle: spanish.title,
      requiredCourseId: english.courseId,
      progressStatus: 'ENROLLED',
    });
    const englishProgress = await api('GET', `/api/v2/user/progress/courses/${english.courseId}`, {
      token: spanishToken,
    });
    expect(englishProgress.status).toBe(404);
  });
});
