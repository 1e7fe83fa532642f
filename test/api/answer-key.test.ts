import { describe, expect, it, vi } from 'vitest';
import { completeMaterial, createCourse, enroll } from './fixtures';
import { api, createUser, login, type ApiResult } from './helpers';

// Whole journeys of real HTTP calls: allow for a loaded machine running every suite at once.
vi.setConfig({ testTimeout: 30_000 });

const LEAKS = /isCorrect|correctAnswer/;

/**
 * The answer key may reach a learner only in the result of a submitted attempt. This walks every
 * learner GET of courses, progress and assessments (and the bodies of start and autosave) at each
 * step of a course, before each submission, and scans the raw JSON text.
 */
describe('the answer key never reaches a learner before submitting', () => {
  it('scans every learner response of a course from browsing to the open post-assessment', async () => {
    const course = await createCourse({ shuffleQuestions: true });
    const user = await createUser({ domainIds: [course.domainId] });
    const token = await login(user);
    const pre = course.pre!;
    const post = course.post!;
    const scanned: string[] = [];

    const scan = async (method: string, path: string, body?: unknown): Promise<ApiResult> => {
      const res = await api(method, path, { token, body });
      const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
      expect(text, `${method} ${path}`).not.toMatch(LEAKS);
      scanned.push(`${method} ${path} ${res.status}`);
      return res;
    };
    const walkGets = async () => {
      await scan('GET', '/api/v2/user/courses');
      await scan('GET', '/api/v2/user/courses?showAll=true&search=fire&sortBy=alphabetical');
      await scan('GET', `/api/v2/user/courses/${course.courseId}`);
      await scan('GET', '/api/v2/user/progress/courses');
      await scan('GET', `/api/v2/user/progress/courses/${course.courseId}`);
      await scan('GET', '/api/v2/user/assessments/incomplete');
      await scan('GET', '/api/v2/user/reports');
      // The scans of the newer endpoints only prove something if they answered.
      expect((await scan('GET', '/api/v2/user/reports/summary')).status).toBe(200);
      expect((await scan('GET', '/api/v2/certificates/user/all')).status).toBe(200);
      for (const a of [pre, post]) {
        await scan('GET', `/api/v2/user/assessments/${a.componentId}/questions`);
        await scan('GET', `/api/v2/user/assessments/${a.componentId}/attempts`);
        await scan('GET', `/api/v2/user/assessments/${a.componentId}/latest-attempt`);
        await scan('GET', `/api/v2/user/assessments/${a.componentId}/can-retry`);
        expect((await scan('GET', `/api/v2/user/progress/components/${a.componentId}/access`)).status).toBe(200);
      }
    };

    await walkGets(); // not enrolled
    await enroll(token, course.courseId);
    await walkGets(); // enrolled

    const start = await scan('POST', `/api/v2/user/assessments/${pre.componentId}/start`);
    await scan('PUT', `/api/v2/user/assessments/attempts/${start.body.attemptId}/answers`, { answers: pre.answers });
    await scan('GET', `/api/v2/user/assessments/attempts/${start.body.attemptId}`); // open: 404
    await walkGets(); // pre-assessment open

    // Positive control: the submitted result does carry the key, so the scanner would notice it.
    const submitted = await api('POST', `/api/v2/user/assessments/attempts/${start.body.attemptId}/submit`, {
      token,
      body: {},
    });
    expect(submitted.status).toBe(200);
    expect(JSON.stringify(submitted.body)).toMatch(LEAKS);

    await completeMaterial(token, course.material!.componentId);
    const postStart = await scan('POST', `/api/v2/user/assessments/${post.componentId}/start`);
    await scan('PUT', `/api/v2/user/assessments/attempts/${postStart.body.attemptId}/answers`, {
      questionId: post.questionIds[0],
      answer: 'CO2',
    });
    await walkGets(); // post-assessment open, the pre-assessment's result exists

    // The course detail carries question ids only: neither texts nor keys.
    const detail = await api('GET', `/api/v2/user/courses/${course.courseId}`, { token });
    expect(detail.body.components[0].data.questions).toEqual(pre.questionIds.map((id) => ({ id })));
    for (const q of [...pre.data.questions, ...post.data.questions])
      expect(JSON.stringify(detail.body)).not.toContain(q.question);

    expect(scanned.length).toBeGreaterThan(40);
    expect(scanned.filter((line) => line.endsWith(' 200')).length).toBeGreaterThan(30);
  });
});
