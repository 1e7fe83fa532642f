#!/usr/bin/env node
// `npm run bench`: the platform's budgets (bundle sizes, learner API latency against a no-op route), measured from outside the Worker.
//   1. Worker bundle (gzip, minified) < 1 MiB      2. learner first-load JS (gzip) < 100 KB
//   3. main learner calls within 2x a no-op route  4. the same calls stay flat from 10 to 100,000 users
// Options: --quick (skip the 100,000-user step), --requests N (default 150 per route).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { freePort, quietEnv, run, step, waitForHealth } from './lib.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const requests = Number(args[args.indexOf('--requests') + 1]) || 150;
const results = [];
const record = (name, value, budget, ok) => results.push({ name, value, budget, ok });
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function gzipSizeOf(files) {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0);
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

if (!existsSync('dist/client/index.html')) {
  step('Building the client');
  await run('npm', ['run', '--silent', 'build']);
}

step('Worker bundle (wrangler deploy --dry-run --minify)');
const bundleDir = mkdtempSync(join(tmpdir(), 'ehs-bundle-'));
await run('npx', ['wrangler', 'deploy', '--dry-run', '--minify', '--outdir', bundleDir], { stdio: ['ignore', 'ignore', 'inherit'] });
const workerGzip = gzipSizeOf(walk(bundleDir).filter((f) => /\.(m?js|wasm)$/.test(f)));
record('Worker bundle, gzip', kb(workerGzip), '< 1024 KB', workerGzip < 1024 * 1024);
rmSync(bundleDir, { recursive: true, force: true });

step('Learner first-load JavaScript');
const html = readFileSync('dist/client/index.html', 'utf8');
const entryFiles = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => join('dist/client', m[1]));
const firstLoad = gzipSizeOf(entryFiles);
record('Learner first-load JS, gzip', kb(firstLoad), '< 100 KB', firstLoad < 100 * 1024);

step('Starting a local Worker with demo data');
const persist = mkdtempSync(join(tmpdir(), 'ehs-bench-'));
await run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist], { stdio: ['ignore', 'ignore', 'inherit'] });
await run('node', ['scripts/seed.mjs', '--persist-to', persist]);

async function startWorker() {
  const port = await freePort();
  const child = spawn('npx', ['wrangler', 'dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', persist, '--var', `JWT_SECRET:bench-${'x'.repeat(40)}`, '--show-interactive-dev-session=false'], {
    stdio: 'ignore',
    env: quietEnv,
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, 90_000, child);
  return { base, stop: () => process.kill(-child.pid, 'SIGTERM') };
}

async function measure(base) {
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'learner', password: 'Learner#2026demo' }) });
  const { token } = await login.json();
  const headers = { authorization: `Bearer ${token}` };
  const list = await (await fetch(`${base}/api/v2/user/courses`, { headers })).json();
  const courseId = list.courses?.[0]?.id;
  const routes = {
    'no-op (/api/health)': '/api/health',
    'course list': '/api/v2/user/courses',
    'course detail': `/api/v2/user/courses/${courseId}`,
    'progress list': '/api/v2/user/progress/courses',
    'course progress': `/api/v2/user/progress/courses/${courseId}`,
    'reports': '/api/v2/user/reports',
  };
  const medians = {};
  for (const [name, path] of Object.entries(routes)) {
    const times = [];
    for (let i = 0; i < requests + 10; i++) {
      const t0 = performance.now();
      const response = await fetch(`${base}${path}`, { headers });
      await response.arrayBuffer();
      if (i >= 10) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    medians[name] = { median: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)] };
  }
  return medians;
}

let worker = await startWorker();
step(`Latency, ${requests} sequential requests per route (demo data)`);
const small = await measure(worker.base);
const noop = small['no-op (/api/health)'].median;
for (const [name, { median, p95 }] of Object.entries(small)) {
  if (name.startsWith('no-op')) {
    record(`${name} median / p95`, `${median.toFixed(2)} / ${p95.toFixed(2)} ms`, 'baseline', true);
  } else {
    record(`${name} median / p95`, `${median.toFixed(2)} / ${p95.toFixed(2)} ms (${(median / noop).toFixed(2)}x no-op)`, '≤ 2x no-op', median <= 2 * noop);
  }
}

