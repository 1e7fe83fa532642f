import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { idParam } from '../contract/common';
import { REFUSALS } from '../contract/errors';
import {
  identityProviderBody,
  type ConnectionTestResponse,
  type IdentityProviderBody,
  type IdentityProviderResponse,
  type IdentityProvidersResponse,
} from '../contract/identity-providers';
import { originFor } from '../config';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { identityProviderDomains, identityProviders } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError, refusal } from '../errors';
import { requireAdmin } from '../middleware/auth';
import { auditOf } from '../services/audit';
import {
  claimMapOf,
  domainsOf,
  domainTakenElsewhere,
  providerDtos,
  providerOr404,
  sealClientSecret,
} from '../services/identity-providers';
import { discover, fetchKeyCount, OidcError } from '../services/oidc';
import { validate } from '../validate';

/** Every audit entry this router writes is about an identity provider. */
const auditProvider = auditOf('IDENTITY_PROVIDER');

/*
 * /api/v2/admin/identity-providers (issue 32): the OpenID Connect providers people sign in through.
 * Administrators who manage people keep them; the client secret goes in sealed and never comes out.
 */

/** What the audit log keeps of a provider: never the secret. */
const auditView = (body: IdentityProviderBody) => ({
  name: body.name,
  issuer: body.issuer,
  clientId: body.clientId,
  domains: body.domains,
  claimMap: claimMapOf(body.claimMap),
  passwordSignInOff: body.passwordSignInOff,
  enabled: body.enabled,
});

async function assertDomainsFree(db: Db, domains: string[], providerId: string | null) {
  const taken = await domainTakenElsewhere(db, domains, providerId);
  if (taken) throw refusal('CONFLICT', 'idp.domainTaken', { domain: taken }, { fields: { domains: taken } });
}

const conflict = (error: unknown, body: IdentityProviderBody) => {
  if (!isUniqueViolation(error)) return error;
  // The name is the only other unique value; a domain taken meanwhile is named by its own refusal.
  if (String(error).includes('identity_provider_domains')) {
    return refusal('CONFLICT', 'idp.domainTaken', { domain: body.domains.join(', ') });
  }
  return new ApiError('CONFLICT', REFUSALS['idp.nameTaken'], { fields: { name: REFUSALS['idp.nameTaken'] } });
};

const redirectUriOf = (c: { var: AppEnv['Variables']; req: { url: string } }) =>
  `${originFor(c.var.config, c.req.url) ?? new URL(c.req.url).origin}/api/auth/oidc/callback`;

const unique = (domains: string[]) => [...new Set(domains)];

/** Who signs in is organisation-wide: an administrator limited to one site reads the providers but changes none. */
function assertUnlimited(user: AppEnv['Variables']['user']) {
  if (user.siteLimit) throw new ApiError('FORBIDDEN', REFUSALS['site.outsideLimit']);
}

