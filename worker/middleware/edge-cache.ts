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

/** Purges `keys` here at once, and zone-wide in the background when configured. */
export function purgeFor(c: Context<AppEnv>, keys: string[]): Promise<void> {
  return purgeEdgeCache(keys, {
    zone: c.var.config.edgePurge,
    waitUntil: (promise) => afterResponse(c, promise),
  });
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
    await next();
    const cacheControl = c.res.headers.get('cache-control') ?? '';
    const storable =
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
