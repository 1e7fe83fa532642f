import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface D1Like {
  prepare(sql: string): { run(): Promise<unknown>; all<T>(): Promise<{ results: T[] }> };
}
export interface R2Like {
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer>; httpMetadata?: { contentType?: string } } | null>;
}
export type SeedEnv = { DB: D1Like; FILES: R2Like };

/**
 * A fresh local D1 + R2 (wrangler's platform proxy in a temp dir), migrated statement by statement
 * as drizzle-kit wrote the migrations, for running the demo seed against; `dispose` removes it.
 */
export async function migratedProxy(): Promise<{ env: SeedEnv; dispose(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'ehs-seed-'));
  const { getPlatformProxy } = await import('wrangler');
  const proxy = (await getPlatformProxy({
    configPath: join(root, 'wrangler.toml'),
    persist: { path: dir },
    remoteBindings: false,
  })) as unknown as { env: SeedEnv; dispose(): Promise<void> };
  for (const file of (await readdir(join(root, 'migrations'))).filter((f) => f.endsWith('.sql')).sort()) {
    const text = await readFile(join(root, 'migrations', file), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) {
      if (statement.trim()) await proxy.env.DB.prepare(statement).run();
    }
  }
  return {
    env: proxy.env,
    async dispose() {
      await proxy.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The demo seed (scripts/seed/index.mjs) at a given moment. */
export async function runSeed(env: SeedEnv, now: Date): Promise<{ alreadyPresent: boolean }> {
  const { seed } = (await import(pathToFileURL(join(root, 'scripts/seed/index.mjs')).href)) as {
    seed: (env: SeedEnv, options: { now: Date }) => Promise<{ alreadyPresent: boolean }>;
  };
  return seed(env, { now });
}
