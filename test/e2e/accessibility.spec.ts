import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityAudit, resize, trackRequests, type AccessibilityAudit } from './axe';
import { ACCOUNTS, openBrowser, signIn, VIEWPORTS, waitForPath, type BrowserSession } from './browser';
import { apiAs, unique, type ApiClient } from './server';

/*
 * axe (WCAG 2.0/2.1/2.2 A and AA rules; critical and serious violations fail, see ./axe.ts) on every
 * page and main dialog of every role, at 1280 and 390 px: pages at both widths in the same page
 * (setViewportSize), dialogs on the whole page at 1280 px and inside the dialog at 390 px (the page
 * behind was checked already). One signed-in session per role and in-app navigation between pages
 * keep it short. A failing run lists every screen with its rules, help and target selectors.
 *
 * Data: the demo learner (Alex: a completed course with a certificate, one in progress, Think
 * submissions) is only read; what must change (an attempt left open, an enrolment, an assessment
 * taken, exhausted attempts for the admin's intervention dialogs) is done by a learner made here.
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

const PASSWORD = 'Axe#2026check';
const COURSES = {
  pass: 'Fire Extinguisher Use: The PASS Technique',
  ghs: 'GHS Labels and Pictograms',
  sds: 'Reading a Safety Data Sheet (SDS)',
  evac: 'Fire Prevention and Emergency Evacuation',
};

let admin: ApiClient;
const courses = {} as Record<keyof typeof COURSES, Course>;
/** Made for this file: an open attempt (GHS), three failed attempts (evacuation), SDS not yet enrolled. */
const newcomer = { username: '', id: '' };
/** A second new account that still has its temporary password (the change-password page). */
const fresh = { username: '', password: '' };
let certificateNumber = '';

const wrongAnswers = (questions: Question[]) =>
  Object.fromEntries(questions.map((q) => [q.id, q.type === 'TRUE_FALSE' ? String(q.correctAnswer !== 'true') : q.options.find((o) => o.text !== q.correctAnswer)!.text]));

beforeAll(async () => {
  admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  const { courses: list } = await admin.request<{ courses: { id: string; title: string }[] }>('/v2/admin/courses?page=1&limit=1000');
  for (const [key, title] of Object.entries(COURSES) as [keyof typeof COURSES, string][]) {
    const course = await admin.request<Course>(`/v2/admin/courses/${list.find((c) => c.title === title)!.id}`);
    course.components.sort((a, b) => a.orderIndex - b.orderIndex);
    courses[key] = course;
  }

  const run = unique();
  const made = async (username: string) =>
    admin.request<{ user: { id: string }; password: string }>('/users', { body: { username, email: `${username}@example.com`, role: 'USER', firstName: 'Ari', lastName: 'Axe' } });
  newcomer.username = `axe${run}`;
  const created = await made(newcomer.username);
  newcomer.id = created.user.id;
  fresh.username = `axefresh${run}`;
  fresh.password = (await made(fresh.username)).password;

  const temporary = await apiAs(newcomer.username, created.password);
  await temporary.request('/auth/password', { method: 'PUT', body: { currentPassword: created.password, newPassword: PASSWORD } });
  const books = await admin.request<{ id: string; name: string }[]>('/domains');
  const domainIds = books.filter((b) => b.name === 'Hazard Communication' || b.name === 'Fire Safety').map((b) => b.id);
  await admin.request('/users/domains/assign', { method: 'PUT', body: { userIds: [newcomer.id], domainIds } });

  const learner = await apiAs(newcomer.username, PASSWORD);
  // Three failed attempts: the admin may reset them or mark the assessment passed.
  const evacPre = courses.evac.components[0];
  await learner.request(`/v2/user/progress/courses/${courses.evac.id}/enroll`, { method: 'POST' });
  for (let i = 0; i < 3; i++) {
    const { attemptId } = await learner.request<{ attemptId: string }>(`/v2/user/assessments/${evacPre.id}/start`, { method: 'POST' });
    await learner.request(`/v2/user/assessments/attempts/${attemptId}/submit`, { body: { answers: wrongAnswers(evacPre.data.questions!) } });
  }
  // An attempt left open: the Incomplete Attempts dialog at the next sign-in.
  await learner.request(`/v2/user/progress/courses/${courses.ghs.id}/enroll`, { method: 'POST' });
  await learner.request(`/v2/user/assessments/${courses.ghs.components[0].id}/start`, { method: 'POST' });

  const alex = await apiAs(ACCOUNTS.learner.username, ACCOUNTS.learner.password);
  certificateNumber = (await alex.request<{ certificateNumber: string }>(`/v2/certificates/user/${courses.pass.id}`)).certificateNumber;
});

