import * as v from 'valibot';
import { LANGUAGE_COOKIE } from '../contract/landing';
import { BOOKMARK_COOKIE } from '../contract/learner-pages';
import { LANGUAGES, type Language } from '../contract/language';
import type { AppConfig } from '../config';
import type { VerifyCertificateResponse } from '../contract/certificates';

/**
 * The shared edge cache (Cloudflare's Cache API, `caches.default`) for the few public GETs that
 * every visitor gets the same answer to: the public config, the landing page (per language) and its
 * sample courses, and certificate verification (JSON and page). Keys are built here and nowhere else, from the path and
 * a normalised query only, never from anything about the caller; purges name the same keys.
 *
 * `cache.delete` purges the data centre the Worker runs in; other data centres keep an entry until
 * its lifetime ends, which is why every purged entry lives at most EDGE_CACHE_SECONDS. With
 * CACHE_PURGE_ZONE_ID and CACHE_PURGE_API_TOKEN set, the same URLs are also purged zone-wide.
 */

/** The longest an entry that may change (and is purged when it does) is kept at the edge. */
export const EDGE_CACHE_SECONDS = 300;

/** Answered on every cached route: HIT (from the edge cache), MISS (stored now) or BYPASS (never cached). */
export const EDGE_CACHE_HEADER = 'X-Edge-Cache';

/** The landing page's sample courses: `?limit=` from 1 to MAX, DEFAULT when absent (the route's schema uses these). */
export const PUBLIC_COURSES_LIMIT = { default: 3, max: 12 } as const;

/** What the caller-facing Cache-Control says for an edge-cached answer: browsers revalidate, the edge keeps it `seconds`. */
export function edgeCacheControl(seconds: number, browserSeconds = 0): string {
  const edge = Math.min(Math.max(Math.floor(seconds), 0), EDGE_CACHE_SECONDS);
  return edge > 0 ? `public, max-age=${browserSeconds}, s-maxage=${edge}` : 'no-store';
}

/**
 * How long a verification answer may stay at the edge: never past the moment it would change by
 * itself (an active certificate expiring), so a cached "valid" never outlives the certificate.
 */
export function certificateEdgeSeconds(
  result: Pick<VerifyCertificateResponse, 'expiryDate'> & { status: string },
  now = new Date(),
): number {
  // An authorisation's live status is VALID, a certificate's ACTIVE: either may expire by itself.
  if (result.status !== 'ACTIVE' && result.status !== 'VALID') return EDGE_CACHE_SECONDS;
  return Math.min(EDGE_CACHE_SECONDS, Math.floor((Date.parse(result.expiryDate) - now.getTime()) / 1000));
}

/**
 * A request that may be answered from, or stored in, the shared cache: a plain GET that carries no
 * credentials of any kind. Anything with an Authorization header or a cookie is answered fresh and
 * never stored, whatever the route: the cache can then never hold, or hand out, a signed-in answer.
 * The exceptions are the interface-language cookie (LANGUAGE_COOKIE, set by the client), which
 * names a language and nothing about the person, and the D1 bookmark (BOOKMARK_COOKIE), a database
 * position; a request carrying any other cookie still counts.
 */
export function isShareableRequest(request: Request): boolean {
  return request.method === 'GET' && !hasCredentials(request);
}

export function hasCredentials(request: Request): boolean {
  if (request.headers.has('authorization')) return true;
  const cookie = request.headers.get('cookie');
  if (cookie === null) return false;
  const names = cookie
    .split(';')
    .map((part) => part.split('=')[0]!.trim())
    .filter(Boolean);
  // An empty or malformed header counts as a cookie too: only a clean language cookie (and the D1
  // bookmark the learner pages read, a database position) is let through.
  return names.length === 0 || names.some((name) => name !== LANGUAGE_COOKIE && name !== BOOKMARK_COOKIE);
}

