import { SignJWT, jwtVerify } from 'jose';

/** A working shift: long enough not to interrupt training, short enough to limit a stolen token. */
export const SESSION_TTL_SECONDS = 8 * 60 * 60;

export interface SessionClaims {
  sub: string;
  /** The user's token version at issue time; a password change bumps it and retires older tokens. */
  ver: number;
  jti: string;
  exp: number;
}

/** The HMAC key of a secret, imported once per isolate (importing on every request costs a crypto call). */
const keys = new Map<string, Promise<CryptoKey>>();

function key(secret: string): Promise<CryptoKey> {
  if (!secret || secret.length < 32) throw new Error('JWT_SECRET is missing or shorter than 32 characters');
  let imported = keys.get(secret);
  if (!imported) {
    imported = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, imported);
  }
  return imported;
}

export async function signSession(secret: string, userId: string, tokenVersion: number): Promise<string> {
  return new SignJWT({ ver: tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setJti(crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
    .sign(await key(secret));
}

/**
 * Tokens whose signature this isolate already verified, by secret and token, with their claims. A
 * signature check is deterministic, so it is done once per token; expiry is still judged on every
 * call, and revocation, the token version and the account's state are read in the request's batch
 * as always (middleware/auth.ts), so a cached token is never accepted on stale grounds. Bounded: the
 * oldest entry goes first.
 */
const verified = new Map<string, SessionClaims>();
const VERIFIED_MAX = 2048;

export async function verifySession(secret: string, token: string): Promise<SessionClaims | null> {
  const cacheKey = `${secret}\n${token}`;
  const known = verified.get(cacheKey);
  if (known) {
    if (known.exp > Math.floor(Date.now() / 1000)) return known;
    verified.delete(cacheKey);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, await key(secret), { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number')
      return null;
    // Frozen: every request that brings this token gets this same object.
    const claims = Object.freeze({
      sub: payload.sub,
      ver: Number(payload.ver ?? 0),
      jti: payload.jti,
      exp: payload.exp,
    });
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(cacheKey, claims);
    return claims;
  } catch {
    return null;
  }
}
