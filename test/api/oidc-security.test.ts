import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { api, createAdmin, createUser, db, login, schema } from './helpers';
import {
  addAccount,
  callback,
  control,
  createProvider,
  lastErrors,
  signInThrough,
  throughProvider,
} from './oidc-helpers';

/* Issue 32, scope item 4: state, nonce, PKCE, the ID token's checks, key rotation and account linking. */

const person = async (domain: string, extra: Record<string, unknown> = {}) => {
  const sub = `sec-${crypto.randomUUID()}`;
  await addAccount(sub, { email: `${sub}@${domain}`, ...extra });
  return sub;
};

afterEach(() => control('tamper', { mode: null }));

describe('company sign-in: state, nonce and PKCE', () => {
  it('refuses a replayed callback and a forged or missing state', async () => {
    const admin = await login(await createAdmin());
    const provider = await createProvider(admin);
    const sub = await person(provider.domain);
    const back = await throughProvider(provider.id, sub);
    expect((await callback(back)).code).toBeTruthy();
    // The same answer again: its state was spent on first use.
    expect(await callback(back)).toEqual({ code: null, error: 'oidc.signInFailed' });
    const forged = back.replace(/state=[^&]+/, 'state=forged-state-value');
    expect((await callback(forged)).error).toBe('oidc.signInFailed');
    expect((await callback(back.replace(/&?state=[^&]+/, ''))).error).toBe('oidc.signInFailed');
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const admin = await login(await createAdmin());
    const provider = await createProvider(admin);
    const back = await throughProvider(provider.id, await person(provider.domain));
    await db
      .update(schema.oidcSignIns)
      .set({ nonce: 'another-sign-ins-nonce' })
      .where(eq(schema.oidcSignIns.providerId, provider.id));
    expect((await callback(back)).error).toBe('oidc.signInFailed');
    const [error] = await lastErrors(provider.id);
    expect(error).toMatchObject({ code: 'id_token' });
    expect(error!.message).toMatch(/nonce/);
  });

  it('refuses when the PKCE verifier does not match the challenge (the provider refuses the code)', async () => {
    const admin = await login(await createAdmin());
    const provider = await createProvider(admin);
    const back = await throughProvider(provider.id, await person(provider.domain));
    await db
      .update(schema.oidcSignIns)
      .set({ codeVerifier: 'a-verifier-of-another-sign-in-0123456789abcdef' })
      .where(eq(schema.oidcSignIns.providerId, provider.id));
    expect((await callback(back)).error).toBe('oidc.signInFailed');
    expect((await lastErrors(provider.id))[0]).toMatchObject({ code: 'token' });
  });

  it('refuses a spent, expired or made-up hand-off code', async () => {
    const admin = await login(await createAdmin());
    const provider = await createProvider(admin);
    const back = await callback(await throughProvider(provider.id, await person(provider.domain)));
    expect((await api('POST', '/api/auth/oidc/exchange', { body: { code: back.code } })).status).toBe(200);
    const again = await api('POST', '/api/auth/oidc/exchange', { body: { code: back.code } });
    expect(again.status).toBe(401);
    expect(again.body.reason).toBe('oidc.handoffInvalid');
    expect((await api('POST', '/api/auth/oidc/exchange', { body: { code: 'x'.repeat(40) } })).status).toBe(401);
    expect((await api('POST', '/api/auth/oidc/exchange', { body: { code: 42 } })).status).toBe(400);
    const late = await callback(await throughProvider(provider.id, await person(provider.domain)));
    await db.update(schema.oidcHandoffs).set({ expiresAt: '2000-01-01T00:00:00.000Z' });
    expect((await api('POST', '/api/auth/oidc/exchange', { body: { code: late.code } })).status).toBe(401);
  });
});

