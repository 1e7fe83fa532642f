import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../web/i18n/locales/en.json';
import { app } from '../../worker/app';
import { SERVER_DATA_ID, SERVER_MARKUP_ID } from '../../worker/contract/landing';
import type { LearnerPageData } from '../../worker/contract/learner-pages';
import { SESSION_COOKIE } from '../../worker/services/web-session';
import { countingD1 } from './d1-counting';
import { type CourseFixture, createCourse, enroll, learnerFor } from './fixtures';
import { certify } from './compliance-helpers';
import { api, db, env, schema } from './helpers';

/*
 * Issue 31, item 2: the learner pages the Worker renders for a live cookie session
 * (worker/routes/learner-pages.ts). Each learner gets their own page, never stored in a shared
 * cache; without a live session the client's shell, as before.
 */

const ORIGIN = 'http://localhost';
const cache = (caches as unknown as { default: Cache }).default;

interface Page {
  status: number;
  headers: Headers;
  html: string;
  calls: number;
}

/** A browser's navigation to `path` with the session cookie `token` (none: a visitor). */
async function page(path: string, token?: string, extra: Record<string, string> = {}): Promise<Page> {
  const { db: counted, count } = countingD1(env.DB);
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { accept: 'text/html', 'sec-fetch-mode': 'navigate', ...extra };
  if (token) headers.cookie = [`${SESSION_COOKIE}=${token}`, headers.cookie].filter(Boolean).join('; ');
  const res = await app.fetch(new Request(`${ORIGIN}${path}`, { headers }), { ...env, DB: counted }, ctx);
  const calls = count.calls;
  const html = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, headers: res.headers, html, calls };
}

/** The data the page embeds for the client, or null. */
function embedded(html: string): LearnerPageData | null {
  const match = new RegExp(`<script type="application/json" id="${SERVER_DATA_ID}">(.*?)</script>`, 's').exec(html);
  return match ? (JSON.parse(match[1]!) as LearnerPageData) : null;
}

/** The Worker's rendered copy only (what shows before any script runs). */
const markup = (html: string) =>
  new RegExp(`<div id="${SERVER_MARKUP_ID}">(.*)<script type="application/json"`, 's').exec(html)?.[1] ?? '';

/** Message ids the markup shows instead of their text (a prefix missing from vite.ssr.config.ts). */
const idsShown = (shown: string) => Object.keys(en).filter((id) => shown.includes(id));

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

let mine: CourseFixture;
let theirs: CourseFixture;
let token: string;
let otherToken: string;

beforeAll(async () => {
  [mine, theirs] = await Promise.all([
    createCourse({ title: `Confined spaces <entry> ${crypto.randomUUID().slice(0, 6)}` }),
    createCourse({ title: `Ladder safety ${crypto.randomUUID().slice(0, 6)}` }),
  ]);
  [{ token }, { token: otherToken }] = await Promise.all([learnerFor(mine.domainId), learnerFor(theirs.domainId)]);
  await Promise.all([enroll(token, mine.courseId), enroll(otherToken, theirs.courseId)]);
});

afterEach(() => vi.restoreAllMocks());

