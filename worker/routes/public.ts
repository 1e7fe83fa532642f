import { and, asc, count, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { components, courses, domains } from '../db/schema';
import type { AppEnv } from '../env';
import { validate } from '../validate';

/** Data for the landing page and the shells that needs no session. */
export const publicRoutes = new Hono<AppEnv>()
  .get('/config', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ appName: c.var.config.appName, adminPhone: c.var.config.adminPhone });
  })
  .get('/courses', validate('query', v.object({ limit: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(12)), '3') })), async (c) => {
    const { limit } = c.req.valid('query');
    const rows = await c.var.db
      .select({
        id: courses.id,
        title: courses.title,
        description: courses.description,
        icon: courses.icon,
        domainId: domains.id,
        domainName: domains.name,
        componentCount: count(components.id),
      })
      .from(courses)
      .innerJoin(domains, eq(domains.id, courses.domainId))
      .leftJoin(components, eq(components.courseId, courses.id))
      .where(and(eq(courses.status, 'PUBLISHED')))
      .groupBy(courses.id)
      .orderBy(desc(courses.publishedAt), asc(courses.title))
      .limit(Number(limit));
    c.header('Cache-Control', 'public, max-age=60');
    return c.json({
      courses: rows.map(({ domainId, domainName, ...course }) => ({ ...course, domain: { id: domainId, name: domainName } })),
    });
  });
