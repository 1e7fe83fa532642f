import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';
import type { Bindings } from '../env';
export type Db = ReturnType<typeof drizzle<typeof schema>>;
/**
 * D1 is the default driver. A libSQL/Turso URL switches the same schema and queries to libSQL;
 * both are SQLite, so drizzle's query builder and `batch` behave the same.
 */
export declare function createDb(env: Bindings): Promise<Db>;
export { schema };
