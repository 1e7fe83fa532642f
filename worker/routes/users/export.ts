import { and, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { accepts } from 'hono/accepts';
import { EXPORT_COLUMNS } from '../../contract/users';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { AppEnv } from '../../env';
import { requireAdmin } from '../../middleware/auth';
import { decryptText } from '../../services/crypto';
import { CSV_BOM, csvCell } from '../../services/csv';
import { siteScope } from '../../services/sites';
import { byUsername } from '../../services/user-accounts';

type ExportRecord = Record<(typeof EXPORT_COLUMNS)[number], string | null>;

/**
 * People exported per read: one keyset page in name order, their books in the same statement. The
 * first read is small so the first bytes leave quickly; the rest go 1,000 at a time. One statement
 * per page keeps an export of 250,000 people at 251 D1 queries, within D1's 1,000 queries per
 * Worker invocation (the books used to be read in IN-lists of 90 ids: 7 queries per 500 people,
 * 3,500 for 250,000; test/api/users-export-scale.test.ts counts them).
 */
export const EXPORT_CHUNK = 1000;
export const EXPORT_FIRST_CHUNK = 100;

/** The export's keyset read: people after `after` in lower(username) order, by its unique index. */
export function exportChunkQuery(db: Db, after: string | null, size = EXPORT_CHUNK, scope?: SQL) {
  return db
    .select({
      row: users,
      key: sql<string>`${byUsername}`,
      // The site's name and the manager's username: what the import reads back (issue 30). Written
      // out in full: drizzle leaves a lone table's columns unqualified, which the inner FROM would capture.
      site: sql<string | null>`(SELECT s.name FROM sites s WHERE s.id = users.site_id)`,
      manager: sql<string | null>`(SELECT m.username FROM users m WHERE m.id = users.manager_id)`,
      // The person's book names as a JSON array, by the (user_id, domain_id) primary key.
      books: sql<string>`(SELECT json_group_array(d.name) FROM user_domains ud JOIN domains d ON d.id = ud.domain_id WHERE ud.user_id = users.id)`,
    })
    .from(users)
    .where(and(after === null ? undefined : sql`${byUsername} > ${after}`, scope))
    .orderBy(byUsername)
    .limit(size);
}

/** The next `EXPORT_CHUNK` people after the lower-cased username `after`, as export records. */
async function exportChunk(
  db: Db,
  secret: string,
  after: string | null,
  scope: SQL | undefined,
): Promise<{ records: ExportRecord[]; after: string | null }> {
  // The key is SQLite's own lower() (ASCII only), so the next chunk starts exactly where this one ended.
  const keyed = await exportChunkQuery(db, after, after === null ? EXPORT_FIRST_CHUNK : EXPORT_CHUNK, scope);
  if (keyed.length === 0) return { records: [], after };
  const records = await Promise.all(
    keyed.map(async ({ row, site, manager, books }) => {
      // The temporary password is shown only while the user has not replaced it; never a hash.
      const password =
        row.mustChangePassword && row.tempPasswordEnc ? ((await decryptText(secret, row.tempPasswordEnc)) ?? '') : '';
      return {
        username: row.username,
        email: row.email,
        password,
        firstName: row.firstName,
        lastName: row.lastName,
        role: row.role,
        department: row.department,
        jobTitle: row.jobTitle,
        site,
        manager,
        // In name order as the user screen lists them (localeCompare, not SQLite's binary order).
        domains: (JSON.parse(books) as string[]).sort((a, b) => a.localeCompare(b)).join('; '),
        passwordCreatedAt: row.passwordCreatedAt,
      } satisfies ExportRecord;
    }),
  );
  return { records, after: keyed[keyed.length - 1]!.key };
}

/** /api/users/export: every account with its temporary password while unused (User Management). */
export const exportUsers = new Hono<AppEnv>()
  // CSV by default; a JSON array of the same rows when the client prefers JSON. Formula
  // neutralising is a CSV concern (spreadsheets evaluate cells), so JSON carries the plain values.
  // The CSV is written chunk by chunk of people in name order (the lower(username) index), so
  // its first bytes leave at once and the Worker never holds 100,000 people in memory.
  .get('/export', requireAdmin('userManagement'), async (c) => {
    const db = c.var.db;
    const secret = c.env.JWT_SECRET;
    // A site-limited administrator exports their site's people only.
    const scope = siteScope(c.var.user);
    c.header('Vary', 'Accept');
    if (
      accepts(c, { header: 'Accept', supports: ['text/csv', 'application/json'], default: 'text/csv' }) ===
      'application/json'
    ) {
      const records: ExportRecord[] = [];
      for (let after: string | null = null; ; ) {
        const chunk = await exportChunk(db, secret, after, scope);
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
          controller.enqueue(encoder.encode(CSV_BOM + line(EXPORT_COLUMNS)));
          return;
        }
        const chunk = await exportChunk(db, secret, after, scope);
        if (chunk.records.length === 0) {
          controller.close();
          return;
        }
        after = chunk.after;
        controller.enqueue(
          encoder.encode(chunk.records.map((record) => line(EXPORT_COLUMNS.map((column) => record[column]))).join('')),
        );
      },
    });
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', 'attachment; filename="users_with_passwords.csv"');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(stream);
  });
