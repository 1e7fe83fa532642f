import { assertAllInSite, assertInSite } from '../../services/sites';
import { inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  bulkDeactivateBody,
  deactivateBody,
  reactivateBody,
  USER_MESSAGES,
  type BulkDeactivateResponse,
  type UserStatusResponse,
} from '../../contract/users';
import { idParam } from '../../contract/common';
import { inListChunks } from '../../db/in-list';
import { users } from '../../db/schema';
import type { AppEnv } from '../../env';
import { ApiError } from '../../errors';
import { requireAdmin } from '../../middleware/auth';
import { loadUser } from '../../services/user-accounts';
import {
  deactivateUsers,
  domainsByUser as domainsFor,
  reactivateUser,
  toUserDto,
  userManagerCount,
} from '../../services/users';
import { validate } from '../../validate';

/** /api/users leavers: deactivating and reactivating accounts (User Management). */
export const leavers = new Hono<AppEnv>()
  // Leavers: a reason is required and audit-logged; sessions and signed file links end at once.
  .post('/bulk-deactivate', requireAdmin('userManagement'), validate('json', bulkDeactivateBody), async (c) => {
    const { userIds, usernames, reason } = c.req.valid('json');
    const db = c.var.db;
    const wantedNames = [...new Set(usernames.map((name) => name.toLowerCase()))];
    const wantedIds = [...new Set(userIds)];
    const found: { id: string; username: string; deactivatedAt: string | null }[] = [];
    const columns = { id: users.id, username: users.username, deactivatedAt: users.deactivatedAt };
    for (const part of inListChunks(wantedIds))
      found.push(...(await db.select(columns).from(users).where(inArray(users.id, part))));
    for (const part of inListChunks(wantedNames)) {
      found.push(
        ...(await db
          .select(columns)
          .from(users)
          .where(
            sql`lower(${users.username}) IN (${sql.join(
              part.map((name) => sql`${name}`),
              sql`, `,
            )})`,
          )),
      );
    }
    const targets = new Map(found.map((row) => [row.id, row]));
    const notFound = [
      ...wantedIds.filter((id) => !targets.has(id)),
      ...usernames.filter(
        (name, i, all) =>
          all.indexOf(name) === i && !found.some((row) => row.username.toLowerCase() === name.toLowerCase()),
      ),
    ];
    const ids = [...targets.keys()];
    if (ids.includes(c.var.user.id)) throw new ApiError('CONFLICT', USER_MESSAGES.deactivateSelf);
    await assertAllInSite(db, c.var.user, ids);
    if ((await userManagerCount(db, ids)) === 0) throw new ApiError('CONFLICT', USER_MESSAGES.deactivateLastManager);
    const active = [...targets.values()].filter((row) => !row.deactivatedAt).map((row) => row.id);
    const deactivated = await deactivateUsers(db, c.var.user, active, reason);
    const alreadyDeactivated = targets.size - active.length;
    const parts = [`${deactivated} ${deactivated === 1 ? 'user' : 'users'} deactivated.`];
    if (alreadyDeactivated > 0) parts.push(`${alreadyDeactivated} already deactivated.`);
    if (notFound.length > 0) parts.push(`${notFound.length} not found.`);
    return c.json({
      message: parts.join(' '),
      deactivated,
      alreadyDeactivated,
      notFound,
    } satisfies BulkDeactivateResponse);
  })

  .post(
    '/:id/deactivate',
    requireAdmin('userManagement'),
    validate('param', idParam),
    validate('json', deactivateBody),
    async (c) => {
      const { id } = c.req.valid('param');
      const db = c.var.db;
      if (id === c.var.user.id) throw new ApiError('CONFLICT', USER_MESSAGES.deactivateSelf);
      const row = await loadUser(db, id);
      if (!row) throw new ApiError('NOT_FOUND', USER_MESSAGES.notFound);
      assertInSite(c.var.user, row);
      if (!row.deactivatedAt) {
        if ((await userManagerCount(db, [id])) === 0)
          throw new ApiError('CONFLICT', USER_MESSAGES.deactivateLastManager);
        await deactivateUsers(db, c.var.user, [id], c.req.valid('json').reason);
      }
      const updated = (await loadUser(db, id))!;
      const map = await domainsFor(db, [id]);
      return c.json({
        message: 'User deactivated',
        user: toUserDto(updated, map.get(id) ?? []),
      } satisfies UserStatusResponse);
    },
  )

  .post(
    '/:id/reactivate',
    requireAdmin('userManagement'),
    validate('param', idParam),
    validate('json', reactivateBody),
    async (c) => {
      const { id } = c.req.valid('param');
      const db = c.var.db;
      const row = await loadUser(db, id);
      if (!row) throw new ApiError('NOT_FOUND', USER_MESSAGES.notFound);
      assertInSite(c.var.user, row);
      if (row.deactivatedAt) await reactivateUser(db, c.var.user, id, c.req.valid('json').reason);
      const updated = (await loadUser(db, id))!;
      const map = await domainsFor(db, [id]);
      return c.json({
        message: 'User reactivated',
        user: toUserDto(updated, map.get(id) ?? []),
      } satisfies UserStatusResponse);
    },
  );
