import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';
import type { Bindings } from '../env';

export type Db = ReturnType<typeof drizzle<typeof schema>>;

/**
 * Drizzle over a D1 handle (the binding, or a wrapper of it such as first-batch-check.ts). No
 * relational schema: the app uses the query builder only, and building the relational config on
 * every request costs CPU for nothing.
 */
export function drizzleOver(d1: D1Database): Db {
  return drizzle(d1) as unknown as Db;
}

/**
 * D1 is the default driver. A libSQL/Turso URL switches the same schema and queries to libSQL;
 * both are SQLite, so drizzle's query builder and `batch` behave the same.
 */
export async function createDb(env: Bindings): Promise<Db> {
  if (env.LIBSQL_URL) {
    const [{ drizzle: drizzleLibsql }, { createClient }] = await Promise.all([
      import('drizzle-orm/libsql'),
      import('@libsql/client/web'),
    ]);
    const client = createClient({ url: env.LIBSQL_URL, authToken: env.LIBSQL_AUTH_TOKEN });
    // Same SQLite dialect and batch API; the D1 type is used as the common surface.
    return drizzleLibsql(client, { schema }) as unknown as Db;
  }
  return drizzleOver(env.DB);
}

/**
 * D1 read replication: the header a client sends back with the last bookmark it was given, and
 * that every API answer carries, so a learner's next request reads at least what they just wrote.
 */
export const BOOKMARK_HEADER = 'X-D1-Bookmark';

/** D1's bookmark format (four hex groups). Anything else is ignored, never passed to D1 (which would fail the query). */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

export function parseBookmark(value: string | null | undefined): string | null {
  return value && BOOKMARK.test(value) ? value : null;
}

export interface RequestDb {
  db: Db;
  /**
   * The D1 handle under `db` (the session), absent on libSQL: an `inFirstBatch` guard folds its
   * session check into it.
   */
  d1?: D1Database;
  /** The newest bookmark the request's queries saw; null before any query, and always on libSQL. */
  bookmark(): string | null;
}

/**
 * The database for one request. On D1 it is a Sessions API session: a reading request may be
 * answered by the nearest read replica, as fresh as the caller's bookmark when it sent one
 * (`first-unconstrained` when it did not); a writing request (any method but GET/HEAD) runs on the
 * primary from its first read, so a check-then-write never decides on a replica's older copy.
 * libSQL has no sessions: the plain client, no bookmark.
 */
export async function createRequestDb(
  env: Bindings,
  request: { method: string; bookmark: string | null },
): Promise<RequestDb> {
  if (env.LIBSQL_URL) return { db: await createDb(env), bookmark: () => null };
  if (typeof env.DB.withSession !== 'function') return { db: drizzleOver(env.DB), d1: env.DB, bookmark: () => null };
  const reads = request.method === 'GET' || request.method === 'HEAD';
  const session = env.DB.withSession(reads ? (request.bookmark ?? 'first-unconstrained') : 'first-primary');
  // drizzle's D1 driver calls only prepare() and batch(), which a session has.
  const d1 = session as unknown as D1Database;
  return { db: drizzleOver(d1), d1, bookmark: () => parseBookmark(session.getBookmark()) };
}

export { schema };
