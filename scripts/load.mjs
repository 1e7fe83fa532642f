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
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { hashPassword } from './seed/password.mjs';
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

// Learner i answers the first (i mod (Q+1)) questions right and the rest wrong: every score from 0 to 100
// occurs, some pass and some fail, and each learner's score is known in advance.
const wrong = (question) =>
  question.type === 'TRUE_FALSE'
    ? question.correctAnswer === 'true'
      ? 'false'
      : 'true'
    : question.options.find((o) => !o.isCorrect).text;
const right = (question) =>
  question.type === 'TRUE_FALSE' ? question.correctAnswer : question.options.find((o) => o.isCorrect).text;
const totalPoints = questions.reduce((sum, x) => sum + x.points, 0);
function expectedFor(i) {
  const k = i % (questions.length + 1);
  const answers = Object.fromEntries(questions.map((x, n) => [x.id, n < k ? right(x) : wrong(x)]));
  const earned = questions.slice(0, k).reduce((sum, x) => sum + x.points, 0);
  const score = Math.round((earned * 10000) / totalPoints) / 100;
  return { answers, correct: k, score, passed: score >= assessment.passingScore };
}
// Autosave 1 sends the first half, autosave 2 the rest but the last; the submit carries only the last answer,
// so a lost autosave shows up as a wrong score.
const half = Math.floor(questions.length / 2);
const pickAnswers = (answers, from, to) =>
  Object.fromEntries(questions.slice(from, to).map((x) => [x.id, answers[x.id]]));

const learners = Array.from({ length: LEARNERS }, (_, n) => {
  const i = n + 1;
  return { i, id: `load-${i}`, username: `load${i}`, token: null, attemptId: null, ...expectedFor(i) };
});

step(`Creating ${LEARNERS} learners in SQL, enrolled in "${COURSE_TITLE}" with its final assessment unlocked`);
// One real hash for everyone: the sign-ins below pay the full PBKDF2 cost, the setup does not.
const hash = await hashPassword(PASSWORD);
const now = new Date().toISOString();
const numbers = `WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ${LEARNERS})`;
await d1(`
  INSERT INTO users (id, username, email, password_hash, role, first_name, last_name, department, job_title)
    ${numbers} SELECT 'load-' || x, 'load' || x, 'load' || x || '@example.test', ${q(hash)}, 'USER', 'Load', 'Learner ' || x, 'Warehouse', 'Operator' FROM n;
  INSERT INTO user_domains (user_id, domain_id) ${numbers} SELECT 'load-' || x, ${q(course.domain_id)} FROM n;
  INSERT INTO course_progress (id, user_id, course_id, status, overall_progress, enrolled_at, started_at, last_accessed_at)
    ${numbers} SELECT 'load-cp-' || x, 'load-' || x, ${q(course.id)}, 'IN_PROGRESS', 70, ${q(now)}, ${q(now)}, ${q(now)} FROM n;
  ${prior
    .map(
      (
        c,
        n,
      ) => `INSERT INTO component_progress (id, user_id, course_id, component_id, status, progress_percentage, score, attempts, started_at, completed_at, last_accessed_at)
    ${numbers} SELECT 'load-p${n}-' || x, 'load-' || x, ${q(course.id)}, ${q(c.id)}, 'COMPLETED', 100, ${c.type === 'MATERIAL' ? 'NULL' : 100}, ${c.type === 'MATERIAL' ? 0 : 1}, ${q(now)}, ${q(now)}, ${q(now)} FROM n;`,
    )
    .join('\n  ')}
  INSERT INTO component_progress (id, user_id, course_id, component_id) ${numbers} SELECT 'load-t-' || x, 'load-' || x, ${q(course.id)}, ${q(target.id)} FROM n;
  SELECT count(*) AS n FROM users WHERE id LIKE 'load-%';
`);

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
// No per-request log line: each is a call from the local runtime back to wrangler's Node process.
worker = await startLocalWorker({ port, persist, jwtSecret: JWT_SECRET, onOutput, extraArgs: ['--log-level', 'warn'] });

