import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  app,
  layoutShiftSum,
  openBrowser,
  VIEWPORTS,
  waitForPath,
  watchLayoutShifts,
  type BrowserSession,
} from './browser';

describe('visitor', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser();
  });
  afterEach(async () => {
    await session?.close();
  });

  it('a visitor sends public feedback from the landing page', async () => {
    const { page } = session;
    await session.open('/');
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Share Your Thoughts' }) });
    await form.scrollIntoViewIfNeeded();
    await form.getByText('Note: All public submissions are anonymous.').waitFor();

    // Empty submit: the required-field messages, and nothing sent.
    await form.getByRole('button', { name: 'Submit Feedback' }).click();
    await form.getByText('Type is required').waitFor();
    await form.getByText('Subject is required').waitFor();
    await form.getByText('Description is required').waitFor();

    await form.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'New Idea' }).click();
    await form.getByLabel('Subject').fill('Forklift refresher');
    await form.getByLabel('Description').fill('A short module on forklift pre-use checks would help the night shift.');
    await form.getByRole('button', { name: 'Submit Feedback' }).click();

    await form.getByText('Your submission has been received successfully.').waitFor();
    // The form resets after success.
    expect(await form.getByLabel('Subject').inputValue()).toBe('');
    expect(await form.getByLabel('Description').inputValue()).toBe('');
  });

  it('a visitor sees the landing page sections and sample courses', async () => {
    const { page } = session;
    await session.open('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    for (const title of ['Expert-Led Courses', 'Community Support', 'Safe and Secure']) {
      await page.getByRole('heading', { name: title }).waitFor();
    }
    // Three course cards from GET /api/public/courses?limit=3 (the seed publishes several).
    const cards = page.locator('#courses li');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(3);
    await page.getByRole('link', { name: 'Statecharts' }).waitFor();
  });

  it("a visitor sees the landing page before any script runs, in the browser's language (the Worker renders it)", async () => {
    // Scripts off: everything below comes from the HTML the Worker sent.
    const context = await session.context
      .browser()!
      .newContext({ baseURL: session.baseURL, javaScriptEnabled: false, locale: 'ar-EG', viewport: VIEWPORTS.phone });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: /ابنِ مكان عمل أكثر أمانًا/ }).waitFor();
      expect(
        await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir })),
      ).toEqual({ lang: 'ar', dir: 'rtl' });
      // The sample courses and the way in are there; the client's own #root waits, hidden and empty.
      expect(await page.locator('#server-rendered #courses li').count()).toBe(3);
      expect(await page.getByRole('banner').getByRole('link', { name: 'تسجيل الدخول' }).getAttribute('href')).toBe(
        '/login',
      );
      expect(
        await page
          .locator('#root')
          .evaluate((root) => ({ hidden: (root as HTMLElement).hidden, children: root.childElementCount })),
      ).toEqual({ hidden: true, children: 0 });
    } finally {
      await context.close();
    }

    // With scripts on, the app takes the Worker's copy's place without moving anything.
    const { page } = session;
    await watchLayoutShifts(page);
    await session.open('/');
    await page.locator('#server-rendered').waitFor({ state: 'detached' });
    await app(page)
      .getByRole('heading', { level: 1, name: /Build a safer workplace/ })
      .waitFor();
    await page.locator('#root #courses li').nth(2).waitFor();
    expect(await layoutShiftSum(page)).toBeLessThan(0.01);
  });

  it('a visitor opening an unknown path sees "Page Not Found" with a way home', async () => {
    const { page } = session;
    await session.open('/no/such/page');
    await page.getByRole('heading', { name: /Page Not Found/ }).waitFor();
    const home = page.getByRole('link', { name: 'Go to Dashboard' });
    expect(await home.getAttribute('href')).toBe('/');
    await home.click();
    await waitForPath(page, '/');
  });

  it('a visitor opening a protected page is sent to the landing page, then back after login', async () => {
    const { page } = session;
    await session.open('/reports');
    await waitForPath(page, '/');
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await waitForPath(page, '/login');
    await page.getByLabel('Username').fill('learner');
    await page.getByLabel(/^Password/).fill('Learner#2026demo');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForPath(page, '/reports');
  });
});
