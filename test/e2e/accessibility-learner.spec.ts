import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { resize } from './axe';
import { ACCOUNTS, signIn, VIEWPORTS, waitForPath } from './browser';
import { unique } from './server';
import {
  arrange,
  atWideAndPhone,
  certificateNumber,
  checkDialog,
  COURSES,
  courses,
  fresh,
  go,
  heading,
  newcomer,
  PASSWORD,
  roleSession,
} from './accessibility-walk';

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
 *
 * This half: the visitor's pages and the learners'; the admin's are in accessibility-admin.spec.ts.
 */

beforeAll(() => arrange({ visitor: true }));

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
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
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
    await page
      .getByText(/expired|invalid/i)
      .first()
      .waitFor();
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

  it('the /verify form with a number typed with spaces, and the statecharts in Arabic', async () => {
    const { page, session, audit } = await start();
    await session.open('/verify');
    await heading(page, 'Verify a Certificate');
    await atWideAndPhone(audit, page, '/verify');
    await page.getByLabel('Certificate number').fill(` ${certificateNumber.toLowerCase().replaceAll('-', ' - ')} `);
    await page.getByLabel('Certificate number').press('Enter');
    await waitForPath(page, `/certificate/verify/${certificateNumber}`);
    await heading(page, 'Valid Certificate');

    // An Arabic-speaking auditor: the page right to left, a simulation running with a state selected.
    await page.evaluate(() => localStorage.setItem('locale', 'ar'));
    try {
      await session.open('/statecharts');
      await heading(page, 'مخططات الحالة');
      await page.locator('svg[data-machine-id]:visible').waitFor();
      await atWideAndPhone(audit, page, 'statecharts in Arabic');
      await page.getByRole('button', { name: 'محاكاة' }).click();
      await page.locator('svg[data-machine-id] [data-active="true"]').first().waitFor();
      await page.locator('svg[data-machine-id]:visible g[role="button"]').nth(1).focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('state-details').waitFor();
      await atWideAndPhone(audit, page, 'statecharts in Arabic, simulating');
    } finally {
      // The visitor's browser is shared by the block's tests: back to English for the next one.
      await page.evaluate(() => localStorage.setItem('locale', 'en'));
    }
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
      const label =
        question.type === 'TRUE_FALSE'
          ? question.correctAnswer === 'true'
            ? 'True'
            : 'False'
          : question.correctAnswer;
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

  it('My certificates before the first certificate: the empty state', async () => {
    const { page, audit } = await start();
    await go(page, '/my-certificates');
    await heading(page, 'My Certificates');
    await page.getByText('No certificates yet').waitFor();
    await atWideAndPhone(audit, page, 'my certificates, none yet');
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
    await checkDialog(
      audit,
      page,
      page.getByRole('button', { name: `Review: ${courses.pass.components[0].data.title}` }),
      'assessment review dialog',
    );
    audit.assertClean();
  });

  it('My certificates, reached from the navigation', async () => {
    const { page, audit } = await start();
    await go(page, '/dashboard');
    await nav(page).getByRole('link', { name: 'My Certificates' }).click();
    await heading(page, 'My Certificates');
    await page
      .getByRole('button', { name: /^Download certificate / })
      .first()
      .waitFor();
    await atWideAndPhone(audit, page, 'my certificates');
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
    await checkDialog(
      audit,
      page,
      page.getByRole('button', { name: 'New Submission', exact: true }),
      'new submission dialog',
    );
    await checkDialog(audit, page, page.getByRole('button', { name: /^View/ }).first(), 'submission details dialog', {
      phone: false,
    });
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
