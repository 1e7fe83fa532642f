import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createDomain, createUser, db, login, schema } from './helpers';

let admin: string;
let learner: string;

beforeAll(async () => {
  admin = await login(await createAdmin());
  learner = await login(await createUser());
});

describe('books (domains) API', () => {
  it.each([
    ['GET', '/api/domains'],
    ['GET', '/api/domains/search?query=x'],
    ['POST', '/api/domains'],
    ['PUT', '/api/domains/some-id'],
    ['DELETE', '/api/domains/some-id'],
  ])('%s %s answers 401 to a visitor and 403 to a learner', async (method, path) => {
    const body = method === 'GET' ? undefined : { name: 'X' };
    expect((await api(method, path, { body })).status).toBe(401);
    const res = await api(method, path, { token: learner, body });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('creates a book and lists it as {id, name, description}', async () => {
    const res = await api('POST', '/api/domains', {
      token: admin,
      body: { name: '  Confined Spaces ', description: 'Entry permits' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), name: 'Confined Spaces', description: 'Entry permits' });
    const list = await api('GET', '/api/domains', { token: admin });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body).toContainEqual({ id: res.body.id, name: 'Confined Spaces', description: 'Entry permits' });
  });

  it('requires a name ("Domain name is required")', async () => {
    for (const body of [{}, { name: '   ' }, { name: 42 }]) {
      const res = await api('POST', '/api/domains', { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: 'Domain name is required',
        code: 'VALIDATION_FAILED',
        fields: { name: 'Domain name is required' },
      });
    }
  });

  it('refuses a duplicate name case-insensitively with a clear 409, on create and on rename', async () => {
    await createDomain('Noise Exposure');
    const dup = await api('POST', '/api/domains', { token: admin, body: { name: 'noise EXPOSURE' } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A book named "noise EXPOSURE" already exists');
    expect(dup.body).toMatchObject({ reason: 'book.nameTaken', params: { name: 'noise EXPOSURE' } });

    const other = await createDomain('Vibration');
    const rename = await api('PUT', `/api/domains/${other}`, { token: admin, body: { name: 'Noise exposure' } });
    expect(rename.status).toBe(409);
    // Renaming a book to its own name (other case) is not a clash.
    const self = await api('PUT', `/api/domains/${other}`, {
      token: admin,
      body: { name: 'VIBRATION', description: 'Hand-arm' },
    });
    expect(self.status).toBe(200);
    expect(self.body).toEqual({ id: other, name: 'VIBRATION', description: 'Hand-arm' });
  });

  it('searches name and description case-insensitively, on /search and with ?query= on the list', async () => {
    await createDomain('Ergonomics Basics');
    const search = await api('GET', '/api/domains/search?query=ERGONOMICS', { token: admin });
    expect(search.body.map((d: { name: string }) => d.name)).toEqual(['Ergonomics Basics']);
    const list = await api('GET', '/api/domains?query=ergonomics%20basics%20description', { token: admin });
    expect(list.body.map((d: { name: string }) => d.name)).toEqual(['Ergonomics Basics']);
    const none = await api('GET', '/api/domains/search?query=zzz-nothing', { token: admin });
    expect(none.body).toEqual([]);
  });

  it('answers 404 when updating or deleting a book that does not exist', async () => {
    expect((await api('PUT', '/api/domains/missing', { token: admin, body: { name: 'X' } })).status).toBe(404);
    expect((await api('DELETE', '/api/domains/missing', { token: admin })).status).toBe(404);
  });

  it('refuses to delete a book that still has courses or assigned users, and deletes an unused one', async () => {
    const withCourse = await createDomain('Book With Course');
    await db.insert(schema.courses).values({ id: crypto.randomUUID(), title: 'C', domainId: withCourse });
    const res = await api('DELETE', `/api/domains/${withCourse}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/still has 1 course and cannot be deleted/);

    const withUser = await createDomain('Book With User');
    await createUser({ domainIds: [withUser] });
    const res2 = await api('DELETE', `/api/domains/${withUser}`, { token: admin });
    expect(res2.status).toBe(409);
    expect(res2.body.message).toMatch(/1 assigned user/);
    expect(await db.select().from(schema.domains).where(eq(schema.domains.id, withUser)).get()).toBeTruthy();

    const unused = await createDomain('Unused Book');
    const ok = await api('DELETE', `/api/domains/${unused}`, { token: admin });
    expect(ok.status).toBe(200);
    expect(await db.select().from(schema.domains).where(eq(schema.domains.id, unused)).get()).toBeUndefined();
  });
});
