import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, createAdmin, createUser, db, login, schema, signIn } from './helpers';
import { addAccount, createProvider, lastErrors, signInThrough } from './oidc-helpers';

/* Company sign-in (issue 32) against a real OpenID provider: just-in-time people, linking, attributes. */

describe('company sign-in through OpenID Connect', () => {
  it('creates a new person on first sign-in with the mapped claims and answers exactly the login response', async () => {
    const admin = await login(await createAdmin());
    const provider = await createProvider(admin);
    const sub = `new-${crypto.randomUUID()}`;
    await addAccount(sub, {
      email: `nadia@${provider.domain}`,
      given_name: 'Nadia',
      family_name: 'Okafor',
      department: 'Warehouse',
      job_title: 'Forklift Operator',
    });
    const { exchange } = await signInThrough(provider.id, sub);
    expect(exchange!.status, JSON.stringify(exchange!.body)).toBe(200);
    expect(exchange!.body).toMatchObject({ type: 'Bearer', email: `nadia@${provider.domain}`, role: 'USER' });
    const person = await db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, `nadia@${provider.domain}`))
      .get();
    expect(person).toMatchObject({
      firstName: 'Nadia',
      lastName: 'Okafor',
      department: 'Warehouse',
      jobTitle: 'Forklift Operator',
    });
    // The session is the platform's own: it reads the user like a password sign-in's.
    const me = await api('GET', '/api/auth/user', { token: exchange!.body.token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(person!.id);
    // The password login refuses this person: they have none.
    expect((await signIn(person!.username, 'anything-at-all-1A!')).status).toBe(401);
  });

  it('updates the mapped attributes (department, job title, site, manager) on later sign-ins', async () => {
    const admin = await login(await createAdmin());
    const siteName = `Plant ${crypto.randomUUID().slice(0, 6)}`;
    const site = await api('POST', '/api/v2/admin/sites', { token: admin, body: { name: siteName } });
    const provider = await createProvider(admin, { claimMap: { site: 'office', manager: 'manager_email' } });
    const manager = await createUser({ email: `boss-${crypto.randomUUID().slice(0, 6)}@example.test` });
    const sub = `later-${crypto.randomUUID()}`;
    const email = `omar@${provider.domain}`;
    await addAccount(sub, { email, given_name: 'Omar', department: 'Stores', job_title: 'Clerk' });
    expect((await signInThrough(provider.id, sub)).exchange!.status).toBe(200);
    await addAccount(sub, {
      email,
      given_name: 'Omar',
      department: 'Maintenance',
      job_title: 'Electrician',
      office: siteName,
      manager_email: manager.email,
    });
    expect((await signInThrough(provider.id, sub)).exchange!.status).toBe(200);
    const person = await db.select().from(schema.users).where(eq(schema.users.email, email)).get();
    expect(person).toMatchObject({
      department: 'Maintenance',
      jobTitle: 'Electrician',
      siteId: site.body.site.id,
      managerId: manager.id,
    });
    expect(person!.audienceSince).not.toBeNull();
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.targetUserId, person!.id));
    expect(audit.map((row) => row.action).sort()).toEqual(['USER_CREATED', 'USER_UPDATED']);
  });

  it('links an existing person of the provider’s domain on their verified e-mail, keeping their account', async () => {
    const admin = await login(await createAdmin());
    const provider = await createProvider(admin);
    const existing = await createUser({ email: `lena@${provider.domain}` });
    const sub = `link-${crypto.randomUUID()}`;
    await addAccount(sub, { email: existing.email.toUpperCase(), department: 'Packing' });
    const { exchange } = await signInThrough(provider.id, sub);
    expect(exchange!.status).toBe(200);
    expect(exchange!.body.id).toBe(existing.id);
    const identity = await db
      .select()
      .from(schema.userIdentities)
      .where(eq(schema.userIdentities.userId, existing.id))
      .get();
    expect(identity).toMatchObject({ providerId: provider.id, subject: sub });
    // Later the e-mail may change at the provider: the subject still finds the same person.
    await addAccount(sub, { email: `lena.new@${provider.domain}` });
    expect((await signInThrough(provider.id, sub)).exchange!.body.id).toBe(existing.id);
  });

  it('refuses an unverified e-mail and an e-mail outside the provider’s domains, and keeps the errors', async () => {
    const admin = await login(await createAdmin());
    const provider = await createProvider(admin);
    const unverified = `unverified-${crypto.randomUUID()}`;
    await addAccount(unverified, { email: `x@${provider.domain}` });
    await addAccount(unverified, { email: `x@${provider.domain}`, email_verified: false });
    expect((await signInThrough(provider.id, unverified)).error).toBe('oidc.noEmail');
    const outsider = `outside-${crypto.randomUUID()}`;
    await addAccount(outsider, { email: 'someone@elsewhere.test' });
    expect((await signInThrough(provider.id, outsider)).error).toBe('oidc.noEmail');
    const errors = await lastErrors(provider.id);
    expect(errors.map((e) => e.code)).toEqual(['no_trusted_email', 'no_trusted_email']);
    expect(errors.map((e) => e.subject).sort()).toEqual([outsider, unverified].sort());
    const list = await api('GET', '/api/v2/admin/identity-providers', { token: admin });
    const shown = list.body.providers.find((p: { id: string }) => p.id === provider.id);
    expect(shown.lastErrors).toHaveLength(2);
  });

  it('turns password sign-in off for the provider’s domains, except for administrators', async () => {
    const admin = await login(await createAdmin());
    const provider = await createProvider(admin, { passwordSignInOff: true });
    const person = await createUser({ email: `pat@${provider.domain}` });
    const refused = await signIn(person.username, person.password);
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('idp.passwordOff');
    expect(refused.body.params).toMatchObject({ domain: provider.domain, provider: provider.name });
    // A wrong password says nothing about the domain's rule.
    expect((await signIn(person.username, 'Wrong-Pass#1')).status).toBe(401);
    const localAdmin = await createAdmin({ email: `it@${provider.domain}` });
    expect((await signIn(localAdmin.username, localAdmin.password)).status).toBe(200);
  });
});
