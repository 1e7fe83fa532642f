import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, createAdmin, createUser, db, login, schema } from './helpers';
import { createProvider, issuer, TEST_CLIENT, uniqueDomain } from './oidc-helpers';

/* Issue 32: the identity providers an administrator with the User Management flag configures. */

const PATH = '/api/v2/admin/identity-providers';

describe('identity providers (admin)', () => {
  it('keeps the client secret sealed: never answered back, not stored as written, kept when left empty', async () => {
    const admin = await login(await createAdmin());
    const provider = await createProvider(admin, { claimMap: { department: 'dept' } });
    const list = await api('GET', PATH, { token: admin });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(TEST_CLIENT.clientSecret);
    expect(list.body.redirectUri).toBe('http://localhost:8787/api/auth/oidc/callback');
    const shown = list.body.providers.find((p: { id: string }) => p.id === provider.id);
    expect(shown).toMatchObject({ issuer, clientId: TEST_CLIENT.clientId, domains: [provider.domain], enabled: true });
    expect(shown.claimMap).toMatchObject({ department: 'dept', jobTitle: 'job_title', email: 'email' });
    const row = await db
      .select()
      .from(schema.identityProviders)
      .where(eq(schema.identityProviders.id, provider.id))
      .get();
    expect(row!.clientSecretEnc).not.toContain(TEST_CLIENT.clientSecret);
    const renamed = await api('PUT', `${PATH}/${provider.id}`, {
      token: admin,
      body: { name: `${provider.name} renamed`, issuer, clientId: TEST_CLIENT.clientId, domains: [provider.domain] },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const after = await db
      .select()
      .from(schema.identityProviders)
      .where(eq(schema.identityProviders.id, provider.id))
      .get();
    expect(after!.clientSecretEnc).toBe(row!.clientSecretEnc);
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, provider.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['IDENTITY_PROVIDER_CREATED', 'IDENTITY_PROVIDER_UPDATED']);
    expect(JSON.stringify(audit)).not.toContain(TEST_CLIENT.clientSecret);
  });

  it('tests the connection: discovery, issuer, endpoints and signing keys', async () => {
    const admin = await login(await createAdmin());
    const provider = await createProvider(admin);
    const ok = await api('POST', `${PATH}/${provider.id}/test`, { token: admin });
    expect(ok.status).toBe(200);
    expect(ok.body.ok).toBe(true);
    expect(ok.body.steps.map((s: { step: string; ok: boolean }) => [s.step, s.ok])).toEqual([
      ['discovery', true],
      ['issuer', true],
      ['endpoints', true],
      ['jwks', true],
    ]);
    // Nobody listens on this port: the test says discovery failed instead of failing itself.
    const broken = await createProvider(admin, { issuer: 'http://127.0.0.1:9/nowhere' });
    const failed = await api('POST', `${PATH}/${broken.id}/test`, { token: admin });
    expect(failed.body.ok).toBe(false);
    expect(failed.body.steps).toEqual([expect.objectContaining({ step: 'discovery', ok: false })]);
  });

  it('refuses bad input and a domain that already goes to another provider, changing nothing', async () => {
    const admin = await login(await createAdmin());
    const taken = await createProvider(admin);
    const base = { name: `Bad ${uniqueDomain()}`, issuer, clientId: 'c', clientSecret: 's', domains: [uniqueDomain()] };
    for (const [body, reason] of [
      [{ ...base, issuer: 'http://idp.example.com' }, 'idp.issuer'],
      [{ ...base, issuer: 'not a url' }, 'idp.issuer'],
      [{ ...base, domains: ['not a domain'] }, 'idp.domain'],
      [{ ...base, name: ' ' }, 'idp.name'],
      [{ ...base, clientSecret: '' }, 'idp.clientSecret'],
      [{ ...base, domains: [taken.domain.toUpperCase()] }, 'idp.domainTaken'],
      [{ ...base, name: taken.name }, 'idp.nameTaken'],
    ] as const) {
      const res = await api('POST', PATH, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.body.reason, JSON.stringify(res.body)).toBe(reason);
    }
    const names = await db.select({ name: schema.identityProviders.name }).from(schema.identityProviders);
    expect(names.filter((n) => n.name === base.name)).toEqual([]);
  });

  it('needs the User Management flag; removing a provider unlinks its people and keeps them', async () => {
    const admin = await login(await createAdmin());
    const provider = await createProvider(admin);
    const limited = await login(await createAdmin({ permissions: { userManagement: false } }));
    const learner = await login(await createUser());
    expect((await api('GET', PATH, { token: limited })).status).toBe(403);
    expect((await api('GET', PATH, { token: learner })).status).toBe(403);
    expect((await api('POST', `${PATH}/${provider.id}/test`, { token: limited })).status).toBe(403);
    expect((await api('DELETE', `${PATH}/${provider.id}`, { token: limited })).status).toBe(403);
    // Who signs in is organisation-wide: an administrator limited to one site reads but changes nothing.
    const siteId = crypto.randomUUID();
    await db.insert(schema.sites).values({ id: siteId, name: `IdP site ${siteId}` });
    const siteAdmin = await login(await createAdmin({ adminSiteId: siteId }));
    expect((await api('GET', PATH, { token: siteAdmin })).status).toBe(200);
    const refused = await api('DELETE', `${PATH}/${provider.id}`, { token: siteAdmin });
    expect(refused.body.reason).toBe('site.outsideLimit');
    const linked = await createUser({ email: `kept@${provider.domain}` });
    await db.insert(schema.userIdentities).values({ providerId: provider.id, subject: 'kept', userId: linked.id });
    expect((await api('DELETE', `${PATH}/${provider.id}`, { token: admin })).status).toBe(200);
    expect((await api('DELETE', `${PATH}/${provider.id}`, { token: admin })).status).toBe(404);
    expect(await db.select().from(schema.userIdentities).where(eq(schema.userIdentities.userId, linked.id))).toEqual(
      [],
    );
    expect(await db.select().from(schema.users).where(eq(schema.users.id, linked.id))).toHaveLength(1);
  });

  it('offers only enabled providers on the sign-in page, with their domains', async () => {
    const admin = await login(await createAdmin());
    const on = await createProvider(admin);
    const off = await createProvider(admin, { enabled: false });
    const page = await api('GET', '/api/auth/oidc/providers');
    expect(page.status).toBe(200);
    const ids = page.body.providers.map((p: { id: string }) => p.id);
    expect(ids).toContain(on.id);
    expect(ids).not.toContain(off.id);
    expect(page.body.providers.find((p: { id: string }) => p.id === on.id).domains).toEqual([on.domain]);
    expect((await api('GET', `/api/auth/oidc/${off.id}/start`)).status).toBe(404);
  });
});
