import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  createUserBody,
  USER_MESSAGES,
  userListQuery,
  type CreateUserResponse,
  type GeneratedPasswordResponse,
  type UserListPage,
} from '../../contract/users';
import { idParam, searchQuery, searchTermOf } from '../../contract/common';
import { isAdminUser } from '../../contract/rules/roles';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { offsetOf, paginate, type PageRequest } from '../../db/paginate';
import { users } from '../../db/schema';
import type { AppEnv } from '../../env';
import { ApiError } from '../../errors';
import { requireAdmin } from '../../middleware/auth';
import { auditInsertWhen } from '../../services/audit';
import { generatePassword } from '../../services/password';
import { afterPeopleChanged } from '../../services/requirement-audience';
import { forgetPeopleCaches } from '../../services/people-caches';
import { assertInSite, assertReportingLine, siteScope } from '../../services/sites';
import {
  assertNoCertificates,
  assertUnique,
  byUsername,
  loadUser,
  newAccountSecrets,
  newAccountStatements,
  userAuditView,
  type UserRow,
} from '../../services/user-accounts';
import {
  domainsByUser as domainsFor,
  toUserDto,
  userManagerCount,
  userSearch,
  userStatusCondition,
} from '../../services/users';
import { validate } from '../../validate';

interface UserListFilters {
  search?: string;
  role?: (typeof users.$inferSelect)['role'] | '';
  domainId?: string;
  status: Parameters<typeof userStatusCondition>[0];
  /** A site-limited administrator's site (siteScope): nobody else is listed. */
  scope?: SQL;
}

/** The user list's filters: search (trigram index), status, role and book. */
function userListWhere({ search, role, domainId, status, scope }: UserListFilters) {
  const searched = userSearch(search);
  return and(
    scope,
    searched,
    userStatusCondition(status, searched !== undefined),
    role ? eq(users.role, role) : undefined,
    domainId
      ? sql`EXISTS (SELECT 1 FROM user_domains ud WHERE ud.user_id = ${users.id} AND ud.domain_id = ${domainId})`
      : undefined,
  );
}

/** One page of the user list in name order and its count, as the route runs them (and the query-plan test reads them). */
export function userListQueries(db: Db, filters: UserListFilters, request: PageRequest) {
  const where = userListWhere(filters);
  return {
    rows: db
      .select()
      .from(users)
      .where(where)
      .orderBy(byUsername, users.id)
      .limit(request.limit)
      .offset(offsetOf(request)),
    count: db.select({ n: count() }).from(users).where(where),
  };
}

/** /api/users: the people list, lookup, creating and deleting one account (User Management). */
export const adminUsers = new Hono<AppEnv>()
  .get('/', requireAdmin('userManagement'), validate('query', userListQuery), async (c) => {
    const { page, limit, search, role, domainId, status } = c.req.valid('query');
    const db = c.var.db;
    const filters = { search, role, domainId, status, scope: siteScope(c.var.user) };
    if (page === undefined) {
      // Original clients read the whole list as a plain array.
      const [rows, map] = await Promise.all([
        db.select().from(users).where(userListWhere(filters)).orderBy(byUsername),
        domainsFor(db),
      ]);
      return c.json(rows.map((row) => toUserDto(row, map.get(row.id) ?? [])));
    }
    const request = { page, limit };
    const { rows, count } = userListQueries(db, filters, request);
    const { items, pagination } = await paginate(db, request, rows, count);
    const map = await domainsFor(
      db,
      items.map((row) => row.id),
    );
    return c.json({
      users: items.map((row) => toUserDto(row, map.get(row.id) ?? [])),
      pagination,
    } satisfies UserListPage);
  })

  // Quick lookup for pickers: the first 20 active users whose username or e-mail contains `q`.
  .get('/search', requireAdmin('userManagement'), validate('query', searchQuery), async (c) => {
    const db = c.var.db;
    const searched = userSearch(searchTermOf(c.req.valid('query')));
    const rows = await db
      .select()
      .from(users)
      .where(and(siteScope(c.var.user), searched, userStatusCondition('ACTIVE', searched !== undefined)))
      .orderBy(byUsername, users.id)
      .limit(20);
    const map = await domainsFor(
      db,
      rows.map((row) => row.id),
    );
    return c.json(rows.map((row) => toUserDto(row, map.get(row.id) ?? [])));
  })

  // A policy-valid password from the same generator as account creation; nothing is stored.
  .get('/generate-password', requireAdmin('userManagement'), (c) =>
    c.json({ password: generatePassword() } satisfies GeneratedPasswordResponse),
  )

  .post('/', requireAdmin('userManagement'), validate('json', createUserBody), async (c) => {
    const body = c.req.valid('json');
    const db = c.var.db;
    if (body.role === 'ADMIN' && !isAdminUser(c.var.user))
      throw new ApiError('FORBIDDEN', USER_MESSAGES.adminOnlyByAdmin);
    await assertUnique(db, body.username, body.email);
    // A site-limited administrator's new people work at their site unless the body names it.
    const siteId = body.siteId ?? c.var.user.siteLimit ?? null;
    const managerId = body.managerId ?? null;
    await assertReportingLine(db, c.var.user, null, { siteId, managerId });
    const { password, passwordHash, tempPasswordEnc } = await newAccountSecrets(c.env.JWT_SECRET);
    const id = crypto.randomUUID();
    // The validated (normalised) values are the stored ones.
    const { username, email, role, firstName, lastName, department, jobTitle, language } = body;
    const account = {
      id,
      username,
      email,
      role,
      firstName,
      lastName,
      department,
      jobTitle,
      language,
      siteId,
      managerId,
      adminSiteId: c.var.user.siteLimit ?? null,
    };
    let row: UserRow | undefined;
    try {
      const [inserted] = await db.batch([
        ...newAccountStatements(db, c.var.user, account, { passwordHash, tempPasswordEnc }, new Date()),
        ...forgetPeopleCaches(db),
      ]);
      row = inserted[0];
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('CONFLICT', 'Username or email already exists');
      throw error;
    }
    // The training of the requirements whose audience the new person is in (their department / job title).
    await afterPeopleChanged(db, c.var.user, [id]);
    const map = await domainsFor(db, [id]);
    return c.json({ user: toUserDto(row!, map.get(id) ?? []), password } satisfies CreateUserResponse, 201);
  })

  .delete('/:id', requireAdmin('userManagement'), validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.db;
    if (id === c.var.user.id) throw new ApiError('CONFLICT', USER_MESSAGES.deleteSelf);
    const row = await loadUser(db, id);
    if (!row) throw new ApiError('NOT_FOUND', USER_MESSAGES.notFound);
    assertInSite(c.var.user, row);
    if (row.role === 'ADMIN' && (await userManagerCount(db, [id])) === 0)
      throw new ApiError('CONFLICT', USER_MESSAGES.deleteLastAdmin);
    await assertNoCertificates(db, [id]);
    // The entry goes first in the batch: the row it describes is still there to be read.
    await db.batch([
      // Written only if the account is still there for this request to delete.
      auditInsertWhen(
        db,
        {
          actor: c.var.user,
          action: 'USER_DELETED',
          target: { id, username: row.username },
          entityType: 'USER',
          entityId: id,
          before: userAuditView(row),
        },
        users,
        eq(users.id, id),
      ),
      db.delete(users).where(eq(users.id, id)),
      ...forgetPeopleCaches(db),
    ]);
    return c.json({ message: 'User deleted successfully', deleted: 1 });
  });
