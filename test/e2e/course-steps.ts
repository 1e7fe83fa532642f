import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download, Page } from 'playwright-core';
import { expect } from 'vitest';
import { d1, type ApiClient } from './server';

/*
 * Taking a seeded course in a journey: the admin's view of it (with the answer key), the steps a
 * journey does not watch (through the API, as the learner's pages would), an assessment passed and
 * a material read in the browser, and a downloaded certificate read back as text.
 */

export interface AdminQuestion {
  id: string;
  question: string;
  type: 'MCQ' | 'TRUE_FALSE';
  correctAnswer: string;
}
export interface AdminComponent {
  id: string;
  type: 'PRE_ASSESSMENT' | 'MATERIAL' | 'POST_ASSESSMENT';
  orderIndex: number;
  data: { title: string; questions?: AdminQuestion[] };
}
export interface AdminCourse {
  id: string;
  domainId: string;
  components: AdminComponent[];
}

/** The seeded course of that title as the admin sees it, with its components in learning order. */
export async function adminCourse(
  admin: ApiClient,
  title: string,
): Promise<{ course: AdminCourse; ordered: AdminComponent[] }> {
  const { courses } = await admin.request<{ courses: { id: string; title: string }[] }>(
    '/v2/admin/courses?page=1&limit=1000',
  );
  const course = await admin.request<AdminCourse>(`/v2/admin/courses/${courses.find((c) => c.title === title)!.id}`);
  return { course, ordered: [...course.components].sort((a, b) => a.orderIndex - b.orderIndex) };
}

/** Moves the day `userId` joined the book back by `days` (a required course's due date counts from it). */
export async function joinedBookDaysAgo(admin: ApiClient, userId: string, bookName: string, days: number) {
  const book = (await admin.request<{ id: string; name: string }[]>('/domains')).find((b) => b.name === bookName)!;
  const when = new Date(Date.now() - days * 24 * 3600 * 1000).toISOString();
  await d1(`UPDATE user_domains SET created_at = '${when}' WHERE user_id = '${userId}' AND domain_id = '${book.id}'`);
}

/** Views a material to the end or passes an assessment through the API. */
export async function completeThroughApi(learner: ApiClient, userId: string, component: AdminComponent) {
  if (component.type === 'MATERIAL') {
    await learner.request(`/v2/user/progress/components/${component.id}/start`, { method: 'POST' });
    // The server completes a material only as fast as it can be viewed: this learner opened it long ago.
    await d1(
      `UPDATE component_progress SET started_at = '2026-01-01T00:00:00.000Z' WHERE user_id = '${userId}' AND component_id = '${component.id}'`,
    );
    await learner.request(`/v2/user/progress/components/${component.id}/progress`, {
      method: 'PUT',
      body: { progressPercentage: 100 },
    });
    return;
  }
  const answers = Object.fromEntries((component.data.questions ?? []).map((q) => [q.id, q.correctAnswer]));
  const { attemptId } = await learner.request<{ attemptId: string }>(`/v2/user/assessments/${component.id}/start`, {
    method: 'POST',
  });
  const result = await learner.request<{ passed: boolean }>(`/v2/user/assessments/attempts/${attemptId}/submit`, {
    method: 'POST',
    body: { answers },
  });
  expect(result.passed).toBe(true);
}

/** On an assessment's page: presses Start, answers every question right (each radio group is labelled by its question) and submits. */
export async function passInBrowser(page: Page, component: AdminComponent) {
  await page.getByRole('heading', { level: 1, name: component.data.title }).waitFor();
  // Opening the page starts nothing: the attempt begins when the learner presses Start on the intro.
  await page.getByRole('button', { name: 'Start Assessment' }).click();
  await page.getByRole('timer', { name: 'Time remaining' }).waitFor();
  for (const question of component.data.questions ?? []) {
    const group = page.getByRole('radiogroup', { name: question.question, exact: true });
    const label =
      question.type === 'TRUE_FALSE' ? (question.correctAnswer === 'true' ? 'True' : 'False') : question.correctAnswer;
    await group.getByLabel(label, { exact: true }).check();
  }
  await page.getByRole('button', { name: 'Submit Assessment' }).click();
  await page.getByRole('heading', { level: 1, name: 'Passed' }).waitFor();
}

/**
 * On a material's page at 390 px: stays on each page long enough to count (3 s) and turns it with the
 * pager below the page (the phone's reader is at the foot), until Complete & Continue shows.
 */
export async function readMaterialInBrowser(page: Page) {
  const complete = page.getByRole('button', { name: 'Complete & Continue' });
  await page.getByRole('img', { name: /^Page 1 of \d+$/ }).waitFor();
  for (let turns = 0; turns < 20 && !(await complete.isVisible()); turns++) {
    await page.waitForTimeout(3300);
    const next = page.getByRole('toolbar', { name: 'Page controls below the page' }).getByRole('button', {
      name: 'Next page',
    });
    if ((await next.count()) > 0 && (await next.getAttribute('aria-disabled')) !== 'true') await next.click();
  }
  expect(await page.getByRole('progressbar', { name: 'Material progress' }).getAttribute('aria-valuenow')).toBe('100');
  return complete;
}

/** A downloaded PDF's name and its text as pdftotext reads it (the file is removed afterwards). */
export async function pdfText(download: Download): Promise<{ filename: string; text: string }> {
  const folder = mkdtempSync(join(tmpdir(), 'download-'));
  try {
    const file = join(folder, download.suggestedFilename());
    await download.saveAs(file);
    return {
      filename: download.suggestedFilename(),
      text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
