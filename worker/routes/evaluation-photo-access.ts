import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import * as v from 'valibot';
import { idString } from '../contract/common';
import { REFUSALS } from '../contract/errors';
import type { AppEnv, AuthUser } from '../env';
import { ApiError } from '../errors';
import { requireLearner } from '../middleware/auth';
import { liveLinkUser } from '../services/link-sessions';
import { evaluationPhotoScope, verifyFileLink } from '../services/material-links';
import { parseOrThrow } from '../validate';

/** The query of a signed photo link (`?u=&t=&v=&exp=&sig=`); all or none. */
const linkQuery = v.object({
  u: v.optional(idString),
  t: v.optional(idString),
  v: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, REFUSALS['evaluation.notFound']))),
  exp: v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}$/, REFUSALS['evaluation.notFound']))),
  sig: v.optional(v.pipe(v.string(), v.maxLength(100, REFUSALS['evaluation.notFound']))),
});

const LINK_EXPIRED = 'This photo link has expired. Please reopen the evaluation.';

/**
 * An evaluation photo opens with a signed link (an <img> sends no header) whose session is still
 * alive, or with the caller's own session; either way the route then checks who may read it.
 */
export const photoAccess = createMiddleware<
  AppEnv & { Variables: { photoUser: Pick<AuthUser, 'id' | 'role' | 'permissions'> } }
>(async (c, next) => {
  const evaluationId = parseOrThrow(idString, c.req.param('id'));
  const photoId = parseOrThrow(idString, c.req.param('photoId'));
  const { u, t, v: ver, exp, sig } = parseOrThrow(linkQuery, c.req.query());
  if (!c.req.header('authorization') && u && t && ver && exp && sig) {
    const session = { userId: u, tokenId: t, tokenVersion: Number(ver) };
    if (!(await verifyFileLink(c.env.JWT_SECRET, evaluationPhotoScope(evaluationId, photoId), session, exp, sig)))
      throw new ApiError('UNAUTHORIZED', LINK_EXPIRED);
    const user = await liveLinkUser(c.var.db, session);
    if (!user) throw new ApiError('UNAUTHORIZED', LINK_EXPIRED);
    c.set('photoUser', user);
    return next();
  }
  return requireLearner(c as unknown as Context<AppEnv>, async () => {
    c.set('photoUser', c.var.user);
    await next();
  });
});
