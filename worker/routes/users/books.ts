import { assertAllInSite, assertInSite } from '../../services/sites';
import { eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  assignDomainsBody,
  USER_MESSAGES,
  userDomainsBody,
  type AssignDomainsResponse,
  type UserDomainsResponse,
} from '../../contract/users';
import { chunk } from '../../contract/common';
import { idParam } from '../../contract/common';
import { insertChunks, selectInChunks } from '../../db/in-list';
import { domains, userDomains, users } from '../../db/schema';
import type { AppEnv } from '../../env';
import { ApiError } from '../../errors';
import { requireAdmin } from '../../middleware/auth';
import { auditInsert, auditInsertPerUser } from '../../services/audit';
import { forgetPeopleCaches } from '../../services/people-caches';
import { afterPeopleChanged } from '../../services/requirement-audience';
import { loadUser } from '../../services/user-accounts';
import { domainsByUser as domainsFor, toUserDto } from '../../services/users';
import { validate } from '../../validate';

/** Ids per audit statement: one bound parameter each, with the entry's own, under D1's limit of 100. */
const STATUS_CHUNK = 80;

/** /api/users books: which books (domains) people learn from (User Management). */
export const userBooks = new Hono<AppEnv>()
  .put('/domains/assign', requireAdmin('userManagement'), validate('json', assignDomainsBody), async (c) => {
    const body = c.req.valid('json');
    const userIds = [...new Set(body.userIds)];
    const domainIds = [...new Set(body.domainIds)];
    const db = c.var.db;
    const found = await selectInChunks(domainIds, (ids) =>
      db.select({ id: domains.id }).from(domains).where(inArray(domains.id, ids)),
    );
    if (found.length !== domainIds.length) throw new ApiError('NOT_FOUND', USER_MESSAGES.bookNotFound);
    const targets = await selectInChunks(userIds, (ids) =>
      db.select({ id: users.id, role: users.role }).from(users).where(inArray(users.id, ids)),
    );
    if (targets.length !== userIds.length) throw new ApiError('NOT_FOUND', USER_MESSAGES.notFound);
    await assertAllInSite(db, c.var.user, userIds);
    // Administrators have global access to every book: assigning one to them means nothing.
    const eligible = targets.filter((t) => t.role !== 'ADMIN');
    const skipped = targets.length - eligible.length;
    const pairs = eligible.flatMap((u) => domainIds.map((domainId) => ({ userId: u.id, domainId })));
    if (pairs.length > 0) {
      const at = new Date();
      const statements = [
        ...chunk(
          eligible.map((u) => u.id),
          STATUS_CHUNK,
        ).map((part) =>
          auditInsertPerUser(
            db,
            {
              actor: c.var.user,
              action: 'USER_BOOKS_ASSIGNED',
              entityType: 'USER',
              after: { addedDomainIds: domainIds },
              at,
            },
            inArray(users.id, part),
          ),
        ),
        ...insertChunks(pairs, 2).map((part) => db.insert(userDomains).values(part).onConflictDoNothing()),
        ...forgetPeopleCaches(db),
      ];
      await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
      // A book may put them in a requirement's audience (one naming no department or job title).
      await afterPeopleChanged(
        db,
        c.var.user,
        eligible.map((u) => u.id),
      );
    }
    const parts = [
      eligible.length > 0
        ? `Books assigned to ${eligible.length} ${eligible.length === 1 ? 'user' : 'users'}.`
        : 'No eligible users: books were not assigned.',
    ];
    if (skipped > 0)
      parts.push(
        `${skipped} ${skipped === 1 ? 'administrator was' : 'administrators were'} skipped because administrators have global access to all books.`,
      );
    return c.json({ message: parts.join(' '), updated: eligible.length, skipped } satisfies AssignDomainsResponse);
  })

  // Replaces the user's books. Administrators have global access, so they are refused (409).
  .put(
    '/:id/domains',
    requireAdmin('userManagement'),
    validate('param', idParam),
    validate('json', userDomainsBody),
    async (c) => {
      const { id } = c.req.valid('param');
      const domainIds = [...new Set(c.req.valid('json').domainIds)];
      const db = c.var.db;
      const row = await loadUser(db, id);
      if (!row) throw new ApiError('NOT_FOUND', USER_MESSAGES.notFound);
      assertInSite(c.var.user, row);
      if (row.role === 'ADMIN') throw new ApiError('CONFLICT', USER_MESSAGES.adminHasAllBooks);
      if (domainIds.length > 0) {
        const found = await selectInChunks(domainIds, (ids) =>
          db.select({ id: domains.id }).from(domains).where(inArray(domains.id, ids)),
        );
        if (found.length !== domainIds.length) throw new ApiError('NOT_FOUND', USER_MESSAGES.bookNotFound);
      }
      const before = (await domainsFor(db, [id])).get(id)?.map((d) => d.id) ?? [];
      const rows = domainIds.map((domainId) => ({ userId: id, domainId }));
      await db.batch([
        auditInsert(db, {
          actor: c.var.user,
          action: 'USER_BOOKS_CHANGED',
          target: { id, username: row.username },
          entityType: 'USER',
          entityId: id,
          before: { domainIds: before },
          after: { domainIds },
        }),
        db.delete(userDomains).where(eq(userDomains.userId, id)),
        ...insertChunks(rows, 2).map((part) => db.insert(userDomains).values(part)),
        ...forgetPeopleCaches(db),
      ]);
      // A book given may bring a requirement's training; a book a requirement covers them for comes back (audit-logged).
      await afterPeopleChanged(db, c.var.user, [id]);
      const map = await domainsFor(db, [id]);
      return c.json({
        message: 'Books updated successfully',
        user: toUserDto(row, map.get(id) ?? []),
      } satisfies UserDomainsResponse);
    },
  );
