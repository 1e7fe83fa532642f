import { expect, it } from 'vitest';
import { A } from './assessment-helpers';
import { countedCall } from './d1-counting';
import { createCourse, enroll, learnerFor } from './fixtures';
import { env } from './helpers';

/*
 * Issue 31, item 6: a synchronized start of 2,000 learners queues every start behind the others'
 * work, so each start's own work is what the queue is made of. A start reads its own assessment
 * and only the shape of the course's other components (the unlock rule), never their question
 * banks, and every statement it sends reaches its rows through an index (no SCAN, no global row).
 */

it('an assessment start reads no other component content and scans no table', async () => {
  // A course whose other components are big (a pre-assessment and a post-assessment with their banks).
  const course = await createCourse({ components: ['PRE_ASSESSMENT', 'MATERIAL', 'POST_ASSESSMENT'] });
  const learner = await learnerFor(course.domainId);
  await enroll(learner.token, course.courseId);
  const { res, statements } = await countedCall('POST', `${A}/${course.pre!.componentId}/start`, learner.token);
  expect(res.status, await res.clone().text()).toBe(200);
  expect(((await res.json()) as { questions: unknown[] }).questions).toHaveLength(course.pre!.questionIds.length);

  let contentRows = 0;
  for (const statement of statements) {
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
      .bind(...statement.params)
      .all<{ detail: string }>();
    const scans = plan.results.map((r) => r.detail).filter((line) => /^SCAN /.test(line.trim()));
    expect(scans, statement.sql).toEqual([]);
    if (!/^select/i.test(statement.sql)) continue;
    // Component rows that came back with their content (`data`), read again here as the start read them.
    const { results } = await env.DB.prepare(statement.sql)
      .bind(...statement.params)
      .all<Record<string, unknown>>();
    contentRows += results.filter((row) => 'order_index' in row && 'material_id' in row && row.data != null).length;
  }
  // Only the started assessment's own row carries content.
  expect(contentRows).toBe(1);
});
