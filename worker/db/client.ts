import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';
import type { Bindings } from '../env';

export type Db = ReturnType<typeof drizzle<typeof schema>>;

/**
 * D1 is the default driver. A libSQL/Turso URL switches the same schema and queries to libSQL;
 * both are SQLite, so drizzle's query builder and `batch` behave the same.
 */
/**
 * Drizzle over a D1 handle (the binding, or a wrapper of it such as first-batch-check.ts). No
 * relational schema: the app uses the query builder only, and building the relational config on
 * every request costs CPU for nothing.
 */
export function drizzleOver(d1: D1Database): Db {
  return drizzle(d1) as unknown as Db;
}

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

export { schema };
