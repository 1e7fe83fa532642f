import { Hono } from 'hono';
import { idParam } from '../contract/common';
import { preferredLanguage } from '../contract/delivery-language';
import { courseListQuery } from '../contract/courses';
import { isAdminUser } from '../contract/rules/roles';
import type { AppEnv } from '../env';
import { inFirstBatch, requireLearner, sessionInFirstBatch } from '../middleware/auth';
import { courseDetailReads, courseListReads, toCourseDetail, toCourseList } from '../services/learner-courses';
import { validate } from '../validate';

// Both reads judge the session in their first batch (one D1 round trip fewer); the reads and their
// shaping are in services/learner-courses.ts, shared with the pages the Worker renders.

export const courses = new Hono<AppEnv>()
  .use('*', inFirstBatch(requireLearner))
  .get('/', validate('query', courseListQuery), async (c) => {
    const query = c.req.valid('query');
    const language = preferredLanguage(c.req.header('accept-language'), query.lang);
    // The learner's list first: its batch also carries the session check (one round trip).
    const { user, result } = await sessionInFirstBatch(c, (db, userId) =>
      db.batch(courseListReads(db, userId, query, language, false)),
    );
    // An administrator sees every published course: a second read, for them only.
    const admin = isAdminUser(user);
    const rows = admin ? await c.var.db.batch(courseListReads(c.var.db, user.id, query, language, true)) : result;
    return c.json(toCourseList(rows, query, admin));
  })

  .get('/:id', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    // One batch: the course, the learner's book membership and enrollment, and the components.
    const { user, result } = await sessionInFirstBatch(c, (db, userId) => db.batch(courseDetailReads(db, userId, id)));
    return c.json(await toCourseDetail(c.var.db, user, result));
  });
