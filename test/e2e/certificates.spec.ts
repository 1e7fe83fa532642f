import { readFile } from 'node:fs/promises';
import type { Download } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { readQrFromPdf } from '../unit/pdf-qr';
import { ACCOUNTS, openBrowser, signIn, VIEWPORTS, waitForPath, type BrowserSession } from './browser';
import { adminCourse, completeThroughApi, passInBrowser } from './course-steps';
import { apiAs } from './server';

/*
 * Certificates end to end, as Sam (book: Working at Heights), whom no other journey uses: Sam
 * passes the pre-assessment and reads the material of "Ladder Safety Essentials" (arranged through
 * the API with the admin's answer key), then passes the final assessment in the browser. The
 * certificate dialog opens by itself and downloads the PDF once; the dashboard shows the course
 * certified; the link in the PDF's QR code opens the public page that says "Valid Certificate".
 */

const SAM = { username: 'sam', password: ACCOUNTS.learner.password };
const COURSE = 'Ladder Safety Essentials';

let baseURL = '';

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
    // Everything before the final assessment through the API, the final one in the browser.
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const sam = await apiAs(SAM.username, SAM.password);
    const me = await sam.request<{ id: string }>('/auth/user');
    const { course, ordered } = await adminCourse(admin, COURSE);
    const courseId = course.id;
    const final = ordered.at(-1)!;
    expect(final.type).toBe('POST_ASSESSMENT');
    await sam.request(`/v2/user/progress/courses/${courseId}/enroll`, { method: 'POST' });
    for (const component of ordered.slice(0, -1)) await completeThroughApi(sam, me.id, component);

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
    const certificate = await sam.request<{ exists: boolean; certificateNumber: string }>(
      `/v2/certificates/user/${courseId}`,
    );
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
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download Certificate' }).click(),
    ]);
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
    await page
      .getByRole('listitem')
      .filter({ hasText: COURSE })
      .getByRole('button', { name: `Download certificate for ${COURSE}` })
      .waitFor();

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
