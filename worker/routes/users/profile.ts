import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type * as v from 'valibot';
import { adminUpdateUserBody, profileBody, USER_MESSAGES, usernameFitsEmail } from '../../contract/users';
import { idParam } from '../../contract/common';
import { REFUSALS } from '../../contract/errors';
import { isAdminUser } from '../../contract/rules/roles';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import type { AppEnv } from '../../env';
import { ApiError } from '../../errors';
import { assertPermission, requireLearner } from '../../middleware/auth';
import { confirmCurrentPassword, notifyEmailChanged } from '../../services/account';
import { auditInsertWhen } from '../../services/audit';
import { forgetPeopleCaches } from '../../services/people-caches';
import { afterPeopleChanged, movedAudience } from '../../services/requirement-audience';
import { activeSite, assertInSite, assertReportingLine, wouldLoop } from '../../services/sites';
import { assertUnique, loadUser, userAuditView, type UserRow } from '../../services/user-accounts';
import {
  domainsByUser as domainsFor,
  fullName,
  permissionsOf,
  toUserDetail,
  userManagerCount,
} from '../../services/users';
import { parseOrThrow, readJsonBody, validate } from '../../validate';

/**
 * /api/users/:id: any signed-in user reads and edits their own profile; reading or editing
 * someone else's needs an administrator with User Management (checked here, by id).
 */
