import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { readPdfRuns } from '../unit/pdf-text';
import { ACCOUNTS, openBrowser, signIn, VIEWPORTS, waitForPath, type BrowserSession, keepPicture } from './browser';
import { adminCourse, completeThroughApi } from './course-steps';
import { apiAs, newLearner } from './server';

/*
 * English training content inside the Arabic (right-to-left) interface: the PDF handout is drawn
 * and read left to right, and English sentences keep their full stop at their right end. The
 * seeded PASS course is English; its learner has the pre-assessment and the video behind them
 * (through the API), so the field guide PDF is open to them.
 */

const COURSE = 'Fire Extinguisher Use: The PASS Technique';
const DESKTOP = { width: 1440, height: 900 };

/** A PNG of the screen in E2E_SCREENSHOTS=<dir>, when set (browser.ts keepPicture). */
const snap = (page: Page, name: string) => keepPicture(page, name, { fullPage: true });

async function learnerAtTheHandout() {
  const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  const person = await newLearner(admin, ['Fire Safety']);
  const { course, ordered } = await adminCourse(admin, COURSE);
  const learner = await apiAs(person.username, person.password);
  await learner.request(`/v2/user/progress/courses/${course.id}/enroll`, { method: 'POST' });
  const materials = ordered.filter((c) => c.type === 'MATERIAL');
  const handout = materials.find((c) => (c.data as { type?: string }).type === 'PDF')!;
  for (const step of ordered.slice(0, ordered.indexOf(handout))) await completeThroughApi(learner, person.id, step);
  return { person, course, handout };
}

/**
 * Where the last character of an element's text is drawn against the one before it: in a
 * left-to-right sentence the full stop is right of the last letter; a right-to-left paragraph
 * moves it to the left end of the line (".quickly whether to fight or leave").
 */
const endsOnTheRight = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const element = document.querySelector(sel)!;
    const text = element.firstChild as Text;
    const at = (offset: number) => {
      const range = document.createRange();
      range.setStart(text, offset);
      range.setEnd(text, offset + 1);
      return range.getBoundingClientRect();
    };
    const length = text.data.length;
    return {
      last: text.data.at(-1),
      direction: getComputedStyle(element).direction,
      onTheRight: at(length - 1).left >= at(length - 2).right - 0.5,
    };
  }, selector);

