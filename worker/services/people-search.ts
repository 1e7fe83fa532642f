import { and, asc, isNull, ne, or, sql } from 'drizzle-orm';
import type { TraineeDto } from '../contract/evaluations';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { siteScope } from './sites';
import { fullName } from './users';

/**
 * Active people other than the caller whose username, name or department contains `query`, 20 at
 * most by username: whom an evaluator may evaluate, whom a foreman may put on a talk's sheet. A
 * site-limited administrator finds their site's people only.
 */
export async function searchOthers(
  db: Db,
  caller: { id: string; siteLimit?: string | null },
  query: string,
): Promise<TraineeDto[]> {
  const like = `%${query.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        isNull(users.deactivatedAt),
        ne(users.id, caller.id),
        siteScope(caller),
        query
          ? or(
              sql`lower(${users.username}) LIKE ${like} ESCAPE '\\'`,
              sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) LIKE ${like} ESCAPE '\\'`,
              sql`lower(coalesce(${users.department}, '')) LIKE ${like} ESCAPE '\\'`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${users.username})`))
    .limit(20);
  return rows.map((row) => ({
    id: row.id,
    name: fullName(row),
    username: row.username,
    department: row.department,
    jobTitle: row.jobTitle,
  }));
}
