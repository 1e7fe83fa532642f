import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, openBrowser, signIn, VIEWPORTS, waitForPath, type BrowserSession } from './browser';

/** The state box of the diagram, by xstate state id. */
const state = (id: string) => `svg[data-machine-id] g[data-state-id="${id}"]`;

describe('statecharts', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('an auditor simulates an assessment attempt whose timer expires and sees the highlighted state change', async () => {
    session = await openBrowser(VIEWPORTS.desktop);
    const { page } = session;
    await session.open('/statecharts');
    await page.getByRole('tab', { name: 'Timed assessment attempt' }).click();
    await page.waitForURL((url) => url.searchParams.get('machine') === 'assessment');
    await page.getByRole('heading', { name: 'Timed assessment attempt', level: 2 }).waitFor();
    await page.locator(state('assessment.answering')).waitFor();

    // Nothing is highlighted until the real machine runs.
    expect(await page.locator('svg[data-machine-id] [data-active="true"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Simulate' }).click();
    await page.locator(`${state('assessment.loading')}[data-active="true"]`).waitFor();

    const simulator = page.getByRole('complementary', { name: 'Simulator' });
    const events = simulator.getByRole('list', { name: 'Enabled events' });
    // The auditor plays the server: the questions load and the attempt starts with a 10-minute deadline.
    await events.getByRole('button', { name: /done: loadAssessment.*not yet passed/ }).click();
    // With an intro before the attempt, the learner presses Start first (the server clock starts then).
    await events
      .getByRole('button', { name: /attempt\.start|done: startAttempt/ })
      .first()
      .waitFor();
    if ((await events.getByRole('button', { name: /attempt\.start/ }).count()) > 0)
      await events.getByRole('button', { name: /attempt\.start/ }).click();
    await events.getByRole('button', { name: /done: startAttempt/ }).click();
    await page.locator(`${state('assessment.answering.clock.plenty')}[data-active="true"]`).waitFor();
    await page.locator(`${state('assessment.answering')}[data-active="true"]`).waitFor();
    // Submitting by hand needs every question answered, so it is not offered.
    expect(await events.getByRole('button', { name: /attempt\.submit/ }).count()).toBe(0);

    // Let the timer run out: move the simulated clock past the deadline, then the next tick arrives.
    await simulator.getByRole('button', { name: '+10 min' }).click();
    await simulator.getByTestId('sim-clock').getByText('+10 min').waitFor();
    await events.getByRole('button', { name: /timer\.tick/ }).click();

    await page.locator(`${state('assessment.submitting')}[data-active="true"]`).waitFor();
    expect(await page.locator(state('assessment.answering')).getAttribute('data-active')).toBeNull();
    expect(await page.locator(state('assessment.answering.clock.plenty')).getAttribute('data-active')).toBeNull();
    await simulator.getByRole('list', { name: 'Current state' }).getByText('submitting', { exact: true }).waitFor();
    expect(await simulator.getByTestId('sim-context').textContent()).toContain('"submitReason": "timeout"');
  });

  it('an auditor runs the certification machine in days: the clock is a date, guards show on focus, tabs are whole', async () => {
    session = await openBrowser(VIEWPORTS.phone);
    const { page } = session;
    await session.open('/statecharts');
    // The tabs wrap instead of scrolling with a hidden scrollbar: every title is whole and on screen.
    const tab = page.getByRole('tab', { name: 'Certification against a requirement' });
    const box = await tab.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await tab.click();
    await page.waitForURL((url) => url.searchParams.get('machine') === 'certification');

    // Eventless arrows are dashed and unlabelled until their state is focused.
    const diagram = page.locator('svg[data-machine-id="certification"]');
    await page.getByRole('tabpanel').getByTestId('eventless-hint').waitFor();
    expect(await diagram.getByText('[isPending]').count()).toBe(0);
    await page.locator(state('certification.compliant')).focus();
    await diagram.getByText('[isPending]').first().waitFor();
    await page.locator(state('certification.compliant')).blur();

    await page.getByRole('button', { name: 'Simulate' }).click();
    const simulator = page.getByRole('complementary', { name: 'Simulator' });
    const clock = simulator.getByTestId('sim-clock');
    await clock.getByText('Simulated date 15 January 2026 (start)').waitFor();
    // Days, not seconds: there is no +1 s for a process measured in months.
    expect(await simulator.getByRole('button', { name: '+1 s' }).count()).toBe(0);
    await simulator.getByRole('button', { name: '+30 days' }).click();
    await simulator.getByRole('button', { name: '+1 day' }).click();
    await clock.getByText('Simulated date 15 February 2026 (31 days after the start)').waitFor();
    await page.locator(`${state('certification.overdue')}[data-active="true"]`).waitFor();
    await simulator.getByRole('button', { name: '+1 year' }).click();
    await clock.getByText('Simulated date 15 February 2027 (396 days after the start)').waitFor();
    // The context's dates read as dates, not only in the JSON.
    const dates = simulator.getByTestId('sim-dates');
    expect(await dates.textContent()).toContain('coveredSince15 January 2026');
    expect(await dates.textContent()).toContain('now15 February 2027');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  it('an Arabic-speaking auditor reads the machines in Arabic, right to left, with the dates in Arabic', async () => {
    session = await openBrowser(VIEWPORTS.desktop);
    const { page } = session;
    await session.open('/');
    await page.evaluate(() => localStorage.setItem('locale', 'ar'));
    await session.open('/statecharts?machine=certification');
    await page.getByRole('heading', { level: 1, name: 'مخططات الحالة' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    await page.getByRole('tab', { name: 'الاعتماد مقابل متطلب' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'الاعتماد مقابل متطلب' }).waitFor();
    await page.getByText('شخص واحد مقابل متطلب تدريب واحد، على تقويم محاكى.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'محاكاة' }).click();
    const clock = page.getByRole('complementary', { name: 'المحاكي' }).getByTestId('sim-clock');
    await clock.getByText('التاريخ المحاكى', { exact: false }).waitFor();
    await page.getByRole('button', { name: '+سنة واحدة' }).click();
    // 15 January 2027 in Arabic words: the month is named, not only a number.
    await clock.getByText('يناير', { exact: false }).waitFor();
    expect(await clock.textContent()).toContain('بعد 365 يومًا');
  });

  it('an auditor follows a password reset whose link turns out to have expired', async () => {
    session = await openBrowser(VIEWPORTS.desktop);
    const { page } = session;
    await session.open('/statecharts?machine=reset-password');
    await page.getByRole('heading', { name: 'Password reset from the emailed link', level: 2 }).waitFor();
    await page.locator(state('resetPassword.checkingLink')).waitFor();
    await page.getByRole('button', { name: 'Simulate' }).click();
    // A link with a token is checked with the server before any form shows.
    await page.locator(`${state('resetPassword.validating')}[data-active="true"]`).waitFor();
    const events = page.getByRole('complementary', { name: 'Simulator' }).getByRole('list', { name: 'Enabled events' });
    expect(await events.getByRole('button', { name: /password\.submit/ }).count()).toBe(0);
    await events
      .getByRole('button', { name: /done: validateToken.*accepted/ })
      .first()
      .click();
    await page.locator(`${state('resetPassword.form')}[data-active="true"]`).waitFor();
    await events.getByRole('button', { name: /password\.submit/ }).click();
    await page.locator(`${state('resetPassword.submitting')}[data-active="true"]`).waitFor();
    await events.getByRole('button', { name: /error: resetPassword.*link expired/ }).click();
    await page.locator(`${state('resetPassword.expired')}[data-active="true"]`).waitFor();
    expect(await page.locator(state('resetPassword.form')).getAttribute('data-active')).toBeNull();
  });

  it('an auditor selects a state with the keyboard and reads its transitions, guards and delays', async () => {
    session = await openBrowser(VIEWPORTS.desktop);
    const { page } = session;
    await session.open('/statecharts?machine=assessment');
    const box = page.locator(state('assessment.submitFailed'));
    await box.focus();
    await page.keyboard.press('Enter');
    const details = page.getByTestId('state-details');
    await details.getByRole('heading', { name: 'submitFailed' }).waitFor();
    expect(await box.getAttribute('aria-pressed')).toBe('true');
    const delayed = details.locator('li', { hasText: 'after 3 s' });
    await delayed.getByText('isAutoSubmit').waitFor();
    await delayed.getByRole('button', { name: 'submitting' }).waitFor();
    // Following the target selects it.
    await delayed.getByRole('button', { name: 'submitting' }).click();
    await details.getByRole('heading', { name: 'submitting' }).waitFor();
    await details.getByText('done: submitAttempt').waitFor();
  });

  it('an admin opens the statecharts from the admin menu', async () => {
    session = await openBrowser(VIEWPORTS.desktop);
    const { page } = session;
    await signIn(session, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await waitForPath(page, '/admin');
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Statecharts' }).click();
    await waitForPath(page, '/statecharts');
    await page.getByRole('heading', { name: 'Statecharts', level: 1 }).waitFor();
    await page.locator('svg[data-machine-id="session"]').waitFor();
  });

  it('a visitor reaches the statecharts from the landing footer and reads them on a phone', async () => {
    session = await openBrowser(VIEWPORTS.phone);
    const { page } = session;
    await session.open('/');
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Statecharts' }).click();
    await waitForPath(page, '/statecharts');
    await page.locator('svg[data-machine-id]').first().waitFor();
    // Every registered machine is offered.
    expect(await page.getByRole('tab').count()).toBeGreaterThanOrEqual(4);
    // The diagram scrolls inside its own box; the page itself never scrolls sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