export const identityProviderRoutes = new Hono<AppEnv>()
  .use(requireAdmin('userManagement'))
  .get('/', async (c) =>
    c.json<IdentityProvidersResponse>({ providers: await providerDtos(c.var.db), redirectUri: redirectUriOf(c) }),
  )
  .post('/', validate('json', identityProviderBody), async (c) => {
    assertUnlimited(c.var.user);
    const db = c.var.db;
    const body = c.req.valid('json');
    if (!body.clientSecret.trim()) {
      throw new ApiError('VALIDATION_FAILED', REFUSALS['idp.clientSecret'], {
        fields: { clientSecret: REFUSALS['idp.clientSecret'] },
      });
    }
    const domains = unique(body.domains);
    await assertDomainsFree(db, domains, null);
    const id = crypto.randomUUID();
    try {
      await db.batch([
        db.insert(identityProviders).values({
          id,
          name: body.name,
          issuer: body.issuer,
          clientId: body.clientId,
          clientSecretEnc: await sealClientSecret(c.env, body.clientSecret),
          claimMap: claimMapOf(body.claimMap),
          passwordSignInOff: body.passwordSignInOff,
          disabledAt: body.enabled ? null : new Date().toISOString(),
        }),
        ...domains.map((domain) => db.insert(identityProviderDomains).values({ domain, providerId: id })),
        auditProvider(db, c.var.user, 'IDENTITY_PROVIDER_CREATED', id, { after: auditView({ ...body, domains }) }),
      ]);
    } catch (error) {
      throw conflict(error, body);
    }
    const [provider] = await providerDtos(db, id);
    return c.json<IdentityProviderResponse>({ provider: provider! }, 201);
  })
  .put('/:id', validate('param', idParam), validate('json', identityProviderBody), async (c) => {
    assertUnlimited(c.var.user);
    const db = c.var.db;
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const before = await providerOr404(db, id);
    const domains = unique(body.domains);
    await assertDomainsFree(db, domains, id);
    const now = new Date().toISOString();
    try {
      await db.batch([
        db
          .update(identityProviders)
          .set({
            name: body.name,
            issuer: body.issuer,
            clientId: body.clientId,
            // An empty secret keeps the stored one: the screen never has it to send back.
            ...(body.clientSecret.trim() ? { clientSecretEnc: await sealClientSecret(c.env, body.clientSecret) } : {}),
            claimMap: claimMapOf(body.claimMap),
            passwordSignInOff: body.passwordSignInOff,
            disabledAt: body.enabled ? null : (before.disabledAt ?? now),
            updatedAt: now,
          })
          .where(eq(identityProviders.id, id)),
        db.delete(identityProviderDomains).where(eq(identityProviderDomains.providerId, id)),
        ...domains.map((domain) => db.insert(identityProviderDomains).values({ domain, providerId: id })),
        auditProvider(db, c.var.user, 'IDENTITY_PROVIDER_UPDATED', id, {
          before: {
            name: before.name,
            issuer: before.issuer,
            clientId: before.clientId,
            domains: await domainsOf(db, id),
            passwordSignInOff: before.passwordSignInOff,
            enabled: !before.disabledAt,
          },
          after: { ...auditView({ ...body, domains }), secretReplaced: !!body.clientSecret.trim() },
        }),
      ]);
    } catch (error) {
      throw conflict(error, body);
    }
    const [provider] = await providerDtos(db, id);
    return c.json<IdentityProviderResponse>({ provider: provider! });
  })
  // Removing a provider unlinks its people (they keep their accounts and records); to pause it, disable it instead.
  .delete('/:id', validate('param', idParam), async (c) => {
    assertUnlimited(c.var.user);
    const db = c.var.db;
    const { id } = c.req.valid('param');
    const before = await providerOr404(db, id);
    await db.batch([
      db.delete(identityProviders).where(eq(identityProviders.id, id)),
      auditProvider(db, c.var.user, 'IDENTITY_PROVIDER_DELETED', id, {
        before: { name: before.name, issuer: before.issuer, clientId: before.clientId },
      }),
    ]);
    return c.json({ message: 'Identity provider removed' });
  })
  // The connection test reads the discovery document and the key set afresh and says what works.
  .post('/:id/test', validate('param', idParam), async (c) => {
    const provider = await providerOr404(c.var.db, c.req.valid('param').id);
    const steps: ConnectionTestResponse['steps'] = [];
    try {
      const discovery = await discover(provider.issuer, true);
      steps.push({ step: 'discovery', ok: true, detail: `${provider.issuer}/.well-known/openid-configuration` });
      steps.push({ step: 'issuer', ok: true, detail: discovery.issuer });
      const pkce = (discovery as { code_challenge_methods_supported?: string[] }).code_challenge_methods_supported;
      steps.push({
        step: 'endpoints',
        ok: !pkce || pkce.includes('S256'),
        detail: `${discovery.authorization_endpoint} · ${discovery.token_endpoint}${pkce && !pkce.includes('S256') ? ' · no PKCE S256' : ''}`,
      });
      const keys = await fetchKeyCount(discovery.jwks_uri);
      steps.push({ step: 'jwks', ok: keys > 0, detail: `${keys} signing key(s) at ${discovery.jwks_uri}` });
    } catch (error) {
      if (!(error instanceof OidcError)) throw error;
      const step = error.code === 'issuer' ? 'issuer' : error.code === 'jwks' ? 'jwks' : 'discovery';
      if (step !== 'discovery' && !steps.some((s) => s.step === 'discovery')) {
        steps.push({ step: 'discovery', ok: true, detail: provider.issuer });
      }
      steps.push({ step, ok: false, detail: error.message });
    }
    return c.json<ConnectionTestResponse>({ ok: steps.length === 4 && steps.every((s) => s.ok), steps });
  });
