import { SELF, createExecutionContext } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import staticHeaders from '../../web/public/_headers?raw';
import ar from '../../web/i18n/locales/ar.json';
import en from '../../web/i18n/locales/en.json';
import es from '../../web/i18n/locales/es.json';
import hi from '../../web/i18n/locales/hi.json';
import { app } from '../../worker/app';
import { readConfig } from '../../worker/config';
import { appShell } from '../../worker/services/app-shell';
import { edgeCacheKeys, landingPageKeys, publicCoursesKeys } from '../../worker/services/edge-cache';
import type { Language } from '../../worker/contract/language';
import { createCourse } from './fixtures';
import { api, createAdmin, db, env, login, schema } from './helpers';

const ORIGIN = 'http://localhost';
const config = readConfig(env);
const cache = (caches as unknown as { default: Cache }).default;
const CATALOGS: Record<Language, Record<string, string>> = { en, es, hi, ar };

interface Page {
  status: number;
  headers: Headers;
  html: string;
}

/** GET / through the Worker's fetch handler, as a browser's navigation would send it. */
async function landing(headers: Record<string, string> = {}): Promise<Page> {
  const response = await app.fetch(new Request(`${ORIGIN}/`, { headers }), env, createExecutionContext());
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** Text as React writes it into markup. */
const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** The page's h1 text (tags inside it removed). */
const heading = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '');

const build = async () => (await appShell(env.ASSETS, ORIGIN))!.build;
const forgetLanding = async () =>
  Promise.all(landingPageKeys(config, ORIGIN, await build()).map((key) => cache.delete(key)));

async function storedAt(key: string): Promise<Response> {
  for (let i = 0; i < 100; i++) {
    const entry = await cache.match(key);
    if (entry) return entry;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`nothing stored under ${key}`);
}

