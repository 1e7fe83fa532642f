import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { app } from '../../worker/app';

/**
 * A D1 binding that counts the calls reaching the database: a statement's first/all/run/raw, or one
 * batch (D1 runs one query at a time per database, so each is a round trip that queues behind others).
 */
export function countingD1(real: D1Database) {
  const count = { calls: 0 };
  /** Every statement sent, with its bound values (the query-plan tests explain them). */
  const statements: { sql: string; params: unknown[] }[] = [];
  const targets = new WeakMap<object, D1PreparedStatement>();
  const texts = new WeakMap<object, { sql: string; params: unknown[] }>();
  const call = (sent: object[], run: () => unknown) => {
    count.calls += 1;
    for (const statement of sent) {
      const text = texts.get(statement);
      if (text) statements.push(text);
    }
    return run();
  };
  const wrap = (statement: D1PreparedStatement, text: { sql: string; params: unknown[] }): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === 'bind')
          return (...values: unknown[]) => wrap(target.bind(...values), { sql: text.sql, params: values });
        if (prop === 'first' || prop === 'all' || prop === 'run' || prop === 'raw')
          return (...args: unknown[]) => call([proxy], () => (target[prop] as (...a: unknown[]) => unknown)(...args));
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    targets.set(proxy, statement);
    texts.set(proxy, text);
    return proxy;
  };
  // The Worker reads through a D1 session (withSession): the session is counted the same way.
  const wrapDb = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(inner, prop) {
        if (prop === 'prepare')
          return (query: string) => wrap((inner as unknown as D1Database).prepare(query), { sql: query, params: [] });
        if (prop === 'batch')
          return (sent: D1PreparedStatement[]) =>
            call(sent, () => (inner as unknown as D1Database).batch(sent.map((s) => targets.get(s) ?? s)));
        if (prop === 'withSession')
          return (constraint?: string) => wrapDb((inner as unknown as D1Database).withSession(constraint) as object);
        const value = Reflect.get(inner, prop, inner);
        return typeof value === 'function' ? value.bind(inner) : value;
      },
    });
  const db = wrapDb(real);
  return { db, count, statements };
}

/**
 * One signed-in call to the Worker on a counting binding: its answer and the D1 round trips made
 * before the answer (work left to waitUntil, after it, is not the caller's wait and is not counted).
 */
export async function countedCall(method: string, path: string, token: string, body?: unknown) {
  const { db: counted, count, statements } = countingD1(env.DB);
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await app.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { ...env, DB: counted },
    ctx,
  );
  const calls = count.calls;
  await waitOnExecutionContext(ctx);
  return { res, calls, statements };
}
