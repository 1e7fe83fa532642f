import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';
import { ACCOUNTS, app, openBrowser, pointAt, signIn, VIEWPORTS, waitForPath, type BrowserSession } from './browser';
import { d1 } from './server';

/*
 * Learner journeys of issue 3 against the seeded demo data, as Taylor (books: Fire Safety and
 * Hazard Communication; only enrolled in the SDS course), so the demo learner used by other
 * journeys is left untouched. The correct answers come from the admin API in the arrange step.
 */

const TAYLOR = { username: 'taylor', password: ACCOUNTS.learner.password };

interface AdminQuestion {
  id: string;
  question: string;
  type: 'MCQ' | 'TRUE_FALSE';
  correctAnswer: string;
  options: { text: string }[];
}
interface AdminComponent {
  id: string;
  type: 'PRE_ASSESSMENT' | 'MATERIAL' | 'POST_ASSESSMENT';
  orderIndex: number;
  data: { title: string; timeLimit?: number; questions?: AdminQuestion[] } & Record<string, unknown>;
}
interface AdminCourse {
  id: string;
  title: string;
  components: AdminComponent[];
}

let baseURL = '';
async function call<T>(path: string, options: { token?: string; method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${baseURL}/api${path}`, {
    method: options.method ?? 'GET',
    headers: {
      'Content-Type': 'application/json',
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${options.method ?? 'GET'} ${path} -> ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}
const login = async (username: string, password: string) =>
  (await call<{ token: string }>('/auth/login', { method: 'POST', body: { username, password } })).token;

let adminToken = '';
async function courseByTitle(title: string): Promise<AdminCourse> {
  const { courses } = await call<{ courses: { id: string; title: string }[] }>('/v2/admin/courses?page=1&limit=1000', {
    token: adminToken,
  });
  const found = courses.find((c) => c.title === title);
  if (!found) throw new Error(`seeded course "${title}" is missing`);
  const course = await call<AdminCourse>(`/v2/admin/courses/${found.id}`, { token: adminToken });
  course.components.sort((a, b) => a.orderIndex - b.orderIndex);
  return course;
}
const componentOf = (course: AdminCourse, type: AdminComponent['type']) =>
  course.components.find((c) => c.type === type)!;

/** Picks the answer of each question in the page's radio groups (labelled by the question text). */
async function answer(page: Page, question: AdminQuestion, correct = true) {
  const group = page.getByRole('radiogroup', { name: question.question, exact: true });
  let label: string;
  if (question.type === 'TRUE_FALSE') {
    const right = question.correctAnswer === 'true';
    label = right === correct ? 'True' : 'False';
  } else {
    label = correct ? question.correctAnswer : question.options.find((o) => o.text !== question.correctAnswer)!.text;
  }
  await group.getByLabel(label, { exact: true }).check();
}

/** The intro shows the rules and starts nothing; Start opens the attempt and its timer. */
async function startFromIntro(page: Page, component: AdminComponent) {
  await page.getByRole('heading', { level: 1, name: component.data.title }).waitFor();
  await page.getByText('The timer starts when you press Start and keeps running if you leave the page.').waitFor();
  await page.getByRole('button', { name: 'Start Assessment' }).click();
  await page.getByRole('timer', { name: 'Time remaining' }).waitFor();
}

async function passAssessment(page: Page, component: AdminComponent) {
  await startFromIntro(page, component);
  for (const question of component.data.questions ?? []) await answer(page, question);
  const submit = page.getByRole('button', { name: 'Submit Assessment' });
  expect(await submit.isEnabled()).toBe(true);
  await submit.click();
  await page.getByRole('heading', { level: 1, name: 'Passed' }).waitFor();
  const total = component.data.questions!.length;
  await page.getByText(`${total} of ${total} correct`).waitFor();
}

beforeAll(async () => {
  baseURL = inject('baseURL');
  adminToken = await login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
});

describe('learner journey', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('a learner enrolls, passes the pre-assessment, views the material to 100 %, passes the post-assessment and sees the course completed', async () => {
    const course = await courseByTitle('Fire Prevention and Emergency Evacuation');
    const pre = componentOf(course, 'PRE_ASSESSMENT');
    const material = componentOf(course, 'MATERIAL');
    const post = componentOf(course, 'POST_ASSESSMENT');

    session = await openBrowser(VIEWPORTS.desktop);
    const { page } = session;
    await signIn(session, TAYLOR.username, TAYLOR.password);
    await session.open('/my-courses');
    await page.getByRole('heading', { level: 1, name: 'My Safety Training' }).waitFor();
    await page.getByRole('link', { name: `Enroll: ${course.title}` }).click();
    await waitForPath(page, `/course/${course.id}`);

    // Before enrolling the content is closed.
    await page.getByRole('button', { name: 'Enroll Now' }).waitFor();
    expect(await page.getByRole('button', { name: 'Enroll to access' }).count()).toBe(course.components.length);
    // The reason shows where the learner points at the disabled control (the wrapper carries the tooltip).
    await pointAt(page, page.getByRole('button', { name: 'Enroll to access' }).first().locator('..'));
    await page.getByRole('tooltip').getByText('Enroll in the course to access content').waitFor();
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await app(page).getByText('Successfully enrolled in this course! Your progress will now be tracked.').waitFor();
    // After the banner the page reloads into the progress panel; the material stays locked until the pre-assessment is passed.
    await page.getByRole('button', { name: 'Start Course' }).waitFor({ timeout: 10_000 });
    await pointAt(page, page.getByRole('button', { name: 'Locked' }).first().locator('..'));
    await page.getByRole('tooltip').getByText('Complete previous components first').waitFor();

    await page.getByRole('button', { name: 'Start Course' }).click();
    await waitForPath(page, `/course/${course.id}/assessment/${pre.id}`);
    await passAssessment(page, pre);
    await page.getByRole('link', { name: 'Back to Course' }).first().click();
    await waitForPath(page, `/course/${course.id}`);

    // A passed assessment can be reviewed from the course page.
    await page.getByRole('button', { name: `Review: ${pre.data.title}` }).click();
    const review = page.getByRole('dialog', { name: `Review: ${pre.data.title}` });
    await review
      .getByText(`${pre.data.questions!.length} of ${pre.data.questions!.length} correct`, { exact: false })
      .waitFor();
    await review.getByRole('button', { name: 'Close', exact: true }).click();
    await review.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: /^Open: / }).click();
    await waitForPath(page, `/course/${course.id}/material/${material.id}`);
    // The PDF shows inline, one page at a time; each page counts once it was on screen for the
    // minimum time, and "Complete & Continue" appears when both have.
    await page.getByRole('img', { name: 'Page 1 of 2' }).waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('[role=progressbar][aria-label="Material progress"]')?.getAttribute('aria-valuenow') ===
        '50',
    );
    await page.getByRole('button', { name: 'Next page' }).first().click();
    await page.getByRole('img', { name: 'Page 2 of 2' }).waitFor();
    // "Complete & Continue" opens the next component, the post-assessment (issue 26).
    await page.getByRole('button', { name: 'Complete & Continue' }).click();
    await waitForPath(page, `/course/${course.id}/assessment/${post.id}`);
    await passAssessment(page, post);
    await page.getByRole('link', { name: 'Back to Course' }).first().click();
    await waitForPath(page, `/course/${course.id}`);

    // The course became COMPLETED during the session: the certificate dialog opens by itself.
    const certificate = page.getByRole('dialog', { name: 'Course Completion Certificate' });
    await certificate.waitFor();
    await certificate
      .getByText(/CERT-\d{4}-\d{6}/)
      .first()
      .waitFor();
    await certificate.getByRole('button', { name: 'Close', exact: true }).click();
    await certificate.waitFor({ state: 'detached' });
    await page.getByText('Course Completed', { exact: true }).waitFor();
    const token = await login(TAYLOR.username, TAYLOR.password);
    const progress = await call<{ courseProgress: { status: string; overallProgress: number } }>(
      `/v2/user/progress/courses/${course.id}`,
      { token },
    );
    expect(progress.courseProgress).toMatchObject({ status: 'COMPLETED', overallProgress: 100 });
  }, 120_000);

  it('a learner whose timer runs out sees the auto-submitted result', async () => {
    const course = await courseByTitle('Reading a Safety Data Sheet (SDS)');
    const pre = componentOf(course, 'PRE_ASSESSMENT');
    // Arrange: a one-minute time limit on the pre-assessment.
    await call(`/v2/admin/courses/${course.id}/components/${pre.id}`, {
      token: adminToken,
      method: 'PUT',
      body: { data: { ...pre.data, timeLimit: 1 } },
    });
    const questions = pre.data.questions!;

    session = await openBrowser(VIEWPORTS.phone);
    const { page } = session;
    await signIn(session, TAYLOR.username, TAYLOR.password);
    await session.open(`/course/${course.id}/assessment/${pre.id}`);
    const token = await login(TAYLOR.username, TAYLOR.password);
    // The intro lists the rules; merely opening the page has not started an attempt.
    await page.getByRole('button', { name: 'Start Assessment' }).waitFor();
    await page.getByText('Attempts remaining').waitFor();
    expect((await call<{ hasIncomplete: boolean }>('/v2/user/assessments/incomplete', { token })).hasIncomplete).toBe(
      false,
    );
    await startFromIntro(page, pre);
    const timer = page.getByRole('timer', { name: 'Time remaining' });
    await page.waitForFunction(() =>
      /^00:[0-5]\d$|^01:00$/.test(document.querySelector('[role="timer"]')?.textContent?.trim() ?? ''),
    );
    // Under 300 seconds the timer is red.
    expect(await timer.getAttribute('data-low')).toBe('true');

    const saved = page.waitForResponse((r) => r.url().includes('/answers') && r.request().method() === 'PUT' && r.ok());
    await answer(page, questions[0]);
    await saved;
    expect(await page.getByRole('button', { name: 'Submit Assessment' }).isDisabled()).toBe(true);

    // A reload resumes the same attempt with the saved answer and the time really left, not a fresh minute.
    const clock = async () => {
      const [m, s] = ((await timer.textContent()) ?? '').trim().split(':').map(Number);
      return m * 60 + s;
    };
    const before = await clock();
    // The server's deadline is what counts: move it to a few seconds from now (instead of waiting the
    // rest of the minute); the reload reads it.
    const attemptId = (
      await call<{ incompleteAttempts: { attemptId: string }[] }>('/v2/user/assessments/incomplete', { token })
    ).incompleteAttempts[0]!.attemptId;
    await d1(
      `UPDATE assessment_attempts SET deadline_at = '${new Date(Date.now() + 25_000).toISOString()}' WHERE id = '${attemptId}'`,
    );
    await page.reload();
    await page.getByRole('heading', { level: 1, name: pre.data.title }).waitFor();
    await page.waitForFunction(() =>
      /^\d\d:\d\d$/.test(document.querySelector('[role="timer"]')?.textContent?.trim() ?? ''),
    );
    expect(await clock()).toBeLessThanOrEqual(before);
    const group = page.getByRole('radiogroup', { name: questions[0].question, exact: true });
    expect(await group.getByRole('radio', { checked: true }).count()).toBe(1);
    await page.getByText('Attempt 1', { exact: true }).waitFor();

    // Nobody presses submit: at zero the attempt is submitted automatically with the saved answer.
    await page.getByRole('heading', { level: 1, name: 'Failed' }).waitFor({ timeout: 90_000 });
    await page.getByText(`1 of ${questions.length} correct`).waitFor();
    await page.getByText('Not answered').first().waitFor();
    const latest = await call<{ hasAttempt: boolean; passed: boolean; attemptId: string }>(
      `/v2/user/assessments/${pre.id}/latest-attempt`,
      { token },
    );
    expect(latest).toMatchObject({ hasAttempt: true, passed: false });
    const result = await call<{ submitReason: string; correctAnswers: number }>(
      `/v2/user/assessments/attempts/${latest.attemptId}`,
      { token },
    );
    expect(result.correctAnswers).toBe(1);
    expect(['AUTO', 'DEADLINE']).toContain(result.submitReason);

    // Coming back after the failure shows the intro with the failed score; nothing starts until Start.
    await page.reload();
    const start = page.getByRole('button', { name: 'Start Assessment' });
    await start.waitFor();
    await page.getByText('Last attempt (attempt 1) failed').waitFor();
    expect((await call<{ hasIncomplete: boolean }>('/v2/user/assessments/incomplete', { token })).hasIncomplete).toBe(
      false,
    );
    await page.getByRole('button', { name: 'Review last attempt' }).click();
    await page.getByText(`Review: ${pre.data.title}`).waitFor();
    await page.getByText(`1 of ${questions.length} correct`).waitFor();
    // Re-attempt leads back to the intro, not straight into a new attempt.
    await page.getByRole('button', { name: 'Re-attempt' }).click();
    await start.waitFor();
    expect((await call<{ hasIncomplete: boolean }>('/v2/user/assessments/incomplete', { token })).hasIncomplete).toBe(
      false,
    );
  }, 150_000);

  it('a learner who closes the tab mid-attempt comes back to the Incomplete Attempts dialog and submits it', async () => {
    const course = await courseByTitle('GHS Labels and Pictograms');
    const pre = componentOf(course, 'PRE_ASSESSMENT');
    const questions = pre.data.questions!;
    const token = await login(TAYLOR.username, TAYLOR.password);
    await call(`/v2/user/progress/courses/${course.id}/enroll`, { token, method: 'POST' });

    session = await openBrowser(VIEWPORTS.desktop);
    await signIn(session, TAYLOR.username, TAYLOR.password);
    const first = session.page;
    await first.goto(`/course/${course.id}/assessment/${pre.id}`);
    await startFromIntro(first, pre);
    for (const question of questions.slice(0, 2)) {
      const saved = first.waitForResponse(
        (r) => r.url().includes('/answers') && r.request().method() === 'PUT' && r.ok(),
      );
      await answer(first, question);
      await saved;
    }
    await first.close();

    // Back later, in a new tab of the same browser.
    const page = await session.context.newPage();
    await page.goto('/my-courses');
    const dialog = page.getByRole('alertdialog', { name: 'Incomplete Assessment Attempts' });
    await dialog.waitFor();
    await dialog.getByText('Unanswered questions will be marked as incorrect').waitFor();
    await dialog.getByText(pre.data.title).waitFor();
    await dialog.getByText(course.title).waitFor();
    await dialog.getByText(/Attempt 1/).waitFor();
    // It cannot be dismissed with Escape.
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByRole('button', { name: `Submit ${pre.data.title}` }).click();
    await dialog.waitFor({ state: 'detached' });

    const incomplete = await call<{ hasIncomplete: boolean }>('/v2/user/assessments/incomplete', { token });
    expect(incomplete.hasIncomplete).toBe(false);
    const latest = await call<{ hasAttempt: boolean; attemptId: string }>(
      `/v2/user/assessments/${pre.id}/latest-attempt`,
      { token },
    );
    const result = await call<{ correctAnswers: number; totalQuestions: number }>(
      `/v2/user/assessments/attempts/${latest.attemptId}`,
      { token },
    );
    // Graded on the two answers autosaved before the tab closed; the rest count as incorrect.
    expect(result).toMatchObject({ correctAnswers: 2, totalQuestions: questions.length });
  }, 90_000);
});
