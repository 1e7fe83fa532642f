import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, openBrowser, signIn, VIEWPORTS, waitForPath, type BrowserSession } from './browser';
import { apiAs, d1, unique, type ApiClient } from './server';

/*
 * Issue 15, focus and announcements: where keyboard focus lands after a route change and after
 * Submit, and what the app's one live region (#app-live-region) says about the assessment clock.
 * A learner of their own (in a book of their own) takes two one-assessment courses made through
 * the admin API; the clock is moved by writing the open attempt's start and deadline into D1, so no
 * test waits for real minutes.
 */

const PASSWORD = 'Gr8!Focus-2026';
const QUESTIONS = [
  {
    question: 'Which class of fire involves flammable liquids?',
    type: 'MCQ',
    options: [{ text: 'Class A' }, { text: 'Class B' }, { text: 'Class C' }],
    correctAnswer: 'Class B',
  },
  { question: 'A fire door may be wedged open on a hot day.', type: 'TRUE_FALSE', options: [], correctAnswer: 'false' },
];

interface Setup {
  learner: ApiClient;
  learnerId: string;
  username: string;
  /** Three attempts, 30 minutes: the result page. */
  graded: { courseId: string; componentId: string; title: string };
  /** Six minutes: the clock. */
  timed: { courseId: string; componentId: string; title: string };
}

async function oneAssessmentCourse(admin: ApiClient, domainId: string, title: string, timeLimit: number) {
  const course = await admin.request<{ id: string }>('/v2/admin/courses', {
    body: { title, description: 'Made by the focus journeys.', domainId, timeLimit: 45, passingScore: 70 },
  });
  const component = await admin.request<{ id: string }>(`/v2/admin/courses/${course.id}/components`, {
    body: {
      type: 'POST_ASSESSMENT',
      data: { title: `${title} check`, timeLimit, maxAttempts: 3, passingScore: 70, questions: QUESTIONS },
    },
  });
  await admin.request(`/v2/admin/courses/${course.id}/publish`, { method: 'POST' });
  return { courseId: course.id, componentId: component.id, title: `${title} check` };
}

let setup: Setup;
beforeAll(async () => {
  const run = unique();
  const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  const book = await admin.request<{ id: string }>('/domains', { body: { name: `Focus book ${run}` } });
  const graded = await oneAssessmentCourse(admin, book.id, `Fire doors ${run}`, 30);
  const timed = await oneAssessmentCourse(admin, book.id, `Extinguishers ${run}`, 6);
  const username = `focus.${run}`;
  const created = await admin.request<{ user: { id: string }; password: string }>('/users', {
    body: { username, email: `${username}@example.com`, role: 'USER', firstName: 'Fay', lastName: 'Cole' },
  });
  await admin.request('/users/domains/assign', {
    method: 'PUT',
    body: { userIds: [created.user.id], domainIds: [book.id] },
  });
  const first = await apiAs(username, created.password);
  await first.request('/auth/password', {
    method: 'PUT',
    body: { currentPassword: created.password, newPassword: PASSWORD },
  });
  const learner = await apiAs(username, PASSWORD);
  for (const course of [graded, timed])
    await learner.request(`/v2/user/progress/courses/${course.courseId}/enroll`, { method: 'POST' });
  setup = { learner, learnerId: created.user.id, username, graded, timed };
});

/**
 * Records every message added to the live region since the page loaded (a message leaves the
 * region after 10 s, a slow machine must not lose it). Installed before the page's own scripts.
 */