/** In-app navigation (what a link does), without reloading the app. */
async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}

/** The dialog open on top (Ark marks open content with data-state="open"). */
const openDialog = (page: Page) => page.locator('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]').last();

/**
 * Opens a dialog with `opener`, checks it (the whole page at 1280 px, then the dialog alone at 390 px:
 * the page behind was checked already) and closes it with Escape unless `keepOpen`. `phone: false`
 * skips the 390 px check for a dialog made of the same parts as one of its page checked there
 * already (an edit form after its add form, a confirmation after another, a read-only view), to keep
 * the file short: colours and names do not change with the width, and the kit's dialog takes the
 * same phone layout for all of them.
 */
async function checkDialog(audit: AccessibilityAudit, page: Page, opener: Locator, label: string, options: { keepOpen?: boolean; phone?: boolean } = {}) {
  const before = await page.locator('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]').count();
  await opener.click();
  await page.waitForFunction((n) => document.querySelectorAll('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]').length > n, before);
  const dialog = openDialog(page);
  if (options.phone !== false) await audit.dialog(page, label, dialog);
  else await audit.check(page, label);
  if (options.keepOpen) return dialog;
  await page.keyboard.press('Escape');
  await page.waitForFunction((n) => document.querySelectorAll('[role="dialog"], [role="alertdialog"]').length <= n, before);
  return dialog;
}

/** Reduced motion (the app's global CSS honours it): dialogs and drawers open and close at once, so no check waits for an animation. */
const calm = (page: Page) => page.emulateMedia({ reducedMotion: 'reduce' });

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();

/**
 * One browser per role, shared by the tests of its block (signed in once); each test starts from a
 * page of its own at 1280 px, so a failure in one does not change what the next one checks.
 */
/*
 * One retry per test: these walks reach about 150 screens on a shared two-core machine, and a screen
 * that loads past a 15 s wait once must not fail the run. A violation is found again on the retry.
 */
async function closeDialogs(page: Page) {
  for (let i = 0; i < 3; i++) {
    const open = openDialog(page);
    if ((await open.count()) === 0) return;
    await page.keyboard.press('Escape');
    await open.waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
  }
}

function roleSession(account?: () => { username: string; password: string }) {
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

describe('accessibility (axe, WCAG 2.2 A/AA): visitor', { retry: 1 }, () => {
  const start = roleSession();

  it('the landing, login, forgot and reset password and 404 pages', async () => {
    const { page, session, audit } = await start();
    await session.open('/');
    await page.locator('#courses li').first().waitFor();
    // The feedback form loads after the page.
    await page.getByRole('button', { name: 'Submit Feedback' }).waitFor();
    await audit.atBothWidths(page, 'landing');

    await go(page, '/login');
    await heading(page, 'Welcome back');
    await audit.atBothWidths(page, 'login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Username is required').waitFor();
    await audit.check(page, 'login with errors');

    await go(page, '/forgot-password');
    await heading(page, 'Forgot your password?');
    await audit.atBothWidths(page, 'forgot password');
    await page.getByLabel(/Email/).fill(`nobody.${unique()}@example.com`);
    await page.getByRole('button', { name: /Send/ }).click();
    await page.getByText('Check your inbox', { exact: true }).waitFor();
    await audit.check(page, 'forgot password sent');

    await go(page, '/reset-password?token=not-a-real-token');
    await heading(page, 'Reset your password');
    await page.getByText(/expired|invalid/i).first().waitFor();
    await audit.atBothWidths(page, 'reset password, bad link');

    await go(page, '/no/such/page');
    await page.getByRole('heading', { name: /Page Not Found/ }).waitFor();
    await audit.atBothWidths(page, '404');
    audit.assertClean();
  });

  it('every statechart diagram, and a simulation with a state selected', async () => {
    const { page, session, audit } = await start();
    await session.open('/statecharts');
    await page.getByRole('tab').first().waitFor();
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs.length).toBeGreaterThanOrEqual(4);
    for (const [i, title] of tabs.entries()) {
      if (i > 0) await page.getByRole('tab', { name: title, exact: true }).click();
      await page.getByRole('heading', { level: 2, name: title }).waitFor();
      await page.locator('svg[data-machine-id]:visible').waitFor();
      // The diagram is the same drawing at both widths (scaled): the phone check once.
      if (i === 0) await audit.atBothWidths(page, `statechart ${title}`);
      else await audit.check(page, `statechart ${title}`);
    }
    // A running simulation (active states drawn) with a state selected.
    await page.getByRole('button', { name: 'Simulate' }).click();
    await page.locator('svg[data-machine-id] [data-active="true"]').first().waitFor();
    // The first box is the machine itself; the second is a state with details.
    await page.locator('svg[data-machine-id]:visible g[role="button"]').nth(1).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('state-details').waitFor();
    await audit.check(page, 'statechart simulation with a state selected');
    audit.assertClean();
  });

  it('the verification page (valid and unknown numbers) and the change-password page', async () => {
    const { page, session, audit } = await start();
    // The verification page is rendered by the Worker.
    await session.open(`/certificate/verify/${certificateNumber}`);
    await page.getByText(certificateNumber).first().waitFor();
    await audit.atBothWidths(page, 'verification, valid certificate');
    await session.open('/certificate/verify/CERT-2000-000000');
    await heading(page, 'Invalid Certificate');
    await audit.check(page, 'verification, unknown number');

    // A new account signs in with its temporary password.
    await signIn(session, fresh.username, fresh.password);
    await waitForPath(page, '/change-password');
    await heading(page, 'Set a new password');
    await audit.atBothWidths(page, 'change password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Please confirm your password').waitFor();
    await audit.check(page, 'change password with errors');
    audit.assertClean();
  });
});

