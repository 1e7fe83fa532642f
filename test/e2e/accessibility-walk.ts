import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { accessibilityAudit, resize, trackRequests, type AccessibilityAudit } from './axe';
import { ACCOUNTS, openBrowser, signIn, VIEWPORTS, type BrowserSession } from './browser';
import { apiAs, unique, type ApiClient } from './server';

/*
 * What the two halves of the accessibility walk share (accessibility-learner.spec.ts: visitor and
 * learners; accessibility-admin.spec.ts: the admin): the demo courses, a learner made for the walk,
 * one signed-in browser per role and the dialog check.
 */

interface Question {
  id: string;
  question: string;
  type: 'MCQ' | 'TRUE_FALSE';
  correctAnswer: string;
  options: { text: string }[];
}
interface Component {
  id: string;
  type: 'PRE_ASSESSMENT' | 'MATERIAL' | 'POST_ASSESSMENT';
  orderIndex: number;
  data: { title: string; questions?: Question[] };
}
interface Course {
  id: string;
  title: string;
  components: Component[];
}

export const PASSWORD = 'Axe#2026check';
export const COURSES = {
  pass: 'Fire Extinguisher Use: The PASS Technique',
  ghs: 'GHS Labels and Pictograms',
  sds: 'Reading a Safety Data Sheet (SDS)',
  evac: 'Fire Prevention and Emergency Evacuation',
};

export let admin: ApiClient;
export const courses = {} as Record<keyof typeof COURSES, Course>;
/** Made for each half of the walk: an open attempt (GHS), three failed attempts (evacuation), SDS not yet enrolled. */
export const newcomer = { username: '', id: '' };
/** A second new account that still has its temporary password (the change-password page). */
export const fresh = { username: '', password: '' };
export let certificateNumber = '';

const wrongAnswers = (questions: Question[]) =>
  Object.fromEntries(
    questions.map((q) => [
      q.id,
      q.type === 'TRUE_FALSE'
        ? String(q.correctAnswer !== 'true')
        : q.options.find((o) => o.text !== q.correctAnswer)!.text,
    ]),
  );

/**
 * Arranges the walk's data: the demo courses, and a new learner (`newcomer`) with three failed
 * attempts at the evacuation pre-assessment and an open GHS attempt. With `visitor`, also a second
 * new account on its temporary password (`fresh`) and Alex's PASS certificate number.
 */
export async function arrange(options: { visitor?: boolean } = {}) {
  admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  const { courses: list } = await admin.request<{ courses: { id: string; title: string }[] }>(
    '/v2/admin/courses?page=1&limit=1000',
  );
  for (const [key, title] of Object.entries(COURSES) as [keyof typeof COURSES, string][]) {
    const course = await admin.request<Course>(`/v2/admin/courses/${list.find((c) => c.title === title)!.id}`);
    course.components.sort((a, b) => a.orderIndex - b.orderIndex);
    courses[key] = course;
  }

  const run = unique();
  const made = async (username: string) =>
    admin.request<{ user: { id: string }; password: string }>('/users', {
      body: { username, email: `${username}@example.com`, role: 'USER', firstName: 'Ari', lastName: 'Axe' },
    });
  newcomer.username = `axe${run}`;
  const created = await made(newcomer.username);
  newcomer.id = created.user.id;
  if (options.visitor) {
    fresh.username = `axefresh${run}`;
    fresh.password = (await made(fresh.username)).password;
  }

  const temporary = await apiAs(newcomer.username, created.password);
  await temporary.request('/auth/password', {
    method: 'PUT',
    body: { currentPassword: created.password, newPassword: PASSWORD },
  });
  const books = await admin.request<{ id: string; name: string }[]>('/domains');
  const domainIds = books.filter((b) => b.name === 'Hazard Communication' || b.name === 'Fire Safety').map((b) => b.id);
  await admin.request('/users/domains/assign', { method: 'PUT', body: { userIds: [newcomer.id], domainIds } });

  const learner = await apiAs(newcomer.username, PASSWORD);
  // Three failed attempts: the admin may reset them or mark the assessment passed.
  const evacPre = courses.evac.components[0];
  await learner.request(`/v2/user/progress/courses/${courses.evac.id}/enroll`, { method: 'POST' });
  for (let i = 0; i < 3; i++) {
    const { attemptId } = await learner.request<{ attemptId: string }>(`/v2/user/assessments/${evacPre.id}/start`, {
      method: 'POST',
    });
    await learner.request(`/v2/user/assessments/attempts/${attemptId}/submit`, {
      body: { answers: wrongAnswers(evacPre.data.questions!) },
    });
  }
  // An attempt left open: the Incomplete Attempts dialog at the next sign-in.
  await learner.request(`/v2/user/progress/courses/${courses.ghs.id}/enroll`, { method: 'POST' });
  await learner.request(`/v2/user/assessments/${courses.ghs.components[0].id}/start`, { method: 'POST' });

  if (!options.visitor) return;
  const alex = await apiAs(ACCOUNTS.learner.username, ACCOUNTS.learner.password);
  certificateNumber = (await alex.request<{ certificateNumber: string }>(`/v2/certificates/user/${courses.pass.id}`))
    .certificateNumber;
}

