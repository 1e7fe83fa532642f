import { and, asc, eq, isNull } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { idParam } from '../contract/common';
import {
  CREDENTIAL_SCAN_MAX_BYTES,
  credentialSubmission,
  type CredentialResponse,
  type OwnCredentialListResponse,
  type ScanKind,
} from '../contract/credentials';
import { REFUSALS } from '../contract/errors';
import { credentials, credentialTypes } from '../db/schema';
import type { AppEnv, AuthUser } from '../env';
import { ApiError } from '../errors';
import { assertPermission, publicRoute, requireLearner } from '../middleware/auth';
import { auditInsert } from '../services/audit';
import {
  activeType,
  checkSubmission,
  ownCredentials,
  SCAN_EXTENSIONS,
  scanKindOf,
  scanLinkScope,
  toCredentialType,
} from '../services/credentials';
import { contentDisposition } from '../services/file-types';
import { liveLinkUser, signedLinkQuery } from '../services/link-sessions';
import { verifyFileLink } from '../services/material-links';
import { boundaryOf, MultipartError, readMultipart } from '../services/multipart';
import { MULTIPART_OVERHEAD } from '../services/uploads';
import { assertPersonInSite } from '../services/sites';
import { parseOrThrow } from '../validate';
import { linkSession } from '../services/link-sessions';
import { readUpTo } from '../services/uploads';

/*
 * A worker's own external credentials (issue 28): the list, the multipart submission with its scan,
 * and the scan itself behind a signed link (owner, or an administrator with userManagement).
 */

const scanTooLarge = () =>
  new ApiError('PAYLOAD_TOO_LARGE', REFUSALS['credential.scanTooLarge'], {
    fields: { scan: REFUSALS['credential.scanTooLarge'] },
  });
const scanWrongType = () =>
  new ApiError('UNSUPPORTED_MEDIA_TYPE', REFUSALS['credential.scanType'], {
    fields: { scan: REFUSALS['credential.scanType'] },
  });

/** The request bodies above this never reach the parser (the scan's cap plus the form's own bytes). */
export const CREDENTIAL_UPLOAD_MAX_BODY = CREDENTIAL_SCAN_MAX_BYTES + MULTIPART_OVERHEAD;

/** Reads the form: its text fields and the scan (whole, at most 10 MB, its kind read from its bytes). */
async function readSubmission(c: Context<AppEnv>) {
  const boundary = boundaryOf(c.req.header('content-type'));
  if (!boundary || !c.req.raw.body) throw new ApiError('BAD_REQUEST', REFUSALS['credential.typeRequired']);
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > CREDENTIAL_UPLOAD_MAX_BODY) throw scanTooLarge();
  const fields: Record<string, string> = {};
  let scan: { bytes: Uint8Array; kind: ScanKind } | null = null;
  try {
    for await (const part of readMultipart(c.req.raw.body, boundary)) {
      if (part.fileName === null) {
        fields[part.name] = await part.text(4 * 1024);
        continue;
      }
      // An empty file input sends a part with an empty name; only the first scan counts.
      if (part.name !== 'scan' || part.fileName === '' || scan) continue;
      const bytes = await readUpTo(part.body, CREDENTIAL_SCAN_MAX_BYTES, scanTooLarge);
      if (bytes.length === 0) continue;
      const kind = scanKindOf(bytes.subarray(0, 16));
      if (!kind) throw scanWrongType();
      scan = { bytes, kind };
    }
  } catch (error) {
    if (error instanceof MultipartError) throw new ApiError('BAD_REQUEST', error.message);
    throw error;
  }
  return { body: parseOrThrow(credentialSubmission, fields), scan };
}

