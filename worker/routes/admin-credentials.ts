import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type * as v from 'valibot';
import { idParam } from '../contract/common';
import {
  adminCredentialQuery,
  credentialRejectBody,
  credentialTypeBody,
  credentialTypeListQuery,
  type AdminCredentialListResponse,
  type AdminCredentialResponse,
  type CredentialTypeListResponse,
  type CredentialTypeResponse,
} from '../contract/credentials';
import { REFUSALS } from '../contract/errors';
import { credentials, credentialTypes } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { requireAdmin } from '../middleware/auth';
import { auditInsert } from '../services/audit';
import {
  findAdminCredential,
  toAdminCredential,
  toCredentialType,
  type CredentialTypeRow,
} from '../services/credentials';
import { forgetPeopleCaches } from '../services/people-caches';
import { validate } from '../validate';
import { linkSession } from '../services/link-sessions';
import { credentialQueue, reviewCredential } from '../services/credential-review';
import { assertPersonInSite, personInSite } from '../services/sites';

/*
 * Credential types and the approval queue, for administrators who manage people (userManagement):
 * approving a credential is a decision about a person's compliance, like an exemption.
 */

const nameTaken = () =>
  new ApiError('CONFLICT', REFUSALS['credentialType.nameTaken'], {
    fields: { name: REFUSALS['credentialType.nameTaken'] },
  });

async function typeOr404(db: AppEnv['Variables']['db'], id: string): Promise<CredentialTypeRow> {
  const row = await db.select().from(credentialTypes).where(eq(credentialTypes.id, id)).get();
  if (!row) throw new ApiError('NOT_FOUND', REFUSALS['credentialType.notFound']);
  return row;
}

/** Names are unique ignoring case (the table's unique index on lower(name) backs this check). */
async function checkNameFree(db: AppEnv['Variables']['db'], name: string, exceptId?: string) {
  const same = await db
    .select({ id: credentialTypes.id })
    .from(credentialTypes)
    .where(
      and(
        sql`lower(${credentialTypes.name}) = lower(${name})`,
        exceptId ? ne(credentialTypes.id, exceptId) : undefined,
      ),
    )
    .get();
  if (same) throw nameTaken();
}

/** The columns of a type body; a type that does not expire asks for no expiry date. */
const typeColumns = (body: v.InferOutput<typeof credentialTypeBody>) => ({
  ...body,
  requiresExpiryDate: body.expires && body.requiresExpiryDate,
});

export const adminCredentialTypeRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin('userManagement'))
  .get('/', validate('query', credentialTypeListQuery), async (c) => {
    const { includeRetired } = c.req.valid('query');
    const rows = await c.var.db
      .select()
      .from(credentialTypes)
      .where(includeRetired ? undefined : isNull(credentialTypes.retiredAt))
      .orderBy(asc(credentialTypes.name));
    return c.json<CredentialTypeListResponse>({ types: rows.map(toCredentialType) });
  })

  .post('/', validate('json', credentialTypeBody), async (c) => {
    const db = c.var.db;
    const columns = typeColumns(c.req.valid('json'));
    await checkNameFree(db, columns.name);
    const id = crypto.randomUUID();
    const now = new Date();
    await db.batch([
      db.insert(credentialTypes).values({ id, ...columns, createdBy: c.var.user.id }),
      auditInsert(db, {
        actor: c.var.user,
        action: 'CREDENTIAL_TYPE_CREATED',
        entityType: 'CREDENTIAL_TYPE',
        entityId: id,
        after: columns,
        at: now,
      }),
    ]);
    return c.json<CredentialTypeResponse>({ type: toCredentialType(await typeOr404(db, id)) }, 201);
  })

  .put('/:id', validate('param', idParam), validate('json', credentialTypeBody), async (c) => {
    const db = c.var.db;
    const { id } = c.req.valid('param');
    const before = await typeOr404(db, id);
    if (before.retiredAt) throw new ApiError('CONFLICT', REFUSALS['credentialType.alreadyRetired']);
    const columns = typeColumns(c.req.valid('json'));
    await checkNameFree(db, columns.name, id);
    const now = new Date();
    await db.batch([
      db
        .update(credentialTypes)
        .set({ ...columns, updatedAt: now.toISOString() })
        .where(eq(credentialTypes.id, id)),
      // What counts as a valid credential may have changed (an expiry no longer needed).
      ...forgetPeopleCaches(db),
      auditInsert(db, {
        actor: c.var.user,
        action: 'CREDENTIAL_TYPE_UPDATED',
        entityType: 'CREDENTIAL_TYPE',
        entityId: id,
        before: toCredentialType(before),
        after: columns,
        at: now,
      }),
    ]);
    return c.json<CredentialTypeResponse>({ type: toCredentialType(await typeOr404(db, id)) });
  })

  // Retired, never deleted: credentials already submitted keep their type; no new ones are taken.
  .post('/:id/retire', validate('param', idParam), async (c) => {
    const db = c.var.db;
    const { id } = c.req.valid('param');
    const before = await typeOr404(db, id);
    if (before.retiredAt) throw new ApiError('CONFLICT', REFUSALS['credentialType.alreadyRetired']);
    const now = new Date();
    await db.batch([
      db
        .update(credentialTypes)
        .set({ retiredAt: now.toISOString(), updatedAt: now.toISOString() })
        .where(eq(credentialTypes.id, id)),
      // Whether credentials of a retired type still count is the evidence rule's: it is read afresh.
      ...forgetPeopleCaches(db),
      auditInsert(db, {
        actor: c.var.user,
        action: 'CREDENTIAL_TYPE_RETIRED',
        entityType: 'CREDENTIAL_TYPE',
        entityId: id,
        before: { name: before.name },
        at: now,
      }),
    ]);
    return c.json<CredentialTypeResponse>({ type: toCredentialType(await typeOr404(db, id)) });
  });

export const adminCredentialRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin('userManagement'))
  // A site-limited administrator's queue is their site's people's (the count too, so pages agree).
  .get('/', validate('query', adminCredentialQuery), async (c) =>
    c.json<AdminCredentialListResponse>(
      await credentialQueue(c, c.req.valid('query'), personInSite(c.var.user, credentials.userId)),
    ),
  )

  .get('/:id', validate('param', idParam), async (c) => {
    const row = await findAdminCredential(c.var.db, c.req.valid('param').id);
    await assertPersonInSite(c.var.db, c.var.user, row.credential.userId);
    return c.json<AdminCredentialResponse>({
      credential: await toAdminCredential(c.env.JWT_SECRET, row, linkSession(c), new Date()),
    });
  })

  .post('/:id/approve', validate('param', idParam), async (c) => {
    return c.json<AdminCredentialResponse>(await reviewCredential(c, c.req.valid('param').id, null));
  })

  .post('/:id/reject', validate('param', idParam), validate('json', credentialRejectBody), async (c) => {
    return c.json<AdminCredentialResponse>(
      await reviewCredential(c, c.req.valid('param').id, c.req.valid('json').reason),
    );
  });
