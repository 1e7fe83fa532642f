// Organisation scale: every admin screen's calls and the learner reads on the demo data, then again
// after adding 100,000 people spread over the books, 1,000,000 component-progress rows, 200,000
// attempts, 20,000 certificates and 120,000 audit entries (SQL, not the API). Each call must stay
// within 2x of its own figure on the demo data.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { executeSql, signIn, startWorker, step, timed } from './harness.mjs';
import { learnerReads } from './learner.mjs';

export const ORG_USERS = 100_000;

// Published demo components in a fixed order (n = 0..): each person gets 10 consecutive ones
// starting at an offset that depends on the person, so every course and book is covered.
const SQL = `
  CREATE TABLE bench_org_components AS
    SELECT row_number() OVER (ORDER BY cc.course_id, cc.order_index) - 1 AS n, cc.id AS id, cc.course_id AS course_id, cc.type AS type, c.domain_id AS domain_id
    FROM course_components cc JOIN courses c ON c.id = cc.course_id WHERE c.status = 'PUBLISHED';
  INSERT INTO users (id, username, email, password_hash, role, first_name, last_name, department, job_title, deactivated_at, created_at)
    WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ${ORG_USERS})
    SELECT 'org-' || x, 'orguser' || x, 'orguser' || x || '@org.example.test', 'pbkdf2$sha256$100000$AAAA$AAAA', 'USER',
      CASE x % 5 WHEN 0 THEN 'Alex' WHEN 1 THEN 'Maria' WHEN 2 THEN 'Chen' WHEN 3 THEN 'Fatima' ELSE 'Ola' END, 'Worker ' || x,
      CASE x % 4 WHEN 0 THEN 'Warehouse' WHEN 1 THEN 'Maintenance' WHEN 2 THEN 'Logistics' ELSE 'Office' END, 'Operator',
      CASE WHEN x % 100 = 0 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (x % 300) || ' days') END,
      strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (400 + x % 300) || ' days')
    FROM n;
  INSERT INTO component_progress (id, user_id, course_id, component_id, status, progress_percentage, score, attempts, started_at, completed_at, last_accessed_at)
    WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ${ORG_USERS}),
      k(y) AS (SELECT 0 UNION ALL SELECT y + 1 FROM k WHERE y < 9)
    SELECT 'ocp-' || x || '-' || y, 'org-' || x, oc.course_id, oc.id,
      CASE WHEN (x + y) % 3 = 0 THEN 'IN_PROGRESS' ELSE 'COMPLETED' END, CASE WHEN (x + y) % 3 = 0 THEN 50 ELSE 100 END,
      CASE WHEN oc.type <> 'MATERIAL' THEN 50 + (x * 7 + y) % 50 END, CASE WHEN oc.type <> 'MATERIAL' THEN 1 ELSE 0 END,
      strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (x % 365) || ' days'),
      CASE WHEN (x + y) % 3 <> 0 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (x % 365) || ' days', '+1 hour') END,
      strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (x % 365) || ' days', '+' || y || ' minutes')
    FROM n, k JOIN bench_org_components oc ON oc.n = (x * 7 + y) % (SELECT count(*) FROM bench_org_components);
  INSERT INTO course_progress (id, user_id, course_id, status, overall_progress, enrolled_at, started_at, completed_at, last_accessed_at)
    SELECT 'ocrp-' || user_id || '-' || course_id, user_id, course_id,
      CASE WHEN min(status) = 'COMPLETED' THEN 'COMPLETED' ELSE 'IN_PROGRESS' END, avg(progress_percentage),
      min(started_at), min(started_at), CASE WHEN min(status) = 'COMPLETED' THEN max(completed_at) END, max(last_accessed_at)
    FROM component_progress WHERE id LIKE 'ocp-%' GROUP BY user_id, course_id;
  INSERT OR IGNORE INTO user_domains (user_id, domain_id, created_at)
    SELECT DISTINCT cp.user_id, c.domain_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-500 days') FROM course_progress cp JOIN courses c ON c.id = cp.course_id WHERE cp.id LIKE 'ocrp-%';
  INSERT INTO assessment_attempts (id, user_id, course_id, component_id, attempt_number, started_at, deadline_at, answers, submitted_at, submit_reason, score, passed, correct_answers, total_questions)
    SELECT 'oat-' || cp.id, cp.user_id, cp.course_id, cp.component_id, 1, cp.started_at, NULL, '{}', cp.last_accessed_at, 'SUBMITTED', cp.score,
      CASE WHEN cp.score >= 70 THEN 1 ELSE 0 END, cp.score / 20, 5
    FROM component_progress cp JOIN bench_org_components oc ON oc.id = cp.component_id
    WHERE cp.id LIKE 'ocp-%' AND oc.type <> 'MATERIAL' AND cp.rowid % 3 = 0 LIMIT 200000;
  INSERT INTO certificates (id, certificate_number, user_id, course_id, user_name, course_name, issued_at, expires_at)
    SELECT 'ocert-' || cp.id, 'CERT-2026-O' || printf('%06d', row_number() OVER ()), cp.user_id, cp.course_id, 'Org Worker', c.title,
      cp.completed_at, strftime('%Y-%m-%dT%H:%M:%fZ', cp.completed_at, '+365 days')
    FROM course_progress cp JOIN courses c ON c.id = cp.course_id WHERE cp.id LIKE 'ocrp-%' AND cp.status = 'COMPLETED' AND cp.rowid % 7 = 0 LIMIT 20000;
  INSERT INTO audit_log (id, actor_id, actor_username, action, target_user_id, target_username, entity_type, entity_id, reason, created_at)
    WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 20000)
    SELECT 'oaudit-' || x, (SELECT id FROM users WHERE username = 'admin'), 'admin', CASE x % 2 WHEN 0 THEN 'ASSESSMENT_RESET' ELSE 'USER_DEACTIVATED' END,
      'org-' || x, 'orguser' || x, 'USER', 'org-' || x, 'Bench entry ' || x, strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (x % 500) || ' days')
    FROM n;
  -- One bulk change over every person (leavers, an import, a requirement's enrolment) writes one entry per
  -- person at the same moment (services/audit.ts auditInsertPerUser): the newest page is one big tie.
  INSERT INTO audit_log (id, actor_id, actor_username, action, target_user_id, target_username, entity_type, entity_id, reason, before, after, created_at)
    SELECT 'obulk-' || u.id, (SELECT id FROM users WHERE username = 'admin'), 'admin', 'USER_DEACTIVATED', u.id, u.username, 'USER', u.id,
      'Bench bulk change', '{"status":"ACTIVE"}', '{"status":"INACTIVE"}', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 hour')
    FROM users u WHERE u.id LIKE 'org-%';
  DROP TABLE bench_org_components;`;