describe('the dashboard, rendered by the Worker for a live cookie session', () => {
  it("shows the learner's own courses and never another learner's, in one D1 round trip", async () => {
    const own = await page('/dashboard', token);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toMatch(/^text\/html/);
    const shown = markup(own.html);
    expect(shown).toContain(escapeHtml(mine.title));
    expect(shown).toContain(escapeHtml(en['dashboard.subtitle']));
    expect(idsShown(shown)).toEqual([]);
    expect(shown).not.toContain(escapeHtml(theirs.title));
    // No message id instead of its text (a message missing from the Worker's catalogs).
    expect(shown).not.toMatch(/>\s*[a-z][a-zA-Z]*\.[a-z][\w.]*\s*</);
    expect(shown).not.toMatch(/(?:aria-label|title|placeholder)="[a-z][a-zA-Z]*\.[a-z][\w.]*"/);
    // The session check and every read of the page in one batch.
    expect(own.calls).toBe(1);

    // The client's seed: the same answers the API gives, for this learner only.
    const data = embedded(own.html)!;
    expect(data.page).toBe('dashboard');
    const me = await api('GET', '/api/auth/user', { token });
    expect(data.user).toEqual(me.body);
    const progress = await api('GET', '/api/v2/user/progress/courses', { token });
    expect(data.progressList).toEqual(progress.body);
    const requirements = await api('GET', '/api/v2/user/requirements', { token });
    expect(data.requirements).toEqual(requirements.body);
    expect(data.mySessions).toEqual((await api('GET', '/api/v2/user/sessions', { token })).body);
    expect(JSON.stringify(data)).not.toContain(theirs.courseId);

    const other = await page('/dashboard', otherToken);
    expect(markup(other.html)).toContain(escapeHtml(theirs.title));
    expect(other.html).not.toContain(mine.courseId);
  });

  it('is private to the person: private, no-store, Vary: Cookie, and never put in the edge cache', async () => {
    const put = vi.spyOn(cache, 'put');
    const own = await page('/dashboard', token, { 'accept-language': 'es', cookie: 'locale=es' });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(own.headers.get('vary')).toBe('Cookie');
    expect(own.headers.get('content-language')).toBe('es');
    expect(own.headers.get('etag')).toBeNull();
    expect(own.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(put).not.toHaveBeenCalled();
    expect(await cache.match(`${ORIGIN}/dashboard`)).toBeUndefined();
    // The landing page beside it is still stored for visitors: the spy sees the cache in use.
    await page('/', undefined, { 'accept-language': 'hi' });
    expect(put).toHaveBeenCalled();
    expect(put.mock.calls.map(([key]) => String(key instanceof Request ? key.url : key))).not.toContainEqual(
      expect.stringContaining('/dashboard'),
    );
  });

  it('answers a visitor, and a cookie that is no live session, with the client shell: no personal HTML', async () => {
    const visitor = await page('/dashboard');
    expect(visitor.status).toBe(200);
    expect(visitor.html).toContain('<div id="root"></div>');
    expect(visitor.html).not.toContain(SERVER_MARKUP_ID);
    expect(visitor.calls).toBe(0);

    // Signed out (the token revoked), a password changed elsewhere (version bumped), a leaver, garbage.
    const { token: revoked } = await learnerFor(mine.domainId);
    await enroll(revoked, mine.courseId);
    expect((await api('POST', '/api/auth/logout', { token: revoked })).status).toBe(200);
    const { user: bumpedUser, token: bumped } = await learnerFor(mine.domainId);
    await enroll(bumped, mine.courseId);
    await db.update(schema.users).set({ tokenVersion: 99 }).where(eq(schema.users.id, bumpedUser.id));
    const { user: leaver, token: leaverToken } = await learnerFor(mine.domainId);
    await enroll(leaverToken, mine.courseId);
    await db
      .update(schema.users)
      .set({ deactivatedAt: new Date().toISOString() })
      .where(eq(schema.users.id, leaver.id));
    for (const dead of [revoked, bumped, leaverToken, 'not-a-token']) {
      const answer = await page('/dashboard', dead);
      expect(answer.status, dead).toBe(200);
      expect(answer.html).not.toContain(SERVER_MARKUP_ID);
      expect(answer.html).not.toContain(mine.title.slice(0, 15));
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
    }
    // The dead cookie is cleared on the way.
    const cleared = await page('/dashboard', revoked);
    expect(cleared.headers.get('set-cookie') ?? '').toContain(`${SESSION_COOKIE}=;`);
  });
});

describe('the D1 bookmark a page load carries (the d1-bookmark cookie the client mirrors)', () => {
  it('reads at least as fresh as the bookmark of the learner’s own last write, and answers the newer one', async () => {
    const course = await createCourse({ domainId: mine.domainId });
    const enrolled = await api('POST', `/api/v2/user/progress/courses/${course.courseId}/enroll`, { token });
    const written = enrolled.headers.get('x-d1-bookmark')!;
    expect(written).toMatch(/^[0-9a-f]{8}-/);
    const own = await page('/dashboard', token, { cookie: `d1-bookmark=${written}` });
    expect(markup(own.html)).toContain(escapeHtml(course.title));
    expect(embedded(own.html)!.bookmark! >= written).toBe(true);
    // A malformed one is never passed to D1.
    expect((await page('/dashboard', token, { cookie: 'd1-bookmark=garbage' })).status).toBe(200);
  });

  it('does not keep a visitor’s landing page out of the shared cache (a database position, nothing personal)', async () => {
    const landing = await page('/', undefined, {
      'accept-language': 'ar',
      cookie: 'd1-bookmark=00000000-00000000-00000000-00000000000000000000000000000000',
    });
    expect(landing.headers.get('x-edge-cache')).not.toBe('BYPASS');
    expect(landing.headers.get('cache-control')).toContain('public');
  });
});

describe('My certificates, rendered by the Worker', () => {
  it("lists the learner's own certificates only, as the API does, in one D1 round trip, privately", async () => {
    const course = await createCourse({ components: ['POST_ASSESSMENT'], domainId: mine.domainId });
    const holder = await learnerFor(mine.domainId);
    await certify(holder.token, course);
    const issued = await api('POST', `/api/v2/certificates/generate/${course.courseId}`, { token: holder.token });
    expect(issued.status, JSON.stringify(issued.body)).toBeLessThan(300);
    const put = vi.spyOn(cache, 'put');

    const own = await page('/my-certificates', holder.token);
    expect(own.status).toBe(200);
    expect(own.calls).toBe(1);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(own.headers.get('vary')).toBe('Cookie');
    const shown = markup(own.html);
    expect(shown).toContain(escapeHtml(course.title));
    expect(shown).toContain(issued.body.certificateNumber);
    expect(shown).not.toMatch(/>\s*[a-z][a-zA-Z]*\.[a-z][\w.]*\s*</);
    const data = embedded(own.html)!;
    expect(data.page).toBe('certificates');
    expect(data.certificates).toEqual(
      (await api('GET', '/api/v2/certificates/user/all', { token: holder.token })).body,
    );

    // The holder's dashboard: the completed course with its certificate, every text a message's (no id).
    const dashboard = markup((await page('/dashboard', holder.token)).html);
    expect(dashboard).toContain(escapeHtml(course.title));
    expect(dashboard).not.toMatch(/>\s*[a-z][a-zA-Z]*\.[a-z][\w.]*\s*</);

    // Someone else's page never holds it.
    const other = await page('/my-certificates', token);
    expect(other.html).not.toContain(issued.body.certificateNumber);
    expect(put).not.toHaveBeenCalled();
    // No session: the client's shell.
    expect((await page('/my-certificates')).html).not.toContain(SERVER_MARKUP_ID);
  });
});

describe('My Courses, rendered by the Worker with the list the address asks for', () => {
  /** The list's parameters as the client keys them for a plain /my-courses. */
  const FIRST_PAGE = { showAll: false, status: '', bookId: '', sortBy: '', page: 1, limit: 24, search: '' };

  it("lists the learner's own courses only, as the API does, in one D1 round trip, privately", async () => {
    const put = vi.spyOn(cache, 'put');
    const own = await page('/my-courses', token);
    expect(own.status).toBe(200);
    expect(own.calls).toBe(1);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(own.headers.get('vary')).toBe('Cookie');
    const shown = markup(own.html);
    expect(shown).toContain(escapeHtml(en['myCourses.title']));
    expect(shown).toContain(escapeHtml(mine.title));
    expect(idsShown(shown)).toEqual([]);
    expect(shown).not.toContain(escapeHtml(theirs.title));
    expect(shown).not.toMatch(/>\s*[a-z][a-zA-Z]*\.[a-z][\w.]*\s*</);
    expect(shown).not.toMatch(/(?:aria-label|title|placeholder)="[a-z][a-zA-Z]*\.[a-z][\w.]*"/);

    // The client's seed: the page the client's own request would answer, under the key it builds.
    const data = embedded(own.html)!;
    expect(data.page).toBe('my-courses');
    expect(data.courseList!.params).toEqual(FIRST_PAGE);
    const listed = await api('GET', '/api/v2/user/courses?page=1&limit=24&showAll=false', { token });
    expect(data.courseList!.answer).toEqual(listed.body);
    expect(data.progressList).toEqual((await api('GET', '/api/v2/user/progress/courses', { token })).body);
    expect(JSON.stringify(data)).not.toContain(theirs.courseId);

    const other = await page('/my-courses', otherToken);
    expect(markup(other.html)).toContain(escapeHtml(theirs.title));
    expect(other.html).not.toContain(mine.courseId);
    expect(put).not.toHaveBeenCalled();
  });

  it('reads the search, tab, page and size from the address, as the client would ask', async () => {
    const word = mine.title.slice(-6);
    const searched = await page(`/my-courses?q=${encodeURIComponent(` ${word} `)}&status=progress&size=12`, token);
    expect(searched.calls).toBe(1);
    const data = embedded(searched.html)!;
    expect(data.courseList!.params).toEqual({ ...FIRST_PAGE, status: 'progress', limit: 12, search: word });
    const asked = await api(
      'GET',
      `/api/v2/user/courses?page=1&limit=12&showAll=false&status=progress&search=${encodeURIComponent(word)}`,
      { token },
    );
    expect(data.courseList!.answer).toEqual(asked.body);
    expect(markup(searched.html)).toContain(escapeHtml(mine.title));

    // Nothing matches: the page says so, as the client does.
    const none = await page('/my-courses?q=zz-no-such-course-zz', token);
    expect(embedded(none.html)!.courseList!.answer.courses).toEqual([]);
    expect(markup(none.html)).toContain(escapeHtml(en['myCourses.noMatches']));

    // An address the API would refuse (a tab that does not exist): the client's shell shows what it shows.
    const refused = await page('/my-courses?status=archived', token);
    expect(refused.status).toBe(200);
    expect(refused.html).not.toContain(SERVER_MARKUP_ID);
    expect(refused.headers.get('cache-control')).toBe('private, no-store');
    // No session: the client's shell.
    const visitor = await page('/my-courses');
    expect(visitor.html).not.toContain(SERVER_MARKUP_ID);
    expect(visitor.calls).toBe(0);
  });
});

describe('the course page, rendered by the Worker', () => {
  it("shows the learner's own course with their progress, as the API does, in one D1 round trip, privately", async () => {
    const put = vi.spyOn(cache, 'put');
    const own = await page(`/course/${mine.courseId}`, token);
    expect(own.status).toBe(200);
    expect(own.calls).toBe(1);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(own.headers.get('vary')).toBe('Cookie');
    expect(own.headers.get('etag')).toBeNull();
    const shown = markup(own.html);
    expect(shown).toContain(escapeHtml(mine.title));
    expect(shown).toContain(escapeHtml(en['course.startCourse']));
    expect(idsShown(shown)).toEqual([]);
    expect(shown).not.toMatch(/>\s*[a-z][a-zA-Z]*\.[a-z][\w.]*\s*</);
    expect(shown).not.toMatch(/(?:aria-label|title|placeholder)="[a-z][a-zA-Z]*\.[a-z][\w.]*"/);
    const data = embedded(own.html)!;
    expect(data.page).toBe('course');
    expect(data.course).toEqual((await api('GET', `/api/v2/user/courses/${mine.courseId}`, { token })).body);
    const progress = await api('GET', `/api/v2/user/progress/courses/${mine.courseId}`, { token });
    expect(data.courseProgress).toEqual(progress.body);
    expect(put).not.toHaveBeenCalled();
  });

  it('offers enrolment on a course of the learner’s books they have not joined, as the client does', async () => {
    const open = await createCourse({ domainId: mine.domainId });
    expect((await api('GET', `/api/v2/user/progress/courses/${open.courseId}`, { token })).status).toBe(404);
    const shown = await page(`/course/${open.courseId}`, token);
    expect(shown.calls).toBe(1);
    expect(embedded(shown.html)!.courseProgress).toBeNull();
    expect(markup(shown.html)).toContain(escapeHtml(open.title));
    expect(markup(shown.html)).toContain(escapeHtml(en['enroll.title']));
  });

  it("never shows another learner's course: the client's shell answers, as the API refuses it", async () => {
    expect((await api('GET', `/api/v2/user/courses/${theirs.courseId}`, { token })).status).toBe(404);
    for (const path of [`/course/${theirs.courseId}`, '/course/no-such-course', '/course/bad%20id']) {
      const refused = await page(path, token);
      expect(refused.status, path).toBe(200);
      expect(refused.html).not.toContain(SERVER_MARKUP_ID);
      expect(refused.html).not.toContain(escapeHtml(theirs.title));
      expect(refused.headers.get('cache-control')).toBe('private, no-store');
    }
    // No session, or a dead one: the client's shell, nothing of the course.
    for (const dead of [undefined, 'not-a-token']) {
      const answer = await page(`/course/${mine.courseId}`, dead);
      expect(answer.html).not.toContain(SERVER_MARKUP_ID);
      expect(answer.html).not.toContain(escapeHtml(mine.title));
    }
    // A material or an assessment of the course is the client's as before.
    const deeper = await page(`/course/${mine.courseId}/material/x`, token);
    expect(deeper.html).not.toContain(SERVER_MARKUP_ID);
  });
});
