import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { accepts } from 'hono/accepts';
import * as v from 'valibot';
import {
  adminUpdateUserBody,
  assignDomainsBody,
  bulkDeactivateBody,
  bulkDeleteBody,
  deactivateBody,
  createUserBody,
  EXPORT_COLUMNS,
  importBody,
  importRowSchema,
  parseImportCsv,
  profileBody,
  reactivateBody,
  USER_MESSAGES,
  userDomainsBody,
  usernameFitsEmail,
  userListQuery,
  type AssignDomainsResponse,
  type BulkDeactivateResponse,
  type BulkImportResult,
  type CreateUserResponse,
  type GeneratedPasswordResponse,
  type UserDomainsResponse,
  type UserListPage,
  type UserStatusResponse,
} from '../contract/admin-people';
import { idParam, searchQuery, searchTermOf } from '../contract/common';
import { isAdminUser } from '../contract/rules/roles';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { offsetOf, paginate, type PageRequest } from '../db/paginate';
import { certificates, domains, userDomains, users } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { confirmCurrentPassword, notifyEmailChanged } from '../services/account';
import { decryptText, encryptText } from '../services/crypto';
import { csvCell } from '../services/csv';
import { generatePassword, hashPassword } from '../services/password';
import { assertPermission } from '../middleware/auth';
import {
  deactivateUsers,
  domainsByUser as domainsFor,
  fullName,
  permissionsOf,
  reactivateUser,
  toUserDetail,
  toUserDto,
  userManagerCount,
  userSearch,
  userStatusCondition,
} from '../services/users';
import { inListChunks, insertChunks, selectInChunks } from '../db/in-list';
import { parseOrThrow, validate } from '../validate';

type UserRow = typeof users.$inferSelect;

const byUsername = sql`lower(${users.username})`;

