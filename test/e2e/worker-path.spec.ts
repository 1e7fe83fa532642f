import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, openBrowser, signIn, VIEWPORTS, waitForPath, type BrowserSession, keepPicture } from './browser';
import { adminCourse, joinedBookDaysAgo, passInBrowser, readMaterialInBrowser } from './course-steps';
import { apiAs, d1, newLearner } from './server';

/*
 * The worker's daily path on a phone (issue 26): a new worker of three books. The seeded
 * requirements make Ladder Safety (Working at Heights) and PASS (Fire Safety) required of everyone
 * in those books; the worker joined Working at Heights 40 days ago, so ladders is overdue, and had
 * started the optional SDS course (Hazard Communication) most recently. The manager's part (people,
 * books, requirements) is set up as the seed and the API do; everything the worker does is on screen.
 */

const LADDER = 'Ladder Safety Essentials';
const SDS = 'Reading a Safety Data Sheet (SDS)';

describe("the worker's path at 390 px", () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('the first card is the required course due soonest, Start opens it with no enrolment step, and Complete & Continue goes to the next component', async () => {
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const worker = await newLearner(admin, ['Working at Heights', 'Fire Safety', 'Hazard Communication']);
    const { course: ladder, ordered } = await adminCourse(admin, LADDER);
    const [pre, material, post] = ordered;
    expect([pre!.type, material!.type, post!.type]).toEqual(['PRE_ASSESSMENT', 'MATERIAL', 'POST_ASSESSMENT']);
    await joinedBookDaysAgo(admin, worker.id, 'Working at Heights', 40);
    // What the worker was doing: the optional SDS course, opened last (it would have led the old dashboard).
    const sds = await adminCourse(admin, SDS);
    const asWorker = await apiAs(worker.username, worker.password);
    await asWorker.request(`/v2/user/progress/courses/${sds.course.id}/enroll`, { method: 'POST' });
    await asWorker.request(`/v2/user/progress/components/${sds.ordered[0]!.id}/start`, { method: 'POST' });

    session = await openBrowser(VIEWPORTS.phone);
    const { page } = session;
    await signIn(session, worker.username, worker.password);
    await waitForPath(page, '/dashboard');

    // The dashboard leads with Next up: the overdue required course, above the summary and above SDS.
    const nextUp = page.getByRole('region', { name: 'Next up' });
    await nextUp.getByText(LADDER).waitFor();
    await nextUp.getByText('Overdue', { exact: true }).waitFor();
    const firstRegion = await page
      .locator('main section')
      .first()
      .evaluate((el) => el.getAttribute('aria-labelledby') ?? el.getAttribute('aria-label'));
    expect(firstRegion).toBe('next-up-heading');
    expect(await nextUp.getByText(SDS).count()).toBe(0);
    await keepPicture(page, 'worker-dashboard-390', { fullPage: true });

    // Start opens the first component at once: no Enroll button, no banner, no course page on the way.
    await nextUp.getByRole('button', { name: `Start: ${LADDER}` }).click();
    await waitForPath(page, `/course/${ladder.id}/assessment/${pre!.id}`);
    const enrolled = await d1<{ status: string }>(
      `SELECT status FROM course_progress WHERE user_id = '${worker.id}' AND course_id = '${ladder.id}'`,
    );
    expect(enrolled).toHaveLength(1);
    await passInBrowser(page, pre!);

    // The handout: every page read long enough (3 s each), then Complete & Continue opens the final assessment.
    await page.getByRole('link', { name: 'Back to Course' }).first().click();
    await waitForPath(page, `/course/${ladder.id}`);
    await page.getByRole('link', { name: `Open: ${material!.data.title}` }).click();
    await waitForPath(page, `/course/${ladder.id}/material/${material!.id}`);
    const complete = await readMaterialInBrowser(page);
    await complete.click();
    await waitForPath(page, `/course/${ladder.id}/assessment/${post!.id}`);
    await page.getByRole('heading', { level: 1, name: post!.data.title }).waitFor();

    // My Courses: the filters carry names a screen reader reads, and a required course says Start, not Enroll.
    await session.open('/my-courses');
    await page.getByRole('combobox', { name: 'Filter by book' }).waitFor();
    await page.getByRole('combobox', { name: 'Sort courses' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search courses' }).fill('PASS Technique');
    await page.getByRole('link', { name: 'Start: Fire Extinguisher Use: The PASS Technique' }).waitFor();
    await keepPicture(page, 'worker-my-courses-390');
  }, 150_000);

  it('the incomplete-attempts dialog still cannot be dismissed, and Return to the assessment opens the open attempt with its time left', async () => {
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const worker = await newLearner(admin, ['Hazard Communication']);
    const sds = await adminCourse(admin, SDS);
    const quiz = sds.ordered.find((c) => c.type !== 'MATERIAL')!;
    const asWorker = await apiAs(worker.username, worker.password);
    await asWorker.request(`/v2/user/progress/courses/${sds.course.id}/enroll`, { method: 'POST' });
    // The worker started the quiz on another day's shift and wandered off.
    await asWorker.request(`/v2/user/assessments/${quiz.id}/start`, { method: 'POST' });

    session = await openBrowser(VIEWPORTS.phone);
    const { page } = session;
    await signIn(session, worker.username, worker.password);
    const dialog = page.getByRole('alertdialog', { name: 'Incomplete Assessment Attempts' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.getByText(/^\d+ min left$/).waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await keepPicture(page, 'worker-incomplete-390');
    await dialog.getByRole('button', { name: `Return to the assessment: ${quiz.data.title}` }).click();
    await waitForPath(page, `/course/${sds.course.id}/assessment/${quiz.id}`);
    // The open attempt resumes (no new one): its timer runs and nothing was submitted.
    await page.getByRole('timer', { name: 'Time remaining' }).waitFor();
    const attempts = await d1<{ submitted_at: string | null }>(
      `SELECT submitted_at FROM assessment_attempts WHERE user_id = '${worker.id}' AND component_id = '${quiz.id}'`,
    );
    expect(attempts).toEqual([{ submitted_at: null }]);
  }, 90_000);
});
