// Learner calls against the D1 floor (/api/health/db, one trivial round trip) on the demo data: the
// reads a learner's pages make (each ≤ 1.3x the floor, interleaved), and the assessment hot path
// (start, autosave, submit ≤ 2.2x) by distinct learners, one attempt each (issue 31, decision 1).
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
  // An assessment the demo learner may open now (its intro refuses a locked one).
  const detail = await (await fetch(`${base}/api/v2/user/courses/${courseId}`, { headers })).json();
  let assessmentId = null;
  for (const component of detail.components ?? []) {
    if (component.type === 'MATERIAL' || component.type === 'CLASSROOM') continue;
    const access = await fetch(`${base}/api/v2/user/progress/components/${component.id}/access`, { headers });
    if (access.ok && (await access.json()).canAccess) {
      assessmentId = component.id;
      break;
    }
  }
  if (!assessmentId) throw new Error('the demo learner has no assessment open to them');
  const reads = {
    'course list': '/api/v2/user/courses',
    'course detail': `/api/v2/user/courses/${courseId}`,
    'progress list': '/api/v2/user/progress/courses',
    'course progress': `/api/v2/user/progress/courses/${courseId}`,
    reports: '/api/v2/user/reports',
    'required training': '/api/v2/user/requirements',
    announcements: '/api/announcements/active',
    certificates: '/api/v2/certificates/user/all',
    'assessment intro': `/api/v2/user/assessments/${assessmentId}/questions`,
    attempts: `/api/v2/user/assessments/${assessmentId}/attempts`,
  };
  return { headers, courseId, reads };
}

/** The D1 floor: one trivial round trip, no session (`SELECT 1`). Every learner budget is a multiple of it. */
const FLOOR = '/api/health/db';

/**
 * Medians of a read and of the floor, called alternately request by request (interleaved), so the
 * machine's noise falls on both alike; after `warmup` unmeasured pairs.
 */
async function interleaved(base, path, { headers, count, warmup = 10 }) {
  const reads = [];
  const floors = [];
  for (let i = 0; i < count + warmup; i++) {
    const read = await once(base, path, headers);
    const floor = await once(base, FLOOR, {});
    if (i >= warmup) {
      reads.push(read);
      floors.push(floor);
    }
  }
  return { median: median(reads), p95: p95(reads), floor: median(floors) };
}

async function once(base, path, headers, init = {}) {
  const t0 = performance.now();
  const response = await fetch(`${base}${path}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
  await response.arrayBuffer();
  const elapsed = performance.now() - t0;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status}`);
  return elapsed;
}

export async function measureLearner(base, { requests, results }) {
  const { headers, courseId, reads } = await learnerReads(base);
  const noop = (await timed(base, '/api/health', { count: Math.round(requests / 3) })).median;
  // Each read against the D1 floor, interleaved (issue 31: a read is one round trip, ≤ 1.3x the floor).
  const figures = {};
  for (const [name, path] of Object.entries(reads))
    figures[name] = await interleaved(base, path, { headers, count: requests });

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
  // The floor, called after each step (interleaved), so the steps and their floor share the noise.
  const stepFloors = [];
  const call = async (stepName, h, path, init) => {
    const t0 = performance.now();
    const response = await fetch(`${base}${path}`, { ...init, headers: { ...h, ...(init.headers ?? {}) } });
    const body = await response.json();
    steps[stepName].push(performance.now() - t0);
    if (!response.ok) throw new Error(`${stepName}: ${response.status} ${JSON.stringify(body)}`);
    stepFloors.push(await once(base, FLOOR, {}));
    return body;
  };
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
  const floors = Object.values(figures).map((f) => f.floor);
  const floor = median(floors);
  results.record('no-op (/api/health) median, learner step', `${noop.toFixed(2)} ms`, 'baseline', true);
  results.record(
    'one D1 round trip (/api/health/db: SELECT 1) median',
    `${floor.toFixed(2)} ms (${(floor / noop).toFixed(2)}x the no-op)`,
    'the floor of every learner budget (issue 31)',
    true,
  );
  for (const [name, { median: m, p95: p, floor: f }] of Object.entries(figures))
    results.ratio(`${name} median (p95 ${p.toFixed(1)} ms, floor ${f.toFixed(2)} ms)`, m, f, 1.3, 'D1 floor');
  const stepFloor = median(stepFloors);
  for (const [name, times] of Object.entries(steps))
    results.ratio(
      `assessment ${name} median (p95 ${p95(times).toFixed(1)} ms, ${times.length} learners, floor ${stepFloor.toFixed(2)} ms)`,
      median(times),
      stepFloor,
      2.2,
      'D1 floor',
    );
  return { noop, floor, figures };
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
