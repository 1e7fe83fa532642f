import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, openBrowser, signIn, VIEWPORTS, waitForPath, type BrowserSession, keepPicture } from './browser';
import {
  adminCourse,
  joinedBookDaysAgo,
  passInBrowser,
  pdfText,
  readMaterialInBrowser,
  type AdminComponent,
} from './course-steps';
import { apiAs, d1, newLearner } from './server';

/*
 * Issue 26's worker journey, whole, on a phone: a new warehouse worker of two books opens the
 * dashboard, takes the required course it leads with (overdue ladder training) from Start to its
 * certificate, comes back when that certificate is about to expire, recertifies, and finds both
 * certificates under My certificates, the earlier one still downloadable. What an administrator
 * does (the person, the books, the seeded requirements, a year passing) is arranged through the
 * API and the database; everything the worker does is on screen.
 */

const LADDER = 'Ladder Safety Essentials';
const PASS = 'Fire Extinguisher Use: The PASS Technique';
const DAY = 24 * 3600 * 1000;

describe("the worker's daily path at 390 px", () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('Next up leads to the required course due soonest, Start needs no enrolment, Complete & Continue moves on, and after recertifying both certificates are listed and the earlier one downloads', async () => {
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    // Ladder Safety (Working at Heights, joined 40 days ago: overdue) and PASS (Fire Safety, joined
    // today: due later) are both required by the seeded requirements.
    const worker = await newLearner(admin, ['Working at Heights', 'Fire Safety']);
    await joinedBookDaysAgo(admin, worker.id, 'Working at Heights', 40);
    const { course: ladder, ordered } = await adminCourse(admin, LADDER);
    const [pre, material, post] = ordered as [AdminComponent, AdminComponent, AdminComponent];
    expect([pre.type, material.type, post.type]).toEqual(['PRE_ASSESSMENT', 'MATERIAL', 'POST_ASSESSMENT']);

    session = await openBrowser(VIEWPORTS.phone);
    const { page } = session;
    await signIn(session, worker.username, worker.password);
    await waitForPath(page, '/dashboard');

    /** One training cycle on screen from the course's first component: pre-assessment, handout, final assessment. */
    const takeCourse = async () => {
      await waitForPath(page, `/course/${ladder.id}/assessment/${pre.id}`);
      await passInBrowser(page, pre);
      await page.getByRole('link', { name: 'Back to Course' }).first().click();
      await waitForPath(page, `/course/${ladder.id}`);
      await page.getByRole('link', { name: `Open: ${material.data.title}` }).click();
      await waitForPath(page, `/course/${ladder.id}/material/${material.id}`);
      // Complete & Continue opens the next component, not the course page.
      await (await readMaterialInBrowser(page)).click();
      await waitForPath(page, `/course/${ladder.id}/assessment/${post.id}`);
      await passInBrowser(page, post);
      await page.getByRole('link', { name: 'Back to Course' }).first().click();
      await waitForPath(page, `/course/${ladder.id}`);
      const dialog = page.getByRole('dialog', { name: 'Course Completion Certificate' });
      const numberCell = dialog.getByTestId('certificate-number');
      await numberCell.getByText(/^CERT-\d{4}-\d{6}$/).waitFor();
      const number = (await numberCell.textContent())!.trim();
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      return number;
    };

    // The first card is Next up, and it holds the overdue required course, not PASS (due later).
    const nextUp = page.getByRole('region', { name: 'Next up' });
    await nextUp.getByText(LADDER).waitFor();
    await nextUp.getByText('Overdue', { exact: true }).waitFor();
    expect(await nextUp.getByText(PASS).count()).toBe(0);
    const firstRegion = await page
      .locator('main section')
      .first()
      .evaluate((el) => el.getAttribute('aria-labelledby') ?? el.getAttribute('aria-label'));
    expect(firstRegion).toBe('next-up-heading');

    // Start opens the first component: no Enroll button was ever pressed, yet the worker is enrolled.
    await nextUp.getByRole('button', { name: `Start: ${LADDER}` }).click();
    const first = await takeCourse();
    const enrolments = await d1<{ status: string }>(
      `SELECT status FROM course_progress WHERE user_id = '${worker.id}' AND course_id = '${ladder.id}'`,
    );
    expect(enrolments).toHaveLength(1);

    // Most of a year later: the certificate expires in 10 days, so the dashboard offers Recertify.
    await d1(
      `UPDATE certificates SET expires_at = '${new Date(Date.now() + 10 * DAY).toISOString()}' WHERE user_id = '${worker.id}' AND course_id = '${ladder.id}'`,
    );
    await session.open('/dashboard');
    const item = page.getByRole('region', { name: 'Required training' }).getByRole('listitem', { name: LADDER });
    await item.getByText('Due soon', { exact: true }).waitFor();
    await item.getByRole('button', { name: `Recertify: ${LADDER}` }).click();
    await waitForPath(page, `/course/${ladder.id}`);
    // The new cycle's message does not cover Start Course at 390 px: the button takes the click.
    await page.getByRole('button', { name: 'Start Course' }).click();
    const second = await takeCourse();
    expect(second).not.toBe(first);

    // My certificates, from the phone's navigation: both cycles, each with its download.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('link', { name: 'My Certificates' }).click();
    await waitForPath(page, '/my-certificates');
    const earlier = page.getByRole('button', { name: `Download certificate ${first}` });
    await page.getByRole('button', { name: `Download certificate ${second}` }).waitFor();
    await earlier.waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain(`Renewed by ${second}`);
    await keepPicture(page, 'worker-daily-certificates-390', { fullPage: true });

    // The earlier certificate downloads, and the PDF is that one (its number, not the newer one's).
    const [download] = await Promise.all([page.waitForEvent('download'), earlier.click()]);
    const pdf = await pdfText(download);
    expect(pdf.filename).toBe(`certificate-${first}.pdf`);
    expect(pdf.text).toContain(first);
    expect(pdf.text).toContain(LADDER);
    expect(pdf.text).not.toContain(second);
  }, 240_000);
});
