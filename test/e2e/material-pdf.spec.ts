import { afterEach, describe, expect, it } from 'vitest';
import { MIN_SECONDS_PER_PAGE } from '../../worker/contract/rules/viewing';
import { ACCOUNTS, openBrowser, signIn, VIEWPORTS, waitForPath, type BrowserSession } from './browser';
import { adminCourse, completeThroughApi } from './course-steps';
import { apiAs, unique } from './server';

/*
 * A PDF material on a phone, drawn by PDF.js: the seeded two-page "GHS Label Elements and
 * Pictograms" handout, opened by a new learner of the Hazard Communication book whose
 * pre-assessment is passed through the API. A page counts only after MIN_SECONDS_PER_PAGE on
 * screen; the material page and the course page show the same recorded percentage.
 */

const COURSE = 'GHS Labels and Pictograms';
const PASSWORD = 'Gr8!Labels-2026';

/** A learner of the course's book who has passed its pre-assessment; answers their user id. */
async function learnerAtTheMaterial(courseTitle: string) {
  const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  const username = `pdf${unique()}`;
  const created = await admin.request<{ user: { id: string }; password: string }>('/users', {
    body: { username, email: `${username}@example.com`, role: 'USER', firstName: 'Paige', lastName: 'Reader' },
  });
  const { course, ordered } = await adminCourse(admin, courseTitle);
  await admin.request('/users/domains/assign', {
    method: 'PUT',
    body: { userIds: [created.user.id], domainIds: [course.domainId] },
  });
  const first = await apiAs(username, created.password);
  await first.request('/auth/password', {
    method: 'PUT',
    body: { currentPassword: created.password, newPassword: PASSWORD },
  });
  const learner = await apiAs(username, PASSWORD);
  await learner.request(`/v2/user/progress/courses/${course.id}/enroll`, { method: 'POST' });
  const pre = ordered[0]!;
  expect(pre.type).toBe('PRE_ASSESSMENT');
  await completeThroughApi(learner, created.user.id, pre);
  const material = ordered.find((c) => c.type === 'MATERIAL')!;
  const next = ordered[ordered.indexOf(material) + 1]!;
  return { username, learner, courseId: course.id, material, next };
}

describe('PDF materials', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('a learner on a 390 px phone reads a two-page PDF fit to width, turns the page with the keyboard, and each page counts only after it was shown long enough', async () => {
    const { username, learner, courseId, material, next } = await learnerAtTheMaterial(COURSE);
    const serverProgress = async () =>
      (
        await learner.request<{
          componentProgresses: { componentId: string; progressPercentage: number; status: string }[];
        }>(`/v2/user/progress/courses/${courseId}`)
      ).componentProgresses.find((p) => p.componentId === material.id)!;

    session = await openBrowser(VIEWPORTS.phone);
    const { page } = session;
    const cspViolations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await signIn(session, username, PASSWORD);
    await session.open(`/course/${courseId}/material/${material.id}`);
    const progressbar = page.getByRole('progressbar', { name: 'Material progress' });
    const progressIs = (value: number) =>
      page.waitForFunction(
        (v) =>
          document
            .querySelector('[role=progressbar][aria-label="Material progress"]')
            ?.getAttribute('aria-valuenow') === String(v),
        value,
        { timeout: 10_000 },
      );

    // Page 1, the whole width of the phone: no horizontal scrolling anywhere.
    await page.getByRole('img', { name: 'Page 1 of 2' }).waitFor();
    const shownAt = Date.now();
    expect(await progressbar.getAttribute('aria-valuenow')).toBe('0');
    const fit = await page.evaluate(() => ({
      canvas: document.querySelector('canvas')!.getBoundingClientRect(),
      viewport: document.documentElement.clientWidth,
      scroll: document.documentElement.scrollWidth,
    }));
    expect(fit.canvas.width).toBeGreaterThan(VIEWPORTS.phone.width * 0.8);
    expect(fit.canvas.left).toBeGreaterThanOrEqual(0);
    expect(fit.canvas.right).toBeLessThanOrEqual(fit.viewport);
    expect(fit.scroll).toBeLessThanOrEqual(fit.viewport);
    // Download is the file's own link.
    const download = page.getByRole('link', { name: 'Download' });
    expect(await download.getAttribute('download')).toBe('ghs-label-elements-and-pictograms.pdf');
    expect(await download.getAttribute('href')).toMatch(/\/api\/v2\/materials\/[0-9a-f-]{36}\/file\?/);

    // Half the document once page 1 was on screen for the minimum time (less a little for how late the page was seen).
    await progressIs(50);
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(MIN_SECONDS_PER_PAGE * 1000 - 300);
    expect(await serverProgress()).toMatchObject({ status: 'IN_PROGRESS', progressPercentage: 50 });
    await page
      .getByText(`1 of 2 pages viewed. A page counts once it has been on screen for ${MIN_SECONDS_PER_PAGE} seconds.`)
      .waitFor();

    // The course page shows the same number.
    await page.getByRole('link', { name: 'Back to Course' }).click();
    await waitForPath(page, `/course/${courseId}`);
    const item = page
      .getByRole('list', { name: 'Course components' })
      .getByRole('listitem')
      .filter({ hasText: material.data.title });
    await item.getByText('50% viewed').waitFor();

    // Back on the material, page 1 is remembered; the keyboard turns to page 2, which counts after its own minimum time.
    await page.getByRole('link', { name: `Continue: ${material.data.title}` }).click();
    await page.getByRole('img', { name: 'Page 1 of 2' }).waitFor();
    expect(await progressbar.getAttribute('aria-valuenow')).toBe('50');
    await page.getByRole('region', { name: /Page 1 of 2$/ }).focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('img', { name: 'Page 2 of 2' }).waitFor();
    const turnedAt = Date.now();
    await page.getByRole('toolbar', { name: 'PDF controls' }).getByText('Page 2 of 2', { exact: true }).waitFor();
    await progressIs(100);
    expect(Date.now() - turnedAt).toBeGreaterThanOrEqual(MIN_SECONDS_PER_PAGE * 1000 - 300);
    // The server completes the material once it judges the viewing plausible; until then the client
    // asks again a little later (web/state/material.tsx), so on a loaded machine this can lag the bar.
    await expect
      .poll(serverProgress, { timeout: 20_000, interval: 500 })
      .toMatchObject({ status: 'COMPLETED', progressPercentage: 100 });
    // "Complete & Continue" opens the next component (issue 26), whose page leads back to the course.
    await page.getByRole('button', { name: 'Complete & Continue' }).click();
    await waitForPath(page, `/course/${courseId}/assessment/${next.id}`);
    await page.getByRole('link', { name: 'Back to Course' }).first().click();
    await waitForPath(page, `/course/${courseId}`);
    await item.getByText('Completed', { exact: true }).waitFor();
    expect(cspViolations).toEqual([]);
  }, 60_000);
});
