import { beforeAll, describe, expect, it } from 'vitest';
import { api, createAdmin, createUser, db, login, schema, signIn, userRow, DEFAULT_PASSWORD } from './helpers';
import { createCourse } from './fixtures';
import { auditFor, createConnection, ENTERPRISE, entraUser, oktaUser, patchOf, scim } from './scim-helpers';

/**
 * The SCIM service driven with the request sequences Microsoft Entra ID and Okta send (their
 * published provisioning docs): test connection, look up before create, create, update by PATCH
 * (each one's form) or PUT, deactivate, reactivate, delete.
 */

let adminToken: string;
beforeAll(async () => {
  adminToken = await login(await createAdmin());
});

const tagOf = () => `p${crypto.randomUUID().slice(0, 8)}`;

describe('Microsoft Entra ID', () => {
  it('tests the connection, looks up, creates, reads and finds the person by each filter it uses', async () => {
    const { token, name } = await createConnection(adminToken);
    // "Test connection": a filter on a random userName answers an empty list.
    const probe = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${crypto.randomUUID()}"`)}`, {
      token,
    });
    expect(probe.status).toBe(200);
    expect(probe.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(probe.body).toMatchObject({ totalResults: 0, Resources: [], startIndex: 1 });

    const tag = tagOf();
    const created = await scim('POST', '/Users', {
      token,
      body: entraUser(tag, { title: 'Welder', [ENTERPRISE]: { department: 'Fabrication', employeeNumber: '4711' } }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      userName: `${tag}@contoso.test`,
      externalId: `${tag}-oid`,
      active: true,
      title: 'Welder',
      name: { givenName: 'Ana', familyName: 'Ruiz' },
      emails: [{ value: `${tag}@contoso.test`, primary: true }],
      [ENTERPRISE]: { department: 'Fabrication', employeeNumber: '4711' },
      meta: { resourceType: 'User', location: expect.stringMatching(new RegExp(`/scim/v2/Users/${created.body.id}$`)) },
    });
    const row = await userRow(created.body.id);
    expect(row).toMatchObject({ department: 'Fabrication', jobTitle: 'Welder', employeeNumber: '4711', role: 'USER' });
    expect(row!.mustChangePassword).toBe(false);
    // No password signs a directory person in (they use the company account, or "Forgot password").
    expect((await signIn(row!.username, '!directory')).status).toBe(401);

    const read = await scim('GET', `/Users/${created.body.id}`, { token });
    expect(read.body.id).toBe(created.body.id);
    for (const filter of [
      `userName eq "${tag.toUpperCase()}@contoso.test"`,
      `externalId eq "${tag}-oid"`,
      `emails[type eq "work"].value eq "${tag}@contoso.test"`,
    ]) {
      const found = await scim('GET', `/Users?filter=${encodeURIComponent(filter)}`, { token });
      expect(found.body.totalResults, filter).toBe(1);
      expect(found.body.Resources[0].id).toBe(created.body.id);
    }
    const [entry] = await auditFor(created.body.id, 'USER_CREATED');
    expect(entry).toMatchObject({ actorUsername: `scim:${name}` });
  });

  it('applies its PATCH form: Replace/Add with paths, "False" strings, the work e-mail path and the manager', async () => {
    const { token, id: connectionId } = await createConnection(adminToken);
    const manager = await scim('POST', '/Users', { token, body: entraUser(tagOf()) });
    const tag = tagOf();
    const person = await scim('POST', '/Users', { token, body: entraUser(tag) });
    const patched = await scim('PATCH', `/Users/${person.body.id}`, {
      token,
      body: patchOf(
        { op: 'Replace', path: 'name.familyName', value: 'Ruiz-Gomez' },
        { op: 'Add', path: 'emails[type eq "work"].value', value: `${tag}.new@contoso.test` },
        { op: 'Add', path: 'title', value: 'Rigger' },
        { op: 'Add', path: `${ENTERPRISE}:department`, value: 'Lifting' },
        { op: 'Add', path: `${ENTERPRISE}:manager`, value: manager.body.id },
        { op: 'Replace', path: 'phoneNumbers[type eq "work"].value', value: '+1 555 0100' },
      ),
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(await userRow(person.body.id)).toMatchObject({
      lastName: 'Ruiz-Gomez',
      email: `${tag}.new@contoso.test`,
      jobTitle: 'Rigger',
      department: 'Lifting',
      managerId: manager.body.id,
      scimConnectionId: connectionId,
    });
    expect(patched.body[ENTERPRISE].manager.value).toBe(manager.body.id);
    const [entry] = await auditFor(person.body.id, 'USER_UPDATED');
    expect(entry!.actorId).toBe(connectionId);

    // Soft delete in Entra ID: Replace active with the string "False".
    const off = await scim('PATCH', `/Users/${person.body.id}`, {
      token,
      body: patchOf({ op: 'Replace', path: 'active', value: 'False' }),
    });
    expect(off.body.active).toBe(false);
    expect((await userRow(person.body.id))!.deactivatedAt).not.toBeNull();
    // Removing the manager (Entra ID's Remove with a path and no value).
    await scim('PATCH', `/Users/${person.body.id}`, {
      token,
      body: patchOf({ op: 'Remove', path: `${ENTERPRISE}:manager` }),
    });
    expect((await userRow(person.body.id))!.managerId).toBeNull();
  });
});

describe('Okta', () => {
  it('tests the connection with a page of two, creates, replaces with PUT and patches without a path', async () => {
    const { token } = await createConnection(adminToken);
    const page = await scim('GET', '/Users?startIndex=1&count=2', { token });
    expect(page.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 0,
      startIndex: 1,
      itemsPerPage: 0,
    });
    const tag = tagOf();
    const created = await scim('POST', '/Users', {
      token,
      body: oktaUser(tag, { title: 'Forklift driver', [ENTERPRISE]: { department: 'Warehouse' } }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const lookup = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${tag}@okta.test"`)}`, {
      token,
    });
    expect(lookup.body.Resources.map((r: any) => r.id)).toEqual([created.body.id]);

    // PUT replaces: what the body leaves out is cleared (the department), the rest is as sent.
    const { id, meta, ...resource } = created.body;
    const replaced = await scim('PUT', `/Users/${id}`, {
      token,
      body: { ...resource, title: 'Shift lead', [ENTERPRISE]: {}, name: { givenName: 'Raj', familyName: 'Patil' } },
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(await userRow(id)).toMatchObject({ jobTitle: 'Shift lead', department: null, lastName: 'Patil' });

    // Okta's deactivation: lower-case op, no path, the value an object.
    const off = await scim('PATCH', `/Users/${id}`, {
      token,
      body: {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        operations: [{ op: 'replace', value: { active: false } }],
      },
    });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    const on = await scim('PATCH', `/Users/${id}`, {
      token,
      body: patchOf({ op: 'replace', value: [{ active: true }] }),
    });
    expect(on.body.active).toBe(true);
    expect((await userRow(id))!.deactivatedAt).toBeNull();
  });
});

describe('leavers', () => {
  it('deactivation ends the sessions at once, keeps the records, and the certificate still verifies', async () => {
    const { token } = await createConnection(adminToken);
    // A learner made before the directory was connected: the directory's create links them.
    const learner = await createUser();
    const session = await login(learner);
    const linked = await scim('POST', '/Users', {
      token,
      body: entraUser('x', {
        userName: learner.username,
        emails: [{ type: 'work', value: learner.email, primary: true }],
      }),
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(201);
    expect(linked.body.id).toBe(learner.id);
    expect((await api('GET', '/api/auth/user', { token: session })).status).toBe(200);

    const course = await createCourse();
    const number = `CERT-2026-${String(Math.floor(Math.random() * 900000) + 100000)}`;
    await db.insert(schema.certificates).values({
      id: crypto.randomUUID(),
      certificateNumber: number,
      userId: learner.id,
      courseId: course.courseId,
      userName: 'Ana Ruiz',
      courseName: course.title,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });

    await scim('PATCH', `/Users/${learner.id}`, {
      token,
      body: patchOf({ op: 'Replace', path: 'active', value: 'False' }),
    });
    const refused = await api('GET', '/api/auth/user', { token: session });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('ACCOUNT_DEACTIVATED');
    expect((await signIn(learner.username, DEFAULT_PASSWORD)).status).toBe(401);
    const verify = await api('GET', `/api/v2/certificates/verify/${number}`);
    expect(verify.body).toMatchObject({ valid: true, status: 'ACTIVE' });
    const [entry] = await auditFor(learner.id, 'USER_DEACTIVATED');
    expect(entry!.reason).toMatch(/directory/);

    // Reactivation: the person signs in again.
    await scim('PATCH', `/Users/${learner.id}`, {
      token,
      body: patchOf({ op: 'replace', path: 'active', value: true }),
    });
    expect((await signIn(learner.username, DEFAULT_PASSWORD)).status).toBe(200);
    expect(await auditFor(learner.id, 'USER_REACTIVATED')).toHaveLength(1);

    // DELETE deactivates and leaves the directory's view; the records and the certificate stay.
    const deleted = await scim('DELETE', `/Users/${learner.id}`, { token });
    expect(deleted.status).toBe(204);
    expect((await scim('GET', `/Users/${learner.id}`, { token })).status).toBe(404);
    const kept = await userRow(learner.id);
    expect(kept!.deactivatedAt).not.toBeNull();
    expect(kept!.scimConnectionId).toBeNull();
    expect((await api('GET', `/api/v2/certificates/verify/${number}`)).body.valid).toBe(true);

    // Assigned again in the directory: the create links the same person and reactivates them.
    const back = await scim('POST', '/Users', {
      token,
      body: entraUser('x', { userName: learner.username, emails: [{ type: 'work', value: learner.email }] }),
    });
    expect(back.body).toMatchObject({ id: learner.id, active: true });
  });
});

describe('lists and discovery', () => {
  it('pages with startIndex and count and answers the discovery endpoints', async () => {
    const { token } = await createConnection(adminToken);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await scim('POST', '/Users', { token, body: oktaUser(tagOf()) })).body.id);
    const page = await scim('GET', '/Users?startIndex=2&count=2', { token });
    expect(page.body).toMatchObject({ totalResults: 5, itemsPerPage: 2, startIndex: 2 });
    expect(page.body.Resources.map((r: any) => r.id)).toEqual(ids.slice(1, 3));
    const counted = await scim('GET', '/Users?count=0', { token });
    expect(counted.body).toMatchObject({ totalResults: 5, itemsPerPage: 0 });

    const config = await scim('GET', '/ServiceProviderConfig', { token });
    expect(config.body).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true },
    });
    const types = await scim('GET', '/ResourceTypes', { token });
    expect(types.body.Resources.map((r: any) => r.name)).toEqual(['User', 'Group']);
    const schemas = await scim('GET', '/Schemas', { token });
    expect(schemas.body.Resources.map((s: any) => s.id)).toContain(ENTERPRISE);
    const bulk = await scim('POST', '/Bulk', { token, body: {} });
    expect(bulk.status).toBe(404);
    expect(bulk.body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
  });
});
