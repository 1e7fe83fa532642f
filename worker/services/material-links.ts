import { toBase64Url, timingSafeEqual } from './crypto';

/**
 * Signed file links: <iframe>, <video> and "open in new tab" cannot send a bearer header, so a
 * material's file URL carries the user id, the signing session (token id and version), an expiry
 * and an HMAC of all of them instead. A link lives no longer than the session that signed it: it
 * expires with it, and the file route refuses it once that session is logged out or its token
 * version has moved (password change).
 */

/** How long a signed file link works at most. */
export const FILE_LINK_TTL_SECONDS = 60 * 60;

export const materialFileUrl = (id: string) => `/api/v2/materials/${id}/file`;

/** The session a link is signed for. */
export interface LinkSession {
  userId: string;
  /** The session token's id (`jti`), checked against the revocation list on every use. */
  tokenId: string;
  tokenVersion: number;
  /** The session's own expiry (seconds since the epoch). */
  sessionExp: number;
}

// The signing key is imported once per isolate and secret, not once per link: a material list
// signs one link per row, and every file request verifies one.
const signingKeys = new Map<string, Promise<CryptoKey>>();
function signingKey(secret: string): Promise<CryptoKey> {
  let key = signingKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(`material-file:${secret}`),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    signingKeys.set(secret, key);
  }
  return key;
}

async function hmac(secret: string, message: string): Promise<string> {
  const key = await signingKey(secret);
  return toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message))));
}

const message = (scope: string, s: Pick<LinkSession, 'userId' | 'tokenId' | 'tokenVersion'>, exp: number | string) =>
  `${scope}:${s.userId}:${s.tokenId}:${s.tokenVersion}:${exp}`;

/** The query (`u=&t=&v=&exp=&sig=`) that signs `scope` for this session until it (or the session) expires. */
async function signedQuery(secret: string, scope: string, session: LinkSession): Promise<string> {
  const exp = Math.min(Math.floor(Date.now() / 1000) + FILE_LINK_TTL_SECONDS, session.sessionExp);
  const sig = await hmac(secret, message(scope, session, exp));
  return new URLSearchParams({
    u: session.userId,
    t: session.tokenId,
    v: String(session.tokenVersion),
    exp: String(exp),
    sig,
  }).toString();
}

/** A link to the file for this session that works without a header until it (or the session) expires. */
export async function signedFileUrl(secret: string, materialId: string, session: LinkSession): Promise<string> {
  return `${materialFileUrl(materialId)}?${await signedQuery(secret, materialId, session)}`;
}

/** A link to `path` signed for `scope` (another kind of file than a material: a credential's scan). */
export async function signedScopeUrl(
  secret: string,
  path: string,
  scope: string,
  session: LinkSession,
): Promise<string> {
  return `${path}?${await signedQuery(secret, scope, session)}`;
}

/**
 * What a caption file's link signs: the material and the track, so a link opens that one file
 * (a `<track>` element cannot send a bearer header either).
 */
export const captionLinkScope = (materialId: string, captionId: string) => `${materialId}/captions/${captionId}`;

export const captionFileUrl = (materialId: string, captionId: string) =>
  `/api/v2/materials/${materialId}/captions/${captionId}/file`;

/** A link to a caption file for this session, signed and expiring like the video's own. */
export async function signedCaptionUrl(
  secret: string,
  materialId: string,
  captionId: string,
  session: LinkSession,
): Promise<string> {
  return `${captionFileUrl(materialId, captionId)}?${await signedQuery(secret, captionLinkScope(materialId, captionId), session)}`;
}

/** What an evaluation photo's link signs: that one photo of that evaluation (an <img> sends no header). */
export const evaluationPhotoScope = (evaluationId: string, photoId: string) =>
  `evaluation-photo:${evaluationId}/${photoId}`;

export const evaluationPhotoPath = (evaluationId: string, photoId: string) =>
  `/api/v2/evaluations/${evaluationId}/photos/${photoId}`;

