import { and, eq, isNull } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  certificateFileName,
  certificateIdParam,
  certificateMessages,
  certificateNumberParam,
  courseIdParam,
  revokeBody,
  type OwnCertificate,
  type GenerateCertificateResponse,
  type RevokeCertificateResponse,
  type UserCertificateResponse,
} from '../contract/certificates';
import { holdsAdminPermission } from '../contract/rules/roles';
import { certificates as certificatesTable, courseProgress, courses, users } from '../db/schema';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { auditInsertWhen } from '../services/audit';
import { inFirstBatch, publicRoute, requireAdmin, requireLearner, sessionInFirstBatch } from '../middleware/auth';
import { edgeCache, purgeFinal } from '../middleware/edge-cache';
import {
  certificatePdf,
  certificateStatus,
  findCertificate,
  findCycleCertificate,
  issueCertificate,
  ownCertificatesQuery,
  toOwnCertificates,
  toCertificateInfo,
  verifyCertificate,
  type CertificateRow,
} from '../services/certificates';
import { clearComplianceCache } from '../services/compliance-snapshot';
import {
  canonicalCertificateNumber,
  certificateEdgeSeconds,
  certificateKeys,
  edgeCacheControl,
  edgeCacheKeys,
} from '../services/edge-cache';
import { assertInSite, assertPersonInSite } from '../services/sites';
import { validate } from '../validate';

/**
 * The certificate by id, if the caller owns it or is an administrator with Report Generation (it is
 * on the training record) or User Management (who revokes it); 404 otherwise (never "exists but not
 * yours").
 */
async function ownedCertificate(c: { var: AppEnv['Variables'] }, certificateId: string): Promise<CertificateRow> {
  const row = await c.var.db.select().from(certificatesTable).where(eq(certificatesTable.id, certificateId)).get();
  const user = c.var.user;
  const overseer = holdsAdminPermission(user, 'reportGeneration') || holdsAdminPermission(user, 'userManagement');
  if (!row || (row.userId !== user.id && !overseer)) throw new ApiError('NOT_FOUND', certificateMessages.notFound);
  // A site-limited administrator opens their site's people's certificates only.
  if (row.userId !== user.id) await assertPersonInSite(c.var.db, user, row.userId);
  return row;
}

function pdfResponse(bytes: Uint8Array, row: CertificateRow, disposition: 'inline' | 'attachment'): Response {
  return new Response(bytes, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `${disposition}; filename="${certificateFileName(row.certificateNumber)}"`,
      'X-Content-Type-Options': 'nosniff',
      // The owner's browser may keep it briefly; shared caches must not.
      'Cache-Control': 'private, max-age=300',
    },
  });
}

function verifyCacheKey(c: Context<AppEnv>): string | null {
  const parsed = v.safeParse(canonicalCertificateNumber, c.req.param());
  return parsed.success ? edgeCacheKeys.verifyJson(c.var.config, c.req.url, parsed.output.number) : null;
}

/**
 * Verification is public, everything else needs a session: this router mixes both, so it guards
 * per handler.
 */
