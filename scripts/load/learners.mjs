/** The load run's learners (scripts/load.mjs): their deterministic answers and the SQL that creates them. */

/** The answer key of `assessment` (its questions with their correct answers). */
export function answerKey(assessment) {
  const questions = assessment.questions;
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
  return { expectedFor, half, pickAnswers };
}

/**
 * The SQL creating learners load-1..load-`count`, signed in with `hash`, in the book of `course`, enrolled, with
 * the `prior` components completed and the `target` component not started.
 */
export function learnersSql({ count, hash, now, course, prior, target, q }) {
  const numbers = `WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ${count})`;
  return `
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
`;
}