if (!quick) {
  worker.stop();
  step('Adding 100,000 learners with enrollments (SQL, local D1)');
  const sqlFile = join(persist, 'scale.sql');
  writeFileSync(
    sqlFile,
    `INSERT INTO users (id, username, email, password_hash, role)
       WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 100000)
       SELECT 'bench-' || x, 'bench' || x, 'bench' || x || '@example.test', 'pbkdf2$sha256$100000$AAAA$AAAA', 'USER' FROM n;
     INSERT INTO user_domains (user_id, domain_id)
       SELECT u.id, (SELECT id FROM domains ORDER BY name LIMIT 1) FROM users u WHERE u.id LIKE 'bench-%';
     INSERT INTO course_progress (id, user_id, course_id, status, overall_progress)
       SELECT 'bp-' || u.id, u.id, (SELECT id FROM courses WHERE status = 'PUBLISHED' ORDER BY title LIMIT 1), 'IN_PROGRESS', 20
       FROM users u WHERE u.id LIKE 'bench-%';`,
  );
  await run('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persist, '--file', sqlFile, '--yes'], { stdio: ['ignore', 'ignore', 'inherit'] });
  worker = await startWorker();
  step('Latency with 100,000 more learners');
  const large = await measure(worker.base);
  for (const [name, { median }] of Object.entries(large)) {
    if (name.startsWith('no-op')) continue;
    const ratio = median / small[name].median;
    record(`${name} at 100k users`, `${median.toFixed(2)} ms (${ratio.toFixed(2)}x small)`, '≤ 2x small', ratio <= 2);
  }
}
worker.stop();

// Compliance at organisation scale: 10,000 learners in one book, 20 required courses, 20,000
// certificates spread over every status (valid, expiring, expired).
step('Adding 10,000 learners x 20 requirements and 20,000 certificates (SQL, local D1)');
const complianceSql = join(persist, 'compliance.sql');
writeFileSync(
  complianceSql,
  `INSERT INTO domains (id, name) VALUES ('cbook', 'Compliance bench book');
   INSERT INTO courses (id, title, domain_id, status, certificate_validity_days)
     WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 20)
     SELECT 'ccourse-' || x, 'Required course ' || x, 'cbook', 'PUBLISHED', 365 FROM n;
   INSERT INTO requirements (id, course_id, domain_id, due_within_days, due_soon_days, active_from)
     SELECT 'creq-' || substr(id, 9), id, 'cbook', 30, 30, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-100 days') FROM courses WHERE id LIKE 'ccourse-%';
   INSERT INTO users (id, username, email, password_hash, role, first_name, last_name, department)
     WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 10000)
     SELECT 'cuser-' || x, 'cuser' || x, 'cuser' || x || '@example.test', 'pbkdf2$sha256$100000$AAAA$AAAA', 'USER', 'Worker', 'No ' || x, CASE x % 4 WHEN 0 THEN 'Warehouse' WHEN 1 THEN 'Maintenance' WHEN 2 THEN 'Logistics' ELSE 'Office' END FROM n;
   INSERT INTO user_domains (user_id, domain_id, created_at)
     SELECT id, 'cbook', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-200 days') FROM users WHERE id LIKE 'cuser-%';
   INSERT INTO certificates (id, certificate_number, user_id, course_id, user_name, course_name, issued_at, expires_at)
     WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 20000)
     SELECT 'ccert-' || x, 'CERT-2026-B' || printf('%05d', x), 'cuser-' || (1 + (x - 1) % 10000), 'ccourse-' || (1 + (x - 1) / 10000 + 2 * (x % 9)),
       'Worker', 'Required course', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (x % 400) || ' days'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (x % 400) || ' days', '+365 days')
     FROM n;`,
);
await run('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persist, '--file', complianceSql, '--yes'], { stdio: ['ignore', 'ignore', 'inherit'] });
worker = await startWorker();
{
  const base = worker.base;
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'Admin#2026demo' }) });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const timed = async (path, count) => {
    const times = [];
    for (let i = 0; i < count + 3; i++) {
      const t0 = performance.now();
      const response = await fetch(`${base}${path}`, { headers });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      if (i >= 3) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)];
  };
  const complianceRequests = Math.max(10, Math.round(requests / 5));
  const noopNow = await timed('/api/health', complianceRequests);
  step(`Compliance matrix and summary, ${complianceRequests} requests each`);
  for (const [name, path] of [
    ['compliance matrix page (size 50) + summary', '/api/v2/admin/compliance?bookId=cbook&size=50'],
    ['compliance matrix, status filter overdue', '/api/v2/admin/compliance?bookId=cbook&size=50&status=overdue'],
  ]) {
    const median = await timed(path, complianceRequests);
    record(`${name} median`, `${median.toFixed(2)} ms (${(median / noopNow).toFixed(2)}x no-op)`, '≤ 3x no-op', median <= 3 * noopNow);
  }
  const t0 = performance.now();
  const response = await fetch(`${base}/api/v2/admin/compliance/export.csv?bookId=cbook`, { headers });
  const reader = response.body.getReader();
  let first = null;
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    first ??= performance.now() - t0;
    bytes += value.byteLength;
    for (const b of value) if (b === 10) lines += 1;
  }
  const total = performance.now() - t0;
  record('compliance CSV export (200,000 cells)', `${lines - 1} rows, ${kb(bytes)}, first bytes after ${first.toFixed(0)} ms, all after ${(total / 1000).toFixed(1)} s`, 'streams', lines - 1 === 200_000 && first < total / 2);
}
worker.stop();
rmSync(persist, { recursive: true, force: true });

console.log('\n| measure | value | budget | ok |\n| --- | --- | --- | --- |');
for (const r of results) console.log(`| ${r.name} | ${r.value} | ${r.budget} | ${r.ok ? 'yes' : 'OVER'} |`);
console.log('\nCPU time per call is not visible from outside workerd locally; latency on loopback bounds it from above.');
process.exit(0);
