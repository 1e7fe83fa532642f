import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { requireAdmin } from '../../middleware/auth';
import { componentRoutes } from './components';
import { courseRoutes } from './courses';
import { courseFamilyRoutes } from './family';

/*
 * /api/v2/admin/courses: courses and their components, for administrators with Module Management
 * (the one guard, declared here for every part). Cut by sub-resource, mounted at the same base so
 * every path stays as it was.
 *
 * Lifecycle, enforced here rather than only hidden in the UI:
 * - PUBLISHED: details are read-only and the course cannot be deleted; take it down first.
 * - hasBeenPublished (ever): components cannot be added, removed or reordered, because learners'
 *   progress, attempts and sequential unlocking refer to them; existing ones can be edited.
 * - a course with learner progress or certificates is never deleted (it would delete their
 *   attempts and certificates with it); taking it down hides it instead.
 */
export const adminCourses = new Hono<AppEnv>()
  .use('*', requireAdmin('moduleManagement'))
  .route('/', courseRoutes)
  .route('/', courseFamilyRoutes)
  .route('/', componentRoutes);
