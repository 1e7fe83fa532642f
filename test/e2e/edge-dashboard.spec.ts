import { afterEach, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  app,
  layoutShiftSum,
  openBrowser,
  signIn,
  VIEWPORTS,
  waitForPath,
  watchLayoutShifts,
  type BrowserSession,
} from './browser';
import type { Page, Request } from 'playwright-core';
import { adminCourse } from './course-steps';
import { apiAs, newLearner } from './server';

/*
 * Issue 31, item 2: the Worker renders a signed-in learner's dashboard, My Courses and course page
 * (worker/routes/learner-pages.ts).
 * Without scripts the learner sees their own courses; with scripts the app takes the Worker's copy's
 * place without moving anything and without reading the same data again.
 */

const BOOK = 'Hazard Communication';
const COURSE = 'Reading a Safety Data Sheet (SDS)';

/** The dashboard's reads the page brings with it: none of these may be asked for again. */
const SEEDED_READS = [
  /\/api\/auth\/user$/,
  /\/api\/v2\/user\/progress\/courses$/,
  /\/api\/v2\/user\/requirements$/,
  /\/api\/v2\/certificates\/user\//,
];
/** My Courses' and the course page's reads besides those: the list, the course and its progress. */
const COURSE_READS = [/\/api\/v2\/user\/courses(?:\/[^/]+)?$/, /\/api\/v2\/user\/progress\/courses\/[^/]+$/];

/** Loads `path` with scripts on and answers the API reads it made of what the page brought with it. */
async function repeatedReads(page: Page, open: () => Promise<void>): Promise<string[]> {
  const reads: string[] = [];
  const watch = (request: Request) => {
    const path = new URL(request.url()).pathname;
    if ([...SEEDED_READS, ...COURSE_READS].some((read) => read.test(path))) reads.push(path);
  };
  page.on('request', watch);
  try {
    await open();
    await page.locator('#server-rendered').waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('request', watch);
  }
  return reads;
}

describe('the dashboard rendered by the Worker', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('a learner who enrolled sees their course on the dashboard, My Courses and the course page with scripts off, and with scripts on nothing moves or loads twice', async () => {
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const [{ course }, learner] = await Promise.all([adminCourse(admin, COURSE), newLearner(admin, [BOOK])]);

    session = await openBrowser(VIEWPORTS.phone);
    const { page } = session;
    await signIn(session, learner.username, learner.password);
    await session.open(`/course/${course.id}`);
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await page.getByRole('button', { name: 'Start Course' }).waitFor();

    // Scripts off, the same cookies: all of it comes from the Worker's HTML.
    const still = await session.context
      .browser()!
      .newContext({ baseURL: session.baseURL, javaScriptEnabled: false, viewport: VIEWPORTS.phone });
    try {
      await still.addCookies(await session.context.cookies());
      const bare = await still.newPage();
      await bare.goto('/dashboard');
      const served = bare.locator('#server-rendered');
      await served.getByRole('heading', { level: 1, name: 'Welcome, Robin' }).waitFor();
      await served.getByRole('region', { name: 'Next up' }).getByText(COURSE).first().waitFor();
      expect(await bare.locator('#root').evaluate((root) => (root as HTMLElement).hidden)).toBe(true);
      // My Courses and the course page, from the Worker's HTML too (the learner's own course, their progress).
      await bare.goto('/my-courses?q=Safety');
      await served.getByRole('heading', { level: 1, name: 'My Safety Training' }).waitFor();
      await served.getByRole('list', { name: 'Courses' }).getByText(COURSE).waitFor();
      await bare.goto(`/course/${course.id}`);
      await served.getByRole('heading', { level: 1, name: COURSE }).waitFor();
      await served.getByRole('button', { name: 'Start Course' }).waitFor();
    } finally {
      await still.close();
    }

    // Scripts on: a fresh load of each page, watching layout shifts and the API reads.
    await watchLayoutShifts(page);
    expect(await repeatedReads(page, () => session!.open('/dashboard'))).toEqual([]);
    await app(page).getByRole('heading', { level: 1, name: 'Welcome, Robin' }).waitFor();
    await app(page).getByRole('region', { name: 'Next up' }).getByText(COURSE).first().waitFor();
    await waitForPath(page, '/dashboard');
    expect(await layoutShiftSum(page)).toBe(0);

    expect(await repeatedReads(page, () => session!.open('/my-courses?q=Safety'))).toEqual([]);
    await app(page).getByRole('list', { name: 'Courses' }).getByText(COURSE).waitFor();
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search courses' }).inputValue()).toBe('Safety');
    expect(await layoutShiftSum(page)).toBe(0);

    expect(await repeatedReads(page, () => session!.open(`/course/${course.id}`))).toEqual([]);
    await app(page).getByRole('heading', { level: 1, name: COURSE }).waitFor();
    expect(await layoutShiftSum(page)).toBe(0);
    // The app's own button works: the learner goes on with the course.
    await app(page).getByRole('button', { name: 'Start Course' }).click();
    await page.waitForURL(new RegExp(`/course/${course.id}/`));
  });
  it("a button pressed on the Worker's copy before the app has taken over is pressed again when it has", async () => {
    session = await openBrowser(VIEWPORTS.phone);
    const { page } = session;
    await signIn(session, ACCOUNTS.learner.username, ACCOUNTS.learner.password);
    await waitForPath(page, '/dashboard');
    // A slow phone: the app's routes arrive only when the test lets them.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
    const served = page.locator('#server-rendered');
    const button = served.getByRole('button', { name: 'Download Certificate' }).first();
    await button.waitFor();
    const download = page.waitForEvent('download');
    await button.click();
    release();
    await served.waitFor({ state: 'detached' });
    expect((await download).suggestedFilename()).toMatch(/^certificate-.+\.pdf$/);
  });
});
