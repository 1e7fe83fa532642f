// Shared by the start, test, bench, soak and load scripts: run commands, find a port, a seeded temporary
// state, SQL on the local D1, a local Worker started, watched and stopped.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Telemetry and the Cloudflare IP lookup both try the network and fail slowly on a closed machine.
export const quietEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: quietEnv, ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}

export function step(title) {
  process.stdout.write(`\n\x1b[1m▸ ${title}\x1b[0m\n`);
}

/** `.dev.vars` holds the local signing secret; created once, never committed. */
export function ensureDevVars(path = '.dev.vars') {
  if (existsSync(path) && /JWT_SECRET=.{32,}/.test(readFileSync(path, 'utf8'))) return false;
  writeFileSync(path, `JWT_SECRET=${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
  return true;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(baseURL, timeoutMs = 60_000, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the Worker did not answer at ${baseURL} within ${timeoutMs / 1000} s`);
}

/** A temporary local state (`--persist-to` directory), migrated and seeded with the demo data; the client built first if needed. */
export async function seededTempState(prefix) {
  if (!existsSync('dist/client/index.html')) {
    step('Building the client');
    await run('npm', ['run', '--silent', 'build']);
  }
  const persist = mkdtempSync(join(tmpdir(), prefix));
  await run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await run('node', ['scripts/seed.mjs', '--persist-to', persist]);
  return persist;
}

/** Runs SQL on the local D1 of a `--persist-to` directory (wrangler dev stopped or not) and returns the rows of the last statement. */
export async function d1(persist, sql) {
  const file = join(persist, `q-${Date.now()}-${Math.random().toString(36).slice(2)}.sql`);
  writeFileSync(file, sql);
  try {
    const out = await new Promise((resolvePromise, reject) => {
      const child = spawn(
        'npx',
        ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persist, '--file', file, '--json', '--yes'],
        { env: quietEnv, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0
          ? resolvePromise(stdout)
          : reject(new Error(`wrangler d1 execute failed (${code}): ${stdout}${stderr}`)),
      );
    });
    const parsed = JSON.parse(out);
    if (!Array.isArray(parsed)) throw new Error(`wrangler d1 execute: ${out}`);
    return parsed[parsed.length - 1]?.results ?? [];
  } finally {
    rmSync(file, { force: true });
  }
}

/**
 * Counts the Worker's logged errors: its one error handler logs every 500 as a JSON line with level
 * "error", including those answered to a client that had already hung up, which no client sees.
 */
export function workerErrorLog() {
  const log = { count: 0, samples: [] };
  log.scan = (chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (!line.includes('"level":"error"')) continue;
      log.count += 1;
      if (log.samples.length < 5) log.samples.push(line.slice(0, 400));
    }
  };
  return log;
}

/** `wrangler dev` on a loopback port over a `--persist-to` state, resolved once /api/health answers; its output goes to `onOutput`. */
export async function startLocalWorker({
  port,
  persist,
  jwtSecret,
  onOutput = () => {},
  timeoutMs = 90_000,
  extraArgs = [],
}) {
  const child = spawn(
    'npx',
    // A free inspector port too: a second Worker on the default 9229 dies at start.
    [
      'wrangler',
      'dev',
      '--port',
      String(port),
      '--inspector-port',
      String(await freePort()),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      persist,
      '--var',
      `JWT_SECRET:${jwtSecret}`,
      '--show-interactive-dev-session=false',
      ...extraArgs,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: quietEnv, detached: true },
  );
  // The last output goes into the error when it never becomes healthy (it can exit at start-up).
  let tail = '';
  const keep = (chunk) => {
    tail = (tail + chunk).slice(-2000);
    onOutput(chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, timeoutMs, child);
  } catch (error) {
    await stopLocalWorker(child);
    throw new Error(`${error.message}; its last output:\n${tail}`);
  }
  return child;
}

/** Stops a Worker started by startLocalWorker (its whole process group): SIGTERM, then SIGKILL after 10 s. */
export async function stopLocalWorker(child) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) signal('SIGKILL');
}

/**
 * The local front of `npm start` and the cron test: forwards every request to the `wrangler dev`
 * on `workerPort`, except wrangler's cron trigger URL. With [assets] configured, this wrangler's
 * runtime hands `/cdn-cgi/handler/scheduled` to its asset router, which has no scheduled handler
 * and answers "exception" without running (or logging) anything; the front instead POSTs the
 * Worker's local-only trigger (worker/index.ts, CRON_TRIGGER_TOKEN), which runs the same jobs and
 * answers "ok" (or "failed: <jobs>" with status 200, since the other jobs ran).
 */
export async function startCronFront({ port, workerPort, token, host = '127.0.0.1' }) {
  const http = await import('node:http');
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    if (url.pathname === '/cdn-cgi/handler/scheduled' || url.pathname === '/__scheduled') {
      try {
        const time = url.searchParams.get('time') ?? '';
        const answer = await fetch(`http://127.0.0.1:${workerPort}/api/__scheduled?time=${encodeURIComponent(time)}`, {
          method: 'POST',
          headers: { 'x-cron-trigger': token },
        });
        if (!answer.ok) throw new Error(`the Worker answered ${answer.status}`);
        const summary = await answer.json();
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(summary.failed.length === 0 ? 'ok' : `failed: ${summary.failed.map((f) => f.job).join(', ')}`);
      } catch (error) {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`scheduled trigger failed: ${error.message}`);
      }
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: workerPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`the local Worker did not answer: ${error.message}`);
    });
    req.pipe(upstream);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}