describe('accessibility (axe, WCAG 2.2 A/AA): new learner', { retry: 1 }, () => {
  const start = roleSession(() => ({ username: newcomer.username, password: PASSWORD }));

  it('the incomplete attempts dialog, enrolment, an assessment intro, in progress and its result', async () => {
    const { page, audit } = await start();
    const incomplete = page.getByRole('alertdialog', { name: 'Incomplete Assessment Attempts' });
    await incomplete.waitFor();
    await audit.dialog(page, 'incomplete attempts dialog', incomplete);
    await incomplete.getByRole('button', { name: 'Submit All and Continue' }).click();
    await incomplete.waitFor({ state: 'detached' });

    await go(page, `/course/${courses.sds.id}`);
    await page.getByRole('button', { name: 'Enroll Now' }).waitFor();
    await audit.atBothWidths(page, 'course not enrolled');
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await page.getByText('Successfully enrolled in this course!').first().waitFor();
    await audit.check(page, 'course just enrolled');

    // The page reloads into the progress panel 3 s after the banner (wait for it: leaving mid-reload once
    // left the assessment page without its Start button on a loaded run); the assessment opens from its address.
    await page.getByRole('button', { name: 'Start Course' }).waitFor({ timeout: 30_000 });
    const pre = courses.sds.components[0];
    await go(page, `/course/${courses.sds.id}/assessment/${pre.id}`);
    await page.getByRole('button', { name: 'Start Assessment' }).waitFor({ timeout: 30_000 });
    await audit.atBothWidths(page, 'assessment intro');
    await page.getByRole('button', { name: 'Start Assessment' }).click();
    await page.getByRole('timer', { name: 'Time remaining' }).waitFor();
    for (const question of pre.data.questions!) {
      const group = page.getByRole('radiogroup', { name: question.question, exact: true });
      const label = question.type === 'TRUE_FALSE' ? (question.correctAnswer === 'true' ? 'True' : 'False') : question.correctAnswer;
      await group.getByLabel(label, { exact: true }).check();
    }
    await audit.atBothWidths(page, 'assessment in progress, answered');
    await page.getByRole('button', { name: 'Submit Assessment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Passed' }).waitFor();
    await audit.atBothWidths(page, 'assessment result');

    // The exhausted attempts, as the course page shows them.
    await go(page, `/course/${courses.evac.id}`);
    await page.getByRole('button', { name: 'No attempts left' }).waitFor();
    await audit.check(page, 'course with exhausted attempts');
    audit.assertClean();
  });
});

