import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCourse } from './fixtures';
import { api, createAdmin, createDomain, createUser, db, login, schema, type TestUser } from './helpers';
import { createConnection, entraUser, patchOf, scim } from './scim-helpers';

/**
 * SCIM Groups are books (docs/decisions/2026-11-28-scim.md), driven with the request sequences
 * Microsoft Entra ID and Okta document for group provisioning: look up, create, add and remove
 * members, rename, replace, delete. A member holds the book, so its courses are in their list.
 */

let adminToken: string;
beforeAll(async () => {
  adminToken = await login(await createAdmin());
});

const tagOf = () => `g${crypto.randomUUID().slice(0, 8)}`;
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** A learner with a password (to read their course list) whom the connection's create links. */
async function personOf(token: string): Promise<TestUser & { session: string }> {
  const learner = await createUser();
  const linked = await scim('POST', '/Users', {
    token,
    body: entraUser(tagOf(), {
      userName: learner.username,
      emails: [{ type: 'work', value: learner.email, primary: true }],
    }),
  });
  expect(linked.status, JSON.stringify(linked.body)).toBe(201);
  return { ...learner, session: await login(learner) };
}

/** The ids of the courses in a learner's list (by default, the courses of the books they hold). */
async function courseIds(session: string): Promise<string[]> {
  const res = await api('GET', '/api/v2/user/courses?page=1&limit=100', { token: session });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.courses.map((c: { id: string }) => c.id);
}

const holds = async (userId: string, domainId: string) =>
  (
    await db
      .select()
      .from(schema.userDomains)
      .where(and(eq(schema.userDomains.userId, userId), eq(schema.userDomains.domainId, domainId)))
  ).length === 1;

const entriesBy = async (connectionId: string) =>
  Number(
    (await db.select({ n: count() }).from(schema.auditLog).where(eq(schema.auditLog.actorId, connectionId)).get())!.n,
  );

const linkOf = (groupId: string) => db.select().from(schema.scimGroups).where(eq(schema.scimGroups.id, groupId)).get();

const filterBy = (name: string) =>
  `/Groups?excludedAttributes=members&filter=${encodeURIComponent(`displayName eq "${name}"`)}`;

