import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../worker/services/crypto';
import { SCIM_RATE, scimRateKey } from '../../worker/services/scim-connections';
import { api, createAdmin, createUser, db, login, schema, userRow } from './helpers';
import { createConnection, ENTERPRISE, entraUser, oktaUser, patchOf, scim } from './scim-helpers';

/**
 * Directory connections (issue 32): tokens shown once, kept hashed, rotated and revoked by an
 * administrator with User Management; a token scoped to its connection and rate limited; bad input
 * answered in SCIM's error shape with nothing changed; a directory of 1,000 people in one run.
 */

let adminToken: string;
beforeAll(async () => {
  adminToken = await login(await createAdmin());
});

const tagOf = () => `c${crypto.randomUUID().slice(0, 8)}`;
const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

describe('the admin routes', () => {
  it('answer the token once, keep only its hash, rotate it and revoke the connection, each audit-logged', async () => {
    const created = await api('POST', '/api/v2/admin/scim-connections', {
      token: adminToken,
      body: { name: '  Contoso   Entra ID ' },
    });
    expect(created.status).toBe(201);
    const { connection, token } = created.body;
    expect(connection.name).toBe('Contoso Entra ID');
    expect(token).toMatch(/^scim_[\w-]{40,}$/);
    expect(token.startsWith(connection.tokenPrefix)).toBe(true);
    const row = await db
      .select()
      .from(schema.scimConnections)
      .where(eq(schema.scimConnections.id, connection.id))
      .get();
    expect(row!.tokenHash).toBe(await sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const list = await api('GET', '/api/v2/admin/scim-connections', { token: adminToken });
    expect(list.body.baseUrl).toMatch(/\/scim\/v2$/);
    expect(JSON.stringify(list.body)).not.toContain(token);
    expect(list.body.connections.find((c: any) => c.id === connection.id)).toMatchObject({ revokedAt: null });

    // A rotation replaces the token at once.
    const rotated = await api('POST', `/api/v2/admin/scim-connections/${connection.id}/rotate`, { token: adminToken });
    expect(rotated.status).toBe(200);
    expect(rotated.body.token).not.toBe(token);
    expect((await scim('GET', '/Users', { token })).status).toBe(401);
    expect((await scim('GET', '/Users', { token: rotated.body.token })).status).toBe(200);
    expect(
      (await db.select().from(schema.scimConnections).where(eq(schema.scimConnections.id, connection.id)).get())!
        .lastUsedAt,
    ).not.toBeNull();

    // Revoked: the token is refused, the connection stays listed, nothing more can be done to it.
    expect((await api('DELETE', `/api/v2/admin/scim-connections/${connection.id}`, { token: adminToken })).status).toBe(
      200,
    );
    const refused = await scim('GET', '/Users', { token: rotated.body.token });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ schemas: [SCIM_ERROR], status: '401' });
    const again = await api('POST', `/api/v2/admin/scim-connections/${connection.id}/rotate`, { token: adminToken });
    expect(again.status).toBe(409);
    const actions = await db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, connection.id));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'SCIM_CONNECTION_CREATED',
      'SCIM_CONNECTION_REVOKED',
      'SCIM_CONNECTION_ROTATED',
    ]);
  });

  it('need User Management and an administrator without a site limit', async () => {
    const learner = await login(await createUser());
    expect((await api('GET', '/api/v2/admin/scim-connections', { token: learner })).status).toBe(403);
    const noFlag = await login(await createAdmin({ permissions: { userManagement: false } }));
    expect((await api('POST', '/api/v2/admin/scim-connections', { token: noFlag, body: { name: 'x' } })).status).toBe(
      403,
    );
    const siteId = crypto.randomUUID();
    await db.insert(schema.sites).values({ id: siteId, name: `Site ${siteId.slice(0, 6)}` });
    const limited = await login(await createAdmin({ adminSiteId: siteId }));
    expect((await api('POST', '/api/v2/admin/scim-connections', { token: limited, body: { name: 'x' } })).status).toBe(
      403,
    );
    const blank = await api('POST', '/api/v2/admin/scim-connections', { token: adminToken, body: { name: ' ' } });
    expect(blank.status).toBe(400);
  });
});

