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

export async function verifySession(secret: string, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await key(secret), { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number')
      return null;
    return { sub: payload.sub, ver: Number(payload.ver ?? 0), jti: payload.jti, exp: payload.exp };
  } catch {
    return null;
  }
}
