import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { purposeSignature, purposeSignatureValid } from './crypto';

/**
 * A person's badge (issue 29, printed on cards by issue 30): `<userId>.<signature>`, the signature
 * a 96-bit HMAC-SHA-256 of the user id under the Worker's secret, so no one can make a badge for
 * someone else. Short and URL-safe (a handheld scanner types it; the QR holds `${origin}/badge/<id>`).
 * It never expires; it is dead once the person is deactivated (activeUserOfBadge).
 */

const BADGE = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{16})$/;

// Its own purpose prefix on the secret, so a badge is never a valid signature of anything else.
const signature = (secret: string, userId: string) => purposeSignature(secret, 'badge', userId);

export async function badgeIdFor(secret: string, userId: string): Promise<string> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(userId)) throw new Error('A badge needs a URL-safe user id');
  return `${userId}.${await signature(secret, userId)}`;
}

/** The user id a signed badge id names, or null when it is not one this Worker signed. */
export async function userOfBadge(secret: string, signedId: string): Promise<string | null> {
  const match = BADGE.exec(signedId);
  if (!match) return null;
  const [, userId = '', sig = ''] = match;
  return (await purposeSignatureValid(secret, 'badge', userId, sig)) ? userId : null;
}

/**
 * What a scanner typed: the badge QR's URL (any origin, `/badge/<id>` path) or the bare signed id.
 * Scanners add stray spaces or a trailing slash; those are dropped.
 */
export function signedIdOfScan(scanned: string): string {
  const text = scanned.trim();
  const fromUrl = /\/badge\/([^/?#\s]+)\/?(?:[?#].*)?$/.exec(text);
  return fromUrl ? decodeURIComponent(fromUrl[1] ?? '') : text;
}

/** The active person a scanned badge names, or null (forged, malformed, unknown or deactivated). */
export async function activeUserOfBadge(db: Db, secret: string, scanned: string) {
  let signedId: string;
  try {
    signedId = signedIdOfScan(scanned);
  } catch {
    return null; // a broken %-escape is no badge
  }
  const userId = await userOfBadge(secret, signedId);
  if (!userId) return null;
  return (
    (await db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deactivatedAt)))
      .get()) ?? null
  );
}
