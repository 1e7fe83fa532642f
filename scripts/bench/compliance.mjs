// The compliance matrix at organisation scale: 10,000 learners in one book, 20 required courses,
// 20,000 certificates spread over every status (valid, expiring, expired), and its streamed CSV.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { executeSql, kb, median, signIn, startWorker, step, timed } from './harness.mjs';

const SQL = `INSERT INTO domains (id, name) VALUES ('cbook', 'Compliance bench book');
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
     FROM n;`;

export default async function complianceStep({ persist, requests, results }) {
  step('Adding 10,000 learners x 20 requirements and 20,000 certificates (SQL, local D1)');
  const file = join(persist, 'compliance.sql');
  writeFileSync(file, SQL);
  await executeSql(persist, file);
  const worker = await startWorker(persist);
  try {
    const base = worker.base;
    const headers = await signIn(base, 'admin', 'Admin#2026demo');
    const count = Math.max(10, Math.round(requests / 5));
    step(`Compliance matrix and summary, ${count} requests each`);
    // The no-op and the two matrix calls take turns, one request each, so a busy moment of the
    // machine slows all three alike (measured one after the other, the ratio swung 2.9x-3.8x).
    const routes = [
      ['no-op', '/api/health', {}],
      [
        'compliance matrix page (size 50) + summary, 10,000 x 20',
        '/api/v2/admin/compliance?bookId=cbook&size=50',
        headers,
      ],
      [
        'compliance matrix, status filter overdue',
        '/api/v2/admin/compliance?bookId=cbook&size=50&status=overdue',
        headers,
      ],
    ];
    const samples = routes.map(() => []);
    for (let i = 0; i < count + 3; i++) {
      for (const [index, [, path, routeHeaders]] of routes.entries()) {
        const { median: time } = await timed(base, path, { headers: routeHeaders, count: 1, warmup: 0 });
        if (i >= 3) samples[index].push(time);
      }
    }
    const noop = median(samples[0]);
    results.record('no-op (/api/health) median, compliance step', `${noop.toFixed(2)} ms`, 'baseline', true);
    for (const [index, [name]] of routes.entries())
      if (index > 0) results.ratio(`${name} median`, median(samples[index]), noop, 3, 'no-op');
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
    results.record(
      'compliance CSV export (200,000 cells)',
      `${lines - 1} rows, ${kb(bytes)}, first bytes after ${first.toFixed(0)} ms, all after ${(total / 1000).toFixed(1)} s`,
      'streams',
      lines - 1 === 200_000 && first < total / 2,
    );
  } finally {
    await worker.stop();
  }
}
