import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, db, env, schema } from './helpers';
import { admin, learner, PDF_BYTES, uploadPdf, useInCourse, signInPeople } from './materials-helpers';

beforeAll(() => signInPeople('Materials Book'));

describe('who may call the materials routes', () => {
  it.each([
    ['GET', '/api/v2/materials'],
    ['POST', '/api/v2/materials/upload'],
    ['POST', '/api/v2/materials/presign'],
    ['POST', '/api/v2/materials/complete'],
    ['PUT', '/api/v2/materials/m1'],
    ['DELETE', '/api/v2/materials/m1'],
  ])('admin route %s %s answers 401 to a visitor and 403 to a learner', async (method, path) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    expect((await api(method, path, { body })).status).toBe(401);
    expect((await api(method, path, { token: learner, body })).status).toBe(403);
  });

  it.each([['/api/v2/materials/m1'], ['/api/v2/materials/m1/file']])(
    'learner route GET %s answers 401 to a visitor',
    async (path) => {
      expect((await api('GET', path)).status).toBe(401);
    },
  );
});

describe('list, edit and delete', () => {
  it('lists materials newest first and searches title and description', async () => {
    // A word of this test's own: other files in the same runtime upload ladder materials too.
    const word = `ladder${crypto.randomUUID().slice(0, 8)}`;
    const a = await uploadPdf({ title: `${word} inspection checklist`, description: 'Monthly' });
    await uploadPdf({ title: 'Scaffold tags', description: `Green, yellow, red ${word.toUpperCase()} access` });
    const all = await api('GET', '/api/v2/materials', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body[0].title).toBe('Scaffold tags');
    const search = await api('GET', `/api/v2/materials?search=${word}`, { token: admin });
    expect(search.body.map((m: { title: string }) => m.title)).toEqual([
      'Scaffold tags',
      `${word} inspection checklist`,
    ]);
    expect(search.body.find((m: { id: string }) => m.id === a.id)).toBeTruthy();
  });

  it('edits title and description only (multipart or JSON) and requires a title', async () => {
    const material = await uploadPdf();
    const data = new FormData();
    data.append('title', 'Renamed guide');
    data.append('description', 'New words');
    const res = await api('PUT', `/api/v2/materials/${material.id}`, { token: admin, raw: data });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Renamed guide',
      description: 'New words',
      fileName: 'Fire Guide.pdf',
      fileSize: PDF_BYTES.length,
    });
    const blank = await api('PUT', `/api/v2/materials/${material.id}`, { token: admin, body: { title: '  ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please provide a title');
  });

  it('refuses to delete a material while components use it, then deletes it and its file', async () => {
    const material = await uploadPdf();
    const courseId = await useInCourse(material.id);
    const refused = await api('DELETE', `/api/v2/materials/${material.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This material is used by 1 course component(s) and cannot be deleted');
    // The client translates the refusal by its reason and values, not by these words.
    expect(refused.body).toMatchObject({ reason: 'material.inUse', params: { count: 1 } });

    await db.delete(schema.courses).where(eq(schema.courses.id, courseId));
    const row = await db.select().from(schema.materials).where(eq(schema.materials.id, material.id)).get();
    const ok = await api('DELETE', `/api/v2/materials/${material.id}`, { token: admin });
    expect(ok.status).toBe(200);
    expect(await env.FILES.head(row!.storageKey)).toBeNull();
    expect((await api('GET', `/api/v2/materials/${material.id}`, { token: admin })).status).toBe(404);
  });
});
