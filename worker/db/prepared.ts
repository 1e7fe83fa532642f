import { is, Param, Placeholder, sql } from 'drizzle-orm';
import { drizzle, SQLiteD1Session } from 'drizzle-orm/d1';
import type { Db } from './client';

/*
 * Read batches whose SQL is built once per isolate (issue 31: the learner reads' cost over the D1
 * floor). Building a drizzle query and turning it into SQL text (`sqlToQuery`) was the largest piece
 * of JavaScript in a learner read (profiled: a quarter of the Worker's time in the course list); a
 * template is built once with placeholders for every value the request brings, and each request
 * only binds its values to D1 statements prepared from the stored text. drizzle's own result
 * mapping still shapes the rows, so the results are exactly what the builders would answer.
 *
 * The discipline that keeps a template from ever carrying one request's value into another's
 * answer: `build` is a module-level function that sees only the placeholders (`values`) and the
 * `shape`, and the shape (everything that changes the SQL text: a sort, a tab, whether a filter is
 * present) is the cache key. Request values never reach `build` itself.
 *
 * Write batches (an assessment's start and submit) are templated the same way: an insert's values
 * and an update's set are placeholders bound with their column's encoder (JSON, booleans), so the
 * statements are what drizzle would build with the values. The schema has no `$defaultFn` /
 * `$onUpdateFn` (they would be computed once, when the template is built); keep it so for the
 * tables written through templates.
 */

/** A template query: its SQL text, how to fill its parameters, and drizzle's result mapping. */
interface Template {
  sql: string;
  /** Per parameter: a constant of the SQL, or the placeholder to fill (with its column encoder). */
  params: ({ value: unknown } | { name: string; encode?: (value: unknown) => unknown })[];
  mapResult(result: unknown, isFromBatch: boolean): unknown;
}

/** drizzle over a D1 stand-in: templates are built against it; it never runs a statement. */
const templateDb = drizzle({ prepare: () => ({}) } as unknown as D1Database) as unknown as Db;

const templates = new Map<string, Template[]>();

type Placeholders<V> = { readonly [K in keyof V]: V[K] };

interface PreparedQuery {
  getQuery(): { sql: string; params: unknown[] };
  mapResult(result: unknown, isFromBatch: boolean): unknown;
}

function templateOf(query: unknown): Template {
  const prepared = (query as { _prepare(): PreparedQuery })._prepare();
  const { sql: text, params } = prepared.getQuery();
  return {
    sql: text,
    params: params.map((param) => {
      if (is(param, Placeholder)) return { name: param.name };
      if (is(param, Param) && is(param.value, Placeholder)) {
        const { encoder } = param;
        return { name: param.value.name, encode: encoder ? (v: unknown) => encoder.mapToDriverValue(v) : undefined };
      }
      return { value: param };
    }),
    mapResult: (result, isFromBatch) => prepared.mapResult(result, isFromBatch),
  };
}

/**
 * The queries `build` makes (selects, or inserts / updates with or without `returning`), for
 * `db.batch` only, from the template of `name` and `shape` (built on
 * first use in this isolate), with `values` bound. `build` gets each value as a placeholder typed as
 * the value (so the query helpers that take a user id or a limit take it unchanged): it must only
 * hand them to drizzle (a comparison, a `sql` template, `limit`), never test or compute with them,
 * and everything that changes the SQL text must come from `shape`. On libSQL (no D1 session) the
 * queries are simply built with the values.
 */
function preparedBatch<
  S extends Record<string, string | number | boolean | null>,
  V extends Record<string, unknown>,
  T extends readonly unknown[],
>(db: Db, name: string, shape: S, values: V, build: (db: Db, values: Placeholders<V>, shape: S) => T): T {
  const session = (db as unknown as { session: unknown }).session;
  if (!is(session, SQLiteD1Session)) return build(db, values, shape);
  const key = `${name}:${JSON.stringify(shape)}`;
  let made = templates.get(key);
  if (!made) {
    const placeholders = Object.fromEntries(Object.keys(values).map((k) => [k, sql.placeholder(k)]));
    made = build(templateDb, placeholders as unknown as Placeholders<V>, shape).map(templateOf);
    templates.set(key, made);
  }
  const client = (session as unknown as { client: D1Database }).client;
  return made.map((template) => {
    const params = template.params.map((p) => {
      if ('value' in p) return p.value;
      const value = values[p.name];
      if (value === undefined) throw new Error(`${name}: no value for ${p.name}`);
      // As drizzle binds a value: null as null, whatever the column's encoder would make of it.
      return p.encode && value !== null ? p.encode(value) : value;
    });
    const prepared = {
      stmt: client.prepare(template.sql),
      getQuery: () => ({ sql: template.sql, params }),
      mapResult: template.mapResult,
    };
    // What drizzle's batch asks of an item: its prepared query (statement, bound values, mapping).
    return { _prepare: () => prepared };
  }) as unknown as T;
}

/** A read batch's queries (the session check rides in the same batch): see `preparedBatch`. */
export const preparedReads: typeof preparedBatch = (db, name, shape, values, build) =>
  preparedBatch(db, name, shape, values, build);

/** A write batch's inserts and updates (`returning` or not): see `preparedBatch`. */
export const preparedWrites: typeof preparedBatch = (db, name, shape, values, build) =>
  preparedBatch(db, name, shape, values, build);
