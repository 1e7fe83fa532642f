#!/usr/bin/env node
// `npm run soak`: mixed load and faults against a local `wrangler dev` (loopback only), then invariants checked in D1.
//   load (autocannon): sign-ins, course browsing, enrolment, assessment start + autosaves + submits, material
//   progress, admin lists and uploads, certificate verification (JSON and page)
//   faults: aborted uploads, dropped connections, a `wrangler dev` restart half-way
//   invariants: every submitted attempt graded (and accepted once), no attempt over its limit, no component
//   progress past a locked component, no stored object without a material or certificate row
// Options: --minutes N (default 10; 1 for a quick check), --learners N (connections, default 6).
// Exits non-zero on any 5xx or broken invariant. Not part of `npm test`.
import { rmSync } from 'node:fs';
import net from 'node:net';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
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
const minutes = option('--minutes', 10);
const learnerConnections = option('--learners', 6);
if (!(minutes > 0) || !(learnerConnections > 0)) {
  console.error('usage: npm run soak -- [--minutes N] [--learners N]');
  process.exit(2);
}
const seconds = Math.round(minutes * 60);
const ADMIN = { username: 'admin', password: 'Admin#2026demo' };
const LEARNER_PASSWORD = 'Learner#2026demo';
const SOAK_LEARNERS = 200;
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
const startWorker = () => startLocalWorker({ port, persist, jwtSecret: JWT_SECRET, onOutput: workerErrors.scan });
const stopWorker = stopLocalWorker;

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
// Tallies: per request type and status

const tally = new Map();
const count = (name, status) => {
  const row = tally.get(name) ?? new Map();
  row.set(status, (row.get(status) ?? 0) + 1);
  tally.set(name, row);
};
/** attemptId -> number of submits answered 200: more than one is a double grading. */
const acceptedSubmits = new Map();
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const json = (body) => {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
};
const auth = (context) => ({ authorization: `Bearer ${context.token}` });

/**
 * One autocannon request step: `build(context)` returns {method, path, body} or null (then the step is
 * replaced by a health check and counted as "skipped", so a loop never resets half-way). Without a
 * session the step signs in instead: autocannon moves on to the next step when a connection drops
 * (a restart, a fault), so a loop can lose its sign-in step.
 */
