/**
 * Directory connections (SCIM, issue 32): their bearer tokens and how a SCIM request is
 * authenticated with one. A token is 32 random bytes shown once; only its SHA-256 is stored, so the
 * lookup is one indexed read and a database leak yields no usable token.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ScimConnectionDto } from '../contract/scim';
import type { Db } from '../db/client';
import { rateLimits, scimConnections } from '../db/schema';
import type { AppEnv } from '../env';
import { randomToken, sha256Hex } from './crypto';
import type { RateRule } from './rate-limit';
import { ScimError } from './scim-errors';

/** Tokens start with this, so a leaked one is recognisable to secret scanners and to people. */
const TOKEN_PREFIX = 'scim_';
/** How much of a token the admin screen shows: enough to tell two apart, far too little to guess the rest. */
const SHOWN_CHARS = TOKEN_PREFIX.length + 6;

/**
 * Requests per connection per minute: an identity provider's full sync of a large directory (Entra ID
 * asks before each create, so two requests a person) runs at full speed, a runaway loop is stopped.
 */
export const SCIM_RATE: RateRule = {
  limit: 6000,
  windowSeconds: 60,
  message: 'Too many requests for this directory connection. Please wait a minute and try again.',
};

/** `last_used_at` is written at most this often per connection (one write a minute, not one a request). */
const LAST_USED_EVERY_MS = 60_000;

export async function newScimToken(): Promise<{ token: string; tokenHash: string; tokenPrefix: string }> {
  const token = `${TOKEN_PREFIX}${randomToken(32)}`;
  return { token, tokenHash: await sha256Hex(token), tokenPrefix: token.slice(0, SHOWN_CHARS) };
}

export const scimConnectionDto = (row: typeof scimConnections.$inferSelect): ScimConnectionDto => ({
  id: row.id,
  name: row.name,
  tokenPrefix: row.tokenPrefix,
  createdAt: row.createdAt,
  rotatedAt: row.rotatedAt,
  lastUsedAt: row.lastUsedAt,
  revokedAt: row.revokedAt,
});

/** The connection a SCIM request acts as (set by the `requireScimToken` guard). */
export interface ScimConnection {
  id: string;
  name: string;
}

/** How a connection signs its audit entries: its id, and its name marked as a directory. */
export const scimActor = (connection: ScimConnection) => ({ id: connection.id, username: `scim:${connection.name}` });

const unauthorized = (detail: string) => new ScimError(401, detail);

/**
 * Authenticates a SCIM request by its bearer token: an unknown, rotated-away or revoked token is a
 * 401 (the same answer for each, so nothing is learnt from it), then the connection's rate is
 * counted. Sets `scimConnection`.
 */
export async function authenticateScim(c: Context<AppEnv>): Promise<void> {
  const header = c.req.header('authorization') ?? '';
  const match = header.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) throw unauthorized('Authentication required: send the connection token as a bearer token');
  const db = c.var.db;
  const tokenHash = await sha256Hex(match[1]!);
  const active = and(eq(scimConnections.tokenHash, tokenHash), isNull(scimConnections.revokedAt));
  // One round trip: the connection, and its hit counted in the same batch (only when the token is
  // a live connection's, so unknown tokens leave no rows behind).
  const [rows, counted] = await db.batch([
    db
      .select({ id: scimConnections.id, name: scimConnections.name, lastUsedAt: scimConnections.lastUsedAt })
      .from(scimConnections)
      .where(active),
    countHit(db, tokenHash),
  ]);
  const row = rows[0];
  if (!row) throw unauthorized('The token is not valid for any active directory connection');
  if (Number(counted[0]?.count ?? 0) > SCIM_RATE.limit) {
    throw new ScimError(429, SCIM_RATE.message, undefined, { 'Retry-After': String(SCIM_RATE.windowSeconds) });
  }
  await touchLastUsed(db, row);
  c.set('scimConnection', { id: row.id, name: row.name });
}

/** The rate key of a connection: `scim:<id>` (the rate-limit table's fixed window, services/rate-limit.ts). */
export const scimRateKey = (connectionId: string) => `scim:${connectionId}`;

/** Counts one request of the connection holding this token in its fixed window; returns the new count. */
function countHit(db: Db, tokenHash: string) {
  const now = Math.floor(Date.now() / 1000);
  const expired = now - SCIM_RATE.windowSeconds;
  return db
    .insert(rateLimits)
    .select(
      db
        .select({
          key: sql<string>`'scim:' || ${scimConnections.id}`.as('key'),
          count: sql<number>`1`.as('count'),
          windowStart: sql<number>`${now}`.as('window_start'),
        })
        .from(scimConnections)
        .where(and(eq(scimConnections.tokenHash, tokenHash), isNull(scimConnections.revokedAt))),
    )
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${expired} THEN ${now} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count });
}

async function touchLastUsed(db: Db, row: { id: string; lastUsedAt: string | null }) {
  const now = new Date();
  if (row.lastUsedAt && now.getTime() - Date.parse(row.lastUsedAt) < LAST_USED_EVERY_MS) return;
  await db
    .update(scimConnections)
    .set({ lastUsedAt: now.toISOString() })
    .where(and(eq(scimConnections.id, row.id), sql`${scimConnections.revokedAt} IS NULL`));
}