// ---------------------------------------------------------------------------------------------
// One autocannon run per step; each connection serves one learner taken from a queue

const stats = [];
const json = (body) => {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
};
const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN;

/**
 * One request for each item of `queue`, on `connections` connections (each takes the next item when it is
 * free; one item per connection when connections = queue length). build(item) returns {method, path, body};
 * after(item, status, body).
 */
function runStep(name, { queue, connections, build, after }) {
  let next = 0;
  const sendTimes = [];
  const samples = [];
  const requests = [
    {
      setupRequest: (request, context) => {
        context.item = queue[next++];
        const spec = build(context.item);
        sendTimes.push(performance.now());
        const headers = { 'content-type': 'application/json' };
        if (context.item.token) headers.authorization = `Bearer ${context.item.token}`;
        return {
          ...request,
          method: spec.method,
          path: spec.path,
          headers,
          body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        };
      },
      onResponse: (status, body, context) => {
        if (status !== 200 && samples.length < 3) samples.push(`${status} ${String(body).slice(0, 200)}`);
        after?.(context.item, status, body);
      },
    },
  ];
  const latencies = [];
  const statuses = new Map();
  if (queue.length === 0) {
    const row = {
      name,
      requests: 0,
      statuses,
      errors: 0,
      timeouts: 0,
      p50: NaN,
      p95: NaN,
      max: NaN,
      sentWithin: 0,
      wall: 0,
    };
    stats.push(row);
    return Promise.resolve(row);
  }
  return new Promise((resolvePromise, reject) => {
    const t0 = performance.now();
    const instance = autocannon(
      {
        url: base,
        connections: Math.min(connections, queue.length),
        amount: queue.length,
        requests,
        timeout: REQUEST_TIMEOUT_S,
        pipelining: 1,
      },
      (error, result) => {
        if (error) return reject(error);
        const sorted = latencies.sort((a, b) => a - b);
        const row = {
          name,
          requests: latencies.length,
          statuses,
          errors: result.errors,
          timeouts: result.timeouts,
          p50: percentile(sorted, 0.5),
          p95: percentile(sorted, 0.95),
          max: sorted[sorted.length - 1],
          sentWithin: (Math.max(...sendTimes) - Math.min(...sendTimes)) / 1000,
          wall: (performance.now() - t0) / 1000,
          samples,
        };
        stats.push(row);
        console.log(
          `  ${name}: ${row.requests} answered in ${row.wall.toFixed(1)} s, p50 ${row.p50} ms, p95 ${row.p95} ms, statuses ${JSON.stringify(Object.fromEntries(statuses))}, errors ${row.errors} (timeouts ${row.timeouts})${samples.length ? `\n    ${samples.join('\n    ')}` : ''}`,
        );
        resolvePromise(row);
      },
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      latencies.push(Math.round(ms));
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
}

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
const byId = new Map(learners.map((l) => [l.id, l]));

const rows =
  await d1(`SELECT a.id, a.user_id, a.attempt_number, a.submitted_at, a.submit_reason, a.score, a.passed, a.correct_answers, a.answers,
    cp.status AS component_status, cp.score AS component_score, cp.attempts AS component_attempts,
    p.status AS course_status, p.overall_progress,
    (SELECT count(*) FROM certificates c WHERE c.user_id = a.user_id AND c.course_id = a.course_id) AS certificates
  FROM assessment_attempts a
  JOIN component_progress cp ON cp.user_id = a.user_id AND cp.component_id = a.component_id
  JOIN course_progress p ON p.user_id = a.user_id AND p.course_id = a.course_id
  WHERE a.component_id = ${q(target.id)} AND a.user_id LIKE 'load-%'`);
const perUser = new Map();
for (const r of rows) perUser.set(r.user_id, [...(perUser.get(r.user_id) ?? []), r]);
const [totals] = await d1(`SELECT
    (SELECT count(*) FROM assessment_attempts WHERE component_id = ${q(target.id)} AND user_id LIKE 'load-%') AS attempts,
    (SELECT count(DISTINCT user_id) FROM assessment_attempts WHERE component_id = ${q(target.id)} AND user_id LIKE 'load-%') AS learners,
    (SELECT count(*) FROM certificates WHERE course_id = ${q(course.id)} AND user_id LIKE 'load-%') AS certificates,
    (SELECT count(*) FROM component_progress WHERE user_id LIKE 'load-%') AS component_progress`);

const missing = learners.filter((l) => !perUser.has(l.id)).map((l) => l.id);
const duplicated = [...perUser.entries()].filter(([, list]) => list.length > 1).map(([id]) => id);
check(
  `exactly ${LEARNERS} attempts on the assessment, one per learner`,
  Math.abs(Number(totals.attempts) - LEARNERS) + missing.length + duplicated.length,
  [...missing, ...duplicated],
);
const mismatchedIds = learners
  .filter((l) => perUser.get(l.id)?.[0]?.id !== l.attemptId || new Set(startAnswers.get(l.id) ?? []).size !== 1)
  .map((l) => l.id);
check(
  'each learner got one attempt id from start (both tabs the same), the one stored',
  mismatchedIds.length,
  mismatchedIds,
);
check('each start served every question of the assessment', badStarts.length, badStarts);
const notSubmitted = rows
  .filter((r) => !r.submitted_at || r.submit_reason !== 'MANUAL' || Number(r.attempt_number) !== 1)
  .map((r) => r.user_id);
check(
  'every attempt submitted by the learner (MANUAL, attempt 1, before the deadline)',
  notSubmitted.length,
  notSubmitted,
);
const wrongAnswers = rows
  .filter(
    (r) =>
      JSON.stringify(JSON.parse(r.answers), Object.keys(byId.get(r.user_id).answers).sort()) !==
      JSON.stringify(byId.get(r.user_id).answers, Object.keys(byId.get(r.user_id).answers).sort()),
  )
  .map((r) => r.user_id);
check('stored answers = both autosaves + the submitted answer, nothing lost', wrongAnswers.length, wrongAnswers);
const wrongScores = rows
  .filter((r) => {
    const l = byId.get(r.user_id);
    return Number(r.score) !== l.score || Boolean(r.passed) !== l.passed || Number(r.correct_answers) !== l.correct;
  })
  .map((r) => `${r.user_id}: ${r.score} (expected ${byId.get(r.user_id).score})`);
check('each score, pass and correct count exactly as expected', wrongScores.length, wrongScores);
const resultMismatch = learners
  .filter((l) => submitted.has(l.id) && Number(submitted.get(l.id).score) !== l.score)
  .map((l) => l.id);
check('each submit answered the expected score', resultMismatch.length, resultMismatch);
const wrongProgress = rows
  .filter((r) => {
    const l = byId.get(r.user_id);
    return (
      r.component_status !== (l.passed ? 'COMPLETED' : 'FAILED') ||
      Number(r.component_score) !== l.score ||
      Number(r.component_attempts) !== 1 ||
      r.course_status !== (l.passed ? 'COMPLETED' : 'IN_PROGRESS') ||
      (l.passed ? Number(r.overall_progress) !== 100 : Number(r.overall_progress) >= 100) ||
      Number(r.certificates) !== (l.passed ? 1 : 0)
    );
  })
  .map(
    (r) =>
      `${r.user_id}: ${r.component_status}/${r.component_attempts}/${r.course_status}/${r.overall_progress}/${r.certificates}`,
  );
check(
  'component and course progress, and one certificate per pass, exactly as expected',
  wrongProgress.length,
  wrongProgress,
);
const expectedCertificates = learners.filter((l) => l.passed).length;
check(
  `exactly ${expectedCertificates} certificates for the learners who passed`,
  Math.abs(Number(totals.certificates) - expectedCertificates),
  [],
);
check(
  `no extra progress rows (${LEARNERS} x ${parts.length})`,
  Math.abs(Number(totals.component_progress) - LEARNERS * parts.length),
  [],
);

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
