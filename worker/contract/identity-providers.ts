import * as v from 'valibot';
import { normalizePersonText } from './common';
import { REFUSALS } from './errors';

/**
 * Company sign-in through OpenID Connect (issue 32): the identity providers an administrator
 * configures and what the sign-in page learns of them. How a provider's people are matched and
 * linked: docs/decisions/2026-11-28-company-sign-in.md.
 */

/** The person's attributes a provider's claims may fill, and the claim each reads by default. */
export const CLAIM_KEYS = ['firstName', 'lastName', 'email', 'department', 'jobTitle', 'site', 'manager'] as const;
export type ClaimKey = (typeof CLAIM_KEYS)[number];
export type ClaimMap = Record<ClaimKey, string>;
export const DEFAULT_CLAIM_MAP: ClaimMap = {
  firstName: 'given_name',
  lastName: 'family_name',
  email: 'email',
  department: 'department',
  jobTitle: 'job_title',
  // A site is matched by name, a manager by e-mail address; no standard claim carries either.
  site: '',
  manager: '',
};

const idpName = v.pipe(
  v.string(REFUSALS['idp.name']),
  v.transform((value) => normalizePersonText(value)),
  v.nonEmpty(REFUSALS['idp.name']),
  v.maxLength(100, REFUSALS['idp.name']),
);

/** https everywhere; plain http only for a provider on this computer (local runs and tests). */
const isIssuer = (value: string) => {
  try {
    const url = new URL(value);
    if (url.search || url.hash || url.username || url.password) return false;
    return (
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))
    );
  } catch {
    return false;
  }
};

const issuer = v.pipe(
  v.string(REFUSALS['idp.issuer']),
  v.trim(),
  v.maxLength(500, REFUSALS['idp.issuer']),
  v.check(isIssuer, REFUSALS['idp.issuer']),
  // Discovery appends /.well-known/openid-configuration to the issuer as given, less a trailing slash.
  v.transform((value) => value.replace(/\/+$/, '')),
);

const DOMAIN = /^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const domain = v.pipe(
  v.string(REFUSALS['idp.domain']),
  v.trim(),
  v.toLowerCase(),
  v.transform((value) => value.replace(/^@/, '')),
  v.regex(DOMAIN, REFUSALS['idp.domain']),
);

/** A claim's name; absent takes the default, an empty one maps nothing (the attribute is left as it is). */
const claimName = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100), v.regex(/^[\w.:/-]*$/)));

/** `POST /api/v2/admin/identity-providers`; on `PUT .../{id}` an empty client secret keeps the stored one. */
export const identityProviderBody = v.object({
  name: idpName,
  issuer,
  clientId: v.pipe(
    v.string(REFUSALS['idp.clientId']),
    v.trim(),
    v.nonEmpty(REFUSALS['idp.clientId']),
    v.maxLength(300),
  ),
  clientSecret: v.pipe(v.optional(v.string(REFUSALS['idp.clientSecret']), ''), v.maxLength(1000)),
  domains: v.pipe(v.optional(v.array(domain), []), v.maxLength(50, REFUSALS['idp.domain'])),
  claimMap: v.optional(
    v.object({
      firstName: claimName,
      lastName: claimName,
      email: claimName,
      department: claimName,
      jobTitle: claimName,
      site: claimName,
      manager: claimName,
    }),
    {},
  ),
  passwordSignInOff: v.optional(v.boolean(), false),
  enabled: v.optional(v.boolean(), true),
});
export type IdentityProviderBody = v.InferOutput<typeof identityProviderBody>;

export interface SignInErrorDto {
  id: string;
  code: string;
  message: string;
  subject: string | null;
  email: string | null;
  at: string;
}

/** A provider as the admin screen shows it: never its client secret. */
export interface IdentityProviderDto {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  domains: string[];
  claimMap: ClaimMap;
  passwordSignInOff: boolean;
  enabled: boolean;
  /** People who have signed in through it. */
  linkedPeople: number;
  /** The newest first (the last ten kept). */
  lastErrors: SignInErrorDto[];
  createdAt: string;
  updatedAt: string;
}
export interface IdentityProvidersResponse {
  providers: IdentityProviderDto[];
  /** The address to register at the provider as the redirect (reply) URI. */
  redirectUri: string;
}
export interface IdentityProviderResponse {
  provider: IdentityProviderDto;
}

export const CONNECTION_STEPS = ['discovery', 'issuer', 'endpoints', 'jwks'] as const;
/** `POST .../{id}/test`: each step of the connection and whether it worked. */
export interface ConnectionTestResponse {
  ok: boolean;
  steps: { step: (typeof CONNECTION_STEPS)[number]; ok: boolean; detail: string }[];
}

/**
 * The provider an e-mail address typed on the sign-in page goes to (its domain, any case), or null
 * for a username or an address of no configured domain.
 */
export function providerForLogin<P extends { domains: readonly string[] }>(
  login: string,
  providers: readonly P[],
): P | null {
  const at = login.trim().toLowerCase().split('@');
  if (at.length !== 2 || !at[0] || !at[1]) return null;
  return providers.find((provider) => provider.domains.includes(at[1]!)) ?? null;
}

/** `GET /api/auth/oidc/providers`: what the sign-in page offers (enabled providers only). */
export interface SignInProvidersResponse {
  providers: { id: string; name: string; domains: string[] }[];
}

/** `POST /api/auth/oidc/exchange`: the one-time code the callback handed to the browser. */
export const oidcExchangeBody = v.object({
  code: v.pipe(v.string(REFUSALS['oidc.handoffInvalid']), v.minLength(20), v.maxLength(200)),
});
/** `GET /api/auth/oidc/callback`: what the provider sends back (an error instead of a code when refused). */
export const oidcCallbackQuery = v.object({
  state: v.pipe(v.optional(v.string(), ''), v.maxLength(200)),
  code: v.pipe(v.optional(v.string(), ''), v.maxLength(2000)),
  error: v.pipe(v.optional(v.string(), ''), v.maxLength(200)),
  error_description: v.pipe(v.optional(v.string(), ''), v.maxLength(1000)),
  /** RFC 9207: the provider names itself in its answer (when it does, it must be the one asked). */
  iss: v.pipe(v.optional(v.string(), ''), v.maxLength(500)),
});