async function listenToLiveRegion(page: Page) {
  await page.addInitScript(() => {
    const heard: string[] = [];
    (window as unknown as { __spoken: string[] }).__spoken = heard;
    new MutationObserver((records) => {
      for (const record of records) {
        if ((record.target as Element).id !== 'app-live-region') continue;
        for (const node of Array.from(record.addedNodes)) heard.push(node.textContent ?? '');
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The messages the live region was given since the page loaded, oldest first. */
const spoken = (page: Page) => page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken);
const waitToHear = (page: Page, message: string) =>
  page.waitForFunction((m) => (window as unknown as { __spoken?: string[] }).__spoken?.includes(m) ?? false, message, {
    timeout: 20_000,
  });

async function waitForFocusOn(page: Page, tag: string, text: string | RegExp) {
  await page.waitForFunction(
    ([t, source, flags]) => {
      const el = document.activeElement;
      return el?.tagName.toLowerCase() === t && new RegExp(source, flags).test(el.textContent ?? '');
    },
    [
      tag,
      typeof text === 'string' ? `^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` : text.source,
      typeof text === 'string' ? '' : text.flags,
    ] as const,
  );
}

/** Waits until the visible countdown has changed `count` times. */
async function waitForTicks(page: Page, count: number) {
  const read = () => page.locator('[role="timer"]').textContent();
  let last = await read();
  for (let i = 0; i < count; i++) {
    await page.waitForFunction((previous) => document.querySelector('[role="timer"]')?.textContent !== previous, last);
    last = await read();
  }
}

describe('focus and announcements', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('after a menu link, focus is on the new page heading and the tab names the page; a public page that focuses its first field keeps it', async () => {
    session = await openBrowser(VIEWPORTS.desktop);
    const { page } = session;
    await session.open('/login');
    // Client navigation to a public page whose form starts in its first field: that field keeps focus.
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/forgot-password');
    await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
    expect(await page.title()).toBe('Forgot password · SafeWork Academy');

    await signIn(session, setup.username, PASSWORD);
    await waitForPath(page, '/dashboard');
    await waitForFocusOn(page, 'h1', /./);
    expect(await page.title()).toBe('Dashboard · SafeWork Academy');

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Reports' }).click();
    await waitForPath(page, '/reports');
    await waitForFocusOn(page, 'h1', 'My Learning Reports');
    expect(await page.title()).toBe('My Learning Reports · SafeWork Academy');

    // By keyboard: Enter on a link; the heading takes focus and the next Tab goes on into the page, not back to the top bar.
    await nav.getByRole('link', { name: 'My Courses' }).focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, '/my-courses');
    await waitForFocusOn(page, 'h1', 'My Safety Training');
    expect(await page.title()).toBe('My Courses · SafeWork Academy');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);

    // My certificates (issue 26), by keyboard too: its heading takes focus and the tab names it.
    await nav.getByRole('link', { name: 'My Certificates' }).focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, '/my-certificates');
    await waitForFocusOn(page, 'h1', 'My Certificates');
    expect(await page.title()).toBe('My Certificates · SafeWork Academy');

    // An unknown address inside the shell: its 404 heading.
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await waitForFocusOn(page, 'h1', /./);
    await page.evaluate(() => {
      history.pushState(null, '', '/reports/no-such-page');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitForFocusOn(page, 'h1', /not found/i);
    expect(await page.title()).toBe('Page Not Found · SafeWork Academy');
  });

  it('after Start focus is on the questions heading, after Submit on the score, scrolled into view, with "1 attempt left"', async () => {
    const { graded, learner } = setup;
    // One failed attempt through the API first, so the one in the browser leaves exactly one.
    const { attemptId } = await learner.request<{ attemptId: string }>(
      `/v2/user/assessments/${graded.componentId}/start`,
      { method: 'POST' },
    );
    await learner.request(`/v2/user/assessments/attempts/${attemptId}/submit`, {
      method: 'POST',
      body: { answers: {} },
    });

    session = await openBrowser(VIEWPORTS.phone);
    const { page } = session;
    await signIn(session, setup.username, PASSWORD);
    await session.open(`/course/${graded.courseId}/assessment/${graded.componentId}`);
    await page.getByRole('heading', { level: 1, name: graded.title }).waitFor();
    await page.getByRole('button', { name: 'Start Assessment' }).click();
    await page.getByRole('timer', { name: 'Time remaining' }).waitFor();
    await waitForFocusOn(page, 'h1', graded.title);

    // Wrong on purpose: a fail shows the attempts left.
    await page
      .getByRole('radiogroup', { name: QUESTIONS[0]!.question, exact: true })
      .getByLabel('Class A', { exact: true })
      .check();
    await page
      .getByRole('radiogroup', { name: QUESTIONS[1]!.question, exact: true })
      .getByLabel('True', { exact: true })
      .check();
    const submit = page.getByRole('button', { name: 'Submit Assessment' });
    await submit.scrollIntoViewIfNeeded();
    await submit.click();
    await page.getByRole('heading', { level: 1, name: 'Failed' }).waitFor();
    await page.waitForFunction(
      () => (document.activeElement as HTMLElement | null)?.dataset.testid === 'assessment-score',
    );
    const score = page.getByRole('group', { name: /Failed.*Score 0%/ });
    expect(await score.count()).toBe(1);
    const box = await score.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(VIEWPORTS.phone.height);
    await page.getByText('1 attempt left', { exact: true }).waitFor();
  });

  it('a dialog gives focus back to its button after Save, and after Delete to the same button of the next row', async () => {
    const run = unique();
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    for (const letter of ['A', 'B'])
      await admin.request('/domains', { body: { name: `Focus ${letter} ${run}`, description: 'Focus journey' } });
    session = await openBrowser(VIEWPORTS.desktop);
    const { page } = session;
    await signIn(session, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await session.open('/admin/domains');
    await page.getByLabel('Search books').fill(run);
    const ariaLabelOfFocus = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName ?? '');

    // Save: back on the Edit button that opened the dialog.
    await page.getByRole('button', { name: `Edit Focus B ${run}` }).focus();
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: /Edit/ });
    await edit.getByLabel('Description').fill('Focus journey, edited');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.waitForFunction(
      (label) => document.activeElement?.getAttribute('aria-label') === label,
      `Edit Focus B ${run}`,
    );

    // Delete: the row and its button are gone; focus goes to the Delete button of the row that took its place.
    await page.getByRole('button', { name: `Delete Focus A ${run}` }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Delete Books' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Delete Focus A ${run}` }).waitFor({ state: 'detached' });
    await page.waitForFunction(
      (label) => document.activeElement?.getAttribute('aria-label') === label,
      `Delete Focus B ${run}`,
    );
    expect(await ariaLabelOfFocus()).toBe(`Delete Focus B ${run}`);
  });

  it('the clock is announced once under 5 minutes and once under 1 minute through the live region, never every second', async () => {
    const { timed, learner, learnerId } = setup;
    // An open attempt of the six-minute assessment, moved so that 5:02 remain.
    await learner.request(`/v2/user/assessments/${timed.componentId}/start`, { method: 'POST' });
    const moveClock = (secondsLeft: number) => {
      const now = Date.now();
      return d1(
        `UPDATE assessment_attempts SET started_at = '${new Date(now - (360 - secondsLeft) * 1000).toISOString()}', deadline_at = '${new Date(now + secondsLeft * 1000).toISOString()}' ` +
          `WHERE user_id = '${learnerId}' AND component_id = '${timed.componentId}' AND submitted_at IS NULL`,
      );
    };
    await moveClock(302);

    session = await openBrowser(VIEWPORTS.desktop);
    const { page } = session;
    await listenToLiveRegion(page);
    await signIn(session, setup.username, PASSWORD);
    // The open attempt resumes at once, from the server's deadline.
    await session.open(`/course/${timed.courseId}/assessment/${timed.componentId}`);
    const timer = page.getByRole('timer', { name: 'Time remaining' });
    await timer.waitFor();
    // The countdown itself is not a live region (role=timer is aria-live off), nor inside one other than none.
    expect(
      await timer.evaluate(
        (el) => el.closest('[aria-live]:not([aria-live="off"])') === null && el.getAttribute('aria-live') === null,
      ),
    ).toBe(true);
    await waitToHear(page, 'Less than 5 minutes left.');
    expect(await timer.textContent()).toMatch(/^0[0-4]:\d\d$/);
    // Two more ticks of the visible countdown: still the one message.
    await waitForTicks(page, 2);
    expect(await spoken(page)).toEqual(['Less than 5 minutes left.']);

    await moveClock(61);
    await page.reload();
    await timer.waitFor();
    await waitToHear(page, 'Less than 1 minute left.');
    expect(await timer.textContent()).toMatch(/^00:[0-5]\d$/);
    await waitForTicks(page, 2);
    // Resumed at 1:01 the page says the band it opened in (5 minutes, unless it loaded only after 1:00), then the minute; each once.
    const heard = await spoken(page);
    expect(heard.at(-1)).toBe('Less than 1 minute left.');
    expect(heard.filter((m) => m === 'Less than 1 minute left.')).toHaveLength(1);
    expect(heard.filter((m) => m === 'Less than 5 minutes left.').length).toBeLessThanOrEqual(1);
    expect(heard.length).toBeLessThanOrEqual(2);
  });
});