describe('Microsoft Entra ID', () => {
  it('looks up, creates a new book, adds and removes members, renames and deletes, each audit-logged', async () => {
    const { token, id: connectionId, name: connectionName } = await createConnection(adminToken);
    const person = await personOf(token);
    const name = `Confined spaces ${tagOf()}`;

    // Before a create it looks the group up by displayName, without members.
    const probe = await scim('GET', filterBy(name), { token });
    expect(probe.status).toBe(200);
    expect(probe.body).toMatchObject({ totalResults: 0, Resources: [] });

    const created = await scim('POST', '/Groups', {
      token,
      body: {
        schemas: [GROUP, 'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/2.0/Group'],
        externalId: `${name}-oid`,
        displayName: name,
        meta: { resourceType: 'Group' },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(created.body).toMatchObject({
      schemas: [GROUP],
      displayName: name,
      externalId: `${name}-oid`,
      members: [],
      meta: {
        resourceType: 'Group',
        location: expect.stringMatching(new RegExp(`/scim/v2/Groups/${created.body.id}$`)),
      },
    });
    const groupId = created.body.id as string;
    // No book had the name: a new, empty book was made, by the connection.
    const link = await linkOf(groupId);
    const book = await db.select().from(schema.domains).where(eq(schema.domains.id, link!.domainId)).get();
    expect(book!.name).toBe(name);
    const [bookEntry] = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, book!.id), eq(schema.auditLog.action, 'BOOK_CREATED')));
    expect(bookEntry).toMatchObject({ actorId: connectionId, actorUsername: `scim:${connectionName}` });

    const found = await scim('GET', filterBy(name.toUpperCase()), { token });
    expect(found.body.totalResults).toBe(1);
    expect(found.body.Resources[0].id).toBe(groupId);
    expect(found.body.Resources[0]).not.toHaveProperty('members');
    const read = await scim('GET', `/Groups/${groupId}?excludedAttributes=members`, { token });
    expect(read.body).toMatchObject({ id: groupId, displayName: name });
    expect(read.body).not.toHaveProperty('members');

    // A course of the book: in the member's list once the group holds them, out of it once removed.
    const course = await createCourse({ domainId: book!.id });
    expect(await courseIds(person.session)).not.toContain(course.courseId);
    const added = await scim('PATCH', `/Groups/${groupId}`, {
      token,
      body: patchOf({
        name: 'addMember',
        op: 'Add',
        path: 'members',
        value: [{ displayName: 'Ana', value: person.id }],
      }),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(204);
    expect(await holds(person.id, book!.id)).toBe(true);
    expect(await courseIds(person.session)).toContain(course.courseId);
    const withMembers = await scim('GET', `/Groups/${groupId}`, { token });
    expect(withMembers.body.members).toEqual([expect.objectContaining({ value: person.id })]);
    const [assigned] = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.targetUserId, person.id), eq(schema.auditLog.action, 'USER_BOOKS_ASSIGNED')));
    expect(assigned).toMatchObject({ actorId: connectionId, after: { addedDomainIds: [book!.id] } });

    const removed = await scim('PATCH', `/Groups/${groupId}`, {
      token,
      body: patchOf({ name: 'removeMember', op: 'Remove', path: 'members', value: [{ value: person.id }] }),
    });
    expect(removed.status).toBe(204);
    expect(await holds(person.id, book!.id)).toBe(false);
    expect(await courseIds(person.session)).not.toContain(course.courseId);
    const [taken] = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.targetUserId, person.id), eq(schema.auditLog.action, 'USER_BOOKS_REMOVED')));
    expect(taken).toMatchObject({ actorId: connectionId });

    // A rename changes the group's name, not the administrator's book.
    const renamed = await scim('PATCH', `/Groups/${groupId}`, {
      token,
      body: patchOf(
        { op: 'Replace', path: 'displayName', value: `${name} (renamed)` },
        { op: 'Replace', path: 'externalId', value: `${name}-oid2` },
      ),
    });
    expect(renamed.status).toBe(204);
    expect((await scim('GET', `/Groups/${groupId}`, { token })).body).toMatchObject({
      displayName: `${name} (renamed)`,
      externalId: `${name}-oid2`,
    });
    expect((await db.select().from(schema.domains).where(eq(schema.domains.id, book!.id)).get())!.name).toBe(name);

    // Delete: the link ends; the book, its course and the members' books stay.
    await scim('PATCH', `/Groups/${groupId}`, {
      token,
      body: patchOf({ op: 'Add', path: 'members', value: [{ value: person.id }] }),
    });
    const deleted = await scim('DELETE', `/Groups/${groupId}`, { token });
    expect(deleted.status).toBe(204);
    expect((await scim('GET', `/Groups/${groupId}`, { token })).status).toBe(404);
    expect(await linkOf(groupId)).toBeUndefined();
    expect(await holds(person.id, book!.id)).toBe(true);
    expect(await courseIds(person.session)).toContain(course.courseId);
    const actions = (await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, book!.id))).map(
      (e) => e.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining(['BOOK_CREATED', 'SCIM_GROUP_LINKED', 'SCIM_GROUP_UPDATED', 'SCIM_GROUP_UNLINKED']),
    );
  });
});

