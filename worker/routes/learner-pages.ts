import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import * as v from 'valibot';
import { idParam } from '../contract/common';
import { courseListQuery } from '../contract/courses';
import { preferredLanguage } from '../contract/delivery-language';
import {
  BOOKMARK_COOKIE,
  MY_COURSES_PAGE_SIZE,
  type CourseListPageParams,
  type LearnerPage,
  type LearnerPageData,
} from '../contract/learner-pages';
import { createRequestDb, parseBookmark } from '../db/client';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { inFirstBatch, publicRoute, requireLearner, sessionInFirstBatch } from '../middleware/auth';
import { APP_SHELL_HEADERS, appShell, fillShell, landingLanguage } from '../services/app-shell';
import { readLearnerPage, type PageInput } from '../services/learner-pages';
import { sessionCookieOf } from '../services/web-session';

/**
 * The learner's pages rendered by the Worker for a live cookie session (issue 31, item 2): the
 * client's index.html with the page's own React views already in it (web/ssr/learner-server.tsx),
 * their data read in one D1 round trip with the session check (services/learner-pages.ts) and
 * embedded beside the markup, so the client seeds its query cache from it and takes over without
 * asking again (web/api/page-data.ts). Every answer is the person's own: `private, no-store`,
 * `Vary: Cookie`, and no edge cache anywhere on this path. Without a live cookie the request gets
 * what it got before these routes existed: the client app's shell, which checks the session itself.
 */

const guard = inFirstBatch(requireLearner);

/** The client app's own answer for the path (the single-page shell), as the assets layer gives it. */
async function clientShell(c: Context<AppEnv>, personal: boolean): Promise<Response> {
  if (!c.env.ASSETS) return c.text('Not found', 404);
  const assets = await c.env.ASSETS.fetch(c.req.raw);
  if (!personal) return assets;
  // A cookie was sent (even a dead one): never kept by a shared cache; a dead cookie is cleared.
  const answer = new Response(assets.body, assets);
  answer.headers.set('Cache-Control', 'private, no-store');
  answer.headers.set('Vary', 'Cookie');
  const cleared = c.res.headers.get('Set-Cookie');
  if (cleared) answer.headers.append('Set-Cookie', cleared);
  return answer;
}

/** Reads the page's data as the signed-in learner, or null when the cookie is no live learner session. */
async function pageData(c: Context<AppEnv>, page: LearnerPage, input: PageInput): Promise<LearnerPageData | null> {
  // A D1 session from the bookmark the client last saw (the page load cannot send the API's header):
  // the nearest replica answers, at least as fresh as this browser's own last write.
  const session = await createRequestDb(c.env, {
    method: 'GET',
    bookmark: parseBookmark(getCookie(c, BOOKMARK_COOKIE)),
  });
  c.set('db', session.db);
  if (session.d1) c.set('d1', session.d1);
  let data: Omit<LearnerPageData, 'bookmark'> | null = null;
  try {
    // The learner guard itself (the API's judgement of the session), its row in the page's batch.
    await guard(c, async () => {
      ({ result: data } = await sessionInFirstBatch(c, (db, userId) =>
        readLearnerPage(db, userId, page, new Date(), input),
      ));
    });
  } catch (error) {
    // Expired, revoked, deactivated, or a password to change first: the client's shell decides.
    if (error instanceof ApiError) return null;
    throw error;
  }
  return data ? { ...(data as Omit<LearnerPageData, 'bookmark'>), bookmark: session.bookmark() } : null;
}

/** A whole number from the address, as the client reads it (web/hooks/use-search-state.ts `searchInt`). */
function addressInt(raw: string | null, fallback: number): number {
  const n = Number(raw);
  return raw === null || raw === '' || !Number.isInteger(n) || n < 1 ? fallback : n;
}

/**
 * My Courses' page of the list from the address, read as the client's `usePagedList` reads it (its
 * query key) and sent to the API as the client sends it (blank values left out), validated by the
 * API's own schema. Null when the API would refuse it: the client's shell then shows what it shows.
 */
function myCoursesInput(c: Context<AppEnv>): PageInput | null {
  const address = new URL(c.req.url).searchParams;
  const params: CourseListPageParams = {
    showAll: address.get('showAll') === 'true',
    status: (address.get('status') ?? '') as CourseListPageParams['status'],
    bookId: address.get('bookId') ?? '',
    sortBy: (address.get('sortBy') ?? '') as CourseListPageParams['sortBy'],
    page: addressInt(address.get('page'), 1),
    limit: addressInt(address.get('size'), MY_COURSES_PAGE_SIZE),
    search: (address.get('q') ?? '').trim(),
  };
  const sent = Object.entries(params).filter(([, value]) => value !== '');
  const query = v.safeParse(courseListQuery, Object.fromEntries(sent.map(([key, value]) => [key, String(value)])));
  if (!query.success) return null;
  // The client asks in the interface language it shows (its Accept-Language): the page's own language (the
  // reader's choice in the language cookie, else the browser's), so the page lists what the client would list.
  const language = preferredLanguage(landingLanguage(c), query.output.lang);
  return { courseList: { params, query: query.output, language } };
}

/** The course page's course id, validated as the API validates it (null: the client's shell answers). */
function courseInput(c: Context<AppEnv>): PageInput | null {
  const id = v.safeParse(idParam, { id: c.req.param('courseId') });
  return id.success ? { courseId: id.output.id } : null;
}

async function learnerPage(c: Context<AppEnv>, page: LearnerPage, input: PageInput | null = {}): Promise<Response> {
  const shell = await appShell(c.env.ASSETS, c.req.url);
  if (!shell || !sessionCookieOf(c)) return clientShell(c, false);
  if (!input) return clientShell(c, true);
  const data = await pageData(c, page, input);
  if (!data) return clientShell(c, true);
  const language = landingLanguage(c);
  let html: string | null = null;
  try {
    const { renderLearnerMarkup } = await import('../generated/landing-ssr.js');
    html = fillShell(
      shell.html,
      language,
      await renderLearnerMarkup(language, c.req.path, new URL(c.req.url).search, data),
      data,
    );
  } catch (error) {
    console.error(
      JSON.stringify({
        level: 'error',
        event: 'learner-page.render-failed',
        requestId: c.var.requestId,
        page,
        error: String(error),
      }),
    );
  }
  if (!html) return clientShell(c, true);
  for (const [name, value] of Object.entries(APP_SHELL_HEADERS)) c.header(name, value);
  c.header('Content-Language', language);
  c.header('Cache-Control', 'private, no-store');
  c.header('Vary', 'Cookie');
  return c.html(html);
}

export const learnerPages = new Hono<AppEnv>()
  // Public: a visitor (or a dead cookie) gets the client's shell, which sends them to sign in.
  .get('/dashboard', publicRoute, (c) => learnerPage(c, 'dashboard'))
  .get('/my-courses', publicRoute, (c) => learnerPage(c, 'my-courses', myCoursesInput(c)))
  // The course page (deeper paths, a material or an assessment, fall through to the client's shell).
  .get('/course/:courseId', publicRoute, (c) => learnerPage(c, 'course', courseInput(c)))
  .get('/my-certificates', publicRoute, (c) => learnerPage(c, 'certificates'));
