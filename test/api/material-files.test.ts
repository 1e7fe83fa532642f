import { SELF } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { and } from 'drizzle-orm';
import { createCourse, enroll, takeAssessment } from './fixtures';
import { api, createUser, db, login, schema } from './helpers';
import {
  admin,
  learner,
  learnerId,
  outsider,
  book,
  PDF_BYTES,
  uploadPdf,
  useInCourse,
  signInPeople,
} from './materials-helpers';

beforeAll(() => signInPeople('Materials Book (files)'));

describe('reading a material and its file', () => {
  it('gives an enrolled learner the material and a byte range of its file (206)', async () => {
    const material = await uploadPdf({}, 'range.pdf');
    await useInCourse(material.id, learnerId);
    const meta = await api('GET', `/api/v2/materials/${material.id}`, { token: learner });
    expect(meta.status).toBe(200);
    expect(meta.body).toMatchObject({ id: material.id, type: 'PDF', fileSize: PDF_BYTES.length });

    const res = await SELF.fetch(`http://localhost/api/v2/materials/${material.id}/file`, {
      headers: { authorization: `Bearer ${learner}`, range: 'bytes=9-18' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 9-18/${PDF_BYTES.length}`);
    expect(res.headers.get('content-length')).toBe('10');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="range\.pdf"/);
    expect(await res.text()).toBe('0123456789');

    const suffix = await SELF.fetch(`http://localhost/api/v2/materials/${material.id}/file`, {
      headers: { authorization: `Bearer ${learner}`, range: 'bytes=-6' },
    });
    expect(suffix.status).toBe(206);
    expect(await suffix.text()).toBe('%%EOF\n');
    const beyond = await SELF.fetch(`http://localhost/api/v2/materials/${material.id}/file`, {
      headers: { authorization: `Bearer ${learner}`, range: 'bytes=9999-' },
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${PDF_BYTES.length}`);
    await beyond.arrayBuffer();
  });

  it('answers 404 to a learner who is not enrolled in a course using the material', async () => {
    const material = await uploadPdf({}, 'private.pdf');
    await useInCourse(material.id);
    expect((await api('GET', `/api/v2/materials/${material.id}`, { token: outsider })).status).toBe(404);
    const res = await SELF.fetch(`http://localhost/api/v2/materials/${material.id}/file`, {
      headers: { authorization: `Bearer ${outsider}`, range: 'bytes=0-4' },
    });
    expect(res.status).toBe(404);
    await res.arrayBuffer();
  });

  it('serves the whole file to an admin, and through a signed link for players that cannot send headers', async () => {
    const material = await uploadPdf({}, 'whole.pdf');
    const whole = await SELF.fetch(`http://localhost/api/v2/materials/${material.id}/file`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(whole.status).toBe(200);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(PDF_BYTES);

    const signed = await SELF.fetch(`http://localhost${material.fileUrl}`, { headers: { range: 'bytes=0-4' } });
    expect(signed.status).toBe(206);
    expect(await signed.text()).toBe('%PDF-');
    const tampered = await SELF.fetch(`http://localhost${material.fileUrl.replace(/sig=[^&]+/, 'sig=AAAA')}`);
    expect(tampered.status).toBe(401);
    await tampered.arrayBuffer();
    // A signed link never outlives the signer's access: another user's id in it breaks the signature.
    const otherUser = material.fileUrl.replace(/u=[^&]+/, `u=${learnerId}`);
    expect((await SELF.fetch(`http://localhost${otherUser}`)).status).toBe(401);
  });
});

describe('file access follows the component and the session', () => {
  const fetchFile = async (path: string, token?: string) => {
    const res = await SELF.fetch(`http://localhost${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    const body = res.headers.get('content-type')?.includes('json')
      ? ((await res.json()) as { code?: string })
      : await res.arrayBuffer().then(() => ({}));
    return { status: res.status, code: (body as { code?: string }).code };
  };

  it('refuses the file of a locked component (409) and of a course taken down (403), on every request, bearer or signed link', async () => {
    const course = await createCourse({ domainId: book });
    const user = await createUser({ domainIds: [book] });
    const token = await login(user);
    await enroll(token, course.courseId);
    const { materialId } = course.material!;
    const file = `/api/v2/materials/${materialId}/file`;

    // Locked behind the pre-assessment: the material, its file and its component all say so.
    expect((await api('GET', `/api/v2/materials/${materialId}`, { token })).body.code).toBe('COMPONENT_LOCKED');
    expect(await fetchFile(file, token)).toEqual({ status: 409, code: 'COMPONENT_LOCKED' });

    await takeAssessment(token, course.pre!.componentId, course.pre!.answers);
    const meta = await api('GET', `/api/v2/materials/${materialId}`, { token });
    expect(meta.status).toBe(200);
    const signed = meta.body.fileUrl as string;
    expect((await fetchFile(signed)).status).toBe(200);
    expect((await fetchFile(file, token)).status).toBe(200);

    // Locked again (the pre-assessment's record was reset): the signed link re-checks.
    const preRow = and(
      eq(schema.componentProgress.userId, user.id),
      eq(schema.componentProgress.componentId, course.pre!.componentId),
    );
    await db.update(schema.componentProgress).set({ status: 'NOT_STARTED' }).where(preRow);
    expect(await fetchFile(signed)).toEqual({ status: 409, code: 'COMPONENT_LOCKED' });
    await db.update(schema.componentProgress).set({ status: 'COMPLETED' }).where(preRow);
    expect((await fetchFile(signed)).status).toBe(200);

    // Taken down: nothing of the course is served, the component answers the same.
    const down = await api('POST', `/api/v2/admin/courses/${course.courseId}/takedown`, { token: admin });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(await fetchFile(signed)).toEqual({ status: 403, code: 'COURSE_NOT_AVAILABLE' });
    expect(await fetchFile(file, token)).toEqual({ status: 403, code: 'COURSE_NOT_AVAILABLE' });
    expect((await api('GET', `/api/v2/materials/${materialId}`, { token })).status).toBe(403);
  });

  it('kills a signed link with the session that signed it (logout, password change)', async () => {
    const course = await createCourse({ domainId: book, components: ['MATERIAL'] });
    const user = await createUser({ domainIds: [book] });
    const token = await login(user);
    await enroll(token, course.courseId);
    const signed = (await api('GET', `/api/v2/materials/${course.material!.materialId}`, { token })).body
      .fileUrl as string;
    expect((await fetchFile(signed)).status).toBe(200);
    expect((await api('POST', '/api/auth/logout', { token })).status).toBe(200);
    expect((await fetchFile(signed)).status).toBe(401);

    // A second session's link dies when the token version moves (a password change signs everyone out).
    const second = await login(user);
    const other = (await api('GET', `/api/v2/materials/${course.material!.materialId}`, { token: second })).body
      .fileUrl as string;
    expect((await fetchFile(other)).status).toBe(200);
    await db.update(schema.users).set({ tokenVersion: 99 }).where(eq(schema.users.id, user.id));
    expect((await fetchFile(other)).status).toBe(401);
  });
});