describe('Okta', () => {
  it('creates a group with members that links the book of that name, renames, adds, removes, replaces', async () => {
    const { token } = await createConnection(adminToken);
    const [first, second] = [await personOf(token), await personOf(token)];
    const name = `Forklift ${tagOf()}`;
    const bookId = await createDomain(name);
    const course = await createCourse({ domainId: bookId });
    const books = Number((await db.select({ n: count() }).from(schema.domains).get())!.n);

    const created = await scim('POST', '/Groups', {
      token,
      body: { schemas: [GROUP], displayName: name, members: [{ value: first.id, display: first.email }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await linkOf(created.body.id))!.domainId).toBe(bookId);
    expect(Number((await db.select({ n: count() }).from(schema.domains).get())!.n)).toBe(books);
    expect(created.body.members.map((m: { value: string }) => m.value)).toEqual([first.id]);
    expect(await courseIds(first.session)).toContain(course.courseId);
    const groupId = created.body.id as string;

    // Okta's list: a page with the members.
    const page = await scim('GET', '/Groups?startIndex=1&count=100', { token });
    expect(page.body).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(page.body.Resources[0].members).toEqual([expect.objectContaining({ value: first.id })]);

    // Rename: no path, the value an object with the id and the name; `op` in lower case.
    const renamed = await scim('PATCH', `/Groups/${groupId}`, {
      token,
      body: patchOf({ op: 'replace', value: { id: groupId, displayName: `${name} crew` } }),
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(204);
    expect((await scim('GET', `/Groups/${groupId}`, { token })).body.displayName).toBe(`${name} crew`);

    await scim('PATCH', `/Groups/${groupId}`, {
      token,
      body: patchOf({ op: 'add', path: 'members', value: [{ value: second.id, display: second.email }] }),
    });
    expect(await courseIds(second.session)).toContain(course.courseId);
    const removed = await scim('PATCH', `/Groups/${groupId}`, {
      token,
      body: patchOf({ op: 'remove', path: `members[value eq "${first.id}"]` }),
    });
    expect(removed.status).toBe(204);
    expect(await holds(first.id, bookId)).toBe(false);
    expect(await holds(second.id, bookId)).toBe(true);

    // PUT replaces the whole group: the name and exactly these members.
    const put = await scim('PUT', `/Groups/${groupId}`, {
      token,
      body: { schemas: [GROUP], id: groupId, displayName: name, members: [{ value: first.id }] },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ displayName: name, members: [expect.objectContaining({ value: first.id })] });
    expect(put.body.members).toHaveLength(1);
    expect(await holds(second.id, bookId)).toBe(false);
    expect(await holds(first.id, bookId)).toBe(true);

    expect((await scim('DELETE', `/Groups/${groupId}`, { token })).status).toBe(204);
    expect(await db.select().from(schema.domains).where(eq(schema.domains.id, bookId)).get()).toBeDefined();
    // Assigned again: the create links the same book.
    const again = await scim('POST', '/Groups', { token, body: { schemas: [GROUP], displayName: name, members: [] } });
    expect((await linkOf(again.body.id))!.domainId).toBe(bookId);
  });
});

describe('refusals and scope', () => {
  it('an unknown member or another connection’s person is a 400 that changes nothing', async () => {
    const own = await createConnection(adminToken);
    const other = await createConnection(adminToken);
    const mine = await personOf(own.token);
    const theirs = await personOf(other.token);
    const name = `Ladders ${tagOf()}`;
    const group = await scim('POST', '/Groups', { token: own.token, body: { schemas: [GROUP], displayName: name } });
    const bookId = (await linkOf(group.body.id))!.domainId;
    const entries = await entriesBy(own.id);

    for (const stranger of [crypto.randomUUID(), theirs.id]) {
      // A valid rename and member before the bad one: neither is written.
      const refused = await scim('PATCH', `/Groups/${group.body.id}`, {
        token: own.token,
        body: patchOf(
          { op: 'Replace', path: 'displayName', value: `${name} changed` },
          { op: 'Add', path: 'members', value: [{ value: mine.id }, { value: stranger }] },
        ),
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidValue' });
      expect(refused.body.detail).toContain(stranger);
    }
    const put = await scim('PUT', `/Groups/${group.body.id}`, {
      token: own.token,
      body: { schemas: [GROUP], displayName: name, members: [{ value: theirs.id }] },
    });
    expect(put.status).toBe(400);
    const create = await scim('POST', '/Groups', {
      token: own.token,
      body: { schemas: [GROUP], displayName: `${name} two`, members: [{ value: theirs.id }] },
    });
    expect(create.status).toBe(400);
    expect(
      await db
        .select()
        .from(schema.domains)
        .where(eq(schema.domains.name, `${name} two`))
        .get(),
    ).toBeUndefined();

    expect(await holds(mine.id, bookId)).toBe(false);
    expect(await holds(theirs.id, bookId)).toBe(false);
    expect((await linkOf(group.body.id))!.displayName).toBe(name);
    expect(await entriesBy(own.id)).toBe(entries);

    // Another connection's group does not exist for this one.
    expect((await scim('GET', `/Groups/${group.body.id}`, { token: other.token })).status).toBe(404);
    expect((await scim('DELETE', `/Groups/${group.body.id}`, { token: other.token })).status).toBe(404);
    expect((await scim('GET', '/Groups', { token: other.token })).body.totalResults).toBe(0);
  });

  it('answers bad bodies, names taken, bad ops and filters in SCIM’s error shape', async () => {
    const { token, id } = await createConnection(adminToken);
    const name = `Scaffolds ${tagOf()}`;
    const group = await scim('POST', '/Groups', { token, body: { schemas: [GROUP], displayName: name } });
    const entries = await entriesBy(id);
    const cases: [string, string, { body?: unknown; raw?: string }, number, string][] = [
      ['POST', '/Groups', { raw: '{not json' }, 400, 'invalidSyntax'],
      ['POST', '/Groups', { body: { schemas: [GROUP] } }, 400, 'invalidValue'],
      ['POST', '/Groups', { body: { displayName: 'x'.repeat(121) } }, 400, 'invalidValue'],
      ['POST', '/Groups', { body: { displayName: name.toLowerCase() } }, 409, 'uniqueness'],
      ['POST', '/Groups', { body: { displayName: `${name} b`, members: [{ value: 7 }] } }, 400, 'invalidValue'],
      ['PATCH', `/Groups/${group.body.id}`, { body: patchOf({ op: 'move', path: 'members' }) }, 400, 'invalidSyntax'],
      [
        'PATCH',
        `/Groups/${group.body.id}`,
        { body: patchOf({ op: 'remove', path: 'displayName' }) },
        400,
        'mutability',
      ],
      ['PATCH', `/Groups/${group.body.id}`, { body: { Operations: [] } }, 400, 'invalidSyntax'],
      ['GET', `/Groups?filter=${encodeURIComponent('displayName co "x"')}`, {}, 400, 'invalidFilter'],
    ];
    for (const [method, path, options, status, scimType] of cases) {
      const res = await scim(method, path, { token, ...options });
      expect(res.status, `${method} ${path} ${JSON.stringify(options)}`).toBe(status);
      expect(res.body).toMatchObject({ schemas: [ERROR], status: String(status), scimType });
    }
    expect(await entriesBy(id)).toBe(entries);
  });
});

describe('lists and discovery', () => {
  it('pages and filters groups, and lists Group among the resource types and schemas', async () => {
    const { token } = await createConnection(adminToken);
    const tag = tagOf();
    const ids: string[] = [];
    for (const n of [1, 2, 3])
      ids.push(
        (
          await scim('POST', '/Groups', {
            token,
            body: { schemas: [GROUP], displayName: `Hazmat ${tag} ${n}`, externalId: `${tag}-${n}` },
          })
        ).body.id,
      );
    const page = await scim('GET', '/Groups?startIndex=2&count=1&excludedAttributes=members', { token });
    expect(page.body).toMatchObject({ totalResults: 3, itemsPerPage: 1, startIndex: 2 });
    expect(page.body.Resources.map((r: { id: string }) => r.id)).toEqual([ids[1]]);
    const byExternal = await scim('GET', `/Groups?filter=${encodeURIComponent(`externalId eq "${tag}-3"`)}`, { token });
    expect(byExternal.body.Resources.map((r: { id: string }) => r.id)).toEqual([ids[2]]);

    const types = await scim('GET', '/ResourceTypes', { token });
    expect(types.body.Resources.map((r: { name: string }) => r.name)).toEqual(['User', 'Group']);
    expect((await scim('GET', '/ResourceTypes/Group', { token })).body).toMatchObject({
      endpoint: '/Groups',
      schema: GROUP,
    });
    const schemas = await scim('GET', '/Schemas', { token });
    expect(schemas.body.Resources.map((s: { id: string }) => s.id)).toContain(GROUP);
  });
});
