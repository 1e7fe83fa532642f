import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { idParam, idString } from '../../contract/common';
import type { AppEnv, AuthUser } from '../../env';
import { ApiError } from '../../errors';
import { publicRoute, requireLearner } from '../../middleware/auth';
import { contentDisposition } from '../../services/file-types';
import { liveLinkUser, signedLinkQuery } from '../../services/link-sessions';
import { captionLinkScope, verifyFileLink } from '../../services/material-links';
import { findAccessibleMaterial } from '../../services/materials';
import { parseRange } from '../../services/ranges';
import { parseOrThrow, validate } from '../../validate';
import { materialFor } from './shared';

/** A material as a learner (enrolled in a course that uses it) or an admin reads it, and its file. */

const LINK_EXPIRED = 'This file link has expired. Please reopen the material.';

/** The caption file route's track id; absent on the material's own file route. */
const optionalCaptionParam = v.object({ captionId: v.optional(idString) });

/**
 * The file route also accepts a signed link, because <iframe>, <video> and "open in new tab" cannot
 * send a bearer header. The link's session must still be alive (not logged out, same token version).
 */
export const fileAccess = createMiddleware<
  AppEnv & { Variables: { fileUser: Pick<AuthUser, 'id' | 'role' | 'permissions'> } }
>(async (c, next) => {
  const { id } = parseOrThrow(idParam, { id: c.req.param('id') });
  // A caption file's link signs the material and the track; the video's signs the material.
  const { captionId } = parseOrThrow(optionalCaptionParam, { captionId: c.req.param('captionId') });
  const scope = captionId === undefined ? id : captionLinkScope(id, captionId);
  const { u, t, v: ver, exp, sig } = parseOrThrow(signedLinkQuery, c.req.query());
  if (!c.req.header('authorization') && u && t && ver && exp && sig) {
    const session = { userId: u, tokenId: t, tokenVersion: Number(ver) };
    if (!(await verifyFileLink(c.env.JWT_SECRET, scope, session, exp, sig)))
      throw new ApiError('UNAUTHORIZED', LINK_EXPIRED);
    const user = await liveLinkUser(c.var.db, session);
    // A link dies with the session that signed it: logout, a new token version, or a deactivated account.
    if (!user) throw new ApiError('UNAUTHORIZED', LINK_EXPIRED);
    c.set('fileUser', user);
    return next();
  }
  return requireLearner(c as unknown as Context<AppEnv>, async () => {
    c.set('fileUser', c.var.user);
    await next();
  });
});

export const materialFiles = new Hono<AppEnv>()
  .get('/:id', requireLearner, validate('param', idParam), async (c) => {
    const row = await findAccessibleMaterial(c.var.db, c.req.valid('param').id, c.var.user);
    return c.json(await materialFor(c, row));
  })

  .get('/:id/file', publicRoute, fileAccess, validate('param', idParam), async (c) => {
    // Unlocking and the course's state are checked again on every request, range requests included.
    const row = await findAccessibleMaterial(c.var.db, c.req.valid('param').id, c.var.fileUser);
    const range = parseRange(c.req.header('range'), row.fileSize);
    if (range === 'unsatisfiable') {
      return new Response(null, {
        status: 416,
        headers: { 'Content-Range': `bytes */${row.fileSize}`, 'Accept-Ranges': 'bytes' },
      });
    }
    const object = await c.var.storage.get(row.storageKey, range ? { range } : undefined);
    if (!object) throw new ApiError('NOT_FOUND', 'The file of this material is missing from storage');
    const headers = new Headers({
      'Content-Type': row.contentType,
      'Content-Disposition': contentDisposition(row.fileName, 'inline'),
      'X-Content-Type-Options': 'nosniff',
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'private, no-store',
      'Content-Length': String(range ? range.length : object.size),
    });
    if (range) headers.set('Content-Range', `bytes ${range.offset}-${range.offset + range.length - 1}/${object.size}`);
    return new Response(object.body, { status: range ? 206 : 200, headers });
  });
