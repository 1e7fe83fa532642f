#!/usr/bin/env node
// `npm run soak`: mixed load and faults against a local Worker (workerd through Miniflare, in this process, loopback
//   only), then invariants checked in D1.
//   load (autocannon): sign-ins, course browsing, enrolment, assessment start + autosaves + submits, material
//   progress, admin lists and uploads, certificate verification (JSON and page)
//   faults: aborted uploads, dropped connections, a Worker restart half-way
//   invariants: every submitted attempt graded (and accepted once), no attempt over its limit, no component
//   progress past a locked component, no stored object without a row naming it (SCORM files and captions included)
// Options: --minutes N (default 10; 1 for a quick check), --learners N (connections, default 6).
// Exits non-zero on any 5xx or broken invariant. Not part of `npm test`.
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { startWorker as startBenchWorker } from './bench/harness.mjs';
import { d1 as d1At, freePort, seededTempState, step, workerErrorLog } from './lib.mjs';
import { faultInjector, sleep } from './soak/faults.mjs';
import { checkInvariants } from './soak/invariants.mjs';
import {
  acceptedSubmits,
  adminRequests,
  learnerRequests,
  SOAK_LEARNERS,
  tally,
  verifyRequestsFor,
} from './soak/requests.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const minutes = option('--minutes', 10);
const learnerConnections = option('--learners', 6);
if (!(minutes > 0) || !(learnerConnections > 0)) {
  console.error('usage: npm run soak -- [--minutes N] [--learners N]');
  process.exit(2);
}
const seconds = Math.round(minutes * 60);
const JWT_SECRET = `soak-${'s'.repeat(40)}`;

// ---------------------------------------------------------------------------------------------
// A seeded temporary state and a Worker on a free loopback port

step('Seeding a temporary local state');
const persist = await seededTempState('ehs-soak-');
const d1 = (sql) => d1At(persist, sql);

// More learners than the demo's five, so assessments do not run out of attempts in the first minute:
// copies of `learner` (same password hash and books), each a connection's own account per loop.
await d1(`
  INSERT INTO users (id, username, email, password_hash, role, first_name, last_name)
    WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ${SOAK_LEARNERS})
    SELECT 'soak-' || x, 'soak' || x, 'soak' || x || '@example.test', u.password_hash, 'USER', 'Soak', 'Learner ' || x
    FROM n, users u WHERE u.username = 'learner';
  INSERT INTO user_domains (user_id, domain_id)
    SELECT 'soak-' || n.x, ud.domain_id
    FROM (WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ${SOAK_LEARNERS}) SELECT x FROM n) n,
         user_domains ud JOIN users u ON u.id = ud.user_id WHERE u.username = 'learner';
`);
const certificateNumbers = (await d1('SELECT certificate_number AS n FROM certificates')).map((r) => r.n);

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let worker = null;
let restarts = 0;
const workerErrors = workerErrorLog();
// The deploy bundle in workerd, restarted on the same port half-way (the faults connect to that port).
const startWorker = () =>
  startBenchWorker(persist, { port, bindings: { JWT_SECRET }, onLog: (_level, message) => workerErrors.scan(message) });
const stopWorker = (running) => running?.stop();

const cleanup = async () => {
  await stopWorker(worker);
  rmSync(persist, { recursive: true, force: true });
};
process.on('SIGINT', async () => {
  await cleanup();
  process.exit(130);
});

step(`Starting the Worker on ${base}`);
worker = await startWorker();

// ---------------------------------------------------------------------------------------------
// Load: the request loops of soak/requests.mjs, run by autocannon for the whole duration

function load(name, requests, connections, role) {
  return new Promise((resolvePromise, reject) => {
    const instance = autocannon(
      { url: base, connections, duration: seconds, requests, timeout: 30, initialContext: { role } },
      (error, result) => (error ? reject(error) : resolvePromise({ name, result })),
    );
    instance.on('error', () => {});
  });
}

