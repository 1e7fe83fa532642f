import { asc, count, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { domainBody, domainListQuery, type Domain, type DomainListPage } from '../contract/domains';
import { idParam, searchQuery, searchTermOf } from '../contract/common';
import { isUniqueViolation } from '../db/errors';
import { containsText, offsetOf, paginate } from '../db/paginate';
import { courses, domains, userDomains } from '../db/schema';
import type { Db } from '../db/client';
import type { AppEnv } from '../env';
import { requireAdmin } from '../middleware/auth';
import { purgePublicCourses } from '../middleware/edge-cache';
import { auditOf } from '../services/audit';
import { forgetPeopleCaches } from '../services/people-caches';
import { ApiError, refusal } from '../errors';
import { validate } from '../validate';
import { REFUSALS, refusalText } from '../contract/errors';

/** Every audit entry this router writes is about a book. */
const auditBook = auditOf('BOOK');

// Books (domains), for administrators with Domain Configuration.

const columns = { id: domains.id, name: domains.name, description: domains.description };

/** The book search: name or description contains the text, case-insensitive. */
const domainSearch = (term: string) => containsText(term, [domains.name, domains.description]);
const byName = [asc(sql`lower(${domains.name})`), asc(domains.id)] as const;

function listDomains(db: Db, term: string): Promise<Domain[]> {
  return db
    .select(columns)
    .from(domains)
    .where(domainSearch(term))
    .orderBy(...byName)
    .all();
}

async function assertNameFree(db: Db, name: string, exceptId?: string) {
  const clash = await db
    .select({ id: domains.id })
    .from(domains)
    .where(sql`lower(${domains.name}) = ${name.toLowerCase()}`)
    .get();
  if (clash && clash.id !== exceptId) {
    throw refusal(
      'CONFLICT',
      'book.nameTaken',
      { name },
      { fields: { name: refusalText('book.nameTaken', { name }) } },
    );
  }
}

async function findDomain(db: Db, id: string): Promise<Domain> {
  const domain = await db.select(columns).from(domains).where(eq(domains.id, id)).get();
  if (!domain) throw new ApiError('NOT_FOUND', REFUSALS['book.notFound']);
  return domain;
}

export const domainsRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin('domainConfiguration'))
  // The plain array without `page` (original clients), `{domains, pagination}` with it.
  .get('/', validate('query', domainListQuery), async (c) => {
    const { page, limit, search, query } = c.req.valid('query');
    const db = c.var.db;
    if (page === undefined) return c.json(await listDomains(db, search || query));
    const where = domainSearch(search || query);
    const request = { page, limit };
    const { items, pagination } = await paginate(
      db,
      request,
      db
        .select(columns)
        .from(domains)
        .where(where)
        .orderBy(...byName)
        .limit(limit)
        .offset(offsetOf(request)),
      db.select({ n: count() }).from(domains).where(where),
    );
    return c.json({ domains: items, pagination } satisfies DomainListPage);
  })

  .get('/search', validate('query', searchQuery), async (c) =>
    c.json(await listDomains(c.var.db, searchTermOf(c.req.valid('query')))),
  )

  .get('/:id', validate('param', idParam), async (c) => c.json(await findDomain(c.var.db, c.req.valid('param').id)))

  .post('/', validate('json', domainBody), async (c) => {
    const body = c.req.valid('json');
    const db = c.var.db;
    await assertNameFree(db, body.name);
    const domain: Domain = { id: crypto.randomUUID(), name: body.name, description: body.description };
    try {
      await db.batch([
        db.insert(domains).values(domain),
        auditBook(db, c.var.user, 'BOOK_CREATED', domain.id, { after: domain }),
        ...forgetPeopleCaches(db),
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) await assertNameFree(db, body.name);
      throw error;
    }
    await purgePublicCourses(c);
    return c.json(domain, 201);
  })

  .put('/:id', validate('param', idParam), validate('json', domainBody), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.var.db;
    const before = await findDomain(db, id);
    await assertNameFree(db, body.name, id);
    try {
      await db.batch([
        db
          .update(domains)
          .set({ name: body.name, description: body.description, updatedAt: new Date().toISOString() })
          .where(eq(domains.id, id)),
        auditBook(db, c.var.user, 'BOOK_UPDATED', id, {
          before: { name: before.name, description: before.description },
          after: { name: body.name, description: body.description },
        }),
        ...forgetPeopleCaches(db),
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) await assertNameFree(db, body.name, id);
      throw error;
    }
    // A renamed book shows on the landing page's sample courses.
    await purgePublicCourses(c);
    return c.json({ id, name: body.name, description: body.description } satisfies Domain);
  })

  .delete('/:id', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.db;
    const domain = await findDomain(db, id);
    const usage = await db
      .select({
        courses: sql<number>`(SELECT count(*) FROM ${courses} WHERE ${courses.domainId} = ${id})`,
        users: sql<number>`(SELECT count(*) FROM ${userDomains} WHERE ${userDomains.domainId} = ${id})`,
        requirements: sql<number>`(SELECT count(*) FROM requirements WHERE domain_id = ${id})`,
      })
      .from(sql`(SELECT 1)`)
      .get();
    const courseCount = Number(usage?.courses ?? 0);
    const userCount = Number(usage?.users ?? 0);
    const requirementCount = Number(usage?.requirements ?? 0);
    if (courseCount > 0 || userCount > 0 || requirementCount > 0) {
      const parts = [
        courseCount > 0 ? `${courseCount} course${courseCount === 1 ? '' : 's'}` : null,
        userCount > 0 ? `${userCount} assigned user${userCount === 1 ? '' : 's'}` : null,
        requirementCount > 0 ? `${requirementCount} training requirement${requirementCount === 1 ? '' : 's'}` : null,
      ].filter(Boolean);
      throw new ApiError(
        'IN_USE',
        `The book "${domain.name}" still has ${parts.join(' and ')} and cannot be deleted. Move or delete the courses and unassign the users first.`,
      );
    }
    await db.batch([
      db.delete(domains).where(eq(domains.id, id)),
      auditBook(db, c.var.user, 'BOOK_DELETED', id, { before: { name: domain.name, description: domain.description } }),
      ...forgetPeopleCaches(db),
    ]);
    await purgePublicCourses(c);
    return c.json({ message: 'Book deleted successfully', id });
  });