describe('tokens', () => {
  it('refuse a missing, malformed or unknown token with a SCIM 401', async () => {
    for (const token of [undefined, 'not-a-token', `scim_${'A'.repeat(43)}`]) {
      const res = await scim('GET', '/Users', { token });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^application\/scim\+json/);
      expect(res.body).toMatchObject({ schemas: [SCIM_ERROR], status: '401', detail: expect.any(String) });
    }
    // A session token of an administrator is not a directory token.
    expect((await scim('GET', '/Users', { token: adminToken })).status).toBe(401);
  });

  it("are scoped to their connection: another connection's people do not exist for it", async () => {
    const a = await createConnection(adminToken);
    const b = await createConnection(adminToken);
    const tag = tagOf();
    const person = await scim('POST', '/Users', { token: a.token, body: oktaUser(tag) });
    const filter = encodeURIComponent(`userName eq "${tag}@okta.test"`);
    expect((await scim('GET', `/Users?filter=${filter}`, { token: b.token })).body.totalResults).toBe(0);
    expect((await scim('GET', `/Users/${person.body.id}`, { token: b.token })).status).toBe(404);
    const patch = patchOf({ op: 'replace', value: { active: false } });
    expect((await scim('PATCH', `/Users/${person.body.id}`, { token: b.token, body: patch })).status).toBe(404);
    expect((await scim('DELETE', `/Users/${person.body.id}`, { token: b.token })).status).toBe(404);
    // Nor can it take them over with a create of the same userName.
    const taken = await scim('POST', '/Users', { token: b.token, body: oktaUser(tag) });
    expect(taken.body).toMatchObject({ status: '409', scimType: 'uniqueness' });
    expect((await userRow(person.body.id))!.deactivatedAt).toBeNull();
  });

  it('never take over an administrator', async () => {
    const { token } = await createConnection(adminToken);
    const admin = await createAdmin();
    const res = await scim('POST', '/Users', {
      token,
      body: oktaUser('x', { userName: admin.username, emails: [{ value: admin.email, primary: true }] }),
    });
    expect(res.body).toMatchObject({ status: '409', scimType: 'uniqueness' });
    expect((await userRow(admin.id))!.scimConnectionId).toBeNull();
  });

  it('are rate limited per connection', async () => {
    const { id, token } = await createConnection(adminToken);
    await db.insert(schema.rateLimits).values({
      key: scimRateKey(id),
      count: SCIM_RATE.limit,
      windowStart: Math.floor(Date.now() / 1000),
    });
    const res = await scim('GET', '/Users', { token });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(res.body.schemas).toEqual([SCIM_ERROR]);
  });
});

