import { toBase64Url, timingSafeEqual } from './crypto';

/**
 * Signed file links: <iframe>, <video> and "open in new tab" cannot send a bearer header, so a
 * material's file URL carries the user id, an expiry and an HMAC of both instead.
 */

/** How long a signed file link works. */
export const FILE_LINK_TTL_SECONDS = 60 * 60;

export const materialFileUrl = (id: string) => `/api/v2/materials/${id}/file`;

async function hmac(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(`material-file:${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message))));
}

/** A link to the file for this user that works without a header until it expires. */
export async function signedFileUrl(secret: string, materialId: string, userId: string): Promise<string> {
  const exp = Math.floor(Date.now() / 1000) + FILE_LINK_TTL_SECONDS;
  const sig = await hmac(secret, `${materialId}:${userId}:${exp}`);
  return `${materialFileUrl(materialId)}?u=${encodeURIComponent(userId)}&exp=${exp}&sig=${sig}`;
}

export async function verifyFileLink(secret: string, materialId: string, userId: string, exp: string, sig: string): Promise<boolean> {
  if (!/^\d+$/.test(exp) || Number(exp) < Date.now() / 1000) return false;
  const expected = await hmac(secret, `${materialId}:${userId}:${exp}`);
  const enc = new TextEncoder();
  return timingSafeEqual(enc.encode(expected), enc.encode(sig));
}