export const userCredentialRoutes = new Hono<AppEnv>()
  .get('/', requireLearner, async (c) => {
    const db = c.var.db;
    const now = new Date();
    const [list, types] = await Promise.all([
      ownCredentials(db, c.var.user.id, c.env.JWT_SECRET, linkSession(c), now),
      db.select().from(credentialTypes).where(isNull(credentialTypes.retiredAt)).orderBy(asc(credentialTypes.name)),
    ]);
    return c.json<OwnCredentialListResponse>({ credentials: list, types: types.map(toCredentialType) });
  })

  .post('/', requireLearner, async (c) => {
    const { body, scan } = await readSubmission(c);
    const db = c.var.db;
    const user = c.var.user;
    const now = new Date();
    const type = await activeType(db, body.typeId);
    const checked = checkSubmission(type, body, scan !== null, now);
    if (checked.resubmitsId) {
      const earlier = await db
        .select({ typeId: credentials.typeId, status: credentials.status })
        .from(credentials)
        .where(and(eq(credentials.id, checked.resubmitsId), eq(credentials.userId, user.id)))
        .get();
      const answered = await db
        .select({ id: credentials.id })
        .from(credentials)
        .where(eq(credentials.resubmitsId, checked.resubmitsId))
        .get();
      if (earlier?.status !== 'REJECTED' || answered)
        throw new ApiError('CONFLICT', REFUSALS['credential.resubmitNotRejected']);
      if (earlier.typeId !== type.id)
        throw new ApiError('VALIDATION_FAILED', REFUSALS['credential.resubmitType'], {
          fields: { typeId: REFUSALS['credential.resubmitType'] },
        });
    }
    const id = crypto.randomUUID();
    const key = scan ? `credentials/${id}/scan.${SCAN_EXTENSIONS[scan.kind]}` : null;
    const storage = c.var.storage;
    if (scan && key) await storage.put(key, scan.bytes, { contentType: scan.kind, size: scan.bytes.length });
    const row = {
      id,
      userId: user.id,
      typeId: type.id,
      status: 'PENDING' as const,
      issuer: checked.issuer,
      number: checked.number,
      issuedOn: checked.issuedOn,
      expiresOn: checked.expiresOn,
      scanKey: key,
      scanContentType: scan?.kind ?? null,
      scanSize: scan?.bytes.length ?? null,
      resubmitsId: checked.resubmitsId,
      submittedAt: now.toISOString(),
    };
    try {
      await db.batch([
        db.insert(credentials).values(row),
        auditInsert(db, {
          actor: user,
          action: 'CREDENTIAL_SUBMITTED',
          target: { id: user.id, username: user.username },
          entityType: 'CREDENTIAL',
          entityId: id,
          after: {
            type: type.name,
            issuer: row.issuer,
            number: row.number,
            issuedOn: row.issuedOn,
            expiresOn: row.expiresOn,
            scan: row.scanContentType,
            resubmits: row.resubmitsId,
          },
          at: now,
        }),
      ]);
    } catch (error) {
      // Nothing half-written: a refused write leaves no scan behind in the bucket.
      if (key) await storage.delete(key).catch(() => undefined);
      throw error;
    }
    const [credential] = (await ownCredentials(db, user.id, c.env.JWT_SECRET, linkSession(c), now)).filter(
      (x) => x.id === id,
    );
    return c.json<CredentialResponse>({ credential }, 201);
  });

/**
 * An <img> or a new tab cannot send a bearer header, so the scan also opens from a signed link;
 * its session must still be alive. Either way the viewer is then checked: owner or userManagement.
 */
const scanAccess = createMiddleware<
  AppEnv & { Variables: { scanUser: Pick<AuthUser, 'id' | 'role' | 'permissions' | 'siteLimit'> } }
>(async (c, next) => {
  const { id } = parseOrThrow(idParam, { id: c.req.param('id') });
  const { u, t, v: ver, exp, sig } = parseOrThrow(signedLinkQuery, c.req.query());
  if (!c.req.header('authorization') && u && t && ver && exp && sig) {
    const session = { userId: u, tokenId: t, tokenVersion: Number(ver) };
    const expired = () => new ApiError('UNAUTHORIZED', REFUSALS['credential.linkExpired']);
    if (!(await verifyFileLink(c.env.JWT_SECRET, scanLinkScope(id), session, exp, sig))) throw expired();
    const user = await liveLinkUser(c.var.db, session);
    if (!user) throw expired();
    c.set('scanUser', user);
    return next();
  }
  return requireLearner(c as unknown as Context<AppEnv>, async () => {
    c.set('scanUser', c.var.user);
    await next();
  });
});

export const credentialScanRoutes = new Hono<AppEnv>().get('/:id/scan', publicRoute, scanAccess, async (c) => {
  const { id } = parseOrThrow(idParam, { id: c.req.param('id') });
  const viewer = c.var.scanUser;
  const row = await c.var.db
    .select({ userId: credentials.userId, scanKey: credentials.scanKey, contentType: credentials.scanContentType })
    .from(credentials)
    .where(eq(credentials.id, id))
    .get();
  if (!row) throw new ApiError('NOT_FOUND', REFUSALS['credential.notFound']);
  if (row.userId !== viewer.id) {
    // Someone else's scan: administrators who manage people only; to anyone else it does not exist.
    if (viewer.role !== 'ADMIN') throw new ApiError('NOT_FOUND', REFUSALS['credential.notFound']);
    assertPermission(viewer as AppEnv['Variables']['user'], 'userManagement');
    await assertPersonInSite(c.var.db, viewer, row.userId);
  }
  if (!row.scanKey) throw new ApiError('NOT_FOUND', REFUSALS['credential.noScan']);
  const object = await c.var.storage.get(row.scanKey);
  if (!object) throw new ApiError('NOT_FOUND', REFUSALS['credential.noScan']);
  const ext = row.scanKey.split('.').pop() ?? 'bin';
  return new Response(object.body, {
    headers: {
      'Content-Type': row.contentType ?? 'application/octet-stream',
      'Content-Disposition': contentDisposition(`credential-${id}.${ext}`, 'inline'),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      'Content-Length': String(object.size),
    },
  });
});
