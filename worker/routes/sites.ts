import { and, eq, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { idParam } from '../contract/common';
import { REFUSALS } from '../contract/errors';
import { siteBody, type SiteDto, type SiteResponse, type SitesResponse } from '../contract/sites';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { sites } from '../db/schema';
import type { AppEnv, AuthUser } from '../env';
import { ApiError } from '../errors';
import { requireAdmin } from '../middleware/auth';
import { auditInsert } from '../services/audit';
import { forgetPeopleCaches } from '../services/people-caches';
import { validate } from '../validate';

/*
 * /api/v2/admin/sites (issue 30): where people work. Administrators who manage people keep the list;
 * a site-limited administrator reads it but changes no site (a site is the boundary of their scope).
 */

const selectSites = (db: Db) =>
  db
    .select({
      id: sites.id,
      name: sites.name,
      createdAt: sites.createdAt,
      retiredAt: sites.retiredAt,
      peopleCount: sql<number>`(SELECT count(*) FROM users u WHERE u.site_id = sites.id AND u.deactivated_at IS NULL)`,
    })
    .from(sites);

const toSite = (row: Awaited<ReturnType<typeof selectSites>>[number]): SiteDto => ({
  ...row,
  peopleCount: Number(row.peopleCount),
});

async function siteOr404(db: Db, id: string): Promise<SiteDto> {
  const row = await selectSites(db).where(eq(sites.id, id)).get();
  if (!row) throw new ApiError('NOT_FOUND', REFUSALS['site.notFound']);
  return toSite(row);
}

function assertUnlimited(user: AuthUser) {
  if (user.siteLimit) throw new ApiError('FORBIDDEN', REFUSALS['site.outsideLimit']);
}

const nameTaken = () =>
  new ApiError('CONFLICT', REFUSALS['site.nameTaken'], { fields: { name: REFUSALS['site.nameTaken'] } });

export const adminSiteRoutes = new Hono<AppEnv>()
  .use(requireAdmin('userManagement'))
  // Active sites first, then retired ones, each by name.
  .get('/', async (c) => {
    const rows = await selectSites(c.var.db).orderBy(sql`${sites.retiredAt} IS NOT NULL`, sql`lower(${sites.name})`);
    return c.json<SitesResponse>({ sites: rows.map(toSite) });
  })
  .post('/', validate('json', siteBody), async (c) => {
    assertUnlimited(c.var.user);
    const db = c.var.db;
    const { name } = c.req.valid('json');
    const id = crypto.randomUUID();
    try {
      await db.batch([
        db.insert(sites).values({ id, name }),
        auditInsert(db, {
          actor: c.var.user,
          action: 'SITE_CREATED',
          entityType: 'SITE',
          entityId: id,
          after: { name },
        }),
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
    return c.json<SiteResponse>({ site: await siteOr404(db, id) }, 201);
  })
  .put('/:id', validate('param', idParam), validate('json', siteBody), async (c) => {
    assertUnlimited(c.var.user);
    const db = c.var.db;
    const { id } = c.req.valid('param');
    const { name } = c.req.valid('json');
    const before = await siteOr404(db, id);
    try {
      await db.batch([
        db.update(sites).set({ name, updatedAt: new Date().toISOString() }).where(eq(sites.id, id)),
        auditInsert(db, {
          actor: c.var.user,
          action: 'SITE_RENAMED',
          entityType: 'SITE',
          entityId: id,
          before: { name: before.name },
          after: { name },
        }),
        // Lists and the matrix show site names.
        ...forgetPeopleCaches(db),
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
    return c.json<SiteResponse>({ site: await siteOr404(db, id) });
  })
  // Retired: no new person or requirement names it; the people and requirements that do keep it.
  .post('/:id/retire', validate('param', idParam), async (c) => {
    assertUnlimited(c.var.user);
    const db = c.var.db;
    const { id } = c.req.valid('param');
    const site = await siteOr404(db, id);
    if (site.retiredAt) throw new ApiError('CONFLICT', REFUSALS['site.alreadyRetired']);
    const at = new Date().toISOString();
    await db.batch([
      db
        .update(sites)
        .set({ retiredAt: at, updatedAt: at })
        .where(and(eq(sites.id, id), isNull(sites.retiredAt))),
      auditInsert(db, {
        actor: c.var.user,
        action: 'SITE_RETIRED',
        entityType: 'SITE',
        entityId: id,
        before: { name: site.name },
      }),
    ]);
    return c.json<SiteResponse>({ site: await siteOr404(db, id) });
  });
