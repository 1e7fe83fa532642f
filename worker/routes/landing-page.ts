import { Hono, type Context } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv } from '../env';
import { edgeCache } from '../middleware/edge-cache';
import { APP_SHELL_HEADERS, appShell, fillShell, landingLanguage } from '../services/app-shell';
import { EDGE_CACHE_SECONDS, PUBLIC_COURSES_LIMIT, edgeCacheControl, edgeCacheKeys } from '../services/edge-cache';
import { samplePublicCourses } from '../services/public-courses';

/**
 * The landing page ("/"), rendered by the Worker: the client's index.html with the landing view
 * already in it (web/ssr/landing-server.tsx renders the same React components the client does), in
 * the visitor's language, from the edge cache when warm. The first and largest paint need no
 * script; the client renders the page again into the hidden #root and takes its place without a
 * shift (web/server-rendered.ts). The page is what a visitor sees: signed-in users get the same
 * page, and the client changes its buttons once it has checked the session stored on the device.
 */

/** FNV-1a of the page: a strong validator, so a browser revalidating an unchanged page gets a 304. */
function pageTag(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `"${hash.toString(36)}-${text.length.toString(36)}"`;
}

async function landingKey(c: Context<AppEnv>): Promise<string | null> {
  const shell = await appShell(c.env.ASSETS, c.req.url);
  return shell ? edgeCacheKeys.landingPage(c.var.config, c.req.url, landingLanguage(c), shell.build) : null;
}

export const landingPage = new Hono<AppEnv>().get('/', etag(), edgeCache(landingKey), async (c) => {
  const shell = await appShell(c.env.ASSETS, c.req.url);
  // No shell (no static assets here): the assets layer's own answer, unrendered.
  if (!shell) return c.env.ASSETS ? c.env.ASSETS.fetch(c.req.raw) : c.text('Not found', 404);
  const language = landingLanguage(c);
  let page: string | null = null;
  try {
    const courses = await samplePublicCourses(c.var.db, PUBLIC_COURSES_LIMIT.default);
    // React's server renderer loads with the first landing page an isolate renders.
    const { renderLandingMarkup } = await import('../generated/landing-ssr.js');
    page = fillShell(shell.html, language, await renderLandingMarkup(language, courses), { courses });
  } catch (error) {
    // The page still works as the client-rendered app: the plain shell, never cached.
    console.error(
      JSON.stringify({
        level: 'error',
        event: 'landing.render-failed',
        requestId: c.var.requestId,
        error: String(error),
      }),
    );
  }
  for (const [name, value] of Object.entries(APP_SHELL_HEADERS)) c.header(name, value);
  if (!page) {
    c.header('Cache-Control', 'no-cache');
    return c.html(shell.html);
  }
  c.header('Content-Language', language);
  // For any cache on the way that keys by URL: the page differs by the language cookie and header.
  c.header('Vary', 'Accept-Language, Cookie');
  // Browsers revalidate (ETag: a 304 when unchanged); the edge keeps it until a course change
  // purges it (middleware/edge-cache.ts) or EDGE_CACHE_SECONDS pass.
  c.header('Cache-Control', edgeCacheControl(EDGE_CACHE_SECONDS));
  c.header('ETag', pageTag(page));
  return c.html(page);
});