async function loadUser(db: Db, id: string): Promise<UserRow | undefined> {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/**
 * Deleting a user cascades to their training records, and a certificate an inspector checks
 * must keep verifying: holders of certificates are refused (409) before anything is written.
 */
async function assertNoCertificates(db: Db, ids: string[]): Promise<void> {
  for (const part of inListChunks(ids)) {
    const held = await db.select({ id: certificates.id }).from(certificates).where(inArray(certificates.userId, part)).limit(1).get();
    if (held) throw new ApiError('CONFLICT', USER_MESSAGES.deleteCertified);
  }
}

/**
 * Active administrators who can manage users, not counting `excluding`: deleting, demoting or
 * deactivating the last of them is refused, or nobody could manage users again.
 */
const adminCount = userManagerCount;

/**
 * 409 when another account already uses the username or e-mail (case-insensitive). Usernames and
 * e-mail addresses are one sign-in namespace: neither may equal another account's username or e-mail.
 */
async function assertUnique(db: Db, username: string | undefined, email: string | undefined, exceptId?: string): Promise<void> {
  const notSelf = exceptId ? ne(users.id, exceptId) : undefined;
  const usedBy = (value: string) => sql`(lower(${users.username}) = ${value.toLowerCase()} OR lower(${users.email}) = ${value.toLowerCase()})`;
  if (username) {
    const taken = await db.select({ id: users.id }).from(users).where(and(usedBy(username), notSelf)).get();
    if (taken) throw new ApiError('CONFLICT', USER_MESSAGES.usernameTaken, { fields: { username: USER_MESSAGES.usernameTaken } });
  }
  if (email) {
    const taken = await db.select({ id: users.id }).from(users).where(and(usedBy(email), notSelf)).get();
    if (taken) throw new ApiError('CONFLICT', USER_MESSAGES.emailTaken, { fields: { email: USER_MESSAGES.emailTaken } });
  }
}

async function newAccountSecrets(secret: string) {
  const password = generatePassword();
  const [passwordHash, tempPasswordEnc] = await Promise.all([hashPassword(password), encryptText(secret, password)]);
  return { password, passwordHash, tempPasswordEnc };
}

async function readJson(req: { json: () => Promise<unknown> }): Promise<unknown> {
  try {
    return await req.json();
  } catch {
    throw new ApiError('BAD_REQUEST', 'The request body is not valid JSON');
  }
}

/** Existing lower-cased values of a column among `values`, in parameter-safe chunks. */
async function existingValues(db: Db, column: 'username' | 'email', values: string[]): Promise<Set<string>> {
  const col = column === 'username' ? users.username : users.email;
  const found = new Set<string>();
  for (const part of inListChunks(values)) {
    const rows = await db
      .select({ value: sql<string>`lower(${col})` })
      .from(users)
      .where(sql`lower(${col}) IN (${sql.join(part.map((value) => sql`${value}`), sql`, `)})`);
    for (const row of rows) found.add(row.value);
  }
  return found;
}

interface UserListFilters {
  search?: string;
  role?: (typeof users.$inferSelect)['role'] | '';
  domainId?: string;
  status: Parameters<typeof userStatusCondition>[0];
}

/** The user list's filters: search (trigram index), status, role and book. */
function userListWhere({ search, role, domainId, status }: UserListFilters) {
  const searched = userSearch(search);
  return and(
    searched,
    userStatusCondition(status, searched !== undefined),
    role ? eq(users.role, role) : undefined,
    domainId ? sql`EXISTS (SELECT 1 FROM user_domains ud WHERE ud.user_id = ${users.id} AND ud.domain_id = ${domainId})` : undefined,
  );
}

/** One page of the user list in name order and its count, as the route runs them (and the query-plan test reads them). */
export function userListQueries(db: Db, filters: UserListFilters, request: PageRequest) {
  const where = userListWhere(filters);
  return {
    rows: db.select().from(users).where(where).orderBy(byUsername, users.id).limit(request.limit).offset(offsetOf(request)),
    count: db.select({ n: count() }).from(users).where(where),
  };
}

type ExportRecord = Record<(typeof EXPORT_COLUMNS)[number], string | null>;

/**
 * People exported per read: one keyset page in name order, with their books. The first read is
 * small (one query for its books) so the first bytes leave quickly; the rest go 500 at a time.
 */
const EXPORT_CHUNK = 500;
const EXPORT_FIRST_CHUNK = 100;

/** The export's keyset read: people after `after` in lower(username) order, by its unique index. */
export function exportChunkQuery(db: Db, after: string | null, size = EXPORT_CHUNK) {
  return db
    .select({ row: users, key: sql<string>`${byUsername}` })
    .from(users)
    .where(after === null ? undefined : sql`${byUsername} > ${after}`)
    .orderBy(byUsername)
    .limit(size);
}

/** The next `EXPORT_CHUNK` people after the lower-cased username `after`, as export records. */
async function exportChunk(db: Db, secret: string, after: string | null): Promise<{ records: ExportRecord[]; after: string | null }> {
  // The key is SQLite's own lower() (ASCII only), so the next chunk starts exactly where this one ended.
  const keyed = await exportChunkQuery(db, after, after === null ? EXPORT_FIRST_CHUNK : EXPORT_CHUNK);
  if (keyed.length === 0) return { records: [], after };
  const rows = keyed.map((k) => k.row);
  const map = await domainsFor(db, rows.map((row) => row.id));
  const records = await Promise.all(
    rows.map(async (row) => {
      // The temporary password is shown only while the user has not replaced it; never a hash.
      const password = row.mustChangePassword && row.tempPasswordEnc ? ((await decryptText(secret, row.tempPasswordEnc)) ?? '') : '';
      return {
        username: row.username,
        email: row.email,
        password,
        firstName: row.firstName,
        lastName: row.lastName,
        role: row.role,
        department: row.department,
        jobTitle: row.jobTitle,
        domains: (map.get(row.id) ?? []).map((d) => d.name).join('; '),
        passwordCreatedAt: row.passwordCreatedAt,
      } satisfies ExportRecord;
    }),
  );
  return { records, after: keyed[keyed.length - 1]!.key };
}

/**
 * Guards are declared in app.ts: a session for every route, an admin for all but a learner's own
 * profile (`GET`/`PUT /:id`, which check ownership here).
 */
export const usersRoutes = new Hono<AppEnv>()
  .get('/', validate('query', userListQuery), async (c) => {
    const { page, limit, search, role, domainId, status } = c.req.valid('query');
    const db = c.var.db;
    const filters = { search, role, domainId, status };
    if (page === undefined) {
      // Original clients read the whole list as a plain array.
      const [rows, map] = await Promise.all([db.select().from(users).where(userListWhere(filters)).orderBy(byUsername), domainsFor(db)]);
      return c.json(rows.map((row) => toUserDto(row, map.get(row.id) ?? [])));
    }
    const request = { page, limit };
    const { rows, count } = userListQueries(db, filters, request);
    const { items, pagination } = await paginate(db, request, rows, count);
    const map = await domainsFor(db, items.map((row) => row.id));
    return c.json({ users: items.map((row) => toUserDto(row, map.get(row.id) ?? [])), pagination } satisfies UserListPage);
  })

  // Quick lookup for pickers: the first 20 active users whose username or e-mail contains `q`.
  .get('/search', validate('query', searchQuery), async (c) => {
    const db = c.var.db;
    const searched = userSearch(searchTermOf(c.req.valid('query')));
    const rows = await db.select().from(users).where(and(searched, userStatusCondition('ACTIVE', searched !== undefined))).orderBy(byUsername, users.id).limit(20);
    const map = await domainsFor(db, rows.map((row) => row.id));
    return c.json(rows.map((row) => toUserDto(row, map.get(row.id) ?? [])));
  })

  // A policy-valid password from the same generator as account creation; nothing is stored.
  .get('/generate-password', (c) => c.json({ password: generatePassword() } satisfies GeneratedPasswordResponse))

  .post('/', validate('json', createUserBody), async (c) => {
    const body = c.req.valid('json');
    const db = c.var.db;
    if (body.role === 'ADMIN' && !isAdminUser(c.var.user)) throw new ApiError('FORBIDDEN', USER_MESSAGES.adminOnlyByAdmin);
    await assertUnique(db, body.username, body.email);
    const { password, passwordHash, tempPasswordEnc } = await newAccountSecrets(c.env.JWT_SECRET);
    const now = new Date().toISOString();
    let row: UserRow | undefined;
    try {
      row = await db
        .insert(users)
        .values({
          id: crypto.randomUUID(),
          username: body.username,
          email: body.email,
          role: body.role,
          firstName: body.firstName,
          lastName: body.lastName,
          language: body.language ?? null,
          passwordHash,
          tempPasswordEnc,
          mustChangePassword: true,
          passwordCreatedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
        .get();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('CONFLICT', 'Username or email already exists');
      throw error;
    }
    return c.json({ user: toUserDto(row!, []), password } satisfies CreateUserResponse, 201);
  })

  // Import a chunk of at most IMPORT_CHUNK_SIZE rows (JSON rows, or the CSV file itself as text/csv).
  .post('/bulk', async (c) => {
    const db = c.var.db;
    let input: unknown;
    if ((c.req.header('content-type') ?? '').includes('text/csv')) {
      const parsed = parseImportCsv(await c.req.text());
      if (parsed.fileError) throw new ApiError('VALIDATION_FAILED', parsed.fileError);
      input = parsed.rows.map(({ username, email }) => ({ username, email }));
    } else {
      input = await readJson(c.req);
    }
    const rows = parseOrThrow(importBody, input);

    const candidates = rows.map((raw) => {
      const rec = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
      const username = typeof rec.username === 'string' ? rec.username.trim() : '';
      const email = typeof rec.email === 'string' ? rec.email.trim() : '';
      const parsed = v.safeParse(importRowSchema, { username, email });
      return { username, email, error: parsed.success ? null : parsed.issues[0].message };
    });
    const valid = candidates.filter((r) => !r.error);
    // One sign-in namespace: a row's e-mail may not be an existing username either.
    const [takenUsernames, takenEmails] = await Promise.all([
      existingValues(db, 'username', [...new Set(valid.flatMap((r) => [r.username.toLowerCase(), r.email.toLowerCase()]))]),
      existingValues(db, 'email', [...new Set(valid.flatMap((r) => [r.email.toLowerCase(), r.username.toLowerCase()]))]),
    ]);
    const seenUser = new Set<string>();
    const seenEmail = new Set<string>();
    for (const row of candidates) {
      if (row.error) continue;
      const u = row.username.toLowerCase();
      const e = row.email.toLowerCase();
      if (takenUsernames.has(u) || takenEmails.has(u)) row.error = USER_MESSAGES.usernameTaken;
      else if (takenEmails.has(e) || takenUsernames.has(e)) row.error = USER_MESSAGES.emailTaken;
      else if (seenUser.has(u)) row.error = USER_MESSAGES.duplicateUsernameInFile;
      else if (seenEmail.has(e)) row.error = USER_MESSAGES.duplicateEmailInFile;
      seenUser.add(u);
      seenEmail.add(e);
    }

    const now = new Date().toISOString();
    const created = new Map<(typeof candidates)[number], { id: string; password: string }>();
    const inserts = [];
    for (const row of candidates) {
      if (row.error) continue;
      const id = crypto.randomUUID();
      const { password, passwordHash, tempPasswordEnc } = await newAccountSecrets(c.env.JWT_SECRET);
      created.set(row, { id, password });
      inserts.push(
        db.insert(users).values({
          id,
          username: row.username,
          email: row.email,
          role: 'USER',
          passwordHash,
          tempPasswordEnc,
          mustChangePassword: true,
          passwordCreatedAt: now,
          createdAt: now,
          updatedAt: now,
        }),
      );
    }
    if (inserts.length > 0) {
      try {
        // The valid rows of a chunk are created together or not at all.
        await db.batch(inserts as [(typeof inserts)[number], ...(typeof inserts)[number][]]);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ApiError('CONFLICT', 'Another change created some of these users meanwhile; nothing in this part was imported. Please import the file again.');
        }
        throw error;
      }
    }
    const results: BulkImportResult[] = candidates.map((row) => {
      const done = created.get(row);
      return done
        ? { username: row.username, email: row.email, status: 'success', id: done.id, password: done.password }
        : { username: row.username, email: row.email, status: 'error', message: row.error ?? 'Not imported' };
    });
    return c.json(results);
  })

  .delete('/bulk', validate('json', bulkDeleteBody), async (c) => {
    const ids = [...new Set(c.req.valid('json').userIds)];
    const db = c.var.db;
    if (ids.includes(c.var.user.id)) throw new ApiError('CONFLICT', USER_MESSAGES.deleteSelf);
    if ((await adminCount(db, ids)) === 0) throw new ApiError('CONFLICT', USER_MESSAGES.deleteLastAdmin);
    await assertNoCertificates(db, ids);
    const statements = inListChunks(ids).map((part) => db.delete(users).where(inArray(users.id, part)).returning({ id: users.id }));
    const results = await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
    const deleted = results.reduce((n, r) => n + r.length, 0);
    return c.json({ message: `${deleted} ${deleted === 1 ? 'user' : 'users'} deleted successfully`, deleted });
  })

  .put('/domains/assign', validate('json', assignDomainsBody), async (c) => {
    const body = c.req.valid('json');
    const userIds = [...new Set(body.userIds)];
    const domainIds = [...new Set(body.domainIds)];
    const db = c.var.db;
    const found = await selectInChunks(domainIds, (ids) => db.select({ id: domains.id }).from(domains).where(inArray(domains.id, ids)));
    if (found.length !== domainIds.length) throw new ApiError('NOT_FOUND', USER_MESSAGES.bookNotFound);
    const targets = await selectInChunks(userIds, (ids) => db.select({ id: users.id, role: users.role }).from(users).where(inArray(users.id, ids)));
    if (targets.length !== userIds.length) throw new ApiError('NOT_FOUND', USER_MESSAGES.notFound);
    // Administrators have global access to every book: assigning one to them means nothing.
    const eligible = targets.filter((t) => t.role !== 'ADMIN');
    const skipped = targets.length - eligible.length;
    const pairs = eligible.flatMap((u) => domainIds.map((domainId) => ({ userId: u.id, domainId })));
    if (pairs.length > 0) {
      const statements = insertChunks(pairs, 2).map((part) => db.insert(userDomains).values(part).onConflictDoNothing());
      await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
    }
    const parts = [
      eligible.length > 0 ? `Books assigned to ${eligible.length} ${eligible.length === 1 ? 'user' : 'users'}.` : 'No eligible users: books were not assigned.',
    ];
    if (skipped > 0) parts.push(`${skipped} ${skipped === 1 ? 'administrator was' : 'administrators were'} skipped because administrators have global access to all books.`);
    return c.json({ message: parts.join(' '), updated: eligible.length, skipped } satisfies AssignDomainsResponse);
  })

  // CSV by default; a JSON array of the same rows when the client prefers JSON. Formula
  // neutralising is a CSV concern (spreadsheets evaluate cells), so JSON carries the plain values.
  // The CSV is written chunk by chunk of people in name order (the lower(username) index), so
  // its first bytes leave at once and the Worker never holds 100,000 people in memory.
  .get('/export', async (c) => {
    const db = c.var.db;
    const secret = c.env.JWT_SECRET;
    c.header('Vary', 'Accept');
    if (accepts(c, { header: 'Accept', supports: ['text/csv', 'application/json'], default: 'text/csv' }) === 'application/json') {
      const records: ExportRecord[] = [];
      for (let after: string | null = null; ; ) {
        const chunk = await exportChunk(db, secret, after);
        if (chunk.records.length === 0) break;
        records.push(...chunk.records);
        after = chunk.after;
      }
      return c.json(records);
    }
    const encoder = new TextEncoder();
    const line = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
    let after: string | null = null;
    let started = false;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(line(EXPORT_COLUMNS)));
          return;
        }
        const chunk = await exportChunk(db, secret, after);
        if (chunk.records.length === 0) {
          controller.close();
          return;
        }
        after = chunk.after;
        controller.enqueue(encoder.encode(chunk.records.map((record) => line(EXPORT_COLUMNS.map((column) => record[column]))).join('')));
      },
    });
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', 'attachment; filename="users_with_passwords.csv"');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(stream);
  })

  // Leavers: a reason is required and audit-logged; sessions and signed file links end at once.
  .post('/bulk-deactivate', validate('json', bulkDeactivateBody), async (c) => {
    const { userIds, usernames, reason } = c.req.valid('json');
    const db = c.var.db;
    const wantedNames = [...new Set(usernames.map((name) => name.toLowerCase()))];
    const wantedIds = [...new Set(userIds)];
    const found: { id: string; username: string; deactivatedAt: string | null }[] = [];
    const columns = { id: users.id, username: users.username, deactivatedAt: users.deactivatedAt };
    for (const part of inListChunks(wantedIds)) found.push(...(await db.select(columns).from(users).where(inArray(users.id, part))));
    for (const part of inListChunks(wantedNames)) {
      found.push(...(await db.select(columns).from(users).where(sql`lower(${users.username}) IN (${sql.join(part.map((name) => sql`${name}`), sql`, `)})`)));
    }
    const targets = new Map(found.map((row) => [row.id, row]));
    const notFound = [
      ...wantedIds.filter((id) => !targets.has(id)),
      ...usernames.filter((name, i, all) => all.indexOf(name) === i && !found.some((row) => row.username.toLowerCase() === name.toLowerCase())),
    ];
    const ids = [...targets.keys()];
    if (ids.includes(c.var.user.id)) throw new ApiError('CONFLICT', USER_MESSAGES.deactivateSelf);
    if ((await adminCount(db, ids)) === 0) throw new ApiError('CONFLICT', USER_MESSAGES.deactivateLastManager);
    const active = [...targets.values()].filter((row) => !row.deactivatedAt).map((row) => row.id);
    const deactivated = await deactivateUsers(db, c.var.user, active, reason);
    const alreadyDeactivated = targets.size - active.length;
    const parts = [`${deactivated} ${deactivated === 1 ? 'user' : 'users'} deactivated.`];
    if (alreadyDeactivated > 0) parts.push(`${alreadyDeactivated} already deactivated.`);
    if (notFound.length > 0) parts.push(`${notFound.length} not found.`);
    return c.json({ message: parts.join(' '), deactivated, alreadyDeactivated, notFound } satisfies BulkDeactivateResponse);
  })

  .post('/:id/deactivate', validate('param', idParam), validate('json', deactivateBody), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.db;
    if (id === c.var.user.id) throw new ApiError('CONFLICT', USER_MESSAGES.deactivateSelf);
    const row = await loadUser(db, id);
    if (!row) throw new ApiError('NOT_FOUND', USER_MESSAGES.notFound);
    if (!row.deactivatedAt) {
      if ((await adminCount(db, [id])) === 0) throw new ApiError('CONFLICT', USER_MESSAGES.deactivateLastManager);
      await deactivateUsers(db, c.var.user, [id], c.req.valid('json').reason);
    }
    const updated = (await loadUser(db, id))!;
    const map = await domainsFor(db, [id]);
    return c.json({ message: 'User deactivated', user: toUserDto(updated, map.get(id) ?? []) } satisfies UserStatusResponse);
  })

  .post('/:id/reactivate', validate('param', idParam), validate('json', reactivateBody), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.db;
    const row = await loadUser(db, id);
    if (!row) throw new ApiError('NOT_FOUND', USER_MESSAGES.notFound);
    if (row.deactivatedAt) await reactivateUser(db, c.var.user, id, c.req.valid('json').reason);
    const updated = (await loadUser(db, id))!;
    const map = await domainsFor(db, [id]);
    return c.json({ message: 'User reactivated', user: toUserDto(updated, map.get(id) ?? []) } satisfies UserStatusResponse);
  })

  // Replaces the user's books. Administrators have global access, so they are refused (409).
  .put('/:id/domains', validate('param', idParam), validate('json', userDomainsBody), async (c) => {
    const { id } = c.req.valid('param');
    const domainIds = [...new Set(c.req.valid('json').domainIds)];
    const db = c.var.db;
    const row = await loadUser(db, id);
    if (!row) throw new ApiError('NOT_FOUND', USER_MESSAGES.notFound);
    if (row.role === 'ADMIN') throw new ApiError('CONFLICT', USER_MESSAGES.adminHasAllBooks);
    if (domainIds.length > 0) {
      const found = await selectInChunks(domainIds, (ids) => db.select({ id: domains.id }).from(domains).where(inArray(domains.id, ids)));
      if (found.length !== domainIds.length) throw new ApiError('NOT_FOUND', USER_MESSAGES.bookNotFound);
    }
    const clear = db.delete(userDomains).where(eq(userDomains.userId, id));
    const rows = domainIds.map((domainId) => ({ userId: id, domainId }));
    if (rows.length > 0) await db.batch([clear, ...insertChunks(rows, 2).map((part) => db.insert(userDomains).values(part))]);
    else await clear;
    const map = await domainsFor(db, [id]);
    return c.json({ message: 'Books updated successfully', user: toUserDto(row, map.get(id) ?? []) } satisfies UserDomainsResponse);
  })

  // A learner may read and edit their own profile only; anyone else's id is "not found".
  .get('/:id', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    if (!isAdminUser(c.var.user) && id !== c.var.user.id) throw new ApiError('NOT_FOUND', USER_MESSAGES.notFound);
    if (id !== c.var.user.id) assertPermission(c.var.user, 'userManagement');
    const row = await loadUser(c.var.db, id);
    if (!row) throw new ApiError('NOT_FOUND', USER_MESSAGES.notFound);
    const map = await domainsFor(c.var.db, [row.id]);
    return c.json(toUserDetail(row, map.get(row.id) ?? []));
  })

  .put('/:id', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.db;
    const admin = isAdminUser(c.var.user);
    if (!admin && id !== c.var.user.id) throw new ApiError('NOT_FOUND', USER_MESSAGES.notFound);
    if (id !== c.var.user.id) assertPermission(c.var.user, 'userManagement');
    const json = await readJson(c.req);
    // A learner's body is read through the profile schema: role, books and permissions are dropped.
    const body: v.InferOutput<typeof adminUpdateUserBody> = admin ? parseOrThrow(adminUpdateUserBody, json) : parseOrThrow(profileBody, json);
    const row = await loadUser(db, id);
    if (!row) throw new ApiError('NOT_FOUND', USER_MESSAGES.notFound);
    // A partial (admin) update is judged on the username and e-mail the account will have.
    if (!usernameFitsEmail(body.username ?? row.username, body.email ?? row.email)) {
      throw new ApiError('VALIDATION_FAILED', USER_MESSAGES.usernameEmailLike, { fields: { username: USER_MESSAGES.usernameEmailLike } });
    }
    // Changing one's own e-mail moves where reset links go: it takes the current password, an
    // admin's included. An admin changing another user's address needs no password of theirs.
    const emailChanged = body.email !== undefined && body.email.toLowerCase() !== row.email.toLowerCase();
    if (emailChanged && id === c.var.user.id) {
      if (!body.currentPassword) {
        throw new ApiError('VALIDATION_FAILED', USER_MESSAGES.currentPasswordForEmail, { fields: { currentPassword: USER_MESSAGES.currentPasswordForEmail } });
      }
      await confirmCurrentPassword(db, row, body.currentPassword);
    }
    await assertUnique(db, body.username, body.email, id);
    if (row.role === 'ADMIN' && body.role === 'USER' && (await adminCount(db, [id])) === 0) throw new ApiError('CONFLICT', USER_MESSAGES.demoteLastAdmin);
    const permissionChanges = body.permissions && Object.entries(body.permissions).some(([key, value]) => value !== undefined && permissionsOf(row)?.[key as keyof typeof body.permissions] !== value);
    if (permissionChanges) {
      // Own profile included: without User Management an admin cannot grant themselves anything.
      if (c.var.user.permissions?.userManagement === false) throw new ApiError('FORBIDDEN', USER_MESSAGES.permissionsNeedUserManagement);
      if (body.permissions?.userManagement === false && permissionsOf(row)?.userManagement !== false) {
        if (id === c.var.user.id) throw new ApiError('CONFLICT', USER_MESSAGES.removeOwnUserManagement);
        if ((await adminCount(db, [id])) === 0) throw new ApiError('CONFLICT', USER_MESSAGES.removeLastManager);
      }
    }
    const nextRole = body.role ?? row.role;
    const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date().toISOString() };
    for (const key of ['username', 'email', 'firstName', 'lastName', 'role', 'department', 'jobTitle', 'language'] as const) {
      if (body[key] !== undefined) (set as Record<string, unknown>)[key] = body[key];
    }
    if (body.permissions && nextRole === 'ADMIN') set.permissions = { ...(permissionsOf(row) ?? {}), ...body.permissions } as Record<string, boolean>;
    let updated: UserRow | undefined;
    try {
      updated = await db.update(users).set(set).where(eq(users.id, id)).returning().get();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('CONFLICT', 'Username or email already exists');
      throw error;
    }
    if (!updated) throw new ApiError('NOT_FOUND', USER_MESSAGES.notFound);
    if (emailChanged) {
      await notifyEmailChanged({ config: c.var.config, email: c.env.EMAIL }, db, { oldEmail: row.email, newEmail: updated.email, name: fullName(updated), language: updated.language });
    }
    const map = await domainsFor(db, [id]);
    return c.json(toUserDetail(updated, map.get(id) ?? []));
  })

  .delete('/:id', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.var.db;
    if (id === c.var.user.id) throw new ApiError('CONFLICT', USER_MESSAGES.deleteSelf);
    const row = await loadUser(db, id);
    if (!row) throw new ApiError('NOT_FOUND', USER_MESSAGES.notFound);
    if (row.role === 'ADMIN' && (await adminCount(db, [id])) === 0) throw new ApiError('CONFLICT', USER_MESSAGES.deleteLastAdmin);
    await assertNoCertificates(db, [id]);
    await db.delete(users).where(eq(users.id, id));
    return c.json({ message: 'User deleted successfully', deleted: 1 });
  });
