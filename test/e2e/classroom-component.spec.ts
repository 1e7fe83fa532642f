import { afterEach, describe, expect, it } from 'vitest';
import { choose, WIDE } from './admin-steps';
import { expectAccessible } from './axe';
import { ACCOUNTS, app, openBrowser, signIn, VIEWPORTS, waitForPath, type BrowserSession } from './browser';
import { apiAs, newLearner, unique } from './server';

/** Where the journey leaves its screenshots, for a person to look at (not compared). */
const SHOTS = process.env.E2E_SHOTS_DIR;

describe('classroom session component', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('an admin adds a classroom session in the course editor; the learner sees what to do at 390 px, with nothing to press', async () => {
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const bookName = `Blended ${unique()}`;
    await admin.request('/domains', { body: { name: bookName, description: 'Blended courses' } });
    const courseTitle = `Bloodborne pathogens ${unique()}`;

    session = await openBrowser(WIDE);
    let page = session.page;
    await signIn(session, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await waitForPath(page, '/admin');
    await session.open('/admin/courses');
    await page.getByRole('button', { name: 'New Course' }).first().click();
    const createDialog = page.getByRole('dialog', { name: 'Create New Course' });
    await createDialog.getByLabel('Title').fill(courseTitle);
    await choose(page, createDialog, /Books/, bookName);
    await createDialog.getByRole('button', { name: 'Create Course' }).click();
    const editor = page.getByRole('dialog', { name: `Edit Course: ${courseTitle}` });
    await editor.waitFor();

    await editor.getByRole('button', { name: 'Add Classroom Session' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Classroom Session' });
    await dialog.getByText('Learners cannot complete this step themselves').waitFor();
    await dialog.getByRole('button', { name: 'Add Component' }).click();
    await dialog.getByText('Classroom session title is required').waitFor();
    await dialog.getByLabel('Title shown to learners').fill('Hands-on: donning and doffing PPE');
    await dialog.getByText('Classroom session title is required').waitFor({ state: 'detached' });
    await dialog.getByLabel(/What learners should know/).fill('Bring your own gloves.');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/classroom-editor-1440.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Add Component' }).click();
    await dialog.waitFor({ state: 'detached' });
    const list = editor.getByRole('list', { name: 'Course components' });
    await list.getByText('Hands-on: donning and doffing PPE').waitFor();
    await list.getByText('Completed when the trainer signs off the attendance of a session').waitFor();
    await session.close();

    // The post-assessment and publishing are admin-content.spec's screens: set up through the API here.
    const courses = await admin.request<{ courses: { id: string; title: string }[] }>(
      `/v2/admin/courses?search=${encodeURIComponent(courseTitle)}&page=1&limit=10`,
    );
    const courseId = courses.courses.find((c) => c.title === courseTitle)!.id;
    await admin.request(`/v2/admin/courses/${courseId}/components`, {
      body: {
        type: 'POST_ASSESSMENT',
        data: {
          title: 'Post-assessment',
          questions: [
            {
              question: 'Who confirms your attendance?',
              type: 'MCQ',
              options: [{ text: 'The trainer' }, { text: 'Nobody' }],
              correctAnswer: 'The trainer',
            },
          ],
        },
      },
    });
    await admin.request(`/v2/admin/courses/${courseId}/publish`, { method: 'POST' });
    const learner = await newLearner(admin, [bookName]);

    session = await openBrowser(VIEWPORTS.phone);
    page = session.page;
    await signIn(session, learner.username, learner.password);
    await waitForPath(page, '/dashboard');
    await session.open(`/course/${courseId}`);
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    const steps = page.getByRole('list', { name: 'Course components' });
    const classroom = steps.getByRole('listitem').filter({ hasText: 'Hands-on: donning and doffing PPE' });
    await classroom.getByText('Your trainer confirms attendance').waitFor();
    await classroom.getByText('Bring your own gloves.').waitFor();
    // The progress panel offers no Start button that would lead nowhere: the row says what to do.
    expect(await page.getByRole('button', { name: 'Start Course' }).count()).toBe(0);
    await classroom.getByText('Classroom Session', { exact: false }).first().waitFor();
    await classroom.getByText('Trainer confirms', { exact: true }).waitFor();
    // Nothing the learner could press pretends to complete it.
    expect(await classroom.getByRole('button').count()).toBe(0);
    expect(await classroom.getByRole('link').count()).toBe(0);
    const post = steps.getByRole('listitem').filter({ hasText: 'Post-assessment' });
    await post.getByRole('button', { name: /Locked/ }).waitFor();
    expect(await post.getByRole('button', { name: /Locked/ }).isDisabled()).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/classroom-course-390.png`, fullPage: true });
    await expectAccessible(page, 'course page with a classroom session (390 px)');
    expect(await app(page).getByText('Classroom Session').count()).toBeGreaterThan(0);
  });
});
