import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  CLAIM_KEYS,
  DEFAULT_CLAIM_MAP,
  type ClaimMap,
  type IdentityProviderDto,
  type SignInErrorDto,
} from '../contract/identity-providers';
import { REFUSALS } from '../contract/errors';
import type { Db } from '../db/client';
import { selectInChunks } from '../db/in-list';
import { identityProviderDomains, identityProviderErrors, identityProviders } from '../db/schema';
import type { Bindings } from '../env';
import { ApiError } from '../errors';
import { decryptText, encryptText } from './crypto';

export type ProviderRow = typeof identityProviders.$inferSelect;

/** The last sign-in errors kept per provider. */
const ERRORS_KEPT = 10;

/** The key that seals client secrets: its own Worker secret when set, else the signing secret (another purpose). */
const sealingSecret = (env: Pick<Bindings, 'JWT_SECRET' | 'IDP_SECRET_KEY'>) => env.IDP_SECRET_KEY || env.JWT_SECRET;
export const sealClientSecret = (env: Pick<Bindings, 'JWT_SECRET' | 'IDP_SECRET_KEY'>, plain: string) =>
  encryptText(sealingSecret(env), plain, 'idp-client-secret');
export const openClientSecret = (env: Pick<Bindings, 'JWT_SECRET' | 'IDP_SECRET_KEY'>, sealed: string) =>
  decryptText(sealingSecret(env), sealed, 'idp-client-secret');

/** Every attribute mapped, the defaults filling what the administrator left out. */
export const claimMapOf = (stored: Partial<Record<string, string | undefined>> | null | undefined): ClaimMap => {
  const map = Object.fromEntries(CLAIM_KEYS.map((key) => [key, stored?.[key] ?? DEFAULT_CLAIM_MAP[key]])) as ClaimMap;
  // The e-mail claim is never unmapped: linking and new people depend on it.
  return { ...map, email: map.email || DEFAULT_CLAIM_MAP.email };
};

export async function providerOr404(db: Db, id: string): Promise<ProviderRow> {
  const row = await db.select().from(identityProviders).where(eq(identityProviders.id, id)).get();
  if (!row) throw new ApiError('NOT_FOUND', REFUSALS['idp.notFound']);
  return row;
}

export async function domainsOf(db: Db, providerId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: identityProviderDomains.domain })
    .from(identityProviderDomains)
    .where(eq(identityProviderDomains.providerId, providerId))
    .orderBy(identityProviderDomains.domain);
  return rows.map((row) => row.domain);
}

/** The providers as the admin screen lists them (a handful per organisation: one read each). */
export async function providerDtos(db: Db, id?: string): Promise<IdentityProviderDto[]> {
  const rows = await db
    .select({
      provider: identityProviders,
      linkedPeople: sql<number>`(SELECT count(*) FROM user_identities i WHERE i.provider_id = identity_providers.id)`,
    })
    .from(identityProviders)
    .where(id ? eq(identityProviders.id, id) : undefined)
    .orderBy(sql`lower(${identityProviders.name})`);
  return Promise.all(
    rows.map(async ({ provider, linkedPeople }) => {
      const [domains, errors] = await Promise.all([
        domainsOf(db, provider.id),
        db
          .select()
          .from(identityProviderErrors)
          .where(eq(identityProviderErrors.providerId, provider.id))
          .orderBy(desc(identityProviderErrors.createdAt))
          .limit(ERRORS_KEPT),
      ]);
      return {
        id: provider.id,
        name: provider.name,
        issuer: provider.issuer,
        clientId: provider.clientId,
        domains,
        claimMap: claimMapOf(provider.claimMap),
        passwordSignInOff: provider.passwordSignInOff,
        enabled: !provider.disabledAt,
        linkedPeople: Number(linkedPeople),
        lastErrors: errors.map(
          (e): SignInErrorDto => ({
            id: e.id,
            code: e.code,
            message: e.message,
            subject: e.subject,
            email: e.email,
            at: e.createdAt,
          }),
        ),
        createdAt: provider.createdAt,
        updatedAt: provider.updatedAt,
      };
    }),
  );
}

/** The domains of `domains` that already go to another provider (the first one found, for the refusal). */
export async function domainTakenElsewhere(db: Db, domains: string[], providerId: string | null) {
  const rows = await selectInChunks(domains, (part) =>
    db
      .select({ domain: identityProviderDomains.domain })
      .from(identityProviderDomains)
      .where(
        and(
          inArray(identityProviderDomains.domain, part),
          providerId ? sql`${identityProviderDomains.providerId} <> ${providerId}` : undefined,
        ),
      ),
  );
  return rows[0]?.domain ?? null;
}

/**
 * Keeps one failed sign-in for the administrator (the newest ten per provider) and logs it. Never
 * throws: a failure to record must not hide the sign-in's own answer.
 */
export async function recordSignInError(
  db: Db,
  providerId: string,
  error: { code: string; message: string; subject?: string | null; email?: string | null },
) {
  console.error(JSON.stringify({ level: 'warn', event: 'oidc.sign_in_failed', providerId, ...error }));
  try {
    await db.batch([
      db.insert(identityProviderErrors).values({
        id: crypto.randomUUID(),
        providerId,
        code: error.code,
        message: error.message.slice(0, 1000),
        subject: error.subject?.slice(0, 300) ?? null,
        email: error.email?.slice(0, 300) ?? null,
      }),
      db
        .delete(identityProviderErrors)
        .where(
          and(
            eq(identityProviderErrors.providerId, providerId),
            sql`${identityProviderErrors.id} NOT IN (SELECT id FROM identity_provider_errors WHERE provider_id = ${providerId} ORDER BY created_at DESC LIMIT ${ERRORS_KEPT})`,
          ),
        ),
    ]);
  } catch (failure) {
    console.error(JSON.stringify({ level: 'error', event: 'oidc.error_not_recorded', error: String(failure) }));
  }
}

/** A provider switched on: a disabled one signs nobody in, is not offered, and turns no password off. */
export const providerEnabled = isNull(identityProviders.disabledAt);

/** A provider as the password rule reads it (sign-in and signatures): which one, and whether it turned passwords off. */
export const providerPasswordColumns = {
  id: identityProviders.id,
  name: identityProviders.name,
  passwordSignInOff: identityProviders.passwordSignInOff,
};

/** The enabled provider an e-mail's domain goes to, if any (password sign-in asks it whether passwords are off). */
export async function providerForEmail(db: Db, email: string) {
  const domain = email.toLowerCase().split('@')[1];
  if (!domain) return null;
  return db
    .select(providerPasswordColumns)
    .from(identityProviderDomains)
    .innerJoin(identityProviders, eq(identityProviders.id, identityProviderDomains.providerId))
    .where(and(eq(identityProviderDomains.domain, domain), providerEnabled))
    .get();
}

/** The enabled providers and their domains, for the sign-in page. */
export async function signInProviders(db: Db) {
  const [providers, domains] = await Promise.all([
    db
      .select({ id: identityProviders.id, name: identityProviders.name })
      .from(identityProviders)
      .where(providerEnabled)
      .orderBy(sql`lower(${identityProviders.name})`),
    db.select().from(identityProviderDomains),
  ]);
  return providers.map((p) => ({
    ...p,
    domains: domains.filter((d) => d.providerId === p.id).map((d) => d.domain),
  }));
}
