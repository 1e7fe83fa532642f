#!/usr/bin/env node
// `npm run load`: a synchronized start of one timed assessment against a local `wrangler dev` (loopback only).
//   setup (SQL, not the API): N learners with one real PBKDF2 hash, enrolled in the PASS course, its pre-assessment
//   and materials completed, so the timed final assessment is unlocked for every one of them
//   login: every learner signs in before the timed phase, a few at a time (PBKDF2 is the cost, not D1)
//   start: all N POST start at once, one connection each (and a second tab for every 10th learner)
//   autosave: two autosaves per learner, then submit, each over --answer-connections connections (learners work
//   at their own pace; `wrangler dev`'s own proxy drops requests when thousands arrive at once, see the README)
//   check: D1 read directly: one attempt per learner, submitted, answers, score, progress and certificates exactly
//   as expected from each learner's deterministic answers
// Load: autocannon, one run per step, each connection one learner (setupRequest takes the next learner's token).
// Options: --learners N (default 2000), --login-connections N (default 4), --answer-connections N (default 50),
// --max-minutes N (hard limit, default 30).
// Exits non-zero on any 5xx, any request not answered 200, any Worker error logged, or any failed check.
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { workerBuild } from './bench/harness.mjs';
import { hashPassword } from './seed/password.mjs';
import { checkD1 } from './load/checks.mjs';
import { answerKey, learnersSql } from './load/learners.mjs';
import { json, stepRunner } from './load/steps.mjs';
import {
  d1 as d1At,
  freePort,
  seededTempState,
  startLocalWorker,
  step,
  stopLocalWorker,
  workerErrorLog,
} from './lib.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const LEARNERS = option('--learners', 2000);
const LOGIN_CONNECTIONS = option('--login-connections', 4);
const ANSWER_CONNECTIONS = option('--answer-connections', 50);
const MAX_MINUTES = option('--max-minutes', 30);
if (
  ![LEARNERS, LOGIN_CONNECTIONS, ANSWER_CONNECTIONS, MAX_MINUTES].every((n) => Number.isInteger(n) && n > 0) ||
  LEARNERS > 10_000
) {
  console.error(
    'usage: npm run load -- [--learners N (1-10000)] [--login-connections N] [--answer-connections N] [--max-minutes N]',
  );
  process.exit(2);
}
const PASSWORD = 'Learner#2026demo';
const COURSE_TITLE = 'Fire Extinguisher Use: The PASS Technique';
const JWT_SECRET = `load-${'l'.repeat(40)}`;
/** Every 10th learner starts from two tabs at once: still one attempt. */
const SECOND_TAB_EVERY = 10;
/** A request waits this long before autocannon counts it as timed out: on one local isolate and one local D1, 2,000 starts queue for minutes. */
const REQUEST_TIMEOUT_S = 600;

