import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { randomToken, sha256Hex, toBase64Url } from './crypto';

/*
 * The OpenID Connect relying party, on `jose` (already in the Worker) rather than openid-client:
 * measured with esbuild --minify, openid-client adds about 25 KB gzip to the Worker where the jose
 * parts used here add about 8 KB, most of it already bundled for the session tokens (decision
 * 2026-11-28). Authorization code flow with PKCE S256, state and nonce; the ID token is verified
 * against the provider's JWKS (issuer, audience, expiry, nonce, signature), and an unknown key id
 * fetches the key set again, so a provider's key rotation is followed.
 */

export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint?: string;
  id_token_signing_alg_values_supported?: string[];
  token_endpoint_auth_methods_supported?: string[];
}

/** Why a step failed, in words an administrator can act on (kept as the provider's last sign-in errors). */
export class OidcError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const DISCOVERY_TTL_MS = 5 * 60 * 1000;
const FETCH_TIMEOUT_MS = 8000;
const discoveries = new Map<string, { at: number; value: Promise<Discovery> }>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

async function fetchJson(url: string, init: RequestInit, code: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (error) {
    throw new OidcError(code, `${url} could not be reached (${String(error)})`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new OidcError(code, `${url} answered ${response.status} without JSON`);
  }
  if (!response.ok) {
    const reason = (body as { error?: string; error_description?: string }) ?? {};
    throw new OidcError(
      code,
      `${url} answered ${response.status}: ${[reason.error, reason.error_description].filter(Boolean).join(' ')}`,
    );
  }
  if (!body || typeof body !== 'object') throw new OidcError(code, `${url} answered without a JSON object`);
  return body as Record<string, unknown>;
}

/** The provider's metadata (cached a few minutes per isolate); the issuer in it must be the configured one. */
export function discover(issuer: string, fresh = false): Promise<Discovery> {
  const cached = discoveries.get(issuer);
  if (cached && !fresh && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.value;
  const value = (async () => {
    const doc = await fetchJson(`${issuer}/.well-known/openid-configuration`, {}, 'discovery');
    for (const field of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
      if (typeof doc[field] !== 'string') throw new OidcError('discovery', `The discovery document has no ${field}`);
    }
    // OpenID Connect Discovery 1.0, 4.3: the issuer answered must be exactly the one asked.
    if (String(doc.issuer).replace(/\/+$/, '') !== issuer) {
      throw new OidcError('issuer', `The discovery document names the issuer ${String(doc.issuer)}, not ${issuer}`);
    }
    return doc as unknown as Discovery;
  })();
  discoveries.set(issuer, { at: Date.now(), value });
  value.catch(() => discoveries.delete(issuer));
  return value;
}

function keySetOf(jwksUri: string) {
  let set = keySets.get(jwksUri);
  if (!set) {
    // A token with a key id not in the cached set fetches the set again (a rotation), at most once a
    // second; a set is kept 10 minutes at most.
    set = createRemoteJWKSet(new URL(jwksUri), {
      cooldownDuration: 1000,
      cacheMaxAge: 10 * 60 * 1000,
      timeoutDuration: FETCH_TIMEOUT_MS,
    });
    keySets.set(jwksUri, set);
  }
  return set;
}

/** Fetches the provider's key set (the admin's connection test): how many signing keys it offers. */
export async function fetchKeyCount(jwksUri: string): Promise<number> {
  const body = await fetchJson(jwksUri, {}, 'jwks');
  const keys = Array.isArray(body.keys) ? (body.keys as { use?: string }[]) : [];
  return keys.filter((key) => key.use === undefined || key.use === 'sig').length;
}

/** What the start of a sign-in keeps server-side and what it sends to the provider. */
export async function newAuthorization() {
  const codeVerifier = randomToken(32);
  const challenge = toBase64Url(
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier))),
  );
  const state = randomToken(24);
  return { state, stateHash: await sha256Hex(state), nonce: randomToken(24), codeVerifier, challenge };
}

export function authorizationUrl(
  discovery: Discovery,
  params: {
    clientId: string;
    redirectUri: string;
    state: string;
    nonce: string;
    challenge: string;
    loginHint?: string;
    /** A re-authentication to sign (issue 32 item 5): the provider must ask the person to sign in again. */
    reauth?: boolean;
  },
): string {
  const url = new URL(discovery.authorization_endpoint);
  const query = {
    response_type: 'code',
    client_id: params.clientId,
    redirect_uri: params.redirectUri,
    scope: 'openid email profile',
    state: params.state,
    nonce: params.nonce,
    code_challenge: params.challenge,
    code_challenge_method: 'S256',
    ...(params.loginHint ? { login_hint: params.loginHint } : {}),
    // OIDC Core 3.1.2.1: prompt=login asks for the credentials again; max_age=0 makes the ID token
    // carry auth_time, which the callback checks against the start (a provider that skipped the login fails it).
    ...(params.reauth ? { prompt: 'login', max_age: '0' } : {}),
  };
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

const SIGNING_ALGS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/**
 * Exchanges the code (with the PKCE verifier) and verifies the ID token; then reads the userinfo
 * endpoint, when there is one, for claims the ID token left out (the subject must agree).
 */
export async function redeemCode(
  discovery: Discovery,
  client: { clientId: string; clientSecret: string; redirectUri: string },
  code: string,
  expected: { nonce: string; codeVerifier: string },
): Promise<Record<string, unknown>> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirectUri,
    code_verifier: expected.codeVerifier,
  });
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  const methods = discovery.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  if (methods.includes('client_secret_basic')) {
    // RFC 6749 2.3.1: each part form-encoded before the Basic encoding.
    const part = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
    headers.authorization = `Basic ${btoa(`${part(client.clientId)}:${part(client.clientSecret)}`)}`;
  } else {
    form.set('client_id', client.clientId);
    form.set('client_secret', client.clientSecret);
  }
  const tokens = await fetchJson(discovery.token_endpoint, { method: 'POST', headers, body: form }, 'token');
  if (typeof tokens.id_token !== 'string') throw new OidcError('token', 'The token answer has no ID token');
  const claims = await verifyIdToken(discovery, client.clientId, tokens.id_token, expected.nonce);
  if (discovery.userinfo_endpoint && typeof tokens.access_token === 'string') {
    const info = await fetchJson(
      discovery.userinfo_endpoint,
      { headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' } },
      'userinfo',
    ).catch(() => null);
    // The ID token's own claims win: userinfo only fills what it left out.
    if (info && info.sub === claims.sub) return { ...info, ...claims };
  }
  return claims;
}

async function verifyIdToken(
  discovery: Discovery,
  clientId: string,
  idToken: string,
  nonce: string,
): Promise<JWTPayload & Record<string, unknown>> {
  const allowed = (discovery.id_token_signing_alg_values_supported ?? ['RS256']).filter((alg) =>
    SIGNING_ALGS.includes(alg),
  );
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keySetOf(discovery.jwks_uri), {
      issuer: discovery.issuer,
      audience: clientId,
      algorithms: allowed,
      clockTolerance: 60,
      requiredClaims: ['sub', 'exp', 'iat'],
    }));
  } catch (error) {
    throw new OidcError('id_token', `The ID token was refused: ${(error as Error).message}`);
  }
  if (payload.nonce !== nonce) throw new OidcError('id_token', 'The ID token was refused: its nonce does not match');
  // OIDC Core 3.1.3.7: with several audiences the authorized party must be this client.
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== clientId) {
    throw new OidcError('id_token', 'The ID token was refused: it was issued to another party');
  }
  return payload as JWTPayload & Record<string, unknown>;
}
