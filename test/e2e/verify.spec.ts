import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accessibilityAudit, resize } from './axe';
import { openBrowser, VIEWPORTS, waitForPath, type BrowserSession } from './browser';
import { d1 } from './server';

/*
 * A visitor holding a printed certificate checks it: from the landing page (or the bare
 * /certificate/verify address) to /verify, the number typed carelessly, the result page.
 */

const WIDE = { width: 1440, height: 900 };

/** A certificate in force from the demo data: the paper the visitor holds. */
async function heldCertificate(): Promise<{ number: string; name: string }> {
  const [row] = await d1<{ certificate_number: string; user_name: string }>(
    "SELECT certificate_number, user_name FROM certificates WHERE revoked_at IS NULL AND expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now') ORDER BY issued_at DESC LIMIT 1",
  );
  if (!row) throw new Error('the demo data has no certificate in force');
  return { number: row.certificate_number, name: row.user_name };
}

/** "CERT-2026-000123" as a hurried person types it: " cert-2026 - 000 123 ". */
function carelessly(number: string): string {
  const [prefix, year, serial] = number.split('-');
  return ` ${prefix.toLowerCase()}-${year} - ${serial.slice(0, 3)} ${serial.slice(3)} `;
}

describe('certificate verification for visitors', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await openBrowser(WIDE);
  });
  afterEach(async () => {
    await session?.close();
  });

  it('from the landing page, a number typed with spaces and small letters finds the certificate; axe-clean at 1440 and 390 px', async () => {
    const { page } = session;
    const held = await heldCertificate();
    await session.open('/');
    await page
      .getByRole('navigation', { name: 'Page sections' })
      .getByRole('link', { name: 'Verify a certificate' })
      .click();
    await waitForPath(page, '/verify');
    await page.getByRole('heading', { level: 1, name: 'Verify a Certificate' }).waitFor();

    const audit = accessibilityAudit();
    await audit.check(page, '/verify');
    await resize(page, VIEWPORTS.phone);
    await audit.check(page, '/verify');
    await resize(page, WIDE);

    // The script tidies the number before it is sent: the request already carries the stored form.
    const sent = page.waitForRequest((request) => request.url().includes('/certificate/verify/lookup'));
    await page.getByLabel('Certificate number').fill(carelessly(held.number));
    await page.getByRole('button', { name: 'Verify' }).click();
    expect(new URL((await sent).url()).searchParams.get('number')).toBe(held.number);
    await waitForPath(page, `/certificate/verify/${held.number}`);
    await page.getByRole('heading', { level: 1, name: 'Valid Certificate' }).waitFor();
    await page.getByText(held.name, { exact: true }).waitFor();

    await audit.check(page, 'verification result');
    await resize(page, VIEWPORTS.phone);
    await audit.check(page, 'verification result');
    audit.assertClean();
  });

  it('on a phone with scripts off: the footer link, the form, the Worker forgives the spacing', async () => {
    const context = await session.context
      .browser()!
      .newContext({ baseURL: session.baseURL, javaScriptEnabled: false, viewport: VIEWPORTS.phone });
    try {
      const page = await context.newPage();
      const held = await heldCertificate();
      await page.goto('/');
      // The header's section links are hidden on a phone; the footer carries the link.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Verify a certificate' }).click();
      await waitForPath(page, '/verify');
      await page.getByLabel('Certificate number').fill(carelessly(held.number).toUpperCase());
      await page.getByLabel('Certificate number').press('Enter');
      await waitForPath(page, `/certificate/verify/${held.number}`);
      await page.getByRole('heading', { level: 1, name: 'Valid Certificate' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('/certificate/verify without a number leads to the verification page, not to a dashboard', async () => {
    const { page } = session;
    const held = await heldCertificate();
    const response = await page.goto('/certificate/verify');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Which certificate?' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to Dashboard' }).count()).toBe(0);

    const audit = accessibilityAudit();
    await audit.check(page, '/certificate/verify (no number)');
    await resize(page, VIEWPORTS.phone);
    await audit.check(page, '/certificate/verify (no number)');
    await resize(page, WIDE);
    audit.assertClean();

    await page.getByRole('link', { name: 'Open the certificate verification page' }).click();
    await waitForPath(page, '/verify');
    await page.getByLabel('Certificate number').fill(held.number.toLowerCase());
    await page.getByLabel('Certificate number').press('Enter');
    await waitForPath(page, `/certificate/verify/${held.number}`);
    await page.getByRole('heading', { level: 1, name: 'Valid Certificate' }).waitFor();
  });
});
