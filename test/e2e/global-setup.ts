import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';

/*
 * Browser journeys run against the real Worker: the bundle `wrangler deploy` uploads, run by workerd
 * through Miniflare in this process (scripts/bench/harness.mjs startWorker, as the bench runs it),
 * serving the built client (dist/client) and the API, on a fresh local D1 + R2 in a temp dir,
 * migrated and seeded. Not `wrangler dev`: its file watcher (esbuild polling every bundled file), its
 * Node proxy and its log line per request cost CPU the journeys need for themselves on two cores,
 * and they use none of it (the `npm start` path keeps its own journey, scheduled-trigger.spec.ts).
 * The build is not done here: `npm run build` runs before the tests.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** Where test/e2e/server.ts d1() sends a statement for the running Worker's D1 (see sqlServer). */
    sqlURL: string;
    /** The Worker's local-only cron trigger token (test/e2e/server.ts fireCron(), as `npm start`'s front sends it). */
    cronToken: string;
  }
}

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

interface D1Statement {
  all<Row>(): Promise<{ results: Row[] }>;
  bind(...values: unknown[]): D1Statement;
}
interface D1Like {
  prepare(sql: string): D1Statement;
  batch(statements: D1Statement[]): Promise<unknown>;
}
interface LocalWorker {
  base: string;
  mf: { getD1Database(name: string): Promise<unknown>; getR2Bucket(name: string): Promise<unknown> };
  stop(): Promise<void>;
}
interface WorkerOptions {
  port: number;
  bindings: Record<string, string>;
  handleRuntimeStdio(stdout: Readable, stderr: Readable): void;
}

/**
 * The migrations, as `wrangler d1 migrations apply` and the API tests' applyD1Migrations run them:
 * wrangler's own statement splitter, each file in one batch with its row in d1_migrations. Through
 * the running Worker's binding: wrangler's command cost 13-17 s of CPU for the same work.
 */
async function migrate(db: D1Like): Promise<void> {
  const { readD1Migrations } = await import('@cloudflare/vitest-pool-workers');
  await db
    .prepare(
      `CREATE TABLE IF NOT EXISTS d1_migrations (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT UNIQUE,
        applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
      )`,
    )
    .all();
  const record = db.prepare('INSERT INTO d1_migrations (name) VALUES (?)');
  for (const migration of await readD1Migrations(join(root, 'migrations'))) {
    await db.batch([...migration.queries.map((query) => db.prepare(query)), record.bind(migration.name)]);
  }
}

/** The demo seed, written through the running Worker's own bindings (one batch: all or nothing). */
async function seed(worker: LocalWorker): Promise<void> {
  const { seed: seedDemo } = (await import(pathToFileURL(join(root, 'scripts/seed/index.mjs')).href)) as {
    seed: (env: { DB: unknown; FILES: unknown }) => Promise<unknown>;
  };
  await seedDemo({ DB: await worker.mf.getD1Database('DB'), FILES: await worker.mf.getR2Bucket('FILES') });
}

/**
 * A loopback endpoint that runs one SQL statement on the Worker's D1 and answers its rows, for
 * test/e2e/server.ts d1(): through the same runtime, so no second process opens the SQLite file
 * (a `wrangler d1 execute` per statement cost about 2 s of CPU and met the Worker's lock now and then).
 */
async function sqlServer(db: D1Like, token: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    let sql = '';
    request.on('data', (chunk: Buffer) => {
      sql += chunk.toString();
    });
    request.on('end', async () => {
      if (request.headers['x-sql-token'] !== token) {
        response.writeHead(403).end();
        return;
      }
      try {
        const { results } = await db.prepare(sql).all<unknown>();
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(results));
      } catch (error) {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      }
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/sql#${token}`,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

export default async function setup(project: TestProject) {
  if (!existsSync(join(root, 'dist/client/index.html'))) {
    throw new Error('dist/client is missing: run `npm run build` before the browser tests.');
  }
  const persistDir = await mkdtemp(join(tmpdir(), 'ehs-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;

  // The runtime's output (the Worker's log lines) is kept, not printed: its last part goes into the
  // error when the Worker does not start.
  let log = '';
  const keep = (stream: Readable) =>
    stream.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-20_000);
    });
  const cronToken = `cron-${randomBytes(16).toString('hex')}`;
  const { startWorker } = (await import(pathToFileURL(join(root, 'scripts/bench/harness.mjs')).href)) as {
    startWorker(persist: string, options: WorkerOptions): Promise<LocalWorker>;
  };
  let worker: LocalWorker;
  try {
    worker = await startWorker(persistDir, {
      port,
      bindings: {
        JWT_SECRET: randomBytes(32).toString('base64url'),
        PUBLIC_URL: baseURL,
        CRON_TRIGGER_TOKEN: cronToken,
      },
      handleRuntimeStdio: (stdout, stderr) => {
        keep(stdout);
        keep(stderr);
      },
    });
  } catch (error) {
    await rm(persistDir, { recursive: true, force: true });
    throw new Error(`${String(error)}\n${log}`);
  }
  let sql: { url: string; close(): Promise<void> };
  try {
    const db = (await worker.mf.getD1Database('DB')) as D1Like;
    await migrate(db);
    await seed(worker);
    sql = await sqlServer(db, randomBytes(16).toString('hex'));
  } catch (error) {
    await worker.stop();
    await rm(persistDir, { recursive: true, force: true });
    throw error;
  }

  project.provide('baseURL', baseURL);
  project.provide('sqlURL', sql.url);
  project.provide('cronToken', cronToken);

  return async () => {
    await sql.close();
    await worker.stop();
    await rm(persistDir, { recursive: true, force: true });
  };
}
