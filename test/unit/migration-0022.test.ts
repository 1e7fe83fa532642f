import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

interface D1Like {
  prepare(sql: string): {
    bind(...values: unknown[]): { run(): Promise<unknown> };
    run(): Promise<unknown>;
    all<T>(): Promise<{ results: T[] }>;
  };
}

/**
 * Migration 0022 rebuilds `requirements` with an optional course (issue 28). Run on a database that
 * holds requirements, exemptions and events made before it, it must keep every row under its id and
 * give each requirement one `course` evidence row.
 */
describe('migration 0022 (requirements with evidence)', () => {
  let dir: string;
  let proxy: { env: { DB: D1Like }; dispose(): Promise<void> };
  let files: string[];

  const apply = async (file: string) => {
    const text = await readFile(join(root, 'migrations', file), 'utf8');
    for (const statement of text.split('--> statement-breakpoint'))
      if (statement.trim()) await proxy.env.DB.prepare(statement).run();
  };

  /** Inserts a row, filling the columns that need a value and have no default with placeholders (the schema of 0021). */
  const insert = async (table: string, values: Record<string, string | number | null>) => {
    const { results } = await proxy.env.DB.prepare(`PRAGMA table_info(${table})`).all<{
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
    }>();
    const row = { ...values };
    for (const column of results)
      if (column.notnull && column.dflt_value == null && !(column.name in row))
        row[column.name] = /INT|REAL/i.test(column.type) ? 0 : `${column.name}-${values.id ?? crypto.randomUUID()}`;
    const names = Object.keys(row);
    await proxy.env.DB.prepare(
      `INSERT INTO ${table} (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
    )
      .bind(...names.map((n) => row[n]))
      .run();
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ehs-migration-'));
    const { getPlatformProxy } = await import('wrangler');
    proxy = (await getPlatformProxy({
      configPath: join(root, 'wrangler.toml'),
      persist: { path: dir },
      remoteBindings: false,
    })) as unknown as typeof proxy;
    files = (await readdir(join(root, 'migrations'))).filter((f) => f.endsWith('.sql')).sort();
    for (const file of files.filter((f) => f < '0022')) await apply(file);
  }, 60_000);

  afterAll(async () => {
    await proxy?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps requirements, exemptions and events with their ids, and gives each requirement its course evidence row', async () => {
    await insert('domains', { id: 'book-1', name: 'Warehouse book' });
    await insert('courses', { id: 'course-1', domain_id: 'book-1', title: 'Forklift basics' });
    await insert('courses', { id: 'course-2', domain_id: 'book-1', title: 'Fire safety' });
    await insert('users', { id: 'user-1', username: 'alex', email: 'alex@example.test' });
    await insert('requirements', {
      id: 'req-1',
      course_id: 'course-1',
      domain_id: 'book-1',
      department: 'Warehouse',
      active_from: '2026-01-01T00:00:00.000Z',
    });
    await insert('requirements', {
      id: 'req-2',
      course_id: 'course-2',
      domain_id: 'book-1',
      active_from: '2026-02-01T00:00:00.000Z',
      retired_at: '2026-03-01T00:00:00.000Z',
    });
    await insert('requirement_exemptions', {
      id: 'ex-1',
      requirement_id: 'req-1',
      user_id: 'user-1',
      reason: 'On leave',
      until: '2026-12-31T00:00:00.000Z',
      created_by: 'admin',
    });
    await insert('requirement_events', {
      id: 'ev-1',
      requirement_id: 'req-2',
      user_id: 'user-1',
      kind: 'NEAR_MISS',
      note: 'Aisle 4',
      occurred_on: '2026-02-10',
      created_by: 'admin',
    });
    const read = async (sql: string) => (await proxy.env.DB.prepare(sql).all<Record<string, unknown>>()).results;
    const before = {
      requirements: await read('SELECT * FROM requirements ORDER BY id'),
      exemptions: await read('SELECT * FROM requirement_exemptions ORDER BY id'),
      events: await read('SELECT * FROM requirement_events ORDER BY id'),
    };

    await apply(files.find((f) => f.startsWith('0022'))!);

    expect(await read('SELECT * FROM requirements ORDER BY id')).toEqual(before.requirements);
    expect(await read('SELECT * FROM requirement_exemptions ORDER BY id')).toEqual(before.exemptions);
    expect(await read('SELECT * FROM requirement_events ORDER BY id')).toEqual(before.events);
    expect(await read('SELECT requirement_id, kind, ref_id FROM requirement_evidence ORDER BY requirement_id')).toEqual(
      [
        { requirement_id: 'req-1', kind: 'course', ref_id: 'course-1' },
        { requirement_id: 'req-2', kind: 'course', ref_id: 'course-2' },
      ],
    );
    // The rebuilt table takes a requirement without a course, and the foreign keys still hold.
    await insert('requirements', { id: 'req-3', course_id: null, domain_id: 'book-1', active_from: '2026-04-01' });
    expect(await read('PRAGMA foreign_key_check')).toEqual([]);
    await expect(
      insert('requirement_events', {
        id: 'ev-2',
        requirement_id: 'no-such-requirement',
        user_id: 'user-1',
        kind: 'OTHER',
        note: 'x',
        occurred_on: '2026-04-02',
        created_by: 'admin',
      }),
    ).rejects.toThrow(/FOREIGN KEY/);
  }, 60_000);
});
