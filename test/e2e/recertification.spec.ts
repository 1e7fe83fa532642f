import { afterEach, describe, expect, it } from 'vitest';
import { accessibilityAudit } from './axe';
import { ACCOUNTS, openBrowser, signIn, VIEWPORTS, waitForPath, type BrowserSession } from './browser';
import { adminCourse, completeThroughApi, passInBrowser } from './course-steps';
import { apiAs, d1 } from './server';

/*
 * Recertification end to end, as Jordan (books: Electrical Safety, Working at Heights, Fire
 * Safety), whom no other journey uses: Jordan's seeded LOTO certificate is made to expire in 10
 * days and the admin makes the course required, so the dashboard offers "Recertify". The
 * recertify click and the final assessment happen in the browser; the steps before it in the new
 * cycle (pre-assessment, material) are covered by other journeys and go through the API.
 */

const JORDAN = { username: 'jordan', password: ACCOUNTS.learner.password };
const COURSE = 'Lockout/Tagout (LOTO) for Authorized Employees';
const STARTED = 'A new training cycle has started. Your previous progress and certificates are kept in your history.';
const DAY = 24 * 3600 * 1000;

describe('recertification', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it("a learner with an expiring certificate recertifies from the dashboard and the new certificate's verification page shows the chain", async () => {
    // Arrange: the course is required of Jordan's book, and Jordan's certificate expires in 10 days.
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const { course, ordered } = await adminCourse(admin, COURSE);
    const final = ordered.at(-1)!;
    expect(final.type).toBe('POST_ASSESSMENT');
    // A retry finds the requirement from the first try: 409 (same course and audience) is as good as 201.
    await admin
      .request('/v2/admin/requirements', { body: { courseId: course.id, bookId: course.domainId } })
      .catch((error: Error) => {
        if (!error.message.includes(' 409 ')) throw error;
      });

    const jordan = await apiAs(JORDAN.username, JORDAN.password);
    const me = await jordan.request<{ id: string }>('/auth/user');
    const old = await jordan.request<{ exists: boolean; certificateNumber: string }>(
      `/v2/certificates/user/${course.id}`,
    );
    expect(old.exists).toBe(true);
    const expiresAt = new Date(Date.now() + 10 * DAY).toISOString();
    await d1(
      `UPDATE certificates SET expires_at = '${expiresAt}' WHERE user_id = '${me.id}' AND course_id = '${course.id}'`,
    );

    session = await openBrowser(VIEWPORTS.desktop);
    const { page } = session;
    await signIn(session, JORDAN.username, JORDAN.password);
    await waitForPath(page, '/dashboard');

    // The dashboard lists the course as due soon, with its expiry, and offers Recertify.
    const panel = page.getByRole('region', { name: 'Required training' });
    const item = panel.getByRole('listitem', { name: COURSE });
    await item.getByText('Due soon', { exact: true }).waitFor();
    await item.getByText(/^Valid until /).waitFor();
    expect(await item.locator('time').getAttribute('datetime')).toBe(expiresAt);

    // The course page offers it too, behind a confirmation; Cancel changes nothing. Both pass axe.
    const audit = accessibilityAudit();
    await page.goto(`/course/${course.id}`);
    const offer = page.getByRole('region', { name: 'Time to recertify' });
    await offer.getByRole('button', { name: 'Start recertification' }).waitFor();
    await audit.atBothWidths(page, 'course with recertification due');
    await offer.getByRole('button', { name: 'Start recertification' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Start recertification?' });
    await confirm.waitFor();
    await audit.dialog(page, 'start recertification dialog', confirm);
    // The safe choice has focus: Enter cancels.
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    audit.assertClean();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Start recertification');
    await page.goto('/dashboard');
    await item.getByText('Due soon', { exact: true }).waitFor();
    await item.getByRole('button', { name: `Recertify: ${COURSE}` }).click();

    // A new cycle: the course page at 0 %, the toast says so, the old certificate still counts.
    await waitForPath(page, `/course/${course.id}`);
    await page.getByText(STARTED).first().waitFor();
    await page.getByRole('button', { name: 'Start Course' }).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Course progress' }).getAttribute('aria-valuenow')).toBe('0');
    const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1, name: COURSE }) });
    await header.getByText('Required', { exact: true }).waitFor();
    await header.getByText('Due soon', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Start recertification' }).count()).toBe(0);

    // Taking the course again: the steps before the final assessment through the API, the final one in the browser.
    for (const component of ordered.slice(0, -1)) await completeThroughApi(jordan, me.id, component);
    await page.reload();
    await page.getByRole('link', { name: `Start: ${final.data.title}` }).click();
    await waitForPath(page, `/course/${course.id}/assessment/${final.id}`);
    await passInBrowser(page, final);
    await page.getByRole('link', { name: 'Back to Course' }).first().click();
    await waitForPath(page, `/course/${course.id}`);

    // The new certificate, shown by the dialog that opens on completion.
    const dialog = page.getByRole('dialog', { name: 'Course Completion Certificate' });
    const numberCell = dialog.getByTestId('certificate-number');
    await numberCell.getByText(/^CERT-\d{4}-\d{6}$/).waitFor();
    const renewed = (await numberCell.textContent())!.trim();
    expect(renewed).not.toBe(old.certificateNumber);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // The chain on the public verification pages: the new one renews the old, the old is superseded.
    await page.goto(`/certificate/verify/${renewed}`);
    await page.getByRole('heading', { level: 1, name: 'Valid Certificate' }).waitFor();
    const renewsRow = page.locator('.row').filter({ has: page.getByText('Renews', { exact: true }) });
    await renewsRow.getByRole('link', { name: old.certificateNumber, exact: true }).waitFor();
    await page.goto(`/certificate/verify/${old.certificateNumber}`);
    await page.getByText('Superseded by').waitFor();
    const status = page.locator('.row').filter({ hasText: 'Superseded by' });
    await status.getByRole('link', { name: renewed, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/certificate/verify/${renewed}`);

    // Back on the dashboard the course is compliant again, with nothing to do.
    await session.open('/dashboard');
    const after = page.getByRole('region', { name: 'Required training' }).getByRole('listitem', { name: COURSE });
    await after.getByText('Compliant', { exact: true }).waitFor();
    expect(await after.getByRole('button').count()).toBe(0);
    expect(await after.getByRole('link').count()).toBe(0);
  }, 120_000);
});
