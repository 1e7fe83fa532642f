// What every bench step shares: a local Worker (workerd through Miniflare, in this process) on a
// persisted D1/R2, sign-in, timing from outside the Worker, and the one results table. Steps live
// beside this file and export `default (ctx)`.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { run, step, waitForHealth } from '../lib.mjs';

export { run, step };

/** The Worker's secret in the bench (a step that signs what the Worker signs, a badge id, needs it). */
export const BENCH_SECRET = `bench-${'x'.repeat(40)}`;

let built;
/**
 * The Worker as `wrangler deploy` uploads it (minified: wrangler.toml), bundled once per run by that
 * same command with `--dry-run --outdir`: the bench sizes these files and runs them, so the figure
 * is the upload's and the timings are its code's. `upload` is wrangler's own gzip figure for it.
 */
export function workerBuild() {
  built ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ehs-bench-worker-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const log = join(dir, 'dry-run.log');
    const out = openSync(log, 'w');
    try {
      await run('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', join(dir, 'out')], {
        stdio: ['ignore', out, 'inherit'],
      });
    } finally {
      closeSync(out);
    }
    const upload = /Total Upload: .*gzip: ([\d.]+ KiB)/.exec(readFileSync(log, 'utf8'))?.[1] ?? 'not printed';
    return { dir: join(dir, 'out'), scriptPath: join(dir, 'out', 'index.js'), upload };
  })();
  return built;
}

/**
 * Runs the Worker on `persist` (migrated, seeded) in workerd through Miniflare, in this process:
 * requests go straight to workerd's own socket, not through `wrangler dev`'s Node proxy, so the
 * timings are the runtime's (the proxy added its own latency and dropped requests under load).
 * Bindings, assets and compatibility come from wrangler.toml as wrangler reads it, and the state
 * sits where `wrangler d1 execute --persist-to` and the seed write it (`<persist>/v3`).
 * `stop()` ends it. The browser journeys run on it too (test/e2e/global-setup.ts), with their own
 * `bindings`, a fixed `port` (PUBLIC_URL names it) and the runtime's output kept off the test log; `port` 0
 * takes a free one; `onLog` gets each line the Worker logs (with its level: the load and soak runs count errors).
 */
export async function startWorker(persist, { bindings = {}, port = 0, onLog, handleRuntimeStdio } = {}) {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(resolve('wrangler.toml'));
  const { scriptPath } = await workerBuild();
  const mf = new Miniflare({
    ...workerOptions,
    name: 'ehs-training',
    modules: true,
    scriptPath,
    // Module names are paths relative to this root; the bundle lives in a temporary directory.
    modulesRoot: dirname(scriptPath),
    bindings: { ...workerOptions.bindings, JWT_SECRET: BENCH_SECRET, ...bindings },
    host: '127.0.0.1',
    port,
    defaultPersistRoot: join(persist, 'v3'),
    ...(handleRuntimeStdio ? { handleRuntimeStdio } : {}),
    // The Worker logs one JSON line per event; the load and soak runs count its errors.
    ...(onLog
      ? {
          handleStructuredLogs: ({ level, message }) => {
            onLog(level, message);
          },
        }
      : {}),
  });
  const base = (await mf.ready).origin;
  await waitForHealth(base, 90_000);
  return { base, mf, stop: () => mf.dispose() };
}

/** Runs one SQL file against the local D1 in `persist` (the Worker must not be running). */
export function executeSql(persist, file) {
  return run('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persist, '--file', file, '--yes'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function signIn(base, username, password) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${username}: ${response.status} ${await response.text()}`);
  const { token } = await response.json();
  return { authorization: `Bearer ${token}` };
}

const pick = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];

/**
 * Median and p95 of `count` sequential calls (after `warmup` unmeasured ones). `request(i)` answers
 * `{ path, init }`, or a path for a GET; a non-2xx answer stops the bench (a budget met by an error page is no budget).
 */
export async function timed(base, request, { headers = {}, count = 150, warmup = 10 } = {}) {
  const times = [];
  for (let i = 0; i < count + warmup; i++) {
    const r = typeof request === 'function' ? request(i) : request;
    const { path, init = {} } = typeof r === 'string' ? { path: r } : r;
    const t0 = performance.now();
    const response = await fetch(`${base}${path}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
    await response.arrayBuffer();
    const elapsed = performance.now() - t0;
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status}`);
    if (i >= warmup) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return { median: pick(times, 0.5), p95: pick(times, 0.95) };
}

/** The middle value of a list of timings. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export const ms = (value) => `${value.toFixed(2)} ms`;
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** When a figure was measured (UTC, to the minute): every row of the table carries its own (issue 31 item 8). */
const measuredAt = () => `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The results table: every figure with its budget, its ratio where the budget is one, and whether it is met. */
export function createResults() {
  const rows = [];
  return {
    rows,
    /** `limit` is the largest ratio allowed; `ratio` the measured one (both optional). */
    record(name, value, budget, ok, ratio) {
      rows.push({ name, value, budget, ok, ratio, at: measuredAt() });
    },
    ratio(name, value, base, limit, baseName) {
      const r = value / base;
      rows.push({
        name,
        value: ms(value),
        budget: `≤ ${limit}x ${baseName}`,
        ratio: `${r.toFixed(2)}x`,
        ok: r <= limit,
        at: measuredAt(),
      });
    },
    print() {
      console.log('\n| measure | value | budget | ratio | ok | measured |\n| --- | --- | --- | --- | --- | --- |');
      for (const r of rows)
        console.log(`| ${r.name} | ${r.value} | ${r.budget} | ${r.ratio ?? ''} | ${r.ok ? 'yes' : 'OVER'} | ${r.at} |`);
    },
    missed: () => rows.filter((r) => !r.ok),
  };
}
