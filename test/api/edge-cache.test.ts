import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../worker/config';
import { issueCertificate } from '../../worker/services/certificates';
import { certificateKeys, edgeCacheKeys, publicCoursesKeys, purgeZone } from '../../worker/services/edge-cache';
import { createCourse } from './fixtures';
import { api, completeCourse, createAdmin, createDomain, createUser, db, env, freshIp, login, schema } from './helpers';

const DAY_MS = 24 * 3600 * 1000;
const ORIGIN = 'http://localhost';
const config = readConfig(env);
const cache = (caches as unknown as { default: Cache }).default;

/** The edge cache is written after the answer (waitUntil): wait until the entry is there. */
async function storedAt(key: string): Promise<Response> {
  for (let i = 0; i < 100; i++) {
    const entry = await cache.match(key);
    if (entry) return entry;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`nothing stored under ${key}`);
}

const forget = (keys: string[]) => Promise.all(keys.map((key) => cache.delete(key)));

async function validCertificate() {
  const domainId = await createDomain();
  const courseId = crypto.randomUUID();
  await db
    .insert(schema.courses)
    .values({ id: courseId, title: 'Confined Space Entry', domainId, status: 'PUBLISHED' });
  const user = await createUser({ firstName: 'Mira', lastName: 'Okafor' });
  await completeCourse(user.id, courseId);
  const cert = await issueCertificate(db, user.id, courseId, new Date());
  await db
    .update(schema.certificates)
    .set({ expiresAt: new Date(Date.now() + 100 * DAY_MS).toISOString() })
    .where(eq(schema.certificates.id, cert.id));
  await forget(certificateKeys(config, ORIGIN, cert.certificateNumber));
  return { ...cert, user };
}

