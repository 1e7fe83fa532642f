/** The load run's checks (scripts/load.mjs), read straight from D1 after the Worker has stopped. */

/**
 * Checks every learner's attempt, answers, score, progress and certificate against what their answers make
 * expected; each result goes to `check(name, failures, sample)`.
 */
export async function checkD1({ d1, q, check, learners, course, target, parts, startAnswers, badStarts, submitted }) {
  const LEARNERS = learners.length;
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
  return { totals, expectedCertificates };
}