describe('bad input', () => {
  it('is answered with a SCIM error and changes nothing', async () => {
    const { token } = await createConnection(adminToken);
    const leaver = await scim('POST', '/Users', { token, body: entraUser(tagOf()) });
    await scim('PATCH', `/Users/${leaver.body.id}`, {
      token,
      body: patchOf({ op: 'replace', path: 'active', value: false }),
    });
    const tag = tagOf();
    const person = await scim('POST', '/Users', { token, body: entraUser(tag, { title: 'Welder' }) });
    const before = await userRow(person.body.id);
    const path = `/Users/${person.body.id}`;
    const cases: [string, { method: string; raw?: string; body?: unknown }, number, string | undefined][] = [
      ['not JSON', { method: 'PATCH', raw: '{"Operations": [' }, 400, 'invalidSyntax'],
      ['no operations', { method: 'PATCH', body: { schemas: [] } }, 400, 'invalidSyntax'],
      [
        'an unknown op',
        { method: 'PATCH', body: patchOf({ op: 'move', path: 'title', value: 'x' }) },
        400,
        'invalidSyntax',
      ],
      [
        'a valid change then a bad boolean',
        {
          method: 'PATCH',
          body: patchOf(
            { op: 'replace', path: 'title', value: 'Changed' },
            { op: 'replace', path: 'active', value: 'maybe' },
          ),
        },
        400,
        'invalidValue',
      ],
      [
        'a broken path',
        { method: 'PATCH', body: patchOf({ op: 'replace', path: 'emails[type eq "work"', value: 'x' }) },
        400,
        'invalidPath',
      ],
      [
        'removing the e-mail',
        { method: 'PATCH', body: patchOf({ op: 'remove', path: 'emails' }) },
        400,
        'invalidValue',
      ],
      [
        'a manager who has left',
        { method: 'PATCH', body: patchOf({ op: 'add', path: `${ENTERPRISE}:manager`, value: leaver.body.id }) },
        400,
        'invalidValue',
      ],
      [
        'oneself as manager',
        {
          method: 'PATCH',
          body: patchOf({ op: 'add', path: `${ENTERPRISE}:manager`, value: { value: person.body.id } }),
        },
        400,
        'invalidValue',
      ],
      [
        'an unknown manager',
        { method: 'PATCH', body: patchOf({ op: 'add', path: `${ENTERPRISE}:manager`, value: crypto.randomUUID() }) },
        400,
        'invalidValue',
      ],
      [
        'a username with spaces',
        { method: 'PUT', body: entraUser(tag, { userName: 'two words' }) },
        400,
        'invalidValue',
      ],
      [
        'a first name too long',
        { method: 'PUT', body: entraUser(tag, { name: { givenName: 'x'.repeat(51) } }) },
        400,
        'invalidValue',
      ],
      ['no userName', { method: 'PUT', body: { emails: [{ value: 'a@b.test' }] } }, 400, 'invalidValue'],
      ['a body that is a list', { method: 'PUT', body: [1, 2] }, 400, 'invalidSyntax'],
    ];
    for (const [what, request, status, scimType] of cases) {
      const res = await scim(request.method, path, { token, body: request.body, raw: request.raw });
      expect(res.status, what).toBe(status);
      expect(res.body, what).toMatchObject({
        schemas: [SCIM_ERROR],
        status: String(status),
        detail: expect.any(String),
      });
      if (scimType) expect(res.body.scimType, what).toBe(scimType);
    }
    expect(await userRow(person.body.id)).toEqual(before);

    // A reporting-line loop: the manager's manager cannot be made to report to them.
    const boss = await scim('POST', '/Users', { token, body: entraUser(tagOf()) });
    await scim('PATCH', path, {
      token,
      body: patchOf({ op: 'add', path: `${ENTERPRISE}:manager`, value: boss.body.id }),
    });
    const loop = await scim('PATCH', `/Users/${boss.body.id}`, {
      token,
      body: patchOf({ op: 'add', path: `${ENTERPRISE}:manager`, value: person.body.id }),
    });
    expect(loop.body).toMatchObject({ status: '400', scimType: 'invalidValue' });
    expect((await userRow(boss.body.id))!.managerId).toBeNull();

    const filter = await scim('GET', `/Users?filter=${encodeURIComponent('title sw "W"')}`, { token });
    expect(filter.body).toMatchObject({ status: '400', scimType: 'invalidFilter' });
    const duplicate = await scim('POST', '/Users', { token, body: entraUser(tag) });
    expect(duplicate.body).toMatchObject({ status: '409', scimType: 'uniqueness' });
  });
});

describe('a whole directory', () => {
  it('provisions 1,000 people in one run, looking them up first as Entra ID does', async () => {
    const { token } = await createConnection(adminToken);
    const run = tagOf();
    const started = Date.now();
    const ids: string[] = [];
    // Twenty at a time, like a provisioning service's parallel requests.
    for (let batch = 0; batch < 50; batch++) {
      const made = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const tag = `${run}-${batch * 20 + i}`;
          // Entra ID looks each person up first; every tenth here keeps the run short.
          if (i % 10 === 0) {
            const filter = encodeURIComponent(`userName eq "${tag}@contoso.test"`);
            expect((await scim('GET', `/Users?filter=${filter}`, { token })).body.totalResults).toBe(0);
          }
          const res = await scim('POST', '/Users', {
            token,
            body: entraUser(tag, { [ENTERPRISE]: { department: `Dept ${i % 5}` } }),
          });
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          return res.body.id as string;
        }),
      );
      ids.push(...made);
    }
    const all = await scim('GET', '/Users?startIndex=901&count=200', { token });
    expect(all.body).toMatchObject({ totalResults: 1000, itemsPerPage: 100, startIndex: 901 });
    expect(new Set(ids).size).toBe(1000);
    console.log(`scim: 1,000 people provisioned in ${Date.now() - started} ms`);
  }, 120_000);
});