/** The canvas of the page on screen, as its size and a digest of its pixels (to compare one language's drawing with another's). */
const pagePicture = (page: Page) =>
  page.evaluate(async () => {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas[role=img]')!;
    const png = new TextEncoder().encode(canvas.toDataURL());
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', png));
    const hex = [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    return `${canvas.width}x${canvas.height} ${hex}`;
  });

/** The text layer's text as a copy of the whole page gives it (selection order). */
const copiedPageText = (page: Page) =>
  page.evaluate(() => {
    const layer = document.querySelector('canvas[role=img]')!.nextElementSibling!;
    const selection = window.getSelection()!;
    const range = document.createRange();
    range.selectNodeContents(layer);
    selection.removeAllRanges();
    selection.addRange(range);
    const text = selection.toString();
    selection.removeAllRanges();
    return text;
  });

describe('English content in Arabic', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('a learner in Arabic reads an English course: its sentences end with their full stop, and the PDF handout is drawn and copied in reading order', async () => {
    const { person, course, handout } = await learnerAtTheHandout();
    session = await openBrowser(DESKTOP);
    const { page } = session;
    await signIn(session, person.username, person.password);
    await waitForPath(page, '/dashboard');
    await page.getByLabel('Language').selectOption('ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');

    // The course page: the English description is its own left-to-right paragraph. The Worker renders
    // it and the app takes it over, removing the Worker's copy: an element read from that copy while
    // the app's scripts still loaded (a loaded machine) was detached by the next read, and a detached
    // element's computed style is empty. The checks read the app's own page.
    await session.open(`/course/${course.id}`);
    await page.locator('#server-rendered').waitFor({ state: 'detached' });
    const title = page.getByRole('heading', { level: 1, name: COURSE });
    await title.waitFor();
    expect(await title.locator('bdi').evaluate((e) => getComputedStyle(e).unicodeBidi)).toBe('isolate');
    const description = await endsOnTheRight(page, 'main header p[dir=auto]');
    expect(description).toEqual({ last: '.', direction: 'ltr', onTheRight: true });
    // The steps: numbered as Arabic numbers them, the kind of material in Arabic, titles isolated.
    const steps = page.getByRole('list', { name: 'مكوّنات الدورة' }).getByRole('listitem');
    const handoutStep = steps.filter({ hasText: handout.data.title });
    await handoutStep.getByText('مستند PDF', { exact: false }).waitFor();
    const stepLine = (await handoutStep.locator('p').first().innerText()).replace(/[\u2068\u2069]/g, '');
    expect(stepLine).toMatch(/^\(\d\) مادة تعليمية · مستند PDF$/);
    expect(
      await handoutStep
        .locator('bdi')
        .first()
        .evaluate((e) => getComputedStyle(e).direction),
    ).toBe('ltr');
    await snap(page, 'ar-course-1440');
    // The review of the passed pre-assessment: its questions numbered "(1)", "(2)"..., never ".1".
    await steps
      .first()
      .getByRole('button', { name: /^مراجعة: / })
      .click();
    const review = page.getByRole('dialog');
    const firstQuestion = review.locator('li p').first();
    await firstQuestion.waitFor();
    expect((await firstQuestion.innerText()).replace(/[\u2068\u2069]/g, '')).toMatch(/^\(1\) What does the "P"/);
    await snap(page, 'ar-review-1440');
    await page.keyboard.press('Escape');
    await review.waitFor({ state: 'hidden' });

    // The handout: the page is drawn left to right, exactly as in English.
    await session.open(`/course/${course.id}/material/${handout.id}`);
    await page.getByRole('img', { name: /1/ }).waitFor();
    await page.waitForFunction(
      () => (document.querySelector('canvas[role=img]')?.nextElementSibling?.childElementCount ?? 0) > 10,
    );
    expect(await endsOnTheRight(page, 'main p[dir=auto]')).toMatchObject({
      last: '.',
      direction: 'ltr',
      onTheRight: true,
    });
    const arabicPicture = await pagePicture(page);
    const canvasDirection = await page.locator('canvas[role=img]').evaluate((e) => getComputedStyle(e).direction);
    const copied = await copiedPageText(page);
    await snap(page, 'ar-handout-1440');

    // The text a copy of the page gives is the PDF's own text, in its order.
    const href = await page.getByRole('link', { name: 'تنزيل' }).getAttribute('href');
    const bytes = await page.evaluate(
      async (url) => [...new Uint8Array(await (await fetch(url!)).arrayBuffer())],
      href,
    );
    const [firstPage] = await readPdfRuns(new Uint8Array(bytes));
    const squeeze = (text: string) => text.replace(/\s+/g, '');
    expect(squeeze(copied)).toBe(squeeze(firstPage!.map((run) => run.text).join('')));
    expect(copied.replace(/\s+/g, ' ')).toContain('Portable Fire Extinguisher Field Guide');

    // The same page in English: the same picture, pixel for pixel.
    await page.evaluate(() => localStorage.setItem('locale', 'en'));
    await session.open(`/course/${course.id}/material/${handout.id}`);
    await page.getByRole('img', { name: 'Page 1 of 3' }).waitFor();
    await page.waitForFunction(
      () => (document.querySelector('canvas[role=img]')?.nextElementSibling?.childElementCount ?? 0) > 10,
    );
    expect(await pagePicture(page)).toBe(arabicPicture);
    expect(canvasDirection).toBe('ltr');

    // On a phone, in Arabic.
    await page.evaluate(() => localStorage.setItem('locale', 'ar'));
    await page.setViewportSize(VIEWPORTS.phone);
    await session.open(`/course/${course.id}/material/${handout.id}`);
    await page.waitForFunction(
      () => (document.querySelector('canvas[role=img]')?.nextElementSibling?.childElementCount ?? 0) > 10,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await snap(page, 'ar-handout-390');
    await session.open(`/course/${course.id}`);
    await page.locator('#server-rendered').waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: COURSE }).waitFor();
    expect(await endsOnTheRight(page, 'main header p[dir=auto]')).toMatchObject({ direction: 'ltr', onTheRight: true });
    await snap(page, 'ar-course-390');
  }, 90_000);

  it('an administrator in Arabic reads the audit log: every action in words, none as its code', async () => {
    // A user created through the admin API leaves a USER_CREATED entry at the top of the log.
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const person = await newLearner(admin, ['Fire Safety']);
    session = await openBrowser(DESKTOP);
    const { page } = session;
    await signIn(session, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await waitForPath(page, '/admin');
    await page.getByLabel('Language').selectOption('ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await session.open('/admin/assessments');
    const log = page.getByRole('table', { name: 'سجل التدقيق' });
    const created = log.getByRole('row').filter({ hasText: person.username });
    await created.getByText('تم إنشاء مستخدم', { exact: true }).waitFor();
    const actions = await log.locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.filter((text) => /^[A-Z_]+$/.test(text.trim()))).toEqual([]);
    await snap(page, 'ar-audit-log-1440');
    await page.setViewportSize(VIEWPORTS.phone);
    await page.getByText(`تم إنشاء مستخدم · ${person.username}`).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await snap(page, 'ar-audit-log-390');
  }, 60_000);

  it('a visitor on a phone in Arabic sees the product name cut at its end, not its start', async () => {
    session = await openBrowser(VIEWPORTS.phone);
    const { page } = session;
    await session.open('/');
    await page.getByLabel('Language').selectOption('ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    const name = page.locator('header a[href="/"] span').first();
    await name.waitFor();
    // A left-to-right name loses its last letters to the ellipsis (the right end), keeping "SafeWork".
    expect(await name.evaluate((e) => getComputedStyle(e).direction)).toBe('ltr');
    expect(await name.innerText()).toBe('SafeWork Academy');
    await snap(page, 'ar-landing-390');
  });
});