const startedAt = performance.now();
let persist = null;
let worker = null;
const cleanup = async () => {
  await stopLocalWorker(worker);
  if (persist) rmSync(persist, { recursive: true, force: true });
};
// Bounded: whatever happens, the run ends within --max-minutes.
const hardLimit = setTimeout(async () => {
  console.error(`\nload: hard time limit of ${MAX_MINUTES} min reached: FAILED`);
  await cleanup();
  process.exit(1);
}, MAX_MINUTES * 60_000);
process.on('SIGINT', async () => {
  await cleanup();
  process.exit(130);
});
// A crash (an error thrown at the top level) still stops the Worker and removes the temporary state.
process.on('exit', () => {
  if (worker && worker.exitCode === null) {
    try {
      process.kill(-worker.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  if (persist) rmSync(persist, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// A seeded temporary state, N learners ready for the timed assessment

step('Seeding a temporary local state');
persist = await seededTempState('ehs-load-');
const d1 = (sql) => d1At(persist, sql);
const q = (value) => `'${String(value).replaceAll("'", "''")}'`;

const course = (
  await d1(`SELECT id, domain_id FROM courses WHERE title = ${q(COURSE_TITLE)} AND status = 'PUBLISHED'`)
)[0];
if (!course) throw new Error(`the demo course "${COURSE_TITLE}" is missing`);
const parts = await d1(
  `SELECT id, type, data FROM course_components WHERE course_id = ${q(course.id)} ORDER BY order_index`,
);
const target = parts[parts.length - 1];
if (target?.type !== 'POST_ASSESSMENT') throw new Error('the demo course does not end with its final assessment');
const prior = parts.slice(0, -1);
const assessment = JSON.parse(target.data);
const questions = assessment.questions;
if (!(assessment.timeLimit > 0) || questions.length < 3)
  throw new Error('the final assessment is not timed or has too few questions');

const { expectedFor, half, pickAnswers } = answerKey(assessment);

const learners = Array.from({ length: LEARNERS }, (_, n) => {
  const i = n + 1;
  return { i, id: `load-${i}`, username: `load${i}`, token: null, attemptId: null, ...expectedFor(i) };
});

step(`Creating ${LEARNERS} learners in SQL, enrolled in "${COURSE_TITLE}" with its final assessment unlocked`);
// One real hash for everyone: the sign-ins below pay the full PBKDF2 cost, the setup does not.
const hash = await hashPassword(PASSWORD);
const now = new Date().toISOString();
await d1(learnersSql({ count: LEARNERS, hash, now, course, prior, target, q }));

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const workerErrors = workerErrorLog();
step(`Starting the Worker on ${base}`);
// wrangler's own notices (a reload answers requests in flight with its own 503) are kept for the report.
const workerNotices = [];
const onOutput = (chunk) => {
  workerErrors.scan(chunk);
  for (const line of String(chunk).split('\n'))
    if (/reload|restart|✘|error/i.test(line) && workerNotices.length < 10) workerNotices.push(line.slice(0, 300));
};
// A frozen copy: `wrangler dev` reloads the Worker (and fails every request in flight) when a bundled source file,
// anything under dist/client or wrangler.toml changes, and the checkout may be built or merged during a run. So it
// runs the deploy bundle (`wrangler deploy --dry-run`, as the bench does) from a temporary directory, without
// bundling, with a copy of the client as its assets: nothing it watches changes under it.
const { dir: bundleDir } = await workerBuild();
const assetsCopy = join(dirname(bundleDir), 'client');
cpSync('dist/client', assetsCopy, { recursive: true });
// No per-request log line: each is a call from the local runtime back to wrangler's Node process.
worker = await startLocalWorker({
  port,
  persist,
  jwtSecret: JWT_SECRET,
  onOutput,
  // `--config`: with a script path wrangler looks for its config beside the script.
  extraArgs: [
    '--log-level',
    'warn',
    '--config',
    join(process.cwd(), 'wrangler.toml'),
    join(bundleDir, 'index.js'),
    '--no-bundle',
    '--assets',
    assetsCopy,
  ],
});

// ---------------------------------------------------------------------------------------------
// One autocannon run per step; each connection serves one learner taken from a queue

const stats = [];
const runStep = stepRunner({ base, requestTimeoutS: REQUEST_TIMEOUT_S, stats });

// ---------------------------------------------------------------------------------------------
// Run

step(`Signing in ${LEARNERS} learners, ${LOGIN_CONNECTIONS} at a time`);
await runStep('login', {
  queue: learners,
  connections: Math.min(LOGIN_CONNECTIONS, LEARNERS),
  build: (l) => ({ method: 'POST', path: '/api/auth/login', body: { username: l.username, password: PASSWORD } }),
  after: (l, status, body) => {
    if (status === 200) l.token = json(body)?.token ?? null;
  },
});
const signedIn = learners.filter((l) => l.token);
if (signedIn.length !== LEARNERS)
  console.log(`  ${LEARNERS - signedIn.length} learners could not sign in; they are left out of the timed phase`);

step(
  `Timed phase: ${signedIn.length} learners start at once (every ${SECOND_TAB_EVERY}th from two tabs), autosave twice, submit`,
);
// The second tab sits right after the first in the queue, so both requests leave together.
const startQueue = signedIn.flatMap((l) => (l.i % SECOND_TAB_EVERY === 0 ? [l, l] : [l]));
const startAnswers = new Map(); // learner id -> attempt ids answered
const badStarts = [];
await runStep('start', {
  queue: startQueue,
  connections: startQueue.length,
  build: () => ({ method: 'POST', path: `/api/v2/user/assessments/${target.id}/start` }),
  after: (l, status, body) => {
    if (status !== 200) return;
    const answer = json(body);
    const served = new Set((answer?.questions ?? []).map((x) => x.id));
    if (served.size !== questions.length || !questions.every((x) => served.has(x.id))) badStarts.push(l.id);
    startAnswers.set(l.id, [...(startAnswers.get(l.id) ?? []), answer?.attemptId]);
    l.attemptId ??= answer?.attemptId ?? null;
  },
});
const started = signedIn.filter((l) => l.attemptId);
for (const [name, from, to] of [
  ['autosave 1', 0, half],
  ['autosave 2', half, questions.length - 1],
]) {
  await runStep(name, {
    queue: started,
    connections: ANSWER_CONNECTIONS,
    build: (l) => ({
      method: 'PUT',
      path: `/api/v2/user/assessments/attempts/${l.attemptId}/answers`,
      body: { answers: pickAnswers(l.answers, from, to) },
    }),
  });
}
const submitted = new Map(); // learner id -> result
await runStep('submit', {
  queue: started,
  connections: ANSWER_CONNECTIONS,
  build: (l) => ({
    method: 'POST',
    path: `/api/v2/user/assessments/attempts/${l.attemptId}/submit`,
    body: { answers: pickAnswers(l.answers, questions.length - 1, questions.length) },
  }),
  after: (l, status, body) => {
    if (status === 200) submitted.set(l.id, json(body));
  },
});
const health = await fetch(`${base}/api/health`)
  .then((r) => r.status)
  .catch(() => 0);
await stopLocalWorker(worker);
worker = null;

// ---------------------------------------------------------------------------------------------
// Checks, read straight from D1

step('Checking D1');
const checks = [];
const check = (name, failures, sample = []) => checks.push({ name, failures, sample: sample.slice(0, 3) });
const { totals, expectedCertificates } = await checkD1({
  d1,
  q,
  check,
  learners,
  course,
  target,
  parts,
  startAnswers,
  badStarts,
  submitted,
});

// ---------------------------------------------------------------------------------------------
// Report

const expectedRequests = {
  login: LEARNERS,
  start: startQueue.length,
  'autosave 1': started.length,
  'autosave 2': started.length,
  submit: started.length,
};
let fiveHundreds = 0;
let notOk = 0;
console.log(
  '\n| step | requests | 200 | 4xx | 5xx | errors | p50 ms | p95 ms | max ms | sent within s | step wall s |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const s of stats) {
  const sum = (test) => [...s.statuses].filter(([code]) => test(code)).reduce((a, [, n]) => a + n, 0);
  const ok = s.statuses.get(200) ?? 0;
  fiveHundreds += sum((c) => c >= 500);
  notOk += expectedRequests[s.name] - ok;
  console.log(
    `| ${s.name} | ${s.requests} | ${ok} | ${sum((c) => c >= 400 && c < 500)} | ${sum((c) => c >= 500)} | ${s.errors} | ${s.p50} | ${s.p95} | ${s.max} | ${s.sentWithin.toFixed(2)} | ${s.wall.toFixed(1)} |`,
  );
}
check('every request answered 200 (none 4xx, 5xx, timed out or unanswered)', notOk, []);
check(
  'no 5xx, no error logged by the Worker, health after the run',
  fiveHundreds + workerErrors.count + (health === 200 ? 0 : 1),
  workerErrors.samples,
);
console.log(
  `\n${LEARNERS} learners, ${questions.length} questions, ${expectedCertificates} expected passes; D1 after: ${JSON.stringify(totals)}`,
);
console.log('\n| check | failures |\n| --- | ---: |');
for (const c of checks) console.log(`| ${c.name} | ${c.failures} |`);
for (const c of checks.filter((x) => x.failures > 0 && x.sample.length))
  console.log(`  ${c.name}: ${JSON.stringify(c.sample)}`);
for (const s of stats.filter((x) => x.samples?.length))
  console.log(`  ${s.name} answers other than 200: ${JSON.stringify(s.samples)}`);
if (workerNotices.length) console.log(`  wrangler dev said:\n    ${workerNotices.join('\n    ')}`);

const failed = checks.some((c) => c.failures > 0);
const minutes = (performance.now() - startedAt) / 60_000;
console.log(
  `\nload: ${fiveHundreds} responses 5xx, ${workerErrors.count} Worker errors logged, ${checks.filter((c) => c.failures > 0).length} failed checks in ${minutes.toFixed(1)} min: ${failed ? 'FAILED' : 'passed'}`,
);
clearTimeout(hardLimit);
await cleanup();
process.exit(failed ? 1 : 0);
