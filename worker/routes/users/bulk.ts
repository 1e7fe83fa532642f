import { and, inArray, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { bulkDeleteBody, USER_MESSAGES } from '../../contract/users';
import { importBody, importRowSchema, parseImportCsv, type BulkImportResult } from '../../contract/user-import';
import { isUniqueViolation } from '../../db/errors';
import { REFUSALS } from '../../contract/errors';
import type { Db } from '../../db/client';
import { inListChunks, selectInChunks } from '../../db/in-list';
import { sites, users } from '../../db/schema';
import type { AppEnv, AuthUser } from '../../env';
import { ApiError } from '../../errors';
import { requireAdmin } from '../../middleware/auth';
import { auditInsertPerUser } from '../../services/audit';
import { forgetPeopleCaches } from '../../services/people-caches';
import { assertAllInSite } from '../../services/sites';
import { afterPeopleChanged } from '../../services/requirement-audience';
import {
  assertNoCertificates,
  existingValues,
  newAccountSecrets,
  newAccountStatements,
} from '../../services/user-accounts';
import { userManagerCount } from '../../services/users';
import { parseOrThrow, readJsonBody, validate } from '../../validate';

interface LineCells {
  username: string;
  site: string;
  manager: string;
  error: string | null;
}

/**
 * The import's `site` (a site's name) and `manager` (a username) columns, as ids. A row naming an
 * unknown or retired site, a manager nobody has, or a manager who left gets its own error (set on the
 * row, so it is not created); a manager may also be a person created by an earlier row of the file,
 * which is why new people's ids are chosen here. Rows are judged in file order, so no loop can form.
 * A site-limited administrator's rows land on their site and may not name another.
 */
async function reportingLinesOf<T extends LineCells>(db: Db, actor: AuthUser, rows: T[]) {
  const siteNames = [...new Set(rows.map((r) => r.site.toLowerCase()).filter(Boolean))];
  const managerNames = [...new Set(rows.map((r) => r.manager.toLowerCase()).filter(Boolean))];
  const [siteRows, managerRows] = await Promise.all([
    selectInChunks(siteNames, (part) =>
      db
        .select({ id: sites.id, key: sql<string>`lower(${sites.name})` })
        .from(sites)
        .where(
          and(
            isNull(sites.retiredAt),
            sql`lower(${sites.name}) IN (${sql.join(
              part.map((n) => sql`${n}`),
              sql`, `,
            )})`,
          ),
        ),
    ),
    selectInChunks(managerNames, (part) =>
      db
        .select({ id: users.id, key: sql<string>`lower(${users.username})`, deactivatedAt: users.deactivatedAt })
        .from(users)
        .where(
          sql`lower(${users.username}) IN (${sql.join(
            part.map((n) => sql`${n}`),
            sql`, `,
          )})`,
        ),
    ),
  ]);
  const siteIds = new Map(siteRows.map((r) => [r.key, r.id]));
  const managers = new Map(managerRows.map((r) => [r.key, r]));
  const ids = new Map<T, string>();
  const line = new Map<T, { siteId: string | null; managerId: string | null }>();
  const earlier = new Map<string, string>();
  for (const row of rows) {
    const id = crypto.randomUUID();
    ids.set(row, id);
    if (row.error) continue;
    const siteId = row.site ? (siteIds.get(row.site.toLowerCase()) ?? null) : (actor.siteLimit ?? null);
    const manager = row.manager ? managers.get(row.manager.toLowerCase()) : undefined;
    const managerId = row.manager ? (manager?.id ?? earlier.get(row.manager.toLowerCase()) ?? null) : null;
    if (row.site && !siteId) row.error = REFUSALS['site.unknown'];
    else if (actor.siteLimit && siteId !== actor.siteLimit) row.error = REFUSALS['site.outsideLimit'];
    else if (row.manager && row.manager.toLowerCase() === row.username.toLowerCase())
      row.error = REFUSALS['user.managerSelf'];
    else if (manager?.deactivatedAt) row.error = REFUSALS['user.managerLeaver'];
    else if (row.manager && !managerId) row.error = REFUSALS['user.managerLaterRow'];
    if (row.error) continue;
    line.set(row, { siteId, managerId });
    earlier.set(row.username.toLowerCase(), id);
  }
  return { idOf: (row: T) => ids.get(row)!, of: (row: T) => line.get(row)! };
}

/** /api/users/bulk: importing a chunk of people and deleting many at once (User Management). */
export const bulkUsers = new Hono<AppEnv>()
  // Import a chunk of at most IMPORT_CHUNK_SIZE rows (JSON rows, or the CSV file itself as text/csv).
  .post('/bulk', requireAdmin('userManagement'), async (c) => {
    const db = c.var.db;
    let input: unknown;
    if ((c.req.header('content-type') ?? '').includes('text/csv')) {
      const parsed = parseImportCsv(await c.req.text());
      if (parsed.fileError) throw new ApiError('VALIDATION_FAILED', parsed.fileError);
      input = parsed.rows.map(({ line: _line, error: _error, ...row }) => row);
    } else {
      input = await readJsonBody(c.req);
    }
    const rows = parseOrThrow(importBody, input);

    // Each row is judged on its own; a valid row stores the schema's output (normalised), which is
    // also what the duplicate checks compare, so the stored value is the validated one.
    const candidates = rows.map((raw) => {
      const rec = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
      const text = (key: string) => (typeof rec[key] === 'string' ? (rec[key] as string) : '');
      const parsed = v.safeParse(importRowSchema, {
        username: text('username'),
        email: text('email').trim(),
        firstName: text('firstName'),
        lastName: text('lastName'),
        department: text('department'),
        jobTitle: text('jobTitle'),
      });
      const line = { site: text('site').trim(), manager: text('manager').trim() };
      if (parsed.success) return { ...parsed.output, ...line, error: null as string | null };
      return {
        ...line,
        username: text('username').trim(),
        email: text('email').trim(),
        firstName: null,
        lastName: null,
        department: null,
        jobTitle: null,
        error: parsed.issues[0].message as string | null,
      };
    });
    const valid = candidates.filter((r) => !r.error);
    // One sign-in namespace: a row's e-mail may not be an existing username either.
    const [takenUsernames, takenEmails] = await Promise.all([
      existingValues(db, 'username', [
        ...new Set(valid.flatMap((r) => [r.username.toLowerCase(), r.email.toLowerCase()])),
      ]),
      existingValues(db, 'email', [
        ...new Set(valid.flatMap((r) => [r.email.toLowerCase(), r.username.toLowerCase()])),
      ]),
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

    const lines = await reportingLinesOf(db, c.var.user, candidates);

    const at = new Date();
    const created = new Map<(typeof candidates)[number], { id: string; password: string }>();
    const statements = [];
    for (const row of candidates) {
      if (row.error) continue;
      const id = lines.idOf(row);
      const { password, passwordHash, tempPasswordEnc } = await newAccountSecrets(c.env.JWT_SECRET);
      created.set(row, { id, password });
      statements.push(
        ...newAccountStatements(
          db,
          c.var.user,
          {
            id,
            username: row.username,
            email: row.email,
            role: 'USER',
            firstName: row.firstName,
            lastName: row.lastName,
            department: row.department,
            jobTitle: row.jobTitle,
            ...lines.of(row),
          },
          { passwordHash, tempPasswordEnc },
          at,
        ),
      );
    }
    if (statements.length > 0) {
      try {
        // The valid rows of a chunk are created together or not at all.
        const all = [...statements, ...forgetPeopleCaches(db)];
        await db.batch(all as [(typeof all)[number], ...(typeof all)[number][]]);
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new ApiError(
            'CONFLICT',
            'Another change created some of these users meanwhile; nothing in this part was imported. Please import the file again.',
          );
        }
        throw error;
      }
      // The training of the requirements whose audiences the new people are in.
      await afterPeopleChanged(
        db,
        c.var.user,
        [...created.values()].map((done) => done.id),
        [],
        at,
      );
    }
    const results: BulkImportResult[] = candidates.map((row) => {
      const done = created.get(row);
      return done
        ? { username: row.username, email: row.email, status: 'success', id: done.id, password: done.password }
        : { username: row.username, email: row.email, status: 'error', message: row.error ?? 'Not imported' };
    });
    return c.json(results);
  })

  .delete('/bulk', requireAdmin('userManagement'), validate('json', bulkDeleteBody), async (c) => {
    const ids = [...new Set(c.req.valid('json').userIds)];
    const db = c.var.db;
    if (ids.includes(c.var.user.id)) throw new ApiError('CONFLICT', USER_MESSAGES.deleteSelf);
    await assertAllInSite(db, c.var.user, ids);
    if ((await userManagerCount(db, ids)) === 0) throw new ApiError('CONFLICT', USER_MESSAGES.deleteLastAdmin);
    await assertNoCertificates(db, ids);
    // Each user's entry is written before the delete that removes the row it reads, in one batch.
    const at = new Date();
    const statements = inListChunks(ids).flatMap((part) => [
      auditInsertPerUser(
        db,
        { actor: c.var.user, action: 'USER_DELETED', entityType: 'USER', at },
        inArray(users.id, part),
      ),
      db.delete(users).where(inArray(users.id, part)).returning({ id: users.id }),
    ]);
    const all = [...statements, ...forgetPeopleCaches(db)];
    const results = await db.batch(all as [(typeof all)[number], ...(typeof all)[number][]]);
    const deleted = results
      .slice(0, statements.length)
      .reduce((n, r, i) => n + (i % 2 === 1 && Array.isArray(r) ? r.length : 0), 0);
    return c.json({ message: `${deleted} ${deleted === 1 ? 'user' : 'users'} deleted successfully`, deleted });
  });
