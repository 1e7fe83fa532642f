/**
 * A D1 handle that folds one check (the session row) into the request's first read batch, so a
 * signed-in read costs one round trip instead of two. The rules that keep it safe:
 *   - the check's row is judged before any result of that batch is handed back (a refused session
 *     sees nothing);
 *   - a batch holding anything but SELECTs, and any statement run on its own, waits for the check
 *     first (a refused session writes nothing; those calls cost the extra round trip as before);
 *   - `settle()` runs the check when the request made no D1 call at all, so every answer is judged.
 */
export interface FirstBatchCheck {
  /** The statement whose first row decides (bound, ready to run). */
  statement: D1PreparedStatement;
  /** Throws (an ApiError) to refuse; returns to accept. */
  judge(row: Record<string, unknown> | null): void;
}

type Statement = D1PreparedStatement & { readonly inner: D1PreparedStatement; readonly sql: string };

const READ_ONLY = /^\s*select\b/i;

export interface CheckedD1 {
  d1: D1Database;
  /** Runs the check now unless it already ran (or is running); resolves once it passed. */
  settle(): Promise<void>;
}

export function foldCheckIntoFirstBatch(d1: D1Database, check: FirstBatchCheck): CheckedD1 {
  let verdict: Promise<void> | null = null;
  const settle = () =>
    (verdict ??= check.statement.first().then((row) => check.judge(row as Record<string, unknown> | null)));

  const wrap = (inner: D1PreparedStatement, sql: string): Statement =>
    ({
      inner,
      sql,
      bind: (...values: unknown[]) => wrap(inner.bind(...values), sql),
      first: async (column?: string) => {
        await settle();
        return column === undefined ? inner.first() : inner.first(column);
      },
      all: async () => {
        await settle();
        return inner.all();
      },
      run: async () => {
        await settle();
        return inner.run();
      },
      raw: async (options?: { columnNames?: boolean }) => {
        await settle();
        return inner.raw(options as { columnNames: true });
      },
    }) as unknown as Statement;

  const handle = {
    prepare: (sql: string) => wrap(d1.prepare(sql), sql),
    batch: async (statements: Statement[]) => {
      const inner = statements.map((s) => s.inner);
      if (verdict || !statements.every((s) => READ_ONLY.test(s.sql))) {
        await settle();
        return d1.batch(inner);
      }
      const running = d1.batch([check.statement, ...inner]);
      verdict = running.then((results) =>
        check.judge((results[0]?.results?.[0] as Record<string, unknown> | undefined) ?? null),
      );
      const [results] = await Promise.all([running, verdict]);
      return results.slice(1);
    },
    exec: async (query: string) => {
      await settle();
      return d1.exec(query);
    },
    dump: async () => {
      await settle();
      return d1.dump();
    },
    withSession: (constraint?: string) => d1.withSession(constraint),
  };
  return { d1: handle as unknown as D1Database, settle };
}