export const certificates = new Hono<AppEnv>()
  // Public: an inspector verifies without an account. The same answer for everyone, so kept at
  // the edge (purged on revocation); an unknown number is answered fresh each time.
  .get(
    '/verify/:number',
    publicRoute,
    edgeCache(verifyCacheKey),
    validate('param', certificateNumberParam),
    async (c) => {
      const result = await verifyCertificate(c.var.db, c.req.raw, c.req.valid('param').number);
      if (!result) throw new ApiError('NOT_FOUND', certificateMessages.notFound);
      c.header('Cache-Control', edgeCacheControl(certificateEdgeSeconds(result)));
      return c.json(result);
    },
  )

  // The signed-in user's own certificates, every cycle's, newest first (My certificates), each
  // with its place in the renewal chain.
  .get('/user/all', inFirstBatch(requireLearner), async (c) => {
    // A batch of one, so the session check rides in it (one round trip).
    const {
      result: [rows],
    } = await sessionInFirstBatch(c, (db, userId) => db.batch([ownCertificatesQuery(db, userId)]));
    return c.json<OwnCertificate[]>(toOwnCertificates(rows, new Date()));
  })

  .get('/user/:courseId', requireLearner, validate('param', courseIdParam), async (c) => {
    const row = await findCertificate(c.var.db, c.var.user.id, c.req.valid('param').courseId);
    return c.json<UserCertificateResponse>(row ? { exists: true, ...toCertificateInfo(row) } : { exists: false });
  })

  .post('/generate/:courseId', requireLearner, validate('param', courseIdParam), async (c) => {
    const { courseId } = c.req.valid('param');
    const db = c.var.db;
    const userId = c.var.user.id;
    const state = await db
      .select({ courseId: courses.id, status: courseProgress.status, cycle: courseProgress.cycle })
      .from(courses)
      .leftJoin(courseProgress, and(eq(courseProgress.courseId, courses.id), eq(courseProgress.userId, userId)))
      .where(eq(courses.id, courseId))
      .get();
    if (!state) throw new ApiError('NOT_FOUND', certificateMessages.courseNotFound);
    // The current training cycle's certificate: a recertification in progress has none yet.
    const existing = await findCycleCertificate(db, userId, courseId, state.cycle ?? 1);
    if (existing)
      return c.json<GenerateCertificateResponse>({
        ...toCertificateInfo(existing),
        message: certificateMessages.existing,
      });
    if (state.status !== 'COMPLETED') throw new ApiError('COURSE_NOT_COMPLETED', certificateMessages.notCompleted);
    const row = await issueCertificate(db, userId, courseId, new Date(), state.cycle ?? 1);
    return c.json<GenerateCertificateResponse>(
      { ...toCertificateInfo(row), message: certificateMessages.generated },
      201,
    );
  })

  .get('/view/:certificateId', requireLearner, validate('param', certificateIdParam), async (c) => {
    const row = await ownedCertificate(c, c.req.valid('param').certificateId);
    return pdfResponse(await certificatePdf(c.var, c.var.db, row, c.req.url), row, 'inline');
  })

  .get('/download/:certificateId', requireLearner, validate('param', certificateIdParam), async (c) => {
    const row = await ownedCertificate(c, c.req.valid('param').certificateId);
    return pdfResponse(await certificatePdf(c.var, c.var.db, row, c.req.url), row, 'attachment');
  })

  // Admin: a certificate issued in error (wrong person, fraud) stops verifying as valid.
  .post(
    '/:certificateId/revoke',
    requireAdmin('userManagement'),
    validate('param', certificateIdParam),
    validate('json', revokeBody),
    async (c) => {
      const { certificateId } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      const db = c.var.db;
      const found = await db
        .select({ certificate: certificatesTable, username: users.username, siteId: users.siteId })
        .from(certificatesTable)
        .leftJoin(users, eq(users.id, certificatesTable.userId))
        .where(eq(certificatesTable.id, certificateId))
        .get();
      if (!found) throw new ApiError('NOT_FOUND', certificateMessages.notFound);
      const { certificate, username } = found;
      assertInSite(c.var.user, found);
      if (certificate.revokedAt) throw new ApiError('CONFLICT', certificateMessages.alreadyRevoked);
      const now = new Date().toISOString();
      const actor = c.var.user;
      // Two racing revokes: only the one whose update found the certificate unrevoked changes it,
      // and its audit row is written only if the certificate now carries this revocation's time.
      const [updated] = await db.batch([
        db
          .update(certificatesTable)
          .set({ revokedAt: now, revokedReason: reason })
          .where(and(eq(certificatesTable.id, certificateId), isNull(certificatesTable.revokedAt)))
          .returning(),
        clearComplianceCache(db),
        auditInsertWhen(
          db,
          {
            actor,
            action: 'CERTIFICATE_REVOKED',
            target: { id: certificate.userId, username },
            entityType: 'CERTIFICATE',
            entityId: certificate.id,
            reason,
            before: { status: certificateStatus(certificate), certificateNumber: certificate.certificateNumber },
            after: { status: 'REVOKED', revokedAt: now },
            at: new Date(now),
          },
          certificatesTable,
          and(
            eq(certificatesTable.id, certificateId),
            eq(certificatesTable.revokedAt, now),
            eq(certificatesTable.revokedReason, reason),
          )!,
        ),
      ]);
      if (updated.length === 0) throw new ApiError('CONFLICT', certificateMessages.alreadyRevoked);
      // Before the answer: from now on this data centre verifies it as revoked (others within the
      // edge lifetime, or at once with a zone purge configured); and again after the in-flight
      // window, so a verification that read the certificate before this cannot keep "valid" cached.
      await purgeFinal(c, certificateKeys(c.var.config, c.req.url, certificate.certificateNumber));
      return c.json<RevokeCertificateResponse>({
        ...toCertificateInfo(updated[0]),
        message: certificateMessages.revoked,
      });
    },
  );