describe('the landing page, rendered by the Worker', () => {
  it('answers "/" with the page already in the HTML, in the language of Accept-Language, with <html lang dir>', async () => {
    await forgetLanding();
    for (const [acceptLanguage, language, dir] of [
      ['en-GB,en;q=0.9', 'en', 'ltr'],
      ['es-MX,es;q=0.9,en;q=0.8', 'es', 'ltr'],
      ['hi-IN', 'hi', 'ltr'],
      ['ar-EG,ar;q=0.9', 'ar', 'rtl'],
      ['de-DE,fr;q=0.8', 'en', 'ltr'],
    ] as const) {
      const page = await landing({ 'accept-language': acceptLanguage });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.html).toContain(`<html lang="${language}" dir="${dir}">`);
      expect(page.headers.get('content-language')).toBe(language);
      const catalog = CATALOGS[language];
      expect(heading(page.html)).toBe(
        `${escapeHtml(catalog['landing.hero.title']!)} ${escapeHtml(catalog['landing.hero.titleAccent']!)}`,
      );
      // Every text of the view comes from its catalog: none shows as a bare message id.
      expect(page.html).not.toMatch(/>\s*(landing|language|common|ui)\.[\w.]+\s*</);
      // The client renders into the hidden #root beside the Worker's copy, and takes over from it.
      expect(page.html).toMatch(/<div id="server-rendered">.*<\/div><div id="root" hidden><\/div>/s);
      // The shell's scripts and styles are still there, the scripts fetched after what paints.
      expect(page.html).toMatch(
        /<script type="module" fetchpriority="low" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/,
      );
      expect(page.html).not.toMatch(/<link rel="modulepreload" (?!fetchpriority="low")/);
      expect(page.html).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/index-[\w-]+\.css">/);
    }
  });

  it('follows the language cookie the client writes (the choice made on the device) over Accept-Language', async () => {
    const chosen = await landing({ cookie: 'locale=ar', 'accept-language': 'es-ES' });
    expect(chosen.html).toContain('<html lang="ar" dir="rtl">');
    expect(heading(chosen.html)).toContain(escapeHtml(ar['landing.hero.title']));
    const unknown = await landing({ cookie: 'locale=xx', 'accept-language': 'es-ES' });
    expect(unknown.html).toContain('<html lang="es" dir="ltr">');
  });

  it('renders the three newest sample courses and hands the client the same data', async () => {
    for (let i = 0; i < 4; i++) await createCourse({ title: `Sample ${i} ${crypto.randomUUID().slice(0, 6)}` });
    await Promise.all([forgetLanding(), ...publicCoursesKeys(config, ORIGIN).map((key) => cache.delete(key))]);
    const page = await landing();
    const sample = (await api('GET', '/api/public/courses?limit=3')).body.courses as { id: string; title: string }[];
    expect(sample).toHaveLength(3);
    const data = /<script type="application\/json" id="server-rendered-data">(.*?)<\/script>/s.exec(page.html)?.[1];
    expect(JSON.parse(data!)).toEqual({ courses: sample });
    for (const course of sample)
      expect(page.html).toContain(`<h3 class="fs_lg fw_semibold lh_1.35"><bdi>${escapeHtml(course.title)}</bdi></h3>`);
  });

  it('keeps no markup a course title could inject, in the page or in its data', async () => {
    const title = `</script><script>alert(1)</script> & <b>Ladders</b> ${crypto.randomUUID().slice(0, 6)}`;
    const course = await createCourse({ title });
    await db
      .update(schema.courses)
      .set({ publishedAt: '9999-12-30T00:00:00.000Z' })
      .where(eq(schema.courses.id, course.courseId));
    await forgetLanding();
    const page = await landing();
    expect(page.html).toContain(escapeHtml(title));
    expect(page.html).not.toContain('<script>alert(1)</script>');
    const data = /<script type="application\/json" id="server-rendered-data">(.*?)<\/script>/s.exec(page.html)?.[1];
    expect(JSON.parse(data!).courses[0].title).toBe(title);
    await db.update(schema.courses).set({ status: 'DRAFT' }).where(eq(schema.courses.id, course.courseId));
    await forgetLanding();
  });

  it('is kept at the edge once per language, shared by visitors, never for a request with credentials', async () => {
    await forgetLanding();
    const first = await landing({ 'accept-language': 'es' });
    expect(first.headers.get('x-edge-cache')).toBe('MISS');
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300');
    expect(first.headers.get('vary')).toBe('Accept-Language, Cookie');
    const stored = await storedAt(edgeCacheKeys.landingPage(config, ORIGIN, 'es', await build()));
    expect(stored.headers.get('x-request-id')).toBeNull();

    // The same language through the cookie, or through the header: the same entry.
    const second = await landing({ cookie: 'locale=es', 'accept-language': 'en' });
    expect(second.headers.get('x-edge-cache')).toBe('HIT');
    expect(second.html).toBe(first.html);
    // Another language is its own entry.
    expect((await landing({ 'accept-language': 'hi' })).headers.get('x-edge-cache')).toBe('MISS');

    // Any other cookie, or an Authorization header: answered fresh, marked private, not stored.
    const withCredentials: Record<string, string>[] = [
      { cookie: 'locale=es; session=abc', 'accept-language': 'es' },
      { authorization: 'Bearer x', 'accept-language': 'es' },
    ];
    for (const headers of withCredentials) {
      const fresh = await landing(headers);
      expect(fresh.status).toBe(200);
      expect(fresh.headers.get('x-edge-cache')).toBe('BYPASS');
      expect(fresh.headers.get('cache-control')).toBe('private, no-store');
      expect(heading(fresh.html)).toContain(escapeHtml(es['landing.hero.title']));
    }
  });

  it('answers a browser revalidating an unchanged page with 304', async () => {
    const page = await landing({ 'accept-language': 'en' });
    const tag = page.headers.get('etag');
    expect(tag).toMatch(/^"[\w-]+"$/);
    const again = await app.fetch(
      new Request(`${ORIGIN}/`, { headers: { 'accept-language': 'en', 'if-none-match': tag! } }),
      env,
      createExecutionContext(),
    );
    expect(again.status).toBe(304);
  });

  it('leaves with the security headers every static page has (web/public/_headers)', async () => {
    const page = await landing();
    const block = staticHeaders.split(/\n(?=\S)/).find((section) => section.startsWith('/*\n'))!;
    const expected = block
      .split('\n')
      .slice(1)
      .map((line) => line.trim())
      .filter(Boolean);
    expect(expected.length).toBeGreaterThan(3);
    for (const line of expected) {
      const [name, ...value] = line.split(':');
      expect(page.headers.get(name!), name).toBe(value.join(':').trim());
    }
  });

  it('shows a course published by an administrator at once in every language (the entries are purged)', async () => {
    const admin = await createAdmin();
    const token = await login(admin);
    const title = `Hot Work Permits ${crypto.randomUUID().slice(0, 6)}`;
    const course = await createCourse({ status: 'DRAFT', title });
    await forgetLanding();
    await landing({ 'accept-language': 'en' });
    await landing({ 'accept-language': 'ar' });
    await storedAt(edgeCacheKeys.landingPage(config, ORIGIN, 'ar', await build()));
    expect((await landing({ 'accept-language': 'ar' })).headers.get('x-edge-cache')).toBe('HIT');

    expect((await api('POST', `/api/v2/admin/courses/${course.courseId}/publish`, { token })).status).toBe(200);
    // Newest of all, whatever other tests published: it must be among the three sample courses.
    await db
      .update(schema.courses)
      .set({ publishedAt: '9999-12-31T00:00:00.000Z' })
      .where(eq(schema.courses.id, course.courseId));
    for (const language of ['en', 'ar']) {
      const page = await landing({ 'accept-language': language });
      expect(page.headers.get('x-edge-cache')).toBe('MISS');
      expect(page.html).toContain(escapeHtml(title));
    }

    expect((await api('POST', `/api/v2/admin/courses/${course.courseId}/takedown`, { token })).status).toBe(200);
    expect((await landing({ 'accept-language': 'en' })).html).not.toContain(escapeHtml(title));
  });

  it('is what a navigation to "/" gets (the Worker runs before the static assets for it)', async () => {
    const response = await SELF.fetch(`${ORIGIN}/`, { headers: { 'accept-language': 'ar' } });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<div id="server-rendered">');
    // Every other client route is still the plain shell from the static assets.
    const other = await SELF.fetch(`${ORIGIN}/login`);
    const shell = await other.text();
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).not.toContain('server-rendered');
  });
});
