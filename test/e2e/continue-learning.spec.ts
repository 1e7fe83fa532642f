import { afterEach, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  focusedText,
  openBrowser,
  signIn,
  tabTo,
  VIEWPORTS,
  waitForPath,
  type BrowserSession,
} from './browser';
import { adminCourse } from './course-steps';
import { apiAs, newLearner } from './server';

const BOOK = 'Hazard Communication';
const COURSE = 'Reading a Safety Data Sheet (SDS)';
const ENROLLED = 'Successfully enrolled in this course! Your progress will now be tracked.';

describe('continue where you left off', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('a new learner enrolls with the keyboard only, reaches the first component, and the dashboard then offers to continue there', async () => {
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const { course, ordered } = await adminCourse(admin, COURSE);
    const first = ordered[0]!;
    const learner = await newLearner(admin, [BOOK]);

    session = await openBrowser(VIEWPORTS.desktop);
    const { page } = session;
    await signIn(session, learner.username, learner.password);
    await waitForPath(page, '/dashboard');

    // Nothing in progress yet: the dashboard points to My Courses.
    const continueSection = page.getByRole('region', { name: 'Continue where you left off' });
    await continueSection.getByRole('heading', { name: 'Nothing in progress' }).waitFor();
    await tabTo(page, continueSection.getByRole('link', { name: 'Browse My Courses' }));
    await page.keyboard.press('Enter');
    await waitForPath(page, '/my-courses');

    await tabTo(page, page.getByRole('link', { name: `Enroll: ${COURSE}` }));
    await page.keyboard.press('Enter');
    await waitForPath(page, `/course/${course.id}`);

    await tabTo(page, page.getByRole('button', { name: 'Enroll Now' }));
    await page.keyboard.press('Enter');
    // Focus follows the content: first the banner (read out), then the new progress panel's Start button.
    await page.waitForFunction((text) => document.activeElement?.textContent?.includes(text) ?? false, ENROLLED);
    await page.waitForFunction(() => document.activeElement?.textContent === 'Start Course', undefined, {
      timeout: 10_000,
    });
    expect(await page.getByRole('button', { name: 'Enroll to access' }).count()).toBe(0);
    await page.keyboard.press('Enter');
    await waitForPath(
      page,
      `/course/${course.id}/${first.type === 'MATERIAL' ? 'material' : 'assessment'}/${first.id}`,
    );

    // Back on the dashboard the course leads as Next up (issue 26: one card first, not repeated
    // below) with its next component and a Start link.
    await session.open('/dashboard');
    const card = page.getByRole('region', { name: 'Next up' });
    await card.getByText(first.data.title).waitFor();
    const action = card.getByRole('link', { name: `Start: ${COURSE}` });
    expect(await action.getAttribute('href')).toBe(
      `/course/${course.id}/${first.type === 'MATERIAL' ? 'material' : 'assessment'}/${first.id}`,
    );
    await tabTo(page, action);
    expect(await focusedText(page)).toBe(`Start: ${COURSE}`);
    await page.keyboard.press('Enter');
    await waitForPath(
      page,
      `/course/${course.id}/${first.type === 'MATERIAL' ? 'material' : 'assessment'}/${first.id}`,
    );
  });
});
