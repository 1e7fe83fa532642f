import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { idString } from '../../contract/common';
import type { AppEnv, AuthUser } from '../../env';
import { ApiError } from '../../errors';
import { requireLearner } from '../../middleware/auth';
import { hasSignedLink, signedLinkQuery, signedLinkUser } from '../../services/link-sessions';
import { evaluationPhotoScope } from '../../services/material-links';
import { parseOrThrow } from '../../validate';

const LINK_EXPIRED = 'This photo link has expired. Please reopen the evaluation.';

/**
 * An evaluation photo opens with a signed link (an <img> sends no header) whose session is still
 * alive, or with the caller's own session; either way the route then checks who may read it.
 */
export const photoAccess = createMiddleware<
  AppEnv & { Variables: { photoUser: Pick<AuthUser, 'id' | 'role' | 'permissions' | 'siteLimit'> } }
>(async (c, next) => {
  const evaluationId = parseOrThrow(idString, c.req.param('id'));
  const photoId = parseOrThrow(idString, c.req.param('photoId'));
  const link = parseOrThrow(signedLinkQuery, c.req.query());
  if (hasSignedLink(link, c.req.header('authorization'))) {
    const user = await signedLinkUser(c.var.db, c.env.JWT_SECRET, evaluationPhotoScope(evaluationId, photoId), link);
    // A link dies with the session that signed it, or when its signature or time is wrong.
    if (!user) throw new ApiError('UNAUTHORIZED', LINK_EXPIRED);
    c.set('photoUser', user);
    return next();
  }
  return requireLearner(c as unknown as Context<AppEnv>, async () => {
    c.set('photoUser', c.var.user);
    await next();
  });
});
