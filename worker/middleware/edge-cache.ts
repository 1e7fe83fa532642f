import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { appShell } from '../services/app-shell';
import {
  EDGE_CACHE_HEADER,
  hasCredentials,
  isShareableRequest,
  landingPageKeys,
  publicCoursesKeys,
  purgeEdgeCache,
  sharedCache,
} from '../services/edge-cache';

/** Headers that describe one request, never stored with a shared answer. */
const PER_REQUEST_HEADERS = ['x-request-id', 'x-d1-bookmark', EDGE_CACHE_HEADER];

type KeyFor = (c: Context<AppEnv>) => string | null | Promise<string | null>;

/** Runs `promise` after the answer when the runtime allows it, else before. */
export function afterResponse(c: Context<AppEnv>, promise: Promise<unknown>): Promise<unknown> | undefined {
  try {
    c.executionCtx.waitUntil(promise);
    return undefined;
  } catch {
    // No execution context (app.request in a unit test): finish the work inline.
    return promise;
  }
}

/**
 * An answer that took longer than this to compute (request start to the cache write) is not stored:
 * it may have read the database before a change whose purge it would then overwrite. Measured: a
 * burst of twelve verifications answers in about 0.7 s on the loaded two-core test machine (tens of
 * ms in production); the deadline leaves room for that and bounds the in-flight window.
 */
export const EDGE_STORE_DEADLINE_MS = 2_000;
/** A purge that must be final runs again this long after the first: past the deadline plus a slow cache write. */
export const EDGE_REPURGE_AFTER_MS = 3_000;

/** Purges `keys` here at once, and zone-wide in the background when configured. */
function purgeFor(c: Context<AppEnv>, keys: string[]): Promise<void> {
  return purgeEdgeCache(keys, {
    zone: c.var.config.edgePurge,
    waitUntil: (promise) => afterResponse(c, promise),
  });
}

/**
 * A purge that must be final (a revocation): now, before the answer, and once more after the
 * in-flight window, in the background. An answer computed before the change can only be written
 * within EDGE_STORE_DEADLINE_MS of its request's start, so whatever it wrote after the first purge
 * is gone after the second, and every request after that reads the change.
 */
export async function purgeFinal(c: Context<AppEnv>, keys: string[]): Promise<void> {
  await purgeFor(c, keys);
  const again = new Promise((resolve) => setTimeout(resolve, EDGE_REPURGE_AFTER_MS)).then(() => purgeFor(c, keys));
  await afterResponse(c, again);
}

/**
 * Serves a public GET from the shared edge cache under the key `keyFor` names, or stores the
 * route's answer there. Only a request without credentials (no Authorization, no cookie) ever
 * touches the cache; its answer is stored only if the route marked it shareable (`public` with
 * an `s-maxage`, see `edgeCacheControl`) and it is a 200 or 404. A request with credentials gets
 * the route's fresh answer marked `private, no-store`, so no cache on the way keeps it either.
 */
export function edgeCache(keyFor: KeyFor) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const cache = sharedCache();
    if (!isShareableRequest(c.req.raw)) {
      await next();
      // A signed-in (or cookie-carrying) request's answer is nobody else's to keep.
      if (hasCredentials(c.req.raw)) c.header('Cache-Control', 'private, no-store');
      c.header(EDGE_CACHE_HEADER, 'BYPASS');
      return;
    }
    const key = cache ? await keyFor(c) : null;
    if (!cache || !key) {
      await next();
      c.header(EDGE_CACHE_HEADER, 'BYPASS');
      return;
    }
    const hit = await cache.match(key);
    if (hit) {
      const response = new Response(hit.body, hit);
      response.headers.set(EDGE_CACHE_HEADER, 'HIT');
      response.headers.set('X-Request-Id', c.var.requestId);
      return response;
    }
    const started = Date.now();
    await next();
    const cacheControl = c.res.headers.get('cache-control') ?? '';
    const storable =
      // A slow answer may predate a purge it would overwrite (purgeFinal).
      Date.now() - started < EDGE_STORE_DEADLINE_MS &&
      (c.res.status === 200 || c.res.status === 404) &&
      /(^|,)\s*public\s*(,|$)/.test(cacheControl) &&
      /s-maxage=[1-9]/.test(cacheControl) &&
      !c.res.headers.has('set-cookie');
    if (storable) {
      const copy = c.res.clone();
      // Per-request headers stay with this answer; the stored copy carries only the route's own.
      for (const name of PER_REQUEST_HEADERS) copy.headers.delete(name);
      await afterResponse(c, cache.put(key, copy));
    }
    c.header(EDGE_CACHE_HEADER, storable ? 'MISS' : 'BYPASS');
  });
}

/**
 * After a change to courses or books (publish, take down, edit, components, delete, a book
 * renamed), the landing page's sample courses, and the landing page in every language that shows
 * them, are purged before the answer goes out. Called by the write itself, once it succeeded.
 */
export async function purgePublicCourses(c: Context<AppEnv>): Promise<void> {
  const shell = await appShell(c.env.ASSETS, c.req.url);
  const landing = shell ? landingPageKeys(c.var.config, c.req.url, shell.build) : [];
  await purgeFor(c, [...publicCoursesKeys(c.var.config, c.req.url), ...landing]);
}
