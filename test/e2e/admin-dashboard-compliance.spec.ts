import { afterEach, describe, expect, it } from 'vitest';
import { COMPLIANCE_CSV_HEADER, csvLines, WIDE } from './admin-steps';
import { expectAccessible, resize } from './axe';
import { ACCOUNTS, app, openBrowser, signIn, VIEWPORTS, waitForPath, type BrowserSession } from './browser';

/** Where the journey leaves its screenshots, for a person to look at (not compared). */
const SHOTS = process.env.E2E_SHOTS_DIR;

describe('admin dashboard: compliance first', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('an admin sees the compliance cards, opens overdue into the filtered matrix, a forecast bucket and the CSV', async () => {
    session = await openBrowser(WIDE);
    const { page } = session;
    await signIn(session, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await waitForPath(page, '/admin');

    // The compliance section leads the dashboard (the demo data has three requirements).
    const section = page.getByRole('region', { name: 'Compliance' });
    await section.getByText('Compliant', { exact: true }).waitFor();
    // The percentage comes with its level in words, not colour alone.
    await section.getByText(/^(On target|Below target|At risk) \(/).waitFor();
    await section.getByText('Overdue trainings').waitFor();
    await section.getByText('Due soon', { exact: true }).waitFor();
    const firstHeading = await page.locator('main h2').first().textContent();
    expect(firstHeading).toBe('Compliance');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-1440.png`, fullPage: true });
    await expectAccessible(page, 'admin dashboard with compliance cards (1440 px)');

    // The overdue card opens the matrix filtered to overdue people: the filter is in the address.
    await section.getByRole('link', { name: 'Show overdue' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/admin/compliance' && url.searchParams.get('status') === 'overdue',
    );
    await page
      .getByRole('combobox', { name: /^Status/ })
      .filter({ hasText: 'Overdue' })
      .waitFor();
    const matrix = page.getByRole('table');
    await matrix.waitFor();
    expect(await matrix.getByText('Overdue', { exact: true }).count()).toBeGreaterThan(0);

    // Back on the dashboard, the 90-day bucket opens the list of who lapses (names, course, date).
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await waitForPath(page, '/admin');
    const bucket = page.getByRole('region', { name: 'Compliance' }).getByRole('link', { name: /^Next 90 days: / });
    const bucketName = (await bucket.getAttribute('aria-label')) ?? '';
    const count = Number(/(\d+) (person|people)/.exec(bucketName)?.[1]);
    await bucket.click();
    await page.waitForURL((url) => url.pathname === '/admin/compliance' && url.searchParams.get('lapse') === '90');
    const list = page.getByRole('dialog', { name: 'Lapsing in the next 90 days' });
    await list.waitFor();
    // The dialog counts the same people as the bucket, and lists each lapse with a course and a date.
    await list
      .getByText(count === 1 ? '1 person' : `${count} people`, { exact: true })
      .first()
      .waitFor();
    if (count > 0) {
      const table = list.getByRole('table');
      for (const header of ['Person', 'Course', 'Lapses on'])
        await table.getByRole('columnheader', { name: header }).waitFor();
      const first = table.getByRole('row').nth(1);
      await first.getByRole('link').waitFor();
      expect(await first.getByRole('cell').nth(2).textContent()).toMatch(/\d/);
    } else {
      await list.getByText('Nobody lapses in the next 90 days').waitFor();
    }
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/lapses-1440.png` });
    await expectAccessible(page, 'who lapses in 90 days (1440 px)');
    if (SHOTS) {
      await resize(page, VIEWPORTS.phone);
      await page.screenshot({ path: `${SHOTS}/lapses-390.png` });
      await resize(page, WIDE);
    }
    await list.getByRole('button', { name: 'Close' }).first().click();
    await list.waitFor({ state: 'detached' });
    await page.waitForURL((url) => !url.searchParams.has('lapse'));

    // The export: UTF-8 with its byte-order mark, one column per fact.
    const download = page.waitForEvent('download');
    await app(page).getByRole('button', { name: 'Export CSV' }).click();
    const [header] = await csvLines(await download);
    expect(header).toBe(COMPLIANCE_CSV_HEADER);

    if (SHOTS) {
      await page.goto('/admin');
      await page.getByRole('region', { name: 'Compliance' }).getByText('Overdue trainings').waitFor();
      await resize(page, VIEWPORTS.phone);
      await page.screenshot({ path: `${SHOTS}/dashboard-390.png`, fullPage: true });
    }
  });
});
