/** The credential approval queue and a review's one batch, shared by the admin and the team (supervisor) routes. */
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type * as v from 'valibot';
import type {
  adminCredentialQuery,
  AdminCredentialListResponse,
  AdminCredentialResponse,
} from '../contract/credentials';
import { REFUSALS } from '../contract/errors';
import { credentials, credentialTypes, users } from '../db/schema';
import { offsetOf, paginate } from '../db/paginate';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { auditInsertWhen } from './audit';
import { adminColumns, findAdminCredential, toAdminCredential } from './credentials';
import { forgetPeopleCaches } from './people-caches';
import { linkSession } from './link-sessions';
import { assertPersonInSite } from './sites';

/**
 * One page of the queue of a status: oldest first while waiting (first come, first reviewed), newest
 * first once decided. `scope` narrows it to some people (a supervisor's team, routes/team.ts).
 */
export async function credentialQueue(
  c: Context<AppEnv>,
  query: v.InferOutput<typeof adminCredentialQuery>,
  scope?: SQL,
): Promise<AdminCredentialListResponse> {
  const db = c.var.db;
  const where = and(eq(credentials.status, query.status), scope);
  const order = query.status === 'PENDING' ? asc(credentials.submittedAt) : desc(credentials.reviewedAt);
  const { items, pagination } = await paginate(
    db,
    query,
    db
      .select(adminColumns)
      .from(credentials)
      .innerJoin(credentialTypes, eq(credentialTypes.id, credentials.typeId))
      .innerJoin(users, eq(users.id, credentials.userId))
      .where(where)
      .orderBy(order, asc(credentials.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(credentials).where(where),
  );
  const now = new Date();
  const session = linkSession(c);
  return {
    credentials: await Promise.all(items.map((r) => toAdminCredential(c.env.JWT_SECRET, r as never, session, now))),
    pagination,
  };
}

/**
 * Approves (reason null) or rejects a PENDING credential, its audit row and the cleared caches in one
 * batch; the actor is the caller (an administrator, or a supervisor of the credential's holder).
 * `mayReview` refuses holders outside the caller's reach before anything is judged or written.
 */
export async function reviewCredential(
  c: Context<AppEnv>,
  id: string,
  reason: string | null,
  mayReview?: (holderId: string) => Promise<void>,
): Promise<AdminCredentialResponse> {
  const db = c.var.db;
  const actor = c.var.user;
  const row = await findAdminCredential(db, id);
  await mayReview?.(row.credential.userId);
  // The site limit binds the person, whichever screen they review from.
  await assertPersonInSite(db, actor, row.credential.userId);
  if (row.credential.status !== 'PENDING') throw new ApiError('CONFLICT', REFUSALS['credential.notPending']);
  if (row.credential.userId === actor.id) throw new ApiError('FORBIDDEN', REFUSALS['credential.ownReview']);
  const now = new Date();
  const status = reason === null ? 'APPROVED' : 'REJECTED';
  const pending = and(eq(credentials.id, id), eq(credentials.status, 'PENDING')) as SQL;
  // The audit row is written only while the credential is still PENDING, before the update: of two
  // reviewers at once, the second changes and records nothing.
  const [, updated] = await db.batch([
    auditInsertWhen(
      db,
      {
        actor,
        action: reason === null ? 'CREDENTIAL_APPROVED' : 'CREDENTIAL_REJECTED',
        target: { id: row.credential.userId, username: row.username },
        entityType: 'CREDENTIAL',
        entityId: id,
        reason,
        before: { status: 'PENDING' },
        after: { status, type: row.typeName, expiresOn: row.credential.expiresOn },
        at: now,
      },
      credentials,
      pending,
    ),
    db
      .update(credentials)
      .set({ status, reviewedBy: actor.id, reviewedAt: now.toISOString(), rejectReason: reason })
      .where(pending)
      .returning({ id: credentials.id }),
    // Credentials count toward requirements: the matrix, forecast and snapshots are read afresh.
    ...forgetPeopleCaches(db),
  ]);
  if ((updated as unknown[]).length === 0) throw new ApiError('CONFLICT', REFUSALS['credential.notPending']);
  return {
    credential: await toAdminCredential(c.env.JWT_SECRET, await findAdminCredential(db, id), linkSession(c), now),
  };
}
