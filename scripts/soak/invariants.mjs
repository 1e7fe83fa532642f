import { join, resolve } from 'node:path';

/** The soak run's invariants (scripts/soak.mjs), read straight from D1 and the local R2 after the load. */

/** Checks each invariant through `check(name, violations, detail)`; answers D1's totals and the stored object keys. */
export async function checkInvariants({ d1, persist, acceptedSubmits, check }) {
  const ungraded = await d1(`SELECT id, score, passed, submit_reason FROM assessment_attempts
    WHERE (submitted_at IS NOT NULL AND (score IS NULL OR passed IS NULL OR submit_reason IS NULL OR result IS NULL))
       OR (submitted_at IS NULL AND (score IS NOT NULL OR passed IS NOT NULL OR submit_reason IS NOT NULL))`);
  check('every submitted attempt graded (and no open attempt graded)', ungraded.length, ungraded.slice(0, 5));
  // Every 200 answered for one attempt carries the one grading stored for it: a retry is answered, never re-graded.
  const stored = new Map(
    (await d1('SELECT id, score, submitted_at FROM assessment_attempts WHERE submitted_at IS NOT NULL')).map((r) => [
      r.id,
      `${r.score}@${r.submitted_at}`,
    ]),
  );
  const regraded = [...acceptedSubmits.entries()].filter(([id, gradings]) =>
    gradings.some((grading) => grading !== stored.get(id)),
  );
  check(
    'no attempt graded twice (every accepted submit answered the stored grading)',
    regraded.length,
    regraded.slice(0, 5),
  );
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

  // Every table that names a stored object. A SCORM material's storage_key is its files' prefix:
  // the files are listed in scorm_packages (or, while being stored, in staged_packages, whose
  // leftovers the cron sweeps after an hour), so they are matched file by file, never by prefix.
  // (Scalar subqueries, one JSON list each: D1 allows only a few terms in a compound SELECT.)
  const keyLists = [
    "SELECT json_group_array(storage_key) FROM materials WHERE type <> 'SCORM'",
    'SELECT json_group_array(storage_key) FROM material_captions',
    "SELECT json_group_array('materials/' || p.material_id || '/scorm/' || f.value) FROM scorm_packages p, json_each(p.files) f",
    "SELECT json_group_array('materials/' || s.material_id || '/scorm/' || f.value) FROM staged_packages s, json_each(s.files) f",
    'SELECT json_group_array(storage_key) FROM certificates WHERE storage_key IS NOT NULL',
    'SELECT json_group_array(storage_key) FROM authorisations WHERE storage_key IS NOT NULL',
    'SELECT json_group_array(storage_key) FROM evaluation_photos',
    'SELECT json_group_array(signature_key) FROM evaluations WHERE signature_key IS NOT NULL',
    'SELECT json_group_array(scan_key) FROM credentials WHERE scan_key IS NOT NULL',
    'SELECT json_group_array(pdf_key) FROM talk_topics WHERE pdf_key IS NOT NULL',
    'SELECT json_group_array(foreman_signature_key) FROM talks WHERE foreman_signature_key IS NOT NULL',
    'SELECT json_group_array(signature_key) FROM talk_attendees WHERE signature_key IS NOT NULL',
  ];
  const [lists] = await d1(`SELECT ${keyLists.map((q, i) => `(${q}) AS k${i}`).join(', ')}`);
  const rowKeys = new Set(Object.values(lists).flatMap((list) => JSON.parse(list)));
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
  check(
    'no stored object without a row naming it (material, caption, SCORM file, certificate, ...)',
    orphans.length,
    orphans.slice(0, 5),
  );
  const totals = (
    await d1(`SELECT (SELECT count(*) FROM assessment_attempts) AS attempts, (SELECT count(*) FROM assessment_attempts WHERE submitted_at IS NOT NULL) AS submitted,
    (SELECT count(*) FROM materials) AS materials, (SELECT count(*) FROM component_progress) AS component_progress`)
  )[0];
  return { totals, objectKeys };
}
