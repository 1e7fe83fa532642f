import { inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { bulkDeleteBody, USER_MESSAGES } from '../../contract/users';
import { importBody, importRowSchema, parseImportCsv, type BulkImportResult } from '../../contract/user-import';
import { isUniqueViolation } from '../../db/errors';
import { inListChunks } from '../../db/in-list';
import { users } from '../../db/schema';
import type { AppEnv } from '../../env';
import { ApiError } from '../../errors';
import { requireAdmin } from '../../middleware/auth';
import { auditInsertPerUser } from '../../services/audit';
import { forgetPeopleCaches } from '../../services/people-caches';
import { afterPeopleChanged } from '../../services/requirement-audience';
import {
  assertNoCertificates,
  existingValues,
  newAccountSecrets,
  newAccountStatements,
} from '../../services/user-accounts';
import { userManagerCount } from '../../services/users';
import { parseOrThrow, readJsonBody, validate } from '../../validate';

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
      if (parsed.success) return { ...parsed.output, error: null as string | null };
      return {
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

    const at = new Date();
    const created = new Map<(typeof candidates)[number], { id: string; password: string }>();
    const statements = [];
    for (const row of candidates) {
      if (row.error) continue;
      const id = crypto.randomUUID();
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
