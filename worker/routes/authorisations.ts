import { and, eq, isNull } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { idParam } from '../contract/common';
import { REFUSALS } from '../contract/errors';
import {
  authorisationNumberParam,
  authorisationRevokeBody,
  type AuthorisationDto,
  type UserAuthorisationsResponse,
  type VerifyAuthorisationResponse,
} from '../contract/evaluations';
import { originFor } from '../config';
import { authorisations, users } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { publicRoute, requireAdmin, requireLearner } from '../middleware/auth';
import { edgeCache, purgeFinal } from '../middleware/edge-cache';
import { auditInsertWhen } from '../services/audit';
import {
  authorisationStatus,
  toAuthorisationDto,
  userAuthorisations,
  verifyAuthorisation,
} from '../services/authorisations';
import {
  authorisationKeys,
  canonicalCertificateNumber,
  certificateEdgeSeconds,
  edgeCacheControl,
  edgeCacheKeys,
} from '../services/edge-cache';
import { forgetPeopleCaches } from '../services/people-caches';
import { assertInSite } from '../services/sites';
import { validate } from '../validate';

const originOf = (c: Context<AppEnv>) => originFor(c.var.config, c.req.url) ?? new URL(c.req.url).origin;

function verifyCacheKey(c: Context<AppEnv>): string | null {
  const parsed = v.safeParse(canonicalCertificateNumber, c.req.param());
  return parsed.success ? edgeCacheKeys.authorisationJson(c.var.config, c.req.url, parsed.output.number) : null;
}

/** Public verification (an inspector scans the QR code), kept at the edge and purged on revocation like a certificate's. */
export const authorisationRoutes = new Hono<AppEnv>().get(
  '/verify/:number',
  publicRoute,
  edgeCache(verifyCacheKey),
  validate('param', authorisationNumberParam),
  async (c) => {
    const result = await verifyAuthorisation(c.var.db, c.req.raw, c.req.valid('param').number);
    if (!result) throw new ApiError('NOT_FOUND', REFUSALS['authorisation.notFound']);
    c.header('Cache-Control', edgeCacheControl(certificateEdgeSeconds(result)));
    return c.json<VerifyAuthorisationResponse>(result);
  },
);

/** GET /api/v2/user/authorisations: the signed-in person's own, newest first, with lineage. */
export const userAuthorisationRoutes = new Hono<AppEnv>().get('/', requireLearner, async (c) => {
  return c.json<UserAuthorisationsResponse>({
    authorisations: await userAuthorisations(c.var.db, c.var.user.id, originOf(c)),
  });
});

/** Admin: an authorisation issued in error (or withdrawn after unsafe operation) stops verifying as valid at once. */
export const adminAuthorisationRoutes = new Hono<AppEnv>().post(
  '/:id/revoke',
  requireAdmin('userManagement'),
  validate('param', idParam),
  validate('json', authorisationRevokeBody),
  async (c) => {
    const { id } = c.req.valid('param');
    const { reason } = c.req.valid('json');
    const db = c.var.db;
    const found = await db
      .select({ authorisation: authorisations, username: users.username, siteId: users.siteId })
      .from(authorisations)
      .innerJoin(users, eq(users.id, authorisations.userId))
      .where(eq(authorisations.id, id))
      .get();
    if (!found) throw new ApiError('NOT_FOUND', REFUSALS['authorisation.notFound']);
    const { authorisation, username } = found;
    assertInSite(c.var.user, found);
    if (authorisation.revokedAt) throw new ApiError('CONFLICT', REFUSALS['authorisation.alreadyRevoked']);
    const now = new Date().toISOString();
    const [updated] = await db.batch([
      db
        .update(authorisations)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(authorisations.id, id), isNull(authorisations.revokedAt)))
        .returning(),
      ...forgetPeopleCaches(db),
      auditInsertWhen(
        db,
        {
          actor: c.var.user,
          action: 'AUTHORISATION_REVOKED',
          target: { id: authorisation.userId, username },
          entityType: 'AUTHORISATION',
          entityId: id,
          reason,
          before: { status: authorisationStatus(authorisation), number: authorisation.number },
          after: { status: 'REVOKED', revokedAt: now },
        },
        authorisations,
        and(eq(authorisations.id, id), eq(authorisations.revokedAt, now), eq(authorisations.revokedReason, reason))!,
      ),
    ]);
    if (updated.length === 0) throw new ApiError('CONFLICT', REFUSALS['authorisation.alreadyRevoked']);
    // Verification says "revoked" from now on here, and again after the in-flight window (like certificates).
    await purgeFinal(c, authorisationKeys(c.var.config, c.req.url, authorisation.number));
    return c.json<{ authorisation: AuthorisationDto }>({
      authorisation: toAuthorisationDto(updated[0]!, { renews: null, renewedBy: null }, originOf(c)),
    });
  },
);