describe('the edge cache for public answers', () => {
  it('stores a public answer and serves the stored copy the second time, keyed on the normalised query only', async () => {
    await forget(publicCoursesKeys(config, ORIGIN));
    const course = await createCourse({
      title: `Ladder Safety ${crypto.randomUUID().slice(0, 6)}`,
      publishedAt: new Date(Date.now() + DAY_MS).toISOString(),
    });

    const first = await api('GET', '/api/public/courses?limit=12');
    expect(first.status).toBe(200);
    expect(first.headers.get('x-edge-cache')).toBe('MISS');
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300');
    expect(first.body.courses.map((c: { id: string }) => c.id)).toContain(course.courseId);
    const stored = await storedAt(edgeCacheKeys.publicCourses(config, ORIGIN, '12'));
    // The stored copy carries nothing about the request that filled it.
    expect(stored.headers.get('x-request-id')).toBeNull();
    expect(stored.headers.get('x-d1-bookmark')).toBeNull();

    // Changed behind the Worker's back (no purge): the edge still answers the stored copy.
    await db
      .update(schema.courses)
      .set({ title: 'Renamed in the database' })
      .where(eq(schema.courses.id, course.courseId));
    const second = await api('GET', '/api/public/courses?utm_source=poster&limit=12');
    expect(second.headers.get('x-edge-cache')).toBe('HIT');
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(second.body).toEqual(first.body);
    // A stored answer still leaves with the API's security headers.
    expect(second.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');

    // An odd spelling of a limit is answered, but never stored or served from the cache.
    const odd = await api('GET', '/api/public/courses?limit=012');
    expect(odd.status).toBe(200);
    expect(odd.headers.get('x-edge-cache')).toBe('BYPASS');
    expect(odd.body.courses.find((c: { id: string }) => c.id === course.courseId)?.title).toBe(
      'Renamed in the database',
    );
  });

  it('shows a published or taken-down course on the landing page at once, not after the cache lifetime', async () => {
    const admin = await createAdmin();
    const token = await login(admin);
    const course = await createCourse({
      status: 'DRAFT',
      title: `Scaffold Inspection ${crypto.randomUUID().slice(0, 6)}`,
    });
    await forget(publicCoursesKeys(config, ORIGIN));
    const ids = (body: { courses: { id: string }[] }) => body.courses.map((c) => c.id);

    expect(ids((await api('GET', '/api/public/courses?limit=12')).body)).not.toContain(course.courseId);
    await storedAt(edgeCacheKeys.publicCourses(config, ORIGIN, '12'));
    expect((await api('GET', '/api/public/courses?limit=12')).headers.get('x-edge-cache')).toBe('HIT');

    expect((await api('POST', `/api/v2/admin/courses/${course.courseId}/publish`, { token })).status).toBe(200);
    const published = await api('GET', '/api/public/courses?limit=12');
    expect(published.headers.get('x-edge-cache')).toBe('MISS');
    expect(ids(published.body)).toContain(course.courseId);

    await storedAt(edgeCacheKeys.publicCourses(config, ORIGIN, '12'));
    expect((await api('POST', `/api/v2/admin/courses/${course.courseId}/takedown`, { token })).status).toBe(200);
    expect(ids((await api('GET', '/api/public/courses?limit=12')).body)).not.toContain(course.courseId);
  });

  it('never stores an answer to a signed-in or cookie-carrying request, and never serves one the stored copy', async () => {
    const learner = await createUser();
    const token = await login(learner);
    const cert = await validCertificate();
    const jsonPath = `/api/v2/certificates/verify/${cert.certificateNumber}`;
    const jsonKey = edgeCacheKeys.verifyJson(config, ORIGIN, cert.certificateNumber);
    await forget([edgeCacheKeys.publicConfig(config, ORIGIN)]);

    // Signed in first: answered, marked private, and nothing is stored.
    // The interface-language cookie names a language only; beside any other cookie it still counts.
    const credentials: Record<string, string>[] = [
      { authorization: `Bearer ${token}` },
      { cookie: 'session=anything' },
      { cookie: 'locale=es; session=anything' },
      { cookie: '' },
    ];
    for (const headers of credentials) {
      for (const path of ['/api/public/config', jsonPath]) {
        const res = await api('GET', path, { headers: { ...headers, ...freshIp() } });
        expect(res.status).toBe(200);
        expect(res.headers.get('x-edge-cache')).toBe('BYPASS');
        expect(res.headers.get('cache-control')).toBe('private, no-store');
      }
    }
    // A visitor after them is the first to fill the cache.
    expect((await api('GET', jsonPath, { headers: freshIp() })).headers.get('x-edge-cache')).toBe('MISS');
    expect((await api('GET', '/api/public/config')).headers.get('x-edge-cache')).toBe('MISS');
    await storedAt(jsonKey);
    // A visitor whose only cookie is the language one is served the shared copy like any visitor.
    expect(
      (await api('GET', jsonPath, { headers: { cookie: 'locale=es', ...freshIp() } })).headers.get('x-edge-cache'),
    ).toBe('HIT');

    // The stored answer is stale now (changed without a purge): a visitor gets it, a signed-in caller never does.
    await db
      .update(schema.certificates)
      .set({ revokedAt: new Date().toISOString(), revokedReason: 'test' })
      .where(eq(schema.certificates.id, cert.id));
    expect((await api('GET', jsonPath, { headers: freshIp() })).body.status).toBe('ACTIVE');
    const signedIn = await api('GET', jsonPath, { token, headers: freshIp() });
    expect(signedIn.headers.get('x-edge-cache')).toBe('BYPASS');
    expect(signedIn.body.status).toBe('REVOKED');

    // The learner's own (private) answers are never in the shared cache under any origin.
    for (const path of [
      '/api/auth/user',
      '/api/v2/user/courses',
      '/api/v2/certificates/user/all',
      '/api/v2/user/progress/courses',
      '/api/v2/user/reports',
    ]) {
      const res = await api('GET', path, { token });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control') ?? '', path).not.toMatch(/public|s-maxage/);
      for (const origin of [ORIGIN, config.publicUrl])
        expect(await cache.match(`${origin}${path}`), path).toBeUndefined();
    }
  });

  it('shows a revocation on the verification JSON and page at once, not after the cache lifetime', async () => {
    const admin = await createAdmin();
    const token = await login(admin);
    const cert = await validCertificate();
    const jsonPath = `/api/v2/certificates/verify/${cert.certificateNumber}`;
    const pagePath = `/certificate/verify/${cert.certificateNumber}`;
    const page = async (language = 'en') => {
      const res = await api('GET', pagePath, { headers: { ...freshIp(), 'accept-language': language } });
      return { cache: res.headers.get('x-edge-cache'), html: res.body as string };
    };

    expect((await api('GET', jsonPath, { headers: freshIp() })).body.status).toBe('ACTIVE');
    expect((await page()).html).toContain('Valid Certificate');
    // The page is kept once per language: a Spanish reader's copy is its own entry, purged too.
    expect((await page('es-MX,es;q=0.9')).html).toContain('Certificado válido');
    await storedAt(edgeCacheKeys.verifyJson(config, ORIGIN, cert.certificateNumber));
    for (const language of ['en', 'es'] as const)
      await storedAt(edgeCacheKeys.verifyPage(config, ORIGIN, cert.certificateNumber, language));
    expect(certificateKeys(config, ORIGIN, cert.certificateNumber)).toHaveLength(5);
    expect((await api('GET', jsonPath, { headers: freshIp() })).headers.get('x-edge-cache')).toBe('HIT');
    expect((await page()).cache).toBe('HIT');
    expect((await page('es')).cache).toBe('HIT');

    const revoked = await api('POST', `/api/v2/certificates/${cert.id}/revoke`, {
      token,
      body: { reason: 'Issued to the wrong person' },
    });
    expect(revoked.status).toBe(200);

    const json = await api('GET', jsonPath, { headers: freshIp() });
    expect(json.headers.get('x-edge-cache')).toBe('MISS');
    expect(json.body).toMatchObject({ valid: false, status: 'REVOKED' });
    const after = await page();
    expect(after.cache).toBe('MISS');
    expect(after.html).toContain('This certificate has been revoked');
    const spanish = await page('es');
    expect(spanish.cache).toBe('MISS');
    expect(spanish.html).toContain('El emisor ha revocado este certificado');
  });

  it('never keeps a "valid" answer at the edge past the certificate\'s expiry', async () => {
    const cert = await validCertificate();
    await db
      .update(schema.certificates)
      .set({ expiresAt: new Date(Date.now() + 90_000).toISOString() })
      .where(eq(schema.certificates.id, cert.id));
    const res = await api('GET', `/api/v2/certificates/verify/${cert.certificateNumber}`, { headers: freshIp() });
    const edgeSeconds = Number(/s-maxage=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1]);
    expect(edgeSeconds).toBeGreaterThan(0);
    expect(edgeSeconds).toBeLessThanOrEqual(90);
  });

  it("purges zone-wide through Cloudflare's purge-by-URL API in batches of 30 when configured", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response('{"success":true}');
    }) as unknown as typeof fetch;
    const urls = Array.from({ length: 31 }, (_, i) => `https://training.example/x/${i}`);
    await purgeZone(urls, { zoneId: 'zone-1', apiToken: 'token-1', fetcher });
    expect(calls.map((call) => call.url)).toEqual(
      Array(2).fill('https://api.cloudflare.com/client/v4/zones/zone-1/purge_cache'),
    );
    expect(calls.map((call) => JSON.parse(String(call.init.body)).files.length)).toEqual([30, 1]);
    expect(new Headers(calls[0].init.headers).get('authorization')).toBe('Bearer token-1');
    await expect(
      purgeZone(urls, {
        zoneId: 'z',
        apiToken: 't',
        fetcher: (async () => new Response('', { status: 403 })) as unknown as typeof fetch,
      }),
    ).rejects.toThrow('403');
  });
});