function stepOf(name, build, after) {
  return {
    setupRequest: (request, context) => {
      const signingIn = name === 'sign-in' || !context.token;
      const spec = signingIn
        ? { method: 'POST', path: '/api/auth/login', body: ACCOUNTS[context.role]() }
        : build(context);
      context.current = signingIn ? 'sign-in' : spec ? name : 'skipped (no prerequisite)';
      if (!spec) return { ...request, method: 'GET', path: '/api/health', headers: {}, body: undefined };
      const headers = { ...(spec.headers ?? {}) };
      if (!signingIn) Object.assign(headers, auth(context));
      if (spec.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
      return {
        ...request,
        method: spec.method ?? 'GET',
        path: spec.path,
        headers,
        body:
          spec.body === undefined
            ? undefined
            : typeof spec.body === 'string' || Buffer.isBuffer(spec.body)
              ? spec.body
              : JSON.stringify(spec.body),
      };
    },
    onResponse: (status, body, context) => {
      count(context.current, status);
      if (context.current === 'sign-in') context.token = status === 200 ? json(body)?.token : undefined;
      else if (context.current === name && after) after(status, body, context);
    },
  };
}

const signIn = () => stepOf('sign-in', () => null);
/** Who a connection signs in as: a random soak learner each loop, or the admin. */
const ACCOUNTS = {
  learner: () => ({ username: `soak${1 + Math.floor(Math.random() * SOAK_LEARNERS)}`, password: LEARNER_PASSWORD }),
  admin: () => ADMIN,
};

// Learner loop: sign in, browse, enrol, study a material, take an assessment (start, 3 autosaves, submit).
const learnerRequests = [
  signIn(),
  stepOf(
    'course list',
    () => ({ path: '/api/v2/user/courses?page=1&limit=10' }),
    (_status, body, context) => {
      const courses = json(body)?.courses ?? [];
      context.courseId = courses.length ? pick(courses).id : undefined;
    },
  ),
  stepOf(
    'course detail',
    (c) => (c.courseId ? { path: `/api/v2/user/courses/${c.courseId}` } : null),
    (_status, body, context) => {
      const components = json(body)?.components ?? [];
      context.components = components;
    },
  ),
  stepOf('enroll', (c) =>
    c.courseId ? { method: 'POST', path: `/api/v2/user/progress/courses/${c.courseId}/enroll` } : null,
  ),
  stepOf('course progress', (c) => (c.courseId ? { path: `/api/v2/user/progress/courses/${c.courseId}` } : null)),
  stepOf('material progress', (c) => {
    const material = (c.components ?? []).find((x) => x.type === 'MATERIAL');
    return material
      ? {
          method: 'PUT',
          path: `/api/v2/user/progress/components/${material.id}/progress`,
          body: { progressPercentage: pick([25, 50, 100]) },
        }
      : null;
  }),
  stepOf(
    'assessment start',
    (c) => {
      const assessments = (c.components ?? []).filter((x) => x.type !== 'MATERIAL');
      if (!assessments.length) return null;
      c.assessment = pick(assessments);
      return { method: 'POST', path: `/api/v2/user/assessments/${c.assessment.id}/start` };
    },
    (status, body, context) => {
      context.attemptId = status === 200 ? json(body)?.attemptId : undefined;
      const questions = context.assessment?.data?.questions ?? [];
      context.answers = Object.fromEntries(
        questions.map((q) => [q.id, pick(['true', 'false', 'CO2', 'Raise the alarm', 'Water'])]),
      );
    },
  ),
  ...[1, 2, 3].map((i) =>
    stepOf(`assessment autosave`, (c) => {
      if (!c.attemptId) return null;
      const ids = Object.keys(c.answers ?? {});
      return ids.length && i < 3
        ? {
            method: 'PUT',
            path: `/api/v2/user/assessments/attempts/${c.attemptId}/answers`,
            body: { questionId: pick(ids), answer: pick(['true', 'false', 'CO2']) },
          }
        : {
            method: 'PUT',
            path: `/api/v2/user/assessments/attempts/${c.attemptId}/answers`,
            body: { answers: c.answers ?? {} },
          };
    }),
  ),
  stepOf(
    'assessment submit',
    (c) =>
      c.attemptId
        ? {
            method: 'POST',
            path: `/api/v2/user/assessments/attempts/${c.attemptId}/submit`,
            body: { answers: c.answers ?? {} },
          }
        : null,
    (status, _body, context) => {
      if (status === 200) acceptedSubmits.set(context.attemptId, (acceptedSubmits.get(context.attemptId) ?? 0) + 1);
    },
  ),
  // A double submit (a second tab, a retried request) must be refused, not graded again.
  stepOf(
    'assessment re-submit',
    (c) =>
      c.attemptId && Math.random() < 0.3
        ? { method: 'POST', path: `/api/v2/user/assessments/attempts/${c.attemptId}/submit`, body: { answers: {} } }
        : null,
    (status, _body, context) => {
      if (status === 200) acceptedSubmits.set(context.attemptId, (acceptedSubmits.get(context.attemptId) ?? 0) + 1);
    },
  ),
  stepOf('incomplete attempts', () => ({ path: '/api/v2/user/assessments/incomplete' })),
];

// Admin loop: sign in, the paged lists, an upload.
const PDF = Buffer.from('%PDF-1.4\n% soak\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const BOUNDARY = 'soakboundary7MA4YWxkTrZu0gW';
const uploadBody = () =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nSoak upload ${Date.now()}\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="soak.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
const adminRequests = [
  signIn(),
  stepOf('admin users list', () => ({ path: `/api/users?page=${pick([1, 2])}&limit=25` })),
  stepOf('admin courses list', () => ({ path: '/api/v2/admin/courses?page=1&limit=5' })),
  stepOf('admin attempts list', () => ({ path: '/api/v2/admin/assessments/attempts?page=0&size=10&status=ALL' })),
  stepOf('admin audit log', () => ({ path: '/api/v2/admin/assessments/audit-log?page=0&size=10' })),
  stepOf('admin dashboard', () => ({ path: '/api/v2/admin/dashboard/stats' })),
  stepOf('upload', () =>
    Math.random() < 0.5
      ? {
          method: 'POST',
          path: '/api/v2/materials/upload',
          headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
          body: uploadBody(),
        }
      : null,
  ),
  stepOf('materials list', () => ({ path: '/api/v2/materials?page=1&limit=10' })),
];

// Inspectors checking certificates (real and unknown numbers), from 20 addresses (the limit is per IP).
const verifyRequests = [
  {
    setupRequest: (request, context) => {
      const number =
        certificateNumbers.length && Math.random() < 0.7
          ? pick(certificateNumbers)
          : `CERT-NOPE-${Math.floor(Math.random() * 1e6)}`;
      const page = Math.random() < 0.3;
      context.current = page ? 'verification page' : 'verification lookup';
      return {
        ...request,
        method: 'GET',
        path: page
          ? `/certificate/verify/${encodeURIComponent(number)}`
          : `/api/v2/certificates/verify/${encodeURIComponent(number)}`,
        headers: { 'x-forwarded-for': `127.0.1.${1 + Math.floor(Math.random() * 20)}` },
      };
    },
    onResponse: (status, _body, context) => count(context.current, status),
  },
];

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
// Faults

const faults = { 'aborted uploads': 0, 'dropped connections': 0, 'half-sent requests': 0 };
let faultsRunning = true;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function rawSocket(write, destroyAfterMs) {
  return new Promise((resolvePromise) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => resolvePromise());
    socket.on('connect', () => {
      write(socket);
      setTimeout(() => {
        socket.destroy();
        resolvePromise();
      }, destroyAfterMs);
    });
    socket.on('data', () => {});
  });
}

