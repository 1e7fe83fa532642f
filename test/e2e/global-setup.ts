import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';

/*
 * Browser journeys run against the real Worker: `wrangler dev` serving the built client
 * (dist/client) and the API, on a fresh local D1 + R2 in a temp dir, migrated and seeded.
 * The build is not done here: `npm run build` runs before the tests.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** wrangler's --persist-to directory of the running Worker (for test/e2e/server.ts d1()). */
    persistDir: string;
    /** The Worker's local-only cron trigger token (test/e2e/server.ts fireCron(), as `npm start`'s front sends it). */
    cronToken: string;
  }
}

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
// Telemetry and the Cloudflare IP lookup both try the network and fail slowly on a closed machine.
const quietEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

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

function run(command: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: root, env: quietEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} exited with ${code}\n${output}`)),
    );
  });
}

async function waitForHealth(
  baseURL: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}\n${log()}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the Worker did not answer ${baseURL}/api/health within ${timeoutMs / 1000} s\n${log()}`);
}

/** Seeds through getPlatformProxy on the same files: --persist-to D is persist path D/v3. */
async function seedIfAvailable(persistDir: string): Promise<void> {
  const seedModule = join(root, 'scripts/seed/index.mjs');
  if (!existsSync(seedModule)) return;
  const { seed } = (await import(pathToFileURL(seedModule).href)) as {
    seed: (env: { DB: unknown; FILES: unknown }) => Promise<unknown>;
  };
  const { getPlatformProxy } = await import('wrangler');
  const proxy = await getPlatformProxy<{ DB: unknown; FILES: unknown }>({
    configPath: join(root, 'wrangler.toml'),
    persist: { path: join(persistDir, 'v3') },
    remoteBindings: false,
  });
  try {
    await seed({ DB: proxy.env.DB, FILES: proxy.env.FILES });
  } finally {
    await proxy.dispose();
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.pid === undefined) return done();
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    try {
      // The group: npx, wrangler and workerd all go.
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      clearTimeout(timer);
      done();
    }
  });
}

export default async function setup(project: TestProject) {
  if (!existsSync(join(root, 'dist/client/index.html'))) {
    throw new Error('dist/client is missing: run `npm run build` before the browser tests.');
  }
  const persistDir = await mkdtemp(join(tmpdir(), 'ehs-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;

  await run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistDir]);
  await seedIfAvailable(persistDir);

  let log = '';
  const cronToken = `cron-${randomBytes(16).toString('hex')}`;
  const child = spawn(
    'npx',
    [
      'wrangler',
      'dev',
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      persistDir,
      '--show-interactive-dev-session=false',
      // Not the default 9229: the two halves of the browser run (scripts/test.mjs), and a developer's
      // own `npm start`, each run a Worker, and a second one on 9229 dies at start.
      '--inspector-port',
      String(await freePort()),
      // .dev.vars may not exist (CI): the signing secret comes from here instead.
      '--var',
      `JWT_SECRET:${randomBytes(32).toString('base64url')}`,
      '--var',
      `PUBLIC_URL:${baseURL}`,
      '--var',
      `CRON_TRIGGER_TOKEN:${cronToken}`,
    ],
    { cwd: root, env: quietEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);

  try {
    await waitForHealth(baseURL, child, () => log);
  } catch (error) {
    await stop(child);
    await rm(persistDir, { recursive: true, force: true });
    throw error;
  }

  project.provide('baseURL', baseURL);
  project.provide('persistDir', persistDir);
  project.provide('cronToken', cronToken);

  return async () => {
    await stop(child);
    await rm(persistDir, { recursive: true, force: true });
  };
}