/** Part of every key: a deploy that changes the app name or phone (both in the cached bodies) misses old entries. */
function configVersion(config: Pick<AppConfig, 'appName' | 'adminPhone'>): string {
  // FNV-1a: short and stable, not a security boundary.
  let hash = 0x811c9dc5;
  for (const char of `${config.appName}\n${config.adminPhone}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

type KeyConfig = Pick<AppConfig, 'appName' | 'adminPhone' | 'publicUrl'>;

/**
 * Keys are URLs on the public origin (PUBLIC_URL, else the request's own), so the same entry is
 * found and purged whichever host name a request came in on, and a zone purge can name it.
 */
function key(config: KeyConfig, requestUrl: string, path: string, query: Record<string, string> = {}): string {
  const origin = config.publicUrl ?? new URL(requestUrl).origin;
  const params = new URLSearchParams({ ...query, v: configVersion(config) });
  params.sort();
  return `${origin}${path}?${params}`;
}

/**
 * Only canonical requests are cached, so that each answer has exactly one key and a purge names
 * them all: a certificate number as stored (upper case), a limit written plainly (`3`, not `03`;
 * absent means the default). Anything else is answered by the route, uncached.
 */
export const canonicalCertificateNumber = v.object({ number: v.pipe(v.string(), v.regex(/^[A-Z0-9-]{1,64}$/)) });
export const canonicalCoursesQuery = v.object({
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9][0-9]?$/),
      v.check((value) => Number(value) <= PUBLIC_COURSES_LIMIT.max),
    ),
    String(PUBLIC_COURSES_LIMIT.default),
  ),
});

export const edgeCacheKeys = {
  publicConfig: (config: KeyConfig, requestUrl: string) => key(config, requestUrl, '/api/public/config'),
  publicCourses: (config: KeyConfig, requestUrl: string, limit: string) =>
    key(config, requestUrl, '/api/public/courses', { limit }),
  verifyJson: (config: KeyConfig, requestUrl: string, number: string) =>
    key(config, requestUrl, `/api/v2/certificates/verify/${number}`),
  /**
   * The landing page ("/"), one entry per language and client build: the page names the build's
   * hashed scripts and styles, so a deploy must not serve an older build's page.
   */
  landingPage: (config: KeyConfig, requestUrl: string, language: Language, build: string) =>
    key(config, requestUrl, '/', { lang: language, build }),
  authorisationJson: (config: KeyConfig, requestUrl: string, number: string) =>
    key(config, requestUrl, `/api/v2/authorisations/verify/${number}`),
  authorisationPage: (config: KeyConfig, requestUrl: string, number: string, language: Language) =>
    key(config, requestUrl, `/authorisation/verify/${number}`, { lang: language }),
  /** One entry per page language (the viewer's Accept-Language picks it). */
  verifyPage: (config: KeyConfig, requestUrl: string, number: string, language: Language) =>
    key(config, requestUrl, `/certificate/verify/${number}`, { lang: language }),
};

/** Every key one authorisation's verification can be stored under (JSON and the page in each language). */
export function authorisationKeys(config: KeyConfig, requestUrl: string, number: string): string[] {
  return [
    edgeCacheKeys.authorisationJson(config, requestUrl, number),
    ...LANGUAGES.map((language) => edgeCacheKeys.authorisationPage(config, requestUrl, number, language)),
  ];
}

/** Every key the landing page's sample courses can be stored under. */
export function publicCoursesKeys(config: KeyConfig, requestUrl: string): string[] {
  return Array.from({ length: PUBLIC_COURSES_LIMIT.max }, (_, i) =>
    edgeCacheKeys.publicCourses(config, requestUrl, String(i + 1)),
  );
}

/** The landing page in every language (it shows the sample courses: purged with them). */
export function landingPageKeys(config: KeyConfig, requestUrl: string, build: string): string[] {
  return LANGUAGES.map((language) => edgeCacheKeys.landingPage(config, requestUrl, language, build));
}

/** Every key one certificate's verification can be stored under (JSON and the page in each language). */
export function certificateKeys(config: KeyConfig, requestUrl: string, number: string): string[] {
  return [
    edgeCacheKeys.verifyJson(config, requestUrl, number),
    ...LANGUAGES.map((language) => edgeCacheKeys.verifyPage(config, requestUrl, number, language)),
  ];
}

/** The shared cache, or null where the runtime has none. */
export function sharedCache(): Cache | null {
  return typeof caches === 'undefined' ? null : (caches as unknown as { default: Cache }).default;
}

export interface ZonePurge {
  zoneId: string;
  apiToken: string;
  fetcher?: typeof fetch;
}

/** Cloudflare's purge-by-URL takes at most 30 URLs per call. */
const ZONE_PURGE_BATCH = 30;

/** Purges `urls` in every data centre of the zone (Cloudflare's purge-by-URL API). Throws on a refused call. */
export async function purgeZone(urls: string[], { zoneId, apiToken, fetcher = fetch }: ZonePurge): Promise<void> {
  for (let i = 0; i < urls.length; i += ZONE_PURGE_BATCH) {
    const response = await fetcher(
      `https://api.cloudflare.com/client/v4/zones/${encodeURIComponent(zoneId)}/purge_cache`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${apiToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ files: urls.slice(i, i + ZONE_PURGE_BATCH) }),
      },
    );
    if (!response.ok) throw new Error(`zone purge answered ${response.status}`);
  }
}

/**
 * Deletes `keys` from this data centre's cache before returning (the next request here reads
 * fresh), and, when a zone purge is configured, from every other data centre in the background.
 */
export async function purgeEdgeCache(
  keys: string[],
  options: { zone?: ZonePurge | null; waitUntil?: (promise: Promise<unknown>) => void } = {},
): Promise<void> {
  const cache = sharedCache();
  if (cache) await Promise.all(keys.map((k) => cache.delete(k)));
  if (options.zone) {
    const global = purgeZone(keys, options.zone).catch((error) => {
      // The local purge stands; other data centres fall back to the entry's short lifetime.
      console.error(
        JSON.stringify({ level: 'error', event: 'edge-cache.zone-purge-failed', error: String(error), keys }),
      );
    });
    if (options.waitUntil) options.waitUntil(global);
    else await global;
  }
}
