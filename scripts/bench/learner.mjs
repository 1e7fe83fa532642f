// Learner calls against the no-op route on the demo data: the reads a learner's pages make, and
// the assessment hot path (start, autosave, submit) by distinct learners, one attempt each.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashPassword } from '../seed/password.mjs';
import { executeSql, median, signIn, startWorker, step, timed } from './harness.mjs';

const BENCH_PASSWORD = 'Bench#2026learner';

/** Adds `count` learners in the demo learner's books (SQL; the Worker must not be running). */
export async function addBenchLearners(persist, count) {
  const hash = await hashPassword(BENCH_PASSWORD);
  const file = join(persist, 'bench-learners.sql');
  writeFileSync(
    file,
    `INSERT INTO users (id, username, email, password_hash, role, first_name, last_name)
       WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ${count})
       SELECT 'hot-' || x, 'hot' || x, 'hot' || x || '@example.test', '${hash}', 'USER', 'Bench', 'Learner ' || x FROM n;
     INSERT INTO user_domains (user_id, domain_id)
       SELECT u.id, ud.domain_id FROM users u, user_domains ud JOIN users l ON l.id = ud.user_id AND l.username = 'learner' WHERE u.id LIKE 'hot-%';`,
  );
  await executeSql(persist, file);
}

const p95 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)];

/** The demo learner's session and the reads a learner's pages make, by name (on an enrolled course). */
export async function learnerReads(base) {
  const headers = await signIn(base, 'learner', 'Learner#2026demo');
  // A course the demo learner is enrolled in (its progress exists).
  const progress = await (await fetch(`${base}/api/v2/user/progress/courses`, { headers })).json();
  const courseId = progress.progresses?.[0]?.courseId;
  if (!courseId) throw new Error('the demo learner has no enrollment');
  const reads = {
    'course list': '/api/v2/user/courses',
    'course detail': `/api/v2/user/courses/${courseId}`,
    'progress list': '/api/v2/user/progress/courses',
    'course progress': `/api/v2/user/progress/courses/${courseId}`,
    reports: '/api/v2/user/reports',
    'required training': '/api/v2/user/requirements',
  };
  return { headers, courseId, reads };
}

export async function measureLearner(base, { requests, results }) {
  const { headers, courseId, reads } = await learnerReads(base);
  // The no-op is measured between the others, so noise hits both alike.
  const noopTimes = [];
  const figures = {};
  for (const [name, path] of Object.entries(reads)) {
    noopTimes.push((await timed(base, '/api/health', { count: Math.round(requests / 3) })).median);
    figures[name] = await timed(base, path, { headers, count: requests });
  }

  // Start, autosave and submit: each learner starts the course's pre-assessment once.
  const learners = Math.min(requests, 150);
  const sessions = [];
  for (let i = 1; i <= learners; i++) {
    const h = await signIn(base, `hot${i}`, BENCH_PASSWORD);
    const enrolled = await fetch(`${base}/api/v2/user/progress/courses/${courseId}/enroll`, {
      method: 'POST',
      headers: h,
    });
    if (!enrolled.ok) throw new Error(`enroll hot${i}: ${enrolled.status}`);
    sessions.push(h);
  }
  const detail = await (await fetch(`${base}/api/v2/user/courses/${courseId}`, { headers: sessions[0] })).json();
  if (!detail.components) throw new Error(`course detail: ${JSON.stringify(detail)}`);
  const assessment = detail.components.find((c) => c.type !== 'MATERIAL');
  const json = (method, body) => ({
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const steps = { start: [], autosave: [], submit: [] };
  const call = async (stepName, h, path, init) => {
    const t0 = performance.now();
    const response = await fetch(`${base}${path}`, { ...init, headers: { ...h, ...(init.headers ?? {}) } });
    const body = await response.json();
    steps[stepName].push(performance.now() - t0);
    if (!response.ok) throw new Error(`${stepName}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };
  noopTimes.push((await timed(base, '/api/health', { count: Math.round(requests / 3) })).median);
  for (const h of sessions) {
    const started = await call('start', h, `/api/v2/user/assessments/${assessment.id}/start`, { method: 'POST' });
    const [first] = started.questions;
    const answer = first.options?.[0]?.id ?? first.options?.[0] ?? 'true';
    await call(
      'autosave',
      h,
      `/api/v2/user/assessments/attempts/${started.attemptId}/answers`,
      json('PUT', { questionId: first.id, answer: String(answer) }),
    );
    await call('submit', h, `/api/v2/user/assessments/attempts/${started.attemptId}/submit`, json('POST', {}));
  }
  // The floor under every budget here: one trivial D1 round trip (SELECT 1, no session), measured
  // between no-ops. A learner call makes at least this one round trip (its session check rides in it).
  const floorTimes = [];
  for (let i = 0; i < 3; i++) {
    noopTimes.push((await timed(base, '/api/health', { count: Math.round(requests / 3) })).median);
    floorTimes.push((await timed(base, '/api/health/db', { count: Math.round(requests / 3) })).median);
  }
  const noop = median(noopTimes);
  const floor = median(floorTimes);
  results.record('no-op (/api/health) median, learner step', `${noop.toFixed(2)} ms`, 'baseline', true);
  results.record(
    'one D1 round trip (/api/health/db: SELECT 1) median',
    `${floor.toFixed(2)} ms (${(floor / noop).toFixed(2)}x the no-op)`,
    'reference (the floor of a call that reads D1)',
    true,
  );
  for (const [name, { median: m, p95: p }] of Object.entries(figures))
    results.ratio(`${name} median (p95 ${p.toFixed(1)} ms)`, m, noop, 2, 'no-op');
  for (const [name, times] of Object.entries(steps))
    results.ratio(
      `assessment ${name} median (p95 ${p95(times).toFixed(1)} ms, ${times.length} learners)`,
      median(times),
      noop,
      2,
      'no-op',
    );
  return { noop, figures };
}

export default async function learnerStep({ persist, requests, results }) {
  await addBenchLearners(persist, Math.min(requests, 150));
  const worker = await startWorker(persist);
  try {
    step(
      `Learner calls, ${requests} sequential requests per read, start/autosave/submit by ${Math.min(requests, 150)} learners`,
    );
    return await measureLearner(worker.base, { requests, results });
  } finally {
    await worker.stop();
  }
}