let adminToken = null;
async function getAdminToken() {
  try {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    adminToken = res.ok ? (await res.json()).token : adminToken;
  } catch {
    // the Worker is restarting; try later
  }
}

async function faultLoop() {
  await getAdminToken();
  while (faultsRunning) {
    // An upload that declares 8 MiB, sends the multipart head and 64 KiB of a PDF, then hangs up.
    await rawSocket((s) => {
      const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="aborted.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
      s.write(
        `POST /api/v2/materials/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${adminToken}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${8 * 1024 * 1024}\r\n\r\n`,
      );
      s.write(head);
      s.write(Buffer.concat([PDF, Buffer.alloc(64 * 1024, 0x41)]));
    }, 300);
    faults['aborted uploads'] += 1;
    // A request sent whole, the connection dropped before the answer is read.
    await rawSocket(
      (s) =>
        s.write(`GET /api/v2/user/courses HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${adminToken}\r\n\r\n`),
      1,
    );
    faults['dropped connections'] += 1;
    // Half a request line and headers, then gone.
    await rawSocket(
      (s) =>
        s.write('POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Le'),
      50,
    );
    faults['half-sent requests'] += 1;
    await sleep(1000);
  }
}

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
  console.log(`  wrangler dev restarted in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await getAdminToken();
})();
const results = await Promise.all([
  load('learners', learnerRequests, learnerConnections, 'learner'),
  load('admin', adminRequests, 1, 'admin'),
  load('inspectors', verifyRequests, 1, 'inspector'),
]);
faultsRunning = false;
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

const ungraded = await d1(`SELECT id, score, passed, submit_reason FROM assessment_attempts
  WHERE (submitted_at IS NOT NULL AND (score IS NULL OR passed IS NULL OR submit_reason IS NULL OR result IS NULL))
     OR (submitted_at IS NULL AND (score IS NOT NULL OR passed IS NOT NULL OR submit_reason IS NOT NULL))`);
check('every submitted attempt graded (and no open attempt graded)', ungraded.length, ungraded.slice(0, 5));
const twice = [...acceptedSubmits.entries()].filter(([, n]) => n > 1);
check('no attempt accepted by two submits', twice.length, twice.slice(0, 5));
const overLimit =
  await d1(`SELECT a.user_id, a.component_id, count(*) AS used, json_extract(c.data, '$.maxAttempts') AS max_attempts
  FROM assessment_attempts a JOIN course_components c ON c.id = a.component_id
  WHERE coalesce(a.submit_reason, '') <> 'ADMIN'
  GROUP BY a.user_id, a.component_id HAVING used > max_attempts`);
check('no attempt over its limit', overLimit.length, overLimit.slice(0, 5));
const pastLocked = await d1(`SELECT p.user_id, p.component_id, p.status FROM component_progress p
  JOIN course_components c ON c.id = p.component_id
  JOIN course_components prev ON prev.course_id = c.course_id
    AND prev.order_index = (SELECT max(order_index) FROM course_components x WHERE x.course_id = c.course_id AND x.order_index < c.order_index)
  LEFT JOIN component_progress pp ON pp.user_id = p.user_id AND pp.component_id = prev.id
  WHERE p.status <> 'NOT_STARTED' AND coalesce(pp.status, 'NOT_STARTED') <> 'COMPLETED'`);
check('no component progress past a locked component', pastLocked.length, pastLocked.slice(0, 5));
const attemptsPastLocked = await d1(`SELECT a.user_id, a.component_id FROM assessment_attempts a
  JOIN course_components c ON c.id = a.component_id
  JOIN course_components prev ON prev.course_id = c.course_id
    AND prev.order_index = (SELECT max(order_index) FROM course_components x WHERE x.course_id = c.course_id AND x.order_index < c.order_index)
  LEFT JOIN component_progress pp ON pp.user_id = a.user_id AND pp.component_id = prev.id
  WHERE a.user_id LIKE 'soak-%' AND coalesce(pp.status, 'NOT_STARTED') <> 'COMPLETED'`);
check(
  'no soak attempt on an assessment behind a locked component',
  attemptsPastLocked.length,
  attemptsPastLocked.slice(0, 5),
);

const rowKeys = new Set(
  (
    await d1(
      'SELECT storage_key AS k FROM materials UNION SELECT storage_key FROM certificates WHERE storage_key IS NOT NULL',
    )
  ).map((r) => r.k),
);
const { getPlatformProxy } = await import('wrangler');
const proxy = await getPlatformProxy({
  configPath: resolve('wrangler.toml'),
  persist: { path: join(persist, 'v3') },
  remoteBindings: false,
});
const objectKeys = [];
try {
  let cursor;
  do {
    const page = await proxy.env.FILES.list({ cursor });
    objectKeys.push(...page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
} finally {
  await proxy.dispose();
}
const orphans = objectKeys.filter((k) => !rowKeys.has(k));
check('no stored object without a material or certificate row', orphans.length, orphans.slice(0, 5));
const totals = (
  await d1(`SELECT (SELECT count(*) FROM assessment_attempts) AS attempts, (SELECT count(*) FROM assessment_attempts WHERE submitted_at IS NOT NULL) AS submitted,
  (SELECT count(*) FROM materials) AS materials, (SELECT count(*) FROM component_progress) AS component_progress`)
)[0];

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
  `\n${total} answered requests in ${elapsed.toFixed(0)} s (${(total / elapsed).toFixed(1)}/s); wrangler dev restarts: ${restarts}; health after load: ${health}`,
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