/** In-app navigation (what a link does), without reloading the app. */
export async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}

/** The dialog open on top (Ark marks open content with data-state="open"). */
export const openDialog = (page: Page) =>
  page.locator('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]').last();

/**
 * Opens a dialog with `opener`, checks it (the whole page at 1280 px, then the dialog alone at 390 px:
 * the page behind was checked already) and closes it with Escape unless `keepOpen`. `phone: false`
 * skips the 390 px check for a dialog made of the same parts as one of its page checked there
 * already (an edit form after its add form, a confirmation after another, a read-only view), to keep
 * the file short: colours and names do not change with the width, and the kit's dialog takes the
 * same phone layout for all of them.
 */
export async function checkDialog(
  audit: AccessibilityAudit,
  page: Page,
  opener: Locator,
  label: string,
  options: { keepOpen?: boolean; phone?: boolean } = {},
) {
  const before = await page
    .locator('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]')
    .count();
  await opener.click();
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]').length >
      n,
    before,
  );
  const dialog = openDialog(page);
  if (options.phone !== false) await audit.dialog(page, label, dialog);
  else await audit.check(page, label);
  if (options.keepOpen) return dialog;
  await page.keyboard.press('Escape');
  await page.waitForFunction(
    (n) => document.querySelectorAll('[role="dialog"], [role="alertdialog"]').length <= n,
    before,
  );
  return dialog;
}

/** Reduced motion (the app's global CSS honours it): dialogs and drawers open and close at once, so no check waits for an animation. */
const calm = (page: Page) => page.emulateMedia({ reducedMotion: 'reduce' });

/** The safety manager's desk width (issue 26 measured its screens there). */
export const WIDE = { width: 1440, height: 900 } as const;

/**
 * Checks the page at 1440 px, then at 390 px (only inside `dialog` if given: the page behind was
 * checked already), and returns to the walk's 1280 px.
 */
export async function atWideAndPhone(audit: AccessibilityAudit, page: Page, label: string, dialog?: Locator) {
  await resize(page, WIDE);
  await audit.check(page, label);
  await resize(page, VIEWPORTS.phone);
  await audit.check(page, label, dialog ? { within: dialog } : {});
  await resize(page, VIEWPORTS.desktop);
}

export const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();

/**
 * One browser per role, shared by the tests of its block (signed in once); each test starts from a
 * page of its own at 1280 px, so a failure in one does not change what the next one checks.
 */
/*
 * One retry per test: these walks reach about 150 screens on a shared two-core machine, and a screen
 * that loads past a 15 s wait once must not fail the run. A violation is found again on the retry.
 */
export async function closeDialogs(page: Page) {
  for (let i = 0; i < 3; i++) {
    const open = openDialog(page);
    if ((await open.count()) === 0) return;
    await page.keyboard.press('Escape');
    await open.waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
  }
}

export function roleSession(account?: () => { username: string; password: string }) {
  let session: BrowserSession | undefined;
  let signedIn = false;
  let crashed = false;
  const open = async () => {
    session = await openBrowser(VIEWPORTS.desktop);
    crashed = false;
    signedIn = false;
    // A renderer that crashed (seen once on a loaded run: every later wait of the role timed out, the
    // retry too, on the same dead page) is replaced by a new one at the next test.
    session.page.on('crash', () => {
      crashed = true;
      console.warn('accessibility walk: the page crashed; the next test opens a new one');
    });
    trackRequests(session.page);
    await calm(session.page);
  };
  beforeAll(open);
  afterAll(async () => {
    await session?.close();
  });
  return async () => {
    if (crashed || session!.page.isClosed()) {
      await session!.close().catch(() => undefined);
      await open();
    }
    // Signing in happens in the first test, not in beforeAll: a hook is not retried, and the sign-in
    // page once loaded past 45 s on a loaded CI run.
    if (account && !signedIn) {
      await signIn(session!, account().username, account().password);
      signedIn = true;
    }
    // Tests of a role share one page: a dialog the previous test left open (its close still running
    // on a loaded machine) would hide the next page's controls from role queries.
    await closeDialogs(session!.page);
    await resize(session!.page, VIEWPORTS.desktop);
    return { page: session!.page, session: session!, audit: accessibilityAudit() };
  };
}
