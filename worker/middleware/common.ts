import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { createDb } from '../db/client';
import type { AppEnv } from '../env';

/** The one place that sets the request variables every route relies on. */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  const requestId = c.req.header('cf-ray') ?? crypto.randomUUID();
  c.set('requestId', requestId);
  c.set('db', await createDb(c.env));
  await next();
  c.header('X-Request-Id', requestId);
});

/** API answers are data, never documents: nothing may frame, script or sniff them. */
export const apiSecurityHeaders = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'self'"] },
  xFrameOptions: 'SAMEORIGIN',
  referrerPolicy: 'strict-origin-when-cross-origin',
  crossOriginResourcePolicy: 'same-origin',
  crossOriginOpenerPolicy: 'same-origin',
  strictTransportSecurity: 'max-age=31536000; includeSubDomains',
});

export const noStore = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
});