describe('accessibility (axe, WCAG 2.2 A/AA): learner', { retry: 1 }, () => {
  const start = roleSession(() => ACCOUNTS.learner);
  const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

  it('the dashboard, My Courses, and a completed course with its certificate and review dialogs', async () => {
    const { page, audit } = await start();
    await go(page, '/dashboard');
    await page.getByRole('region', { name: 'Required training' }).waitFor();
    await audit.atBothWidths(page, 'learner dashboard');

    await nav(page).getByRole('link', { name: 'My Courses' }).click();
    await heading(page, 'My Safety Training');
    await page.getByText(COURSES.pass).first().waitFor();
    await audit.atBothWidths(page, 'my courses, all');

    await go(page, `/course/${courses.pass.id}`);
    await page.getByRole('button', { name: 'View Certificate' }).waitFor();
    await audit.atBothWidths(page, 'course completed');
    await checkDialog(audit, page, page.getByRole('button', { name: 'View Certificate' }), 'certificate dialog');
    await checkDialog(audit, page, page.getByRole('button', { name: `Review: ${courses.pass.components[0].data.title}` }), 'assessment review dialog');
    audit.assertClean();
  });

  it('the material viewer (video and PDF) and a course in progress', async () => {
    const { page, audit } = await start();
    // The two materials of the completed course (both viewed already, so nothing changes).
    for (const material of courses.pass.components.filter((c) => c.type === 'MATERIAL')) {
      await go(page, `/course/${courses.pass.id}/material/${material.id}`);
      await heading(page, material.data.title);
      await page.locator('iframe, video, canvas').first().waitFor();
      await audit.atBothWidths(page, `material "${material.data.title}"`);
    }

    await go(page, `/course/${courses.ghs.id}`);
    await heading(page, COURSES.ghs);
    await page.getByRole('button', { name: 'Locked' }).first().waitFor();
    await audit.atBothWidths(page, 'course in progress');

    // A course that cannot be loaded (an old link): a heading, the error and Retry.
    await go(page, '/course/no-such-course');
    await heading(page, 'Course unavailable');
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await audit.check(page, 'course unavailable');
    audit.assertClean();
  });

  it('the reports, and Think with its new-submission and details dialogs', async () => {
    const { page, audit } = await start();
    await go(page, '/reports');
    await page.getByRole('tab', { name: 'Completed Courses' }).waitFor();
    await audit.atBothWidths(page, 'reports, completed courses');
    for (const tab of ['Assessment Performance', 'Skill Improvement']) {
      await page.getByRole('tab', { name: tab }).click();
      await audit.check(page, `reports, ${tab}`);
    }

    await nav(page).getByRole('link', { name: 'Think' }).click();
    await page.getByRole('table', { name: 'Your submissions' }).waitFor();
    await audit.atBothWidths(page, 'learner think');
    await checkDialog(audit, page, page.getByRole('button', { name: 'New Submission', exact: true }), 'new submission dialog');
    await checkDialog(audit, page, page.getByRole('button', { name: /^View/ }).first(), 'submission details dialog', { phone: false });
    audit.assertClean();
  });

  it('the announcements, the profile (reading and editing), the help dialog and the phone drawer', async () => {
    const { page, audit } = await start();
    await go(page, '/announcements');
    await heading(page, /Announcements/);
    await audit.atBothWidths(page, 'learner announcements');

    await go(page, '/profile');
    await page.getByRole('button', { name: /Edit/ }).first().waitFor();
    await audit.atBothWidths(page, 'learner profile');
    await page.getByRole('button', { name: /Edit/ }).first().click();
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
    await audit.check(page, 'learner profile, editing');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await checkDialog(audit, page, nav(page).getByRole('button', { name: 'Help' }), 'help dialog');

    // On a phone the navigation is a drawer over the page.
    await resize(page, VIEWPORTS.phone);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Main navigation' });
    await drawer.waitFor();
    await audit.check(page, 'learner navigation drawer');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    audit.assertClean();
  });
});