/** Every call the admin screens make when they open (and the filters the issue names), by name. */
function adminCalls({ courseId, domainId }) {
  return {
    'users list (page 1)': '/api/users?page=1&limit=10&search=&status=ACTIVE',
    'users search': '/api/users?page=1&limit=10&search=jordan&status=ACTIVE',
    'users filtered by book': `/api/users?page=1&limit=10&search=&status=ACTIVE&domainId=${domainId}`,
    'books list': '/api/domains?page=1&limit=10&search=',
    'courses list': '/api/v2/admin/courses?page=1&limit=10&search=',
    'materials list': '/api/v2/materials?page=1&limit=10&search=',
    'attempts oversight (page 1)': '/api/v2/admin/assessments/attempts?page=0&size=10',
    'attempts oversight, course + status filter': `/api/v2/admin/assessments/attempts?page=0&size=10&courseId=${courseId}&status=PASSED`,
    'attempts oversight, search': '/api/v2/admin/assessments/attempts?page=0&size=10&search=jordan',
    'assessment summary': '/api/v2/admin/assessments/summary',
    'audit log (page 1)': '/api/v2/admin/assessments/audit-log?page=0&size=10',
    'audit log, page 5,000': '/api/v2/admin/assessments/audit-log?page=4999&size=10',
    'announcements list': '/api/announcements/admin/all?page=1&limit=10&search=',
    'announcement stats': '/api/announcements/admin/stats',
    'feedback list': '/api/think/admin/all?page=1&limit=10&search=',
    'dashboard stats': '/api/v2/admin/dashboard/stats',
    'dashboard recent progress': '/api/v2/admin/dashboard/recent-progress',
    'dashboard recent courses': '/api/v2/admin/dashboard/recent-courses',
    'dashboard top performers': '/api/v2/admin/dashboard/top-performers',
  };
}

/**
 * Time to the first bytes of the users CSV export (median of `count`), each export read to its end
 * on a connection of its own (node:http, no keep-alive): under `wrangler dev` the next request on a
 * connection that just carried a long streamed answer can stall, which would time the transport
 * instead of the export.
 */
