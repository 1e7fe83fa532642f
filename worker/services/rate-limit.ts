import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { ApiError } from '../errors';

export interface RateRule {
  limit: number;
  windowSeconds: number;
  message: string;
}

export const RATE_RULES = {
  /** Failed sign-ins of one account, whichever identifier (username or e-mail) was typed. */
  loginAccount: {
    limit: 5,
    windowSeconds: 15 * 60,
    message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  },
  /** Failed sign-ins from one address: generous, because a whole plant may sign in from behind one NAT. */
  loginIp: {
    limit: 100,
    windowSeconds: 15 * 60,
    message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  },
  /**
   * Company sign-ins started from one address (each keeps a flow row until its callback): as
   * generous as failed password sign-ins, for a whole plant behind one NAT at shift change.
   */
  oidcStart: {
    limit: 100,
    windowSeconds: 15 * 60,
    message: 'Too many company sign-ins were started from this network. Please wait 15 minutes and try again.',
  },
  /** Re-authentications to sign by one person (each opens the provider in a pop-up). */
  reauthAccount: {
    limit: 20,
    windowSeconds: 15 * 60,
    message: 'Too many confirmations were started. Please wait 15 minutes and try again.',
  },
  passwordReset: {
    limit: 5,
    windowSeconds: 60 * 60,
    message: 'Too many password reset requests. Please try again later.',
  },
  /** New-password submissions (with a reset link) from one address. */
  passwordResetSubmit: {
    limit: 10,
    windowSeconds: 15 * 60,
    message: 'Too many password reset attempts. Please wait 15 minutes and try again.',
  },
  passwordChange: {
    limit: 5,
    windowSeconds: 15 * 60,
    message: 'Too many incorrect current passwords. Please wait 15 minutes and try again.',
  },
  certificateVerify: {
    limit: 60,
    windowSeconds: 60,
    message: 'Too many verification requests. Please wait a minute and try again.',
  },
} satisfies Record<string, RateRule>;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Current count in the window (0 when the window has passed). */
export async function peekRate(db: Db, key: string, rule: RateRule): Promise<number> {
  const row = await db.select().from(rateLimits).where(sql`${rateLimits.key} = ${key}`).get();
  if (!row || row.windowStart <= nowSeconds() - rule.windowSeconds) return 0;
  return row.count;
}

/** Atomically counts one hit in a fixed window and returns the new count. */
export async function hitRate(db: Db, key: string, rule: RateRule): Promise<number> {
  const now = nowSeconds();
  const expired = now - rule.windowSeconds;
  const row = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN ${now} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count })
    .get();
  return row?.count ?? 1;
}

/**
 * Judges one guess of a secret against a failure counter, counting only failures. The lock is
 * checked before the (costly) check, so a locked key costs no PBKDF2 work. After the check, a
 * failure is counted atomically and told as a failure only while within the limit; a success is
 * told only if fewer than `limit` failures were counted before it. D1 runs statements one at a time,
 * so every guess has a place in one order and at most `limit` wrong guesses ever learn their outcome
 * per window, however many arrive at once; correct guesses take no slot, so any number of them may
 * arrive together (a double-tap, a retrying phone) without being refused.
 */
export async function judgeGuess(db: Db, key: string, rule: RateRule, check: () => Promise<boolean>): Promise<boolean> {
  if ((await peekRate(db, key, rule)) >= rule.limit) throw rateLimited(rule);
  if (!(await check())) {
    if ((await hitRate(db, key, rule)) > rule.limit) throw rateLimited(rule);
    return false;
  }
  if ((await peekRate(db, key, rule)) >= rule.limit) throw rateLimited(rule);
  return true;
}

export async function clearRate(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

export function rateLimited(rule: RateRule): ApiError {
  return new ApiError('RATE_LIMITED', rule.message, { headers: { 'Retry-After': String(rule.windowSeconds) } });
}

/** Counts a hit and throws 429 once the limit is passed. */
export async function enforceRate(db: Db, key: string, rule: RateRule): Promise<void> {
  if ((await hitRate(db, key, rule)) > rule.limit) throw rateLimited(rule);
}

/**
 * The client address for per-IP limits: only Cloudflare's `CF-Connecting-IP`, which the edge sets
 * and a client cannot. `X-Forwarded-For` is whatever the caller typed, so it is never read; without
 * the Cloudflare header (local runs) every request shares the one key `local`.
 */
export function clientIp(headers: Headers): string {
  return headers.get('cf-connecting-ip')?.trim() || 'local';
}