describe('accessibility (axe, WCAG 2.2 A/AA): admin', { retry: 1 }, () => {
  const start = roleSession(() => ACCOUNTS.admin);
  const nav = (page: Page) => page.getByRole('navigation', { name: 'Admin navigation' });
  // DataTable renders the table and the phone cards; the button a person sees is the visible one.
  const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name }).filter({ visible: true }).first();

  it('the dashboard, and books with the add, edit and delete dialogs', async () => {
    const { page, audit } = await start();
    await go(page, '/admin');
    await page.getByRole('tab', { name: 'User Progress' }).waitFor();
    await audit.atBothWidths(page, 'admin dashboard');
    await page.getByRole('tab', { name: 'Top Performers' }).click();
    await audit.check(page, 'admin dashboard, top performers');

    await nav(page).getByRole('link', { name: 'Books' }).click();
    await button(page, /^Edit /).waitFor();
    await audit.atBothWidths(page, 'books');
    await checkDialog(audit, page, button(page, 'Add Book'), 'add book dialog');
    await checkDialog(audit, page, button(page, /^Edit /), 'edit book dialog', { phone: false });
    await checkDialog(audit, page, button(page, /^Delete /), 'delete book dialog');
    audit.assertClean();
  });

  it('the courses with the new and delete dialogs, and the course editor with a component editor', async () => {
    const { page, audit } = await start();
    await go(page, '/admin/courses');
    await button(page, /^Edit /).waitFor();
    await audit.atBothWidths(page, 'courses');
    await checkDialog(audit, page, button(page, 'New Course'), 'new course dialog');
    await checkDialog(audit, page, page.getByRole('button', { name: /^Delete / }).and(page.locator(':enabled')).first(), 'delete course dialog', { phone: false });
    // The course editor: details, then components, then one component's editor on top. The SDS
    // course is found by the search, wherever newer demo courses put it in the list.
    await page.getByLabel('Search courses').fill(COURSES.sds);
    await button(page, `Edit ${COURSES.sds}`).waitFor();
    await checkDialog(audit, page, button(page, `Edit ${COURSES.sds}`), 'course editor, details', { keepOpen: true });
    const editor = openDialog(page);
    await editor.getByRole('tab', { name: /^Components/ }).click();
    await editor.getByRole('button', { name: /^Move .* down$/ }).first().waitFor();
    await audit.check(page, 'course editor, components');
    await checkDialog(audit, page, editor.getByRole('button', { name: /^Edit / }).first(), 'component editor');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelectorAll('[role="dialog"]').length === 0);
    audit.assertClean();
  });

  it('the materials with the upload, view, edit, delete and captions dialogs', async () => {
    const { page, audit } = await start();
    await go(page, '/admin/materials');
    await button(page, /^View /).waitFor();
    await audit.atBothWidths(page, 'materials');
    await checkDialog(audit, page, button(page, 'Upload Material'), 'upload material dialog');
    await checkDialog(audit, page, button(page, /^View /), 'view material dialog');
    await checkDialog(audit, page, button(page, /^Edit /), 'edit material dialog', { phone: false });
    await checkDialog(audit, page, button(page, /^Delete /), 'delete material dialog', { phone: false });
    await checkDialog(audit, page, button(page, /^Captions for /), 'video captions dialog');
    audit.assertClean();
  });

  it('the users with the add, import, deactivate-from-CSV, edit, deactivate, delete and assign-books dialogs', async () => {
    const { page, audit } = await start();
    await go(page, '/admin/users');
    await button(page, /^Edit /).waitFor();
    await audit.atBothWidths(page, 'users');
    // Add a user: the form, then the one-time password dialog it leads to.
    const add = await checkDialog(audit, page, button(page, 'ADD USER'), 'add user dialog', { keepOpen: true });
    const added = `axeadded${unique()}`;
    await add.getByLabel(/^Username/).fill(added);
    await add.getByLabel(/^Email/).fill(`${added}@example.com`);
    await add.getByRole('button', { name: 'Create User' }).click();
    const created = page.getByRole('dialog', { name: 'User Created Successfully' });
    await created.waitFor();
    await audit.dialog(page, 'user created dialog', created);
    await closeDialogs(page);
    await checkDialog(audit, page, button(page, 'BULK IMPORT'), 'bulk import dialog');
    await checkDialog(audit, page, button(page, 'DEACTIVATE FROM CSV'), 'deactivate from CSV dialog');
    await page.getByLabel('Search').first().fill(newcomer.username);
    await checkDialog(audit, page, button(page, `Edit ${newcomer.username}`), 'edit user dialog', { phone: false });
    await checkDialog(audit, page, button(page, `Deactivate ${newcomer.username}`), 'deactivate user dialog', { phone: false });
    await checkDialog(audit, page, button(page, `Delete ${newcomer.username}`), 'delete user dialog', { phone: false });
    // Ark's checkbox: a label around a drawn control and a hidden input; a person clicks the label.
    const select = page.getByRole('checkbox', { name: `Select ${newcomer.username}` });
    await select.locator('xpath=..').click();
    await page.getByRole('button', { name: 'ASSIGN BOOKS' }).waitFor();
    expect(await select.isChecked()).toBe(true);
    await audit.check(page, 'users, one selected');
    await checkDialog(audit, page, button(page, 'ASSIGN BOOKS'), 'assign books dialog');
    audit.assertClean();
  });

  it('the assessments oversight with the reset and mark-as-passed dialogs, and the compliance matrix and requirements with their dialogs', async () => {
    const { page, audit } = await start();
    await go(page, '/admin/assessments');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Failed (Max Attempts)' }).click();
    await page.getByLabel('Search').first().fill(newcomer.username);
    await button(page, 'Reset').waitFor();
    await audit.atBothWidths(page, 'assessments oversight');
    await checkDialog(audit, page, button(page, 'Reset'), 'reset attempts dialog');
    await checkDialog(audit, page, button(page, 'Mark as Passed'), 'mark as passed dialog', { phone: false });

    await nav(page).getByRole('link', { name: 'Compliance' }).click();
    await heading(page, 'Compliance');
    await page.getByRole('table').first().waitFor();
    await audit.atBothWidths(page, 'compliance matrix');
    await checkDialog(audit, page, button(page, 'Add requirement'), 'add requirement dialog');
    await page.getByRole('tab', { name: 'Requirements' }).click();
    await button(page, /^Edit requirement: /).waitFor();
    await audit.atBothWidths(page, 'compliance requirements');
    await checkDialog(audit, page, button(page, /^Edit requirement: /), 'edit requirement dialog', { phone: false });
    await checkDialog(audit, page, button(page, /^Retire requirement: /), 'retire requirement dialog', { phone: false });
    audit.assertClean();
  });

  it('a training record with the exemption and event dialogs, and Think with its tabs and dialogs', async () => {
    const { page, audit } = await start();
    const people = await admin.request<{ id: string; username: string }[]>('/users?search=learner');
    const alexId = people.find((u) => u.username === ACCOUNTS.learner.username)!.id;
    await go(page, `/admin/compliance/people/${alexId}`);
    await button(page, 'Grant exemption').waitFor();
    await audit.atBothWidths(page, 'training record');
    await checkDialog(audit, page, button(page, 'Grant exemption'), 'grant exemption dialog');
    await checkDialog(audit, page, button(page, 'Record event'), 'record event dialog', { phone: false });

    await nav(page).getByRole('link', { name: 'Think' }).click();
    await button(page, /^View /).waitFor();
    await audit.atBothWidths(page, 'admin think');
    await checkDialog(audit, page, button(page, /^View /), 'submission dialog', { phone: false });
    await checkDialog(audit, page, button(page, /^Respond to /), 'respond dialog');
    audit.assertClean();
  });

  it('the announcements with their dialogs, the settings, the profile and the phone drawer', async () => {
    const { page, audit } = await start();
    await go(page, '/admin/announcements');
    await button(page, /^View /).waitFor();
    await audit.atBothWidths(page, 'admin announcements');
    await checkDialog(audit, page, button(page, 'Add announcement'), 'add announcement dialog');
    await checkDialog(audit, page, button(page, /^View /), 'view announcement dialog', { phone: false });
    await checkDialog(audit, page, button(page, /^Edit /), 'edit announcement dialog', { phone: false });
    await checkDialog(audit, page, button(page, /^Delete /), 'delete announcement dialog', { phone: false });

    await go(page, '/admin/settings');
    await heading(page, 'System Settings');
    await audit.atBothWidths(page, 'settings');

    await go(page, '/admin/profile');
    await page.getByRole('tab', { name: 'Admin Permissions' }).waitFor();
    await audit.atBothWidths(page, 'admin profile');
    await button(page, /^Edit/).click();
    await button(page, 'Cancel').waitFor();
    await audit.check(page, 'admin profile, editing');
    await page.getByRole('tab', { name: 'Admin Permissions' }).click();
    await audit.check(page, 'admin profile, permissions');

    await resize(page, VIEWPORTS.phone);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog', { name: 'Admin navigation' }).waitFor();
    await audit.check(page, 'admin navigation drawer');
    await page.keyboard.press('Escape');
    audit.assertClean();
  });
});
