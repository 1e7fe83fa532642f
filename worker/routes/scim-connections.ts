import { and, eq, isNull, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { originFor } from '../config';
import { idParam } from '../contract/common';
import { REFUSALS } from '../contract/errors';
import {
  scimConnectionBody,
  type ScimConnectionResponse,
  type ScimConnectionsResponse,
  type ScimConnectionTokenResponse,
} from '../contract/scim';
import type { Db } from '../db/client';
import { scimConnections } from '../db/schema';
import type { AppEnv, AuthUser } from '../env';
import { ApiError } from '../errors';
import { requireAdmin } from '../middleware/auth';
import { auditInsert, auditInsertWhen } from '../services/audit';
import { newScimToken, scimConnectionDto } from '../services/scim-connections';
import { validate } from '../validate';

/*
 * /api/v2/admin/scim-connections (issue 32): the directory connections an identity provider
 * provisions people through. A token is answered once, when the connection is created or its token
 * rotated; only its hash is kept. Revoking keeps the row (audit entries name it as their actor).
 */

async function connectionOr404(db: Db, id: string) {
  const row = await db.select().from(scimConnections).where(eq(scimConnections.id, id)).get();
  if (!row) throw new ApiError('NOT_FOUND', REFUSALS['scim.connectionNotFound']);
  if (row.revokedAt) throw new ApiError('CONFLICT', REFUSALS['scim.connectionRevoked']);
  return row;
}

/** A connection provisions people of every site: an administrator limited to one site manages none. */
function assertUnlimited(user: AuthUser) {
  if (user.siteLimit) throw new ApiError('FORBIDDEN', REFUSALS['site.outsideLimit']);
}

export const adminScimConnectionRoutes = new Hono<AppEnv>()
  .use(requireAdmin('userManagement'))
  // Active connections first (newest first), then revoked ones.
  .get('/', async (c) => {
    const rows = await c.var.db
      .select()
      .from(scimConnections)
      .orderBy(sql`${scimConnections.revokedAt} IS NOT NULL`, sql`${scimConnections.createdAt} DESC`);
    return c.json<ScimConnectionsResponse>({
      connections: rows.map(scimConnectionDto),
      baseUrl: `${originFor(c.var.config, c.req.url)}/scim/v2`,
    });
  })
  .post('/', validate('json', scimConnectionBody), async (c) => {
    assertUnlimited(c.var.user);
    const db = c.var.db;
    const { name } = c.req.valid('json');
    const { token, tokenHash, tokenPrefix } = await newScimToken();
    const id = crypto.randomUUID();
    const [[row]] = await db.batch([
      db.insert(scimConnections).values({ id, name, tokenHash, tokenPrefix, createdBy: c.var.user.id }).returning(),
      auditInsert(db, {
        actor: c.var.user,
        action: 'SCIM_CONNECTION_CREATED',
        entityType: 'SCIM_CONNECTION',
        entityId: id,
        after: { name, tokenPrefix },
      }),
    ]);
    return c.json<ScimConnectionTokenResponse>({ connection: scimConnectionDto(row!), token }, 201);
  })
  // A new token replaces the old one at once: the old one is refused from this moment.
  .post('/:id/rotate', validate('param', idParam), async (c) => {
    assertUnlimited(c.var.user);
    const db = c.var.db;
    const { id } = c.req.valid('param');
    const before = await connectionOr404(db, id);
    const { token, tokenHash, tokenPrefix } = await newScimToken();
    const [[row]] = await db.batch([
      db
        .update(scimConnections)
        .set({ tokenHash, tokenPrefix, rotatedAt: new Date().toISOString() })
        .where(and(eq(scimConnections.id, id), isNull(scimConnections.revokedAt)))
        .returning(),
      // Written only if this request's token is the one that landed.
      auditInsertWhen(
        db,
        {
          actor: c.var.user,
          action: 'SCIM_CONNECTION_ROTATED',
          entityType: 'SCIM_CONNECTION',
          entityId: id,
          before: { tokenPrefix: before.tokenPrefix },
          after: { tokenPrefix },
        },
        scimConnections,
        and(eq(scimConnections.id, id), eq(scimConnections.tokenHash, tokenHash))!,
      ),
    ]);
    if (!row) throw new ApiError('CONFLICT', REFUSALS['scim.connectionRevoked']);
    return c.json<ScimConnectionTokenResponse>({ connection: scimConnectionDto(row), token });
  })
  // Revoking ends the token for good; the people it provisioned stay as they are.
  .delete('/:id', validate('param', idParam), async (c) => {
    assertUnlimited(c.var.user);
    const db = c.var.db;
    const { id } = c.req.valid('param');
    const before = await connectionOr404(db, id);
    const revokedAt = new Date().toISOString();
    const [[row]] = await db.batch([
      db
        .update(scimConnections)
        .set({ revokedAt })
        .where(and(eq(scimConnections.id, id), isNull(scimConnections.revokedAt)))
        .returning(),
      // Written only if this request's revocation is the one that landed.
      auditInsertWhen(
        db,
        {
          actor: c.var.user,
          action: 'SCIM_CONNECTION_REVOKED',
          entityType: 'SCIM_CONNECTION',
          entityId: id,
          before: { name: before.name, tokenPrefix: before.tokenPrefix },
        },
        scimConnections,
        and(eq(scimConnections.id, id), eq(scimConnections.revokedAt, revokedAt))!,
      ),
    ]);
    if (!row) throw new ApiError('CONFLICT', REFUSALS['scim.connectionRevoked']);
    return c.json<ScimConnectionResponse>({ connection: scimConnectionDto(row) });
  });
