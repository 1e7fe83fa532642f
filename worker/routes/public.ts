import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { samplePublicCourses } from '../services/public-courses';
import type { AppEnv } from '../env';
import { publicRoute } from '../middleware/auth';
import { edgeCache } from '../middleware/edge-cache';
import {
  EDGE_CACHE_SECONDS,
  PUBLIC_COURSES_LIMIT,
  canonicalCoursesQuery,
  edgeCacheControl,
  edgeCacheKeys,
} from '../services/edge-cache';
import { validate } from '../validate';

const coursesQuery = v.object({
  limit: v.optional(
    v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(PUBLIC_COURSES_LIMIT.max)),
    String(PUBLIC_COURSES_LIMIT.default),
  ),
});

function coursesCacheKey(c: Context<AppEnv>): string | null {
  const parsed = v.safeParse(canonicalCoursesQuery, c.req.query());
  return parsed.success ? edgeCacheKeys.publicCourses(c.var.config, c.req.url, parsed.output.limit) : null;
}

/**
 * Data for the landing page and the shells that needs no session, the same for every visitor, so
 * served from the edge cache. The config changes only with a deploy (its values are part of the
 * key), so browsers may keep it too; the courses are purged on every course or book change, so
 * browsers revalidate them.
 */
export const publicRoutes = new Hono<AppEnv>()
  .use('*', publicRoute)
  .get(
    '/config',
    edgeCache((c) => edgeCacheKeys.publicConfig(c.var.config, c.req.url)),
    (c) => {
      c.header('Cache-Control', edgeCacheControl(EDGE_CACHE_SECONDS, EDGE_CACHE_SECONDS));
      return c.json({ appName: c.var.config.appName, adminPhone: c.var.config.adminPhone });
    },
  )
  .get('/courses', edgeCache(coursesCacheKey), validate('query', coursesQuery), async (c) => {
    const { limit } = c.req.valid('query');
    const sample = await samplePublicCourses(c.var.db, Number(limit));
    c.header('Cache-Control', edgeCacheControl(EDGE_CACHE_SECONDS));
    return c.json({ courses: sample });
  });