export const userProfile = new Hono<AppEnv>()
  // A learner may read and edit their own profile only; anyone else's id is "not found".
  .get('/:id', requireLearner, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    if (!isAdminUser(c.var.user) && id !== c.var.user.id) throw new ApiError('NOT_FOUND', USER_MESSAGES.notFound);
    if (id !== c.var.user.id) assertPermission(c.var.user, 'userManagement');
    const row = await loadUser(c.var.db, id);
    if (!row) throw new ApiError('NOT_FOUND', USER_MESSAGES.notFound);
    if (id !== c.var.user.id) assertInSite(c.var.user, row);
    const map = await domainsFor(c.var.db, [row.id]);
    return c.json(toUserDetail(row, map.get(row.id) ?? []));
  })

  .put('/:id', requireLearner, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.db;
    const admin = isAdminUser(c.var.user);
    if (!admin && id !== c.var.user.id) throw new ApiError('NOT_FOUND', USER_MESSAGES.notFound);
    if (id !== c.var.user.id) assertPermission(c.var.user, 'userManagement');
    const json = await readJsonBody(c.req);
    // A learner's body is read through the profile schema: role, books and permissions are dropped.
    const body: v.InferOutput<typeof adminUpdateUserBody> = admin
      ? parseOrThrow(adminUpdateUserBody, json)
      : parseOrThrow(profileBody, json);
    const row = await loadUser(db, id);
    if (!row) throw new ApiError('NOT_FOUND', USER_MESSAGES.notFound);
    if (id !== c.var.user.id) assertInSite(c.var.user, row);
    // A learner's body has no site or manager: nothing to judge then.
    const line = { siteId: body.siteId, managerId: body.managerId };
    if (line.siteId === row.siteId) line.siteId = undefined;
    if (line.managerId === row.managerId) line.managerId = undefined;
    await assertReportingLine(db, c.var.user, id, line);
    // Only an administrator without a site limit sets one (on administrators only).
    if (body.adminSiteId !== undefined && body.adminSiteId !== row.adminSiteId) {
      if (c.var.user.siteLimit || c.var.user.permissions?.userManagement === false)
        throw new ApiError('FORBIDDEN', REFUSALS['site.limitNeedsUnlimited']);
      if (body.adminSiteId !== null) await activeSite(db, body.adminSiteId);
    }
    // A person a site-limited administrator makes an administrator is limited to the same site.
    const inheritedLimit =
      c.var.user.siteLimit && body.role === 'ADMIN' && row.role !== 'ADMIN' ? c.var.user.siteLimit : undefined;
    // A partial (admin) update is judged on the username and e-mail the account will have.
    if (!usernameFitsEmail(body.username ?? row.username, body.email ?? row.email)) {
      throw new ApiError('VALIDATION_FAILED', USER_MESSAGES.usernameEmailLike, {
        fields: { username: USER_MESSAGES.usernameEmailLike },
      });
    }
    // Changing one's own e-mail moves where reset links go: it takes the current password, an
    // admin's included. An admin changing another user's address needs no password of theirs.
    const emailChanged = body.email !== undefined && body.email.toLowerCase() !== row.email.toLowerCase();
    if (emailChanged && id === c.var.user.id) {
      if (!body.currentPassword) {
        throw new ApiError('VALIDATION_FAILED', USER_MESSAGES.currentPasswordForEmail, {
          fields: { currentPassword: USER_MESSAGES.currentPasswordForEmail },
        });
      }
      await confirmCurrentPassword(db, row, body.currentPassword);
    }
    await assertUnique(db, body.username, body.email, id);
    if (row.role === 'ADMIN' && body.role === 'USER' && (await userManagerCount(db, [id])) === 0)
      throw new ApiError('CONFLICT', USER_MESSAGES.demoteLastAdmin);
    const permissionChanges =
      body.permissions &&
      Object.entries(body.permissions).some(
        ([key, value]) => value !== undefined && permissionsOf(row)?.[key as keyof typeof body.permissions] !== value,
      );
    if (permissionChanges) {
      // Own profile included: without User Management an admin cannot grant themselves anything.
      if (c.var.user.permissions?.userManagement === false)
        throw new ApiError('FORBIDDEN', USER_MESSAGES.permissionsNeedUserManagement);
      if (body.permissions?.userManagement === false && permissionsOf(row)?.userManagement !== false) {
        if (id === c.var.user.id) throw new ApiError('CONFLICT', USER_MESSAGES.removeOwnUserManagement);
        if ((await userManagerCount(db, [id])) === 0) throw new ApiError('CONFLICT', USER_MESSAGES.removeLastManager);
      }
    }
    const nextRole = body.role ?? row.role;
    const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date().toISOString() };
    for (const key of [
      'username',
      'email',
      'firstName',
      'lastName',
      'role',
      'department',
      'jobTitle',
      'language',
      'siteId',
      'managerId',
      'adminSiteId',
    ] as const) {
      if (body[key] !== undefined) (set as Record<string, unknown>)[key] = body[key];
    }
    if (inheritedLimit) set.adminSiteId = inheritedLimit;
    // The loop check rides in the write itself: a concurrent change cannot close a loop between check and write.
    const target =
      line.managerId && body.managerId
        ? and(eq(users.id, id), sql`NOT ${wouldLoop(id, body.managerId)}`)!
        : eq(users.id, id);
    if (body.permissions && nextRole === 'ADMIN')
      set.permissions = { ...(permissionsOf(row) ?? {}), ...body.permissions } as Record<string, boolean>;
    let updated: UserRow | undefined;
    try {
      const [changed] = await db.batch([
        db.update(users).set(set).where(target).returning(),
        // Written only if the account is still there (the update changed it).
        auditInsertWhen(
          db,
          {
            actor: c.var.user,
            action: 'USER_UPDATED',
            target: { id, username: body.username ?? row.username },
            entityType: 'USER',
            entityId: id,
            before: userAuditView(row),
            after: userAuditView({ ...row, ...set } as UserRow),
          },
          users,
          target,
        ),
        ...forgetPeopleCaches(db),
      ]);
      updated = changed[0];
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('CONFLICT', 'Username or email already exists');
      throw error;
    }
    if (!updated) {
      // Refused by the loop check in the write (someone changed the lines meanwhile), or gone.
      await assertReportingLine(db, c.var.user, id, line);
      throw new ApiError('NOT_FOUND', USER_MESSAGES.notFound);
    }
    // A new department or job title may put the person in a requirement's audience: its training comes to them.
    // (A learner made of an admin enters the audiences they are in.)
    const moved = movedAudience(row, body) || (body.siteId !== undefined && body.siteId !== row.siteId);
    if (moved || updated.role !== row.role) await afterPeopleChanged(db, c.var.user, [id], moved ? [id] : []);
    if (emailChanged) {
      await notifyEmailChanged({ config: c.var.config, email: c.env.EMAIL }, db, {
        oldEmail: row.email,
        newEmail: updated.email,
        name: fullName(updated),
        language: updated.language,
      });
    }
    const map = await domainsFor(db, [id]);
    return c.json(toUserDetail(updated, map.get(id) ?? []));
  });