/** A link to an evaluation photo for this session, signed and expiring like a material's file link. */
export async function signedEvaluationPhotoUrl(
  secret: string,
  evaluationId: string,
  photoId: string,
  session: LinkSession,
): Promise<string> {
  return `${evaluationPhotoPath(evaluationId, photoId)}?${await signedQuery(secret, evaluationPhotoScope(evaluationId, photoId), session)}`;
}

/**
 * Whether the signature and expiry hold for `scope` (a material id, or `captionLinkScope`); the
 * caller still checks that the session is alive.
 */
export async function verifyFileLink(
  secret: string,
  scope: string,
  session: Pick<LinkSession, 'userId' | 'tokenId' | 'tokenVersion'>,
  exp: string,
  sig: string,
): Promise<boolean> {
  if (!/^\d+$/.test(exp) || Number(exp) < Date.now() / 1000) return false;
  const expected = await hmac(secret, message(scope, session, exp));
  const enc = new TextEncoder();
  return timingSafeEqual(enc.encode(expected), enc.encode(sig));
}

/*
 * SCORM packages: the package's files are opened by a sandboxed frame and by the package's own
 * relative URLs, none of which can send a header, so the signature is a path segment
 * (`/api/v2/scorm/content/<component>/<u>.<t>.<v>.<exp>.<sig>/<file>`) that every relative URL of the
 * package keeps. The page-hide beacon cannot send a header either: its URL is signed for the
 * component the same way as a file link.
 */

export const scormContentScope = (componentId: string) => `scorm-content:${componentId}`;
/** The beacon is signed for its launch too (session id and training cycle), so a beacon from a closed cycle is known as such. */
export const scormBeaconScope = (componentId: string, launch: ScormLaunchRef) =>
  `scorm-beacon:${componentId}:${launch.cycle}:${launch.sessionId}`;

export interface ScormLaunchRef {
  sessionId: string;
  cycle: number;
}

/**
 * The signature part of a SCORM launch's session id: what the Worker issued for this learner,
 * component, cycle and random part (base64url with `-` for `_`, to fit the session id's alphabet).
 */
export async function scormSessionSignature(secret: string, parts: string[]): Promise<string> {
  return (await hmac(secret, `scorm-session:${parts.join(':')}`)).slice(0, 32).replace(/_/g, '-');
}

/**
 * The base URL (ending in `/`) of a SCORM component's package files for this session. Scoped to the
 * component, not the material: access follows the component's rules (enrolled, published,
 * unlocked), and the launch file carries that component's runtime data.
 */
export async function signedScormContentBase(
  secret: string,
  componentId: string,
  session: LinkSession,
): Promise<string> {
  const exp = Math.min(Math.floor(Date.now() / 1000) + FILE_LINK_TTL_SECONDS, session.sessionExp);
  const sig = await hmac(secret, message(scormContentScope(componentId), session, exp));
  return `/api/v2/scorm/content/${componentId}/${session.userId}.${session.tokenId}.${session.tokenVersion}.${exp}.${sig}/`;
}

/** The parts of a content token (`u.t.v.exp.sig`), or null when it is not one. */
export function parseScormContentToken(
  token: string,
): { userId: string; tokenId: string; tokenVersion: number; exp: string; sig: string } | null {
  const parts = token.split('.');
  if (parts.length !== 5) return null;
  const [userId, tokenId, version, exp, sig] = parts;
  if (
    !/^[A-Za-z0-9_-]{1,100}$/.test(userId) ||
    !/^[A-Za-z0-9_-]{1,100}$/.test(tokenId) ||
    !/^\d{1,9}$/.test(version) ||
    !/^\d{1,12}$/.test(exp) ||
    !/^[A-Za-z0-9_-]{1,100}$/.test(sig)
  )
    return null;
  return { userId, tokenId, tokenVersion: Number(version), exp, sig };
}

/** The page-hide beacon's URL for a SCORM component, signed for this session, launch and training cycle. */
export async function signedScormBeaconUrl(
  secret: string,
  componentId: string,
  session: LinkSession,
  launch: ScormLaunchRef,
): Promise<string> {
  const query = await signedQuery(secret, scormBeaconScope(componentId, launch), session);
  return `/api/v2/scorm/components/${componentId}/beacon?${query}&${new URLSearchParams({ c: String(launch.cycle), s: launch.sessionId })}`;
}
