import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { bodyLimit } from 'hono/body-limit';
import { requestId as honoRequestId } from 'hono/request-id';
import { readConfig } from '../config';
import { BOOKMARK_HEADER, createRequestDb, parseBookmark } from '../db/client';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { fontsFor } from '../services/pdf/font-loader';
import { storageFor } from '../services/storage';

/**
 * The request id, answered as `X-Request-Id` and written in error logs: a caller's own
 * `X-Request-Id` (word characters, at most 255) is kept for correlation, else Cloudflare's ray id,
 * else a random UUID.
 */
const requestIdMiddleware = honoRequestId({
  headerName: 'X-Request-Id',
  generator: (c) => c.req.header('cf-ray') ?? crypto.randomUUID(),
});

/**
 * The one place that sets the request variables every route relies on: id, config, db, storage.
 * The db is a D1 session that starts from the caller's `X-D1-Bookmark` (ignored unless it is a
 * well-formed bookmark), and API answers carry the session's newest bookmark back.
 */
export const requestContext = createMiddleware<AppEnv>(async (c, next) =>
  requestIdMiddleware(c, async () => {
    const config = readConfig(c.env);
    c.set('config', config);
    const session = await createRequestDb(c.env, {
      method: c.req.method,
      bookmark: parseBookmark(c.req.header(BOOKMARK_HEADER)),
    });
    c.set('db', session.db);
    if (session.d1) c.set('d1', session.d1);
    c.set('storage', storageFor(c.env));
    c.set('fonts', fontsFor(c.env));
    await next();
    const bookmark = session.bookmark();
    if (bookmark && c.req.path.startsWith('/api/')) c.header(BOOKMARK_HEADER, bookmark);
  }),
);

/**
 * Transport and opener headers every answer carries, documents as well as data: HTTPS only for a
 * year (sub-domains included), and no cross-origin window keeps a handle on ours. Static assets get
 * the same from web/public/_headers `/*`.
 */
export const TRANSPORT_HEADERS = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Cross-Origin-Opener-Policy': 'same-origin',
} as const;

/**
 * Every HTML answer the Worker gives outside /api (the landing page, the verification pages, the
 * client app handed on from the assets binding, an error page) gets TRANSPORT_HEADERS where it has
 * none of its own. An answer from a binding or the cache has immutable headers: it is copied.
 */
export const documentSecurityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.req.path.startsWith('/api/')) return;
  if (!/^text\/html/i.test(c.res.headers.get('content-type') ?? '')) return;
  const missing = Object.entries(TRANSPORT_HEADERS).filter(([name]) => !c.res.headers.has(name));
  if (missing.length === 0) return;
  const response = new Response(c.res.body, c.res);
  for (const [name, value] of missing) response.headers.set(name, value);
  c.res = undefined;
  c.res = response;
});

/** API answers are data, never documents: nothing may frame, script or sniff them. */
export const apiSecurityHeaders = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'self'"] },
  xFrameOptions: 'SAMEORIGIN',
  referrerPolicy: 'strict-origin-when-cross-origin',
  crossOriginResourcePolicy: 'same-origin',
  crossOriginOpenerPolicy: TRANSPORT_HEADERS['Cross-Origin-Opener-Policy'],
  strictTransportSecurity: TRANSPORT_HEADERS['Strict-Transport-Security'],
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
  if (c.res.headers.has('X-Package-Policy')) return;
  if (
    /^(application\/pdf|video\/|audio\/|application\/vnd\.|application\/msword|application\/octet-stream)/.test(type)
  ) {
    c.res.headers.set('Content-Security-Policy', "frame-ancestors 'self'");
  }
});

/**
 * A SCORM package's files carry their own policy (routes/scorm.ts `packagePolicy`: a sandbox, sources
 * limited to the package's signed path), handed over in `X-Package-Policy` and set here last, after
 * the API's strict headers. Their resource policy is `cross-origin`: the sandboxed package document
 * has an opaque origin, and `same-origin` would stop it loading its own images and scripts. The
 * signed path is what protects them.
 */
export const packageResponsePolicy = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const policy = c.res.headers.get('X-Package-Policy');
  if (!policy) return;
  c.res.headers.delete('X-Package-Policy');
  c.res.headers.set('Content-Security-Policy', policy);
  c.res.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
  c.res.headers.delete('Cross-Origin-Opener-Policy');
});

/** Past this many unread bytes a refused body is cancelled instead of drained. */
const MAX_DRAIN_BYTES = 1024 * 1024 * 1024;

/**
 * A request refused before its body was read (a guard, a declared size over the cap, a wrong file
 * type found part-way through an upload) reads what is left of the body before the answer goes
 * out: a body left half-read keeps the connection busy, and under `wrangler dev` the next request
 * on it is dropped with a 503. Drained, not cancelled: `wrangler dev` answers a cancelled upload
 * with a reset or a 503 of its own. A body already read to its end is untouched.
 */
export const settleRequestBody = createMiddleware<AppEnv>(async (c, next) => {
  try {
    await next();
  } finally {
    const body = c.req.raw.body;
    if (body && !body.locked) {
      const declared = Number(c.req.header('content-length'));
      await (declared > MAX_DRAIN_BYTES ? body.cancel() : drain(body)).catch(() => undefined);
    }
  }
});

async function drain(body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  let seen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    seen += value.length;
    if (seen > MAX_DRAIN_BYTES) return void (await reader.cancel());
  }
}

export const noStore = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
});

const EVALUATION_PHOTO_PATH = /^\/api\/v2\/evaluations\/[^/]+\/photos\/[^/]+$/;

/** JSON, CSV and form bodies: the biggest legitimate one (a 200-row import chunk, 5,000 ids) is well under this. */
export const MAX_API_BODY_BYTES = 1024 * 1024;

/**
 * Routes that cap their bodies themselves: a file part (materials; a credential's scan, 10 MB), a
 * toolbox talk with a drawn signature per attendee (8 MB).
 */
const UPLOAD_PATHS = new Set(['/api/v2/materials/upload', '/api/v2/user/credentials', '/api/v2/talks']);

/**
 * Hono's body limit on every API request except the streamed uploads. Hono's middleware
 * buffers a body sent without Content-Length to count it, which is fine for small bodies but not for
 * a 500 MB video: the upload route caps its stream itself (services/uploads.ts `sniffAndCap`).
 */
export const apiBodyLimit = (maxSize = MAX_API_BODY_BYTES) => {
  const limit = bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError('PAYLOAD_TOO_LARGE', 'The request body is too large');
    },
  });
  return createMiddleware<AppEnv>((c, next) =>
    // Uploads check their own (larger) limits with a message that names them; an evaluation
    // photo (up to 10 MB) is capped by its own route.
    (c.req.method === 'POST' && UPLOAD_PATHS.has(c.req.path)) ||
    (c.req.method === 'PUT' && EVALUATION_PHOTO_PATH.test(c.req.path))
      ? next()
      : limit(c, next),
  );
};