// ---------------------------------------------------------------------------------------------
// Faults: soak/faults.mjs

const { faults, start: faultLoop, stop: stopFaults, getAdminToken } = faultInjector({ port, base });

// ---------------------------------------------------------------------------------------------
// Run

step(
  `Load for ${minutes} min: ${learnerConnections} learner, 1 admin and 1 inspector connections, faults, a restart half-way`,
);
const started = Date.now();
const faultTask = faultLoop();
const restartTask = (async () => {
  await sleep((seconds * 1000) / 2);
  const t0 = Date.now();
  await stopWorker(worker);
  worker = await startWorker();
  restarts += 1;
  console.log(`  the Worker restarted in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await getAdminToken();
})();
const results = await Promise.all([
  load('learners', learnerRequests, learnerConnections, 'learner'),
  load('admin', adminRequests, 1, 'admin'),
  load('inspectors', verifyRequestsFor(certificateNumbers), 1, 'inspector'),
]);
stopFaults();
await Promise.all([faultTask, restartTask]);
const elapsed = (Date.now() - started) / 1000;

// Requests after the load: the Worker still answers, and a 5xx would show here too.
const health = await fetch(`${base}/api/health`)
  .then((r) => r.status)
  .catch(() => 0);
await stopWorker(worker);

// ---------------------------------------------------------------------------------------------
// Invariants, read straight from D1

step('Checking invariants in D1');
const invariants = [];
const check = (name, violations, detail) => invariants.push({ name, violations, detail });

const { totals, objectKeys } = await checkInvariants({ d1, persist, acceptedSubmits, check });

// ---------------------------------------------------------------------------------------------
// Report

const statuses = new Set();
for (const row of tally.values()) for (const s of row.keys()) statuses.add(s);
const columns = [...statuses].sort((a, b) => a - b);
console.log(
  `\n| request | ${columns.join(' | ')} | total |\n| --- | ${columns.map(() => '---:').join(' | ')} | ---: |`,
);
let fiveHundreds = 0;
let total = 0;
for (const [name, row] of [...tally.entries()].sort()) {
  const sum = [...row.values()].reduce((a, b) => a + b, 0);
  total += sum;
  for (const [s, n] of row) if (s >= 500) fiveHundreds += n;
  console.log(`| ${name} | ${columns.map((s) => row.get(s) ?? 0).join(' | ')} | ${sum} |`);
}
console.log(
  `\n${total} answered requests in ${elapsed.toFixed(0)} s (${(total / elapsed).toFixed(1)}/s); Worker restarts: ${restarts}; health after load: ${health}`,
);
for (const { name, result } of results) {
  console.log(
    `  ${name}: ${result.requests.total} requests, latency p50 ${result.latency.p50} ms / p99 ${result.latency.p99} ms, errors ${result.errors} (timeouts ${result.timeouts}), non-2xx ${result.non2xx}`,
  );
}
console.log(
  `  errors logged by the Worker (500s, seen or not): ${workerErrors.count}${workerErrors.samples.length ? `\n    ${workerErrors.samples.join('\n    ')}` : ''}`,
);
console.log(
  `  faults: ${Object.entries(faults)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ')}`,
);
console.log(`  D1 after: ${JSON.stringify(totals)}; stored objects: ${objectKeys.length}`);
console.log('\n| invariant | violations |\n| --- | ---: |');
for (const i of invariants) console.log(`| ${i.name} | ${i.violations} |`);
for (const i of invariants.filter((x) => x.violations > 0)) console.log(`  ${i.name}: ${JSON.stringify(i.detail)}`);

const failed = fiveHundreds > 0 || workerErrors.count > 0 || invariants.some((i) => i.violations > 0) || health !== 200;
console.log(
  `\nsoak: ${fiveHundreds} responses 5xx, ${workerErrors.count} Worker errors logged, ${invariants.filter((i) => i.violations > 0).length} broken invariants: ${failed ? 'FAILED' : 'passed'}`,
);
rmSync(persist, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
