import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { d1, type ApiClient } from './server';

/*
 * Taking a seeded course in a journey: the admin's view of it (with the answer key), the steps a
 * journey does not watch (through the API, as the learner's pages would), and an assessment passed
 * in the browser.
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