function exportOnce(base, headers) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let first = null;
    const request = http.get(
      `${base}/api/users/export`,
      { agent: false, headers: { ...headers, accept: 'text/csv' }, timeout: 120_000 },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`users export: ${response.statusCode}`));
          return;
        }
        response.on('data', () => {
          first ??= performance.now() - t0;
        });
        response.on('end', () => resolve({ first: first ?? performance.now() - t0, total: performance.now() - t0 }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('users export: no answer within 120 s')));
    request.on('error', reject);
  });
}

async function exportFirstBytes(base, headers, count) {
  const times = [];
  let totalMs = 0;
  for (let i = 0; i < count; i++) {
    const { first, total } = await exportOnce(base, headers);
    times.push(first);
    totalMs = total;
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], lastTotal: totalMs };
}

async function measureAdmin(base, count) {
  const headers = await signIn(base, 'admin', 'Admin#2026demo');
  const courses = await (
    await fetch(`${base}/api/v2/admin/courses?page=1&limit=1&search=&status=PUBLISHED`, { headers })
  ).json();
  const courseId = courses.courses[0].id;
  const domainId = courses.courses[0].domain.id;
  const figures = {};
  for (const [name, path] of Object.entries(adminCalls({ courseId, domainId }))) {
    try {
      figures[name] = await timed(base, path, { headers, count, warmup: 3 });
      process.stdout.write(`  ${name}: ${figures[name].median.toFixed(1)} ms\n`);
    } catch (error) {
      // A call that fails at scale (a D1 time limit, say) is a missed budget, not the end of the bench.
      figures[name] = { median: Number.POSITIVE_INFINITY, error: String(error.message ?? error) };
    }
  }
  try {
    figures['users CSV export, first bytes'] = await exportFirstBytes(
      base,
      headers,
      Math.max(3, Math.round(count / 10)),
    );
  } catch (error) {
    figures['users CSV export, first bytes'] = {
      median: Number.POSITIVE_INFINITY,
      error: String(error.message ?? error),
    };
  }
  return figures;
}

export default async function orgScaleStep({ persist, requests, results }) {
  const count = Math.max(10, Math.round(requests / 3));
  let demo;
  let demoLearner;
  let worker = await startWorker(persist);
  try {
    step(`Admin screens on the demo data, ${count} requests per call`);
    demo = await measureAdmin(worker.base, count);
    demoLearner = await measureLearnerReads(worker.base, requests);
  } finally {
    await worker.stop();
  }
  step(
    `Adding ${ORG_USERS.toLocaleString('en')} people, 1,000,000 component-progress rows, 200,000 attempts, 20,000 certificates (SQL, local D1)`,
  );
  const file = join(persist, 'org-scale.sql');
  writeFileSync(file, SQL);
  const t0 = performance.now();
  await executeSql(persist, file);
  step(`  loaded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  worker = await startWorker(persist);
  try {
    step(`Admin screens at organisation scale, ${count} requests per call`);
    const org = await measureAdmin(worker.base, count);
    for (const [name, figure] of Object.entries(org)) {
      if (figure.error || demo[name].error) {
        results.record(`admin: ${name} at 100,000 people`, figure.error ?? demo[name].error, '≤ 2x demo data', false);
        continue;
      }
      results.ratio(
        `admin: ${name} at 100,000 people (demo ${demo[name].median.toFixed(2)} ms)`,
        figure.median,
        demo[name].median,
        2,
        'demo data',
      );
    }
    const orgLearner = await measureLearnerReads(worker.base, requests);
    for (const [name, figure] of Object.entries(orgLearner)) {
      results.ratio(
        `learner: ${name}, flat from 10 to 100,000 people (demo ${demoLearner[name].toFixed(2)} ms)`,
        figure,
        demoLearner[name],
        2,
        'demo data',
      );
    }
  } finally {
    await worker.stop();
  }
}

/** The learner reads of learner.mjs (course list, detail, progress, reports...), medians by name. */
async function measureLearnerReads(base, requests) {
  const { headers, reads } = await learnerReads(base);
  const figures = {};
  for (const [name, path] of Object.entries(reads))
    figures[name] = (
      await timed(base, path, { headers, count: Math.max(10, Math.round(requests / 2)), warmup: 3 })
    ).median;
  return figures;
}