describe('company sign-in: the ID token', () => {
  for (const [mode, pattern] of [
    ['unknown-key', /key|signature|JWKS/i],
    ['wrong-audience', /aud/],
    ['wrong-issuer', /iss/],
    ['expired', /exp/],
  ] as const) {
    it(`refuses an ID token with ${mode.replace('-', ' ')}`, async () => {
      const admin = await login(await createAdmin());
      const provider = await createProvider(admin);
      const sub = await person(provider.domain);
      await control('tamper', { mode });
      expect((await signInThrough(provider.id, sub)).error).toBe('oidc.signInFailed');
      const [error] = await lastErrors(provider.id);
      expect(error).toMatchObject({ code: 'id_token' });
      expect(error!.message).toMatch(pattern);
      expect(await db.select().from(schema.userIdentities).where(eq(schema.userIdentities.subject, sub))).toEqual([]);
    });
  }

  it('follows a key rotation: a token signed by the new key is accepted once the key set is fetched again', async () => {
    const admin = await login(await createAdmin());
    const provider = await createProvider(admin);
    const before = await person(provider.domain);
    expect((await signInThrough(provider.id, before)).exchange?.status).toBe(200);
    await control('rotate');
    // The key set is fetched again at most once a second (an unknown key id cannot flood the provider).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = await person(provider.domain);
    expect((await signInThrough(provider.id, after)).exchange?.status).toBe(200);
  });
});

describe('company sign-in: account linking', () => {
  it('never links a local administrator, whatever the provider says', async () => {
    const admin = await login(await createAdmin());
    const provider = await createProvider(admin);
    const localAdmin = await createAdmin({ email: `root@${provider.domain}` });
    const sub = `adm-${crypto.randomUUID()}`;
    await addAccount(sub, { email: localAdmin.email });
    const result = await signInThrough(provider.id, sub);
    expect(result.error).toBe('oidc.linkRefused');
    expect((await lastErrors(provider.id))[0]).toMatchObject({ code: 'admin_not_linked', subject: sub });
    expect(
      await db.select().from(schema.userIdentities).where(eq(schema.userIdentities.userId, localAdmin.id)),
    ).toEqual([]);
  });

  it('never lets another provider take over a linked account, nor the same e-mail under another subject', async () => {
    const admin = await login(await createAdmin());
    const first = await createProvider(admin);
    const sub = await person(first.domain);
    const email = `${sub}@${first.domain}`;
    const linked = await signInThrough(first.id, sub);
    expect(linked.exchange?.status).toBe(200);
    // Same provider, same verified e-mail, another subject: refused, not merged.
    const twin = `twin-${crypto.randomUUID()}`;
    await addAccount(twin, { email });
    expect((await signInThrough(first.id, twin)).error).toBe('oidc.linkRefused');
    expect((await lastErrors(first.id))[0]).toMatchObject({ code: 'linked_elsewhere', subject: twin });
    // Another provider that claims the same domain's address (an admin moved the domain): refused.
    await api('PUT', `/api/v2/admin/identity-providers/${first.id}`, {
      token: admin,
      body: {
        name: first.name,
        issuer: (await providerRow(first.id)).issuer,
        clientId: 'ehs-test-client',
        domains: [],
      },
    });
    const second = await createProvider(admin, { domains: [first.domain] });
    const other = `other-${crypto.randomUUID()}`;
    await addAccount(other, { email });
    expect((await signInThrough(second.id, other)).error).toBe('oidc.linkRefused');
    const identities = await db
      .select()
      .from(schema.userIdentities)
      .where(eq(schema.userIdentities.userId, linked.exchange!.body.id));
    expect(identities).toEqual([expect.objectContaining({ providerId: first.id, subject: sub })]);
  });

  it('refuses a deactivated person at the callback', async () => {
    const admin = await login(await createAdmin());
    const provider = await createProvider(admin);
    const leaver = await createUser({ email: `gone@${provider.domain}`, deactivatedAt: new Date().toISOString() });
    const sub = `leaver-${crypto.randomUUID()}`;
    await addAccount(sub, { email: leaver.email });
    expect((await signInThrough(provider.id, sub)).error).toBe('ACCOUNT_DEACTIVATED');
  });
});

const providerRow = async (id: string) =>
  (await db.select().from(schema.identityProviders).where(eq(schema.identityProviders.id, id)).get())!;
