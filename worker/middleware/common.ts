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

/**
 * Files (PDF, video, slides) are opened as documents by the browser's own viewers, which a
 * `default-src 'none'` policy breaks (Chromium's PDF viewer shows a blank page). Their safety comes
 * from the upload checks (magic bytes), the exact Content-Type and `nosniff`; JSON keeps the policy.
 * Registered before `apiSecurityHeaders` so it runs after it on the way out.
 */
export const fileResponsePolicy = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const type = c.res.headers.get('content-type') ?? '';
  if (/^(application\/pdf|video\/|audio\/|application\/vnd\.|application\/msword|application\/octet-stream)/.test(type)) {
    c.res.headers.set('Content-Security-Policy', "frame-ancestors 'self'");
  }
});

export const noStore = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
});
