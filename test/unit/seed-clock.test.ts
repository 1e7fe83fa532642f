import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

interface D1Like {
  prepare(sql: string): { run(): Promise<unknown>; all<T>(): Promise<{ results: T[] }> };
}
type Env = { DB: D1Like; FILES: unknown };

/**
 * The demo seed at awkward moments of the clock: the browser journeys seed a fresh database at
 * whatever time CI runs, and a seed that fails there fails the whole half before any journey.
 */
describe('the demo seed', () => {
  let dir: string;
  let proxy: { env: Env; dispose(): Promise<void> };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ehs-seed-'));
    const { getPlatformProxy } = await import('wrangler');
    proxy = (await getPlatformProxy({
      configPath: join(root, 'wrangler.toml'),
      persist: { path: dir },
      remoteBindings: false,
    })) as unknown as typeof proxy;
    // The migrations as drizzle-kit wrote them, statement by statement.
    for (const file of (await readdir(join(root, 'migrations'))).filter((f) => f.endsWith('.sql')).sort()) {
      const text = await readFile(join(root, 'migrations', file), 'utf8');
      for (const statement of text.split('--> statement-breakpoint')) {
        if (statement.trim()) await proxy.env.DB.prepare(statement).run();
      }
    }
  }, 60_000);

  afterAll(async () => {
    await proxy?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('seeds in the first minute after midnight UTC, with today and yesterday as separate activity days', async () => {
    const { seed } = (await import(pathToFileURL(join(root, 'scripts/seed/index.mjs')).href)) as {
      seed: (env: Env, options: { now: Date }) => Promise<{ alreadyPresent: boolean }>;
    };
    const result = await seed(proxy.env, { now: new Date('2026-11-28T00:00:30Z') });
    expect(result.alreadyPresent).toBe(false);
    const { results } = await proxy.env.DB.prepare(
      "SELECT la.day AS day FROM learning_activity la JOIN users u ON u.id = la.user_id WHERE u.username = 'learner' ORDER BY la.day",
    ).all<{ day: string }>();
    expect(results.map((r) => r.day).slice(-2)).toEqual(['2026-11-27', '2026-11-28']);
  }, 120_000);
});
