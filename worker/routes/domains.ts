import { asc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { domainBody, searchQuery, type Domain } from '../contract/admin-content';
import { idParam } from '../contract/common';
import { courses, domains, userDomains } from '../db/schema';
import type { Db } from '../db/client';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { validate } from '../validate';

// Books (domains). Admin only: app.ts guards /api/domains/* with requireAuth + requireAdmin.

const columns = { id: domains.id, name: domains.name, description: domains.description };

function listDomains(db: Db, query: string | undefined): Promise<Domain[]> {
  const text = query?.trim().toLowerCase();
  const base = db.select(columns).from(domains);
  const filtered = text
    ? base.where(sql`instr(lower(${domains.name}), ${text}) > 0 OR instr(lower(coalesce(${domains.description}, '')), ${text}) > 0`)
    : base;
  return filtered.orderBy(asc(sql`lower(${domains.name})`)).all();
}

async function assertNameFree(db: Db, name: string, exceptId?: string) {
  const clash = await db.select({ id: domains.id }).from(domains).where(sql`lower(${domains.name}) = ${name.toLowerCase()}`).get();
  if (clash && clash.id !== exceptId) {
    throw new ApiError('CONFLICT', `A book named "${name}" already exists`, { fields: { name: `A book named "${name}" already exists` } });
  }
}

/** The unique index is the final word when two admins save the same name at once. */
function isUniqueViolation(error: unknown): boolean {
  return /UNIQUE constraint failed/i.test(String((error as { cause?: unknown })?.cause ?? error));
}

async function findDomain(db: Db, id: string): Promise<Domain> {
  const domain = await db.select(columns).from(domains).where(eq(domains.id, id)).get();
  if (!domain) throw new ApiError('NOT_FOUND', 'Book not found');
  return domain;
}

export const domainsRoutes = new Hono<AppEnv>()
  .get('/', validate('query', searchQuery), async (c) => {
    const { query, search } = c.req.valid('query');
    return c.json(await listDomains(c.var.db, query ?? search));
  })

  .get('/search', validate('query', searchQuery), async (c) => {
    const { query, search } = c.req.valid('query');
    return c.json(await listDomains(c.var.db, query ?? search));
  })

  .get('/:id', validate('param', idParam), async (c) => c.json(await findDomain(c.var.db, c.req.valid('param').id)))

  .post('/', validate('json', domainBody), async (c) => {
    const body = c.req.valid('json');
    const db = c.var.db;
    await assertNameFree(db, body.name);
    const domain: Domain = { id: crypto.randomUUID(), name: body.name, description: body.description };
    try {
      await db.insert(domains).values(domain);
    } catch (error) {
      if (isUniqueViolation(error)) await assertNameFree(db, body.name);
      throw error;
    }
    return c.json(domain, 201);
  })

  .put('/:id', validate('param', idParam), validate('json', domainBody), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.var.db;
    await findDomain(db, id);
    await assertNameFree(db, body.name, id);
    try {
      await db.update(domains).set({ name: body.name, description: body.description, updatedAt: new Date().toISOString() }).where(eq(domains.id, id));
    } catch (error) {
      if (isUniqueViolation(error)) await assertNameFree(db, body.name, id);
      throw error;
    }
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
      })
      .from(sql`(SELECT 1)`)
      .get();
    const courseCount = Number(usage?.courses ?? 0);
    const userCount = Number(usage?.users ?? 0);
    if (courseCount > 0 || userCount > 0) {
      const parts = [
        courseCount > 0 ? `${courseCount} course${courseCount === 1 ? '' : 's'}` : null,
        userCount > 0 ? `${userCount} assigned user${userCount === 1 ? '' : 's'}` : null,
      ].filter(Boolean);
      throw new ApiError(
        'IN_USE',
        `The book "${domain.name}" still has ${parts.join(' and ')} and cannot be deleted. Move or delete the courses and unassign the users first.`,
      );
    }
    await db.delete(domains).where(eq(domains.id, id));
    return c.json({ message: 'Book deleted successfully', id });
  });
