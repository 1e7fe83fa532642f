import { SESSION_LIMITS } from '../contract/sessions';
import { timingSafeEqual, toBase64Url } from './crypto';

/**
 * The rotating check-in code a trainer's screen shows as a QR (docs/decisions/2026-11-28-session-check-in.md).
 * A code is `<sessionId>.<window>.<signature>`: the window is the 30-second slot it was made for,
 * the signature an HMAC-SHA-256 of the session id and window under the Worker's secret, so no one
 * can make a code for a later window or another session. It is accepted during its window and
 * `codeGraceSeconds` after (a scan at second 29 still counts); after that it is expired.
 */

const WINDOW_MS = SESSION_LIMITS.codeWindowSeconds * 1000;
const GRACE_MS = SESSION_LIMITS.codeGraceSeconds * 1000;

export const codeWindowOf = (at: Date): number => Math.floor(at.getTime() / WINDOW_MS);

/** When a window's code stops being shown (the next one replaces it). */
export const windowEnd = (window: number): Date => new Date((window + 1) * WINDOW_MS);

async function signature(secret: string, sessionId: string, window: number): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(`session-check-in:${secret}`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${sessionId}.${window}`));
  // 128 bits are plenty for a code that lives 40 seconds, and keep the QR small.
  return toBase64Url(new Uint8Array(mac).slice(0, 16));
}

export async function checkInCode(secret: string, sessionId: string, window: number): Promise<string> {
  return `${sessionId}.${window}.${await signature(secret, sessionId, window)}`;
}

export type CodeJudgement =
  | { kind: 'valid'; window: number }
  | { kind: 'invalid' }
  | { kind: 'otherSession' }
  | { kind: 'expired'; window: number };

/** What a scanned code is for `sessionId` at `now`: forged, another session's, expired, or valid. */
export async function judgeCode(secret: string, sessionId: string, code: string, now: Date): Promise<CodeJudgement> {
  const match = /^([A-Za-z0-9._~-]{1,100})\.(\d{1,12})\.([A-Za-z0-9_-]{16,32})$/.exec(code.trim());
  if (!match) return { kind: 'invalid' };
  const [, codeSession, windowText, sig] = match;
  const window = Number(windowText);
  const expected = new TextEncoder().encode(await signature(secret, codeSession, window));
  // Constant-time, so response times do not reveal how much of a forged signature was right.
  if (!timingSafeEqual(expected, new TextEncoder().encode(sig))) return { kind: 'invalid' };
  if (codeSession !== sessionId) return { kind: 'otherSession' };
  const current = codeWindowOf(now);
  if (window > current) return { kind: 'invalid' };
  if (now.getTime() > windowEnd(window).getTime() + GRACE_MS) return { kind: 'expired', window };
  return { kind: 'valid', window };
}
