import { afterEach, describe, expect, it } from 'vitest';
import { accessibilityAudit } from './axe';
import { ACCOUNTS, openBrowser, signIn, VIEWPORTS, waitForPath, type BrowserSession } from './browser';
import { adminCourse, completeThroughApi, pdfText } from './course-steps';
import { apiAs, d1, newLearner, unique, type ApiClient } from './server';

/*
 * Issue 26, certificates. A learner who has recertified finds both certificates under My
 * certificates on a phone and downloads the earlier one (read back with pdftotext); an
 * administrator revokes a certificate with a reason from the person's training record at 1440 px,
 * and the public verification page then says it is revoked. Each journey has a learner of its own.
 */

const BOOK = 'Hazard Communication';
const COURSE = 'Reading a Safety Data Sheet (SDS)';
const DAY = 24 * 3600 * 1000;
const WIDE = { width: 1440, height: 900 } as const;

interface Certificate {
  certificateId: string;
  certificateNumber: string;
}

/** Takes every component of the course through the API (the course pages are other journeys' subject). */
async function completeCourse(admin: ApiClient, learner: ApiClient, userId: string) {
  const { course, ordered } = await adminCourse(admin, COURSE);
  await learner.request(`/v2/user/progress/courses/${course.id}/enroll`, { method: 'POST' });
  for (const component of ordered) await completeThroughApi(learner, userId, component);
  return course;
}

/** A new learner certified in the course; with `recertified`, certified again in a second cycle. */
async function certifiedLearner(recertified: boolean) {
  const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
  const person = await newLearner(admin, [BOOK]);
  const learner = await apiAs(person.username, person.password);
  const course = await completeCourse(admin, learner, person.id);
  const first = await learner.request<Certificate & { exists: boolean }>(`/v2/certificates/user/${course.id}`);
  expect(first.exists).toBe(true);
  if (!recertified) return { person, course, first, second: null };
  // The first certificate comes due (expires in 10 days): the learner recertifies and passes again.
  await d1(
    `UPDATE certificates SET expires_at = '${new Date(Date.now() + 10 * DAY).toISOString()}' WHERE id = '${first.certificateId}'`,
  );
  await learner.request(`/v2/user/progress/courses/${course.id}/recertify`, { method: 'POST' });
  await completeCourse(admin, learner, person.id);
  const second = await learner.request<Certificate>(`/v2/certificates/user/${course.id}`);
  expect(second.certificateNumber).not.toBe(first.certificateNumber);
  return { person, course, first, second };
}

describe('certificates', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('a learner who recertified opens My certificates on a phone, sees both certificates and downloads the earlier one', async () => {
    const { person, first, second } = await certifiedLearner(true);

    session = await openBrowser(VIEWPORTS.phone);
    const { page } = session;
    await signIn(session, person.username, person.password);
    await waitForPath(page, '/dashboard');

    // From the navigation, as a person on a phone reaches it.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('link', { name: 'My Certificates' }).click();
    await waitForPath(page, '/my-certificates');
    await page.getByRole('heading', { name: 'My Certificates', level: 1 }).waitFor();

    // Both certificates: the newer one active, the earlier one superseded by it, each with a download.
    const newer = page.getByRole('button', { name: `Download certificate ${second!.certificateNumber}` });
    const earlier = page.getByRole('button', { name: `Download certificate ${first.certificateNumber}` });
    await newer.waitFor();
    await earlier.waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain('Superseded');
    expect(text).toContain(`Renewed by ${second!.certificateNumber}`);
    expect(text).toContain('Active');
    const audit = accessibilityAudit();
    await audit.atBothWidths(page, 'my certificates');
    audit.assertClean();
    // The audit ends at the wide layout: back to the phone for the download.
    await page.setViewportSize(VIEWPORTS.phone);

    const [download] = await Promise.all([page.waitForEvent('download'), earlier.click()]);
    const { filename, text: pdf } = await pdfText(download);
    expect(filename).toBe(`certificate-${first.certificateNumber}.pdf`);
    expect(pdf).toContain(first.certificateNumber);
    expect(pdf).toContain(COURSE);
    expect(pdf).not.toContain(second!.certificateNumber);
  });

  it('an administrator revokes a certificate with a reason on the training record, and the public verification shows it revoked', async () => {
    const { person, first } = await certifiedLearner(false);
    const reason = `Assessment taken by someone else ${unique()}`;

    session = await openBrowser(WIDE);
    const { page } = session;
    await signIn(session, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await page.goto(`/admin/compliance/people/${person.id}`);

    const revoke = page.getByRole('button', { name: `Revoke certificate ${first.certificateNumber}` });
    await revoke.click();
    const dialog = page.getByRole('dialog', { name: `Revoke certificate ${first.certificateNumber}` });
    await dialog.waitFor();
    const audit = accessibilityAudit();
    await audit.dialog(page, 'revoke certificate dialog', dialog);

    // No reason: refused on the field, nothing revoked.
    await dialog.getByRole('button', { name: 'Revoke certificate' }).click();
    await dialog.getByText('Give the reason for revoking this certificate').waitFor();
    const still = await d1<{ revoked_at: string | null }>(
      `SELECT revoked_at FROM certificates WHERE id = '${first.certificateId}'`,
    );
    expect(still[0].revoked_at).toBeNull();

    await dialog.getByLabel(/^Reason for revoking/).fill(reason);
    await dialog.getByRole('button', { name: 'Revoke certificate' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Certificate ${first.certificateNumber} revoked`).first().waitFor();
    // The record now shows it revoked, with the reason, and offers no second revocation.
    await page.getByText(`Reason: ${reason}`).waitFor();
    expect(await revoke.count()).toBe(0);
    audit.assertClean();

    const logged = await d1<{ reason: string; action: string }>(
      `SELECT reason, action FROM audit_log WHERE entity_id = '${first.certificateId}'`,
    );
    expect(logged).toEqual([{ reason, action: 'CERTIFICATE_REVOKED' }]);

    // The public verification page, as a visitor opens it from the record's link.
    const visitor = await openBrowser(WIDE);
    try {
      await visitor.page.goto(`/certificate/verify/${first.certificateNumber}`);
      await visitor.page.getByRole('heading', { name: 'Invalid Certificate' }).waitFor();
      await visitor.page.getByText('This certificate has been revoked by the issuer and is no longer valid.').waitFor();
      expect(await visitor.page.locator('body').textContent()).toContain('REVOKED');
    } finally {
      await visitor.close();
    }
  });
});
