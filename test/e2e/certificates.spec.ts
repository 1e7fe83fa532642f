import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { readQrFromPdf } from '../unit/pdf-qr';
import { ACCOUNTS, openBrowser, signIn, VIEWPORTS, waitForPath, type BrowserSession } from './browser';
import { d1 } from './server';

/*
 * Certificates end to end, as Sam (book: Working at Heights), whom no other journey uses: Sam
 * passes the pre-assessment and reads the material of "Ladder Safety Essentials" (arranged through
 * the API with the admin's answer key), then passes the final assessment in the browser. The
 * certificate dialog opens by itself and downloads the PDF once; the dashboard shows the course
 * certified; the link in the PDF's QR code opens the public page that says "Valid Certificate".
 */

const SAM = { username: 'sam', password: ACCOUNTS.learner.password };
const COURSE = 'Ladder Safety Essentials';

interface AdminQuestion {
  id: string;
  question: string;
  type: 'MCQ' | 'TRUE_FALSE';
  correctAnswer: string;
}
interface AdminComponent {
  id: string;
  type: 'PRE_ASSESSMENT' | 'MATERIAL' | 'POST_ASSESSMENT';
  orderIndex: number;
  data: { title: string; questions?: AdminQuestion[] };
}

let baseURL = '';
async function call<T>(path: string, options: { token?: string; method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${baseURL}/api${path}`, {
    method: options.method ?? 'GET',
    headers: { 'Content-Type': 'application/json', ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${options.method ?? 'GET'} ${path} -> ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}
const login = async (username: string, password: string) => (await call<{ token: string }>('/auth/login', { method: 'POST', body: { username, password } })).token;

/**
 * Takes a course the way the learner's pages do, in order, passing each assessment through the
 * API, and stops before `stopBefore` (the final assessment, done in the browser). Returns the course.
 */
async function takeCourseUntil(token: string, adminToken: string, title: string, stopBefore: AdminComponent['type']) {
  const { courses } = await call<{ courses: { id: string; title: string }[] }>('/v2/admin/courses?page=1&limit=1000', { token: adminToken });
  const courseId = courses.find((c) => c.title === title)!.id;
  const course = await call<{ components: AdminComponent[] }>(`/v2/admin/courses/${courseId}`, { token: adminToken });
  const ordered = [...course.components].sort((a, b) => a.orderIndex - b.orderIndex);
  await call(`/v2/user/progress/courses/${courseId}/enroll`, { token, method: 'POST' });
  for (const component of ordered) {
    if (component.type === stopBefore) break;
    if (component.type === 'MATERIAL') {
      await call(`/v2/user/progress/components/${component.id}/start`, { token, method: 'POST' });
      // The server completes a material only as fast as it can be viewed: this learner opened it long ago.
      const me = await call<{ id: string }>('/auth/user', { token });
      await d1(`UPDATE component_progress SET started_at = '2026-01-01T00:00:00.000Z' WHERE user_id = '${me.id}' AND component_id = '${component.id}'`);
      await call(`/v2/user/progress/components/${component.id}/progress`, { token, method: 'PUT', body: { progressPercentage: 100 } });
      continue;
    }
    const { attemptId } = await call<{ attemptId: string }>(`/v2/user/assessments/${component.id}/start`, { token, method: 'POST' });
    const answers = Object.fromEntries((component.data.questions ?? []).map((q) => [q.id, q.correctAnswer]));
    const result = await call<{ passed: boolean }>(`/v2/user/assessments/attempts/${attemptId}/submit`, { token, method: 'POST', body: { answers } });
    expect(result.passed).toBe(true);
  }
  return { courseId, final: ordered.find((c) => c.type === stopBefore)! };
}

/** Answers every question right in the page's radio groups (each labelled by its question) and submits. */
async function passInBrowser(page: Page, component: AdminComponent) {
  await page.getByRole('heading', { level: 1, name: component.data.title }).waitFor();
  // Opening the page starts nothing: the attempt begins when the learner presses Start on the intro.
  await page.getByRole('button', { name: 'Start Assessment' }).click();
  await page.getByRole('timer', { name: 'Time remaining' }).waitFor();
  for (const question of component.data.questions ?? []) {
    const group = page.getByRole('radiogroup', { name: question.question, exact: true });
    const label = question.type === 'TRUE_FALSE' ? (question.correctAnswer === 'true' ? 'True' : 'False') : question.correctAnswer;
    await group.getByLabel(label, { exact: true }).check();
  }
  await page.getByRole('button', { name: 'Submit Assessment' }).click();
  await page.getByRole('heading', { level: 1, name: 'Passed' }).waitFor();
}

beforeAll(() => {
  baseURL = inject('baseURL');
});

describe('certificates', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('a learner who completes a course gets the certificate dialog, the PDF downloads once, the dashboard shows it certified and its QR code verifies as valid', async () => {
    const adminToken = await login(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const token = await login(SAM.username, SAM.password);
    const { courseId, final } = await takeCourseUntil(token, adminToken, COURSE, 'POST_ASSESSMENT');

    session = await openBrowser(VIEWPORTS.phone);
    const { page } = session;
    const downloads: Download[] = [];
    page.on('download', (download) => downloads.push(download));
    await signIn(session, SAM.username, SAM.password);
    // The course page sees the course in progress first, as a learner going through it does.
    await session.open(`/course/${courseId}`);
    await page.getByRole('link', { name: `Start: ${final.data.title}` }).click();
    await waitForPath(page, `/course/${courseId}/assessment/${final.id}`);
    await passInBrowser(page, final);
    await page.getByRole('link', { name: 'Back to Course' }).first().click();
    await waitForPath(page, `/course/${courseId}`);

    // The course became COMPLETED during the session: the dialog opens, previews and downloads once.
    const dialog = page.getByRole('dialog', { name: 'Course Completion Certificate' });
    const download = await page.waitForEvent('download');
    await dialog.getByText('Certificate has been automatically downloaded to your device!').waitFor();
    const certificate = await call<{ exists: boolean; certificateNumber: string }>(`/v2/certificates/user/${courseId}`, { token });
    expect(certificate.exists).toBe(true);
    // The course page saves certificate.pdf; the dashboard names the file by its number (below).
    expect(download.suggestedFilename()).toBe('certificate.pdf');
    await dialog.getByTestId('certificate-number').getByText(certificate.certificateNumber).waitFor();
    await dialog.locator('iframe').waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(downloads).toHaveLength(1);

    // The link in the PDF's QR code is the public verification page.
    const bytes = new Uint8Array(await readFile((await download.path())!));
    const link = await readQrFromPdf(bytes);
    expect(link).toBe(`${baseURL}/certificate/verify/${certificate.certificateNumber}`);

    await session.open('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Sam' }).waitFor();
    const card = page.getByRole('listitem', { name: COURSE });
    await card.getByText('Certified').waitFor();
    await card.getByText('Completed', { exact: true }).waitFor();
    expect(await page.getByTestId('stat-completed-courses').textContent()).toBe('1');
    expect(await page.getByTestId('stat-certificates-earned').textContent()).toBe('1');
    // Sam's other course (fall protection, pre-assessment failed once) is still in progress.
    expect(await page.getByTestId('stat-in-progress').textContent()).toBe('1');
    const [again] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download Certificate' }).click()]);
    expect(again.suggestedFilename()).toBe(`certificate-${certificate.certificateNumber}.pdf`);

    await page.goto(link!);
    await page.getByRole('heading', { level: 1, name: 'Valid Certificate' }).waitFor();
    for (const text of [certificate.certificateNumber, 'Sam Okafor', COURSE, 'ACTIVE']) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    expect(await page.title()).toContain('Valid Certificate');
  });

  it('the reports page lists the completed course with its scores, improvement and certificate', async () => {
    session = await openBrowser(VIEWPORTS.desktop);
    const { page } = session;
    await signIn(session, SAM.username, SAM.password);
    await session.open('/reports');
    await page.getByRole('heading', { level: 1, name: 'My Learning Reports' }).waitFor();
    await page.getByText('Loading your learning reports...').waitFor({ state: 'detached' });
    await page.getByRole('listitem').filter({ hasText: COURSE }).getByRole('button', { name: `Download certificate for ${COURSE}` }).waitFor();

    // Searching resets to the first page and filters; a miss shows the spec's text.
    await page.getByRole('searchbox', { name: 'Search completed courses' }).fill('no such course');
    await page.getByText('No courses matching your search criteria.').waitFor();
    await page.getByRole('searchbox', { name: 'Search completed courses' }).fill('ladder');
    await page.getByRole('listitem').filter({ hasText: COURSE }).waitFor();

    await page.getByRole('tab', { name: 'Assessment Performance' }).click();
    await page.getByText('Excellent').first().waitFor();
    await page.getByRole('tab', { name: 'Skill Improvement' }).click();
    await page.getByRole('meter', { name: `Improvement for ${COURSE}` }).waitFor();
    await page.getByText(/\d+ day streak/).waitFor();
    await page.getByText('Keep your momentum going!').waitFor();
  });
});
