import { afterEach, describe, expect, it } from 'vitest';
import { WIDE } from './admin-steps';
import { expectAccessible } from './axe';
import { ACCOUNTS, openBrowser, sessionCookie, signIn, VIEWPORTS, waitForPath, type BrowserSession } from './browser';
import { scanQr } from './qr-scan';
import { apiAs, newLearner, unique } from './server';

/** Where the journey leaves its screenshots, for a person to look at (not compared). */
const SHOTS = process.env.E2E_SHOTS_DIR;
const TABLET = { width: 820, height: 1180 } as const;

describe('classroom kiosk', () => {
  const sessions: BrowserSession[] = [];
  afterEach(async () => {
    for (const s of sessions.splice(0)) await s.close();
  });

  it('a learner sets a PIN on their profile, the trainer opens the kiosk on a tablet, one person signs in by PIN and one by badge', async () => {
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const bookName = `Kiosk ${unique()}`;
    await admin.request('/domains', { body: { name: bookName, description: 'Classroom kiosk' } });
    const [trainer, byPin, byBadge] = await Promise.all([
      newLearner(admin, [bookName]),
      newLearner(admin, [bookName]),
      newLearner(admin, [bookName]),
    ]);
    // Scheduling is the session screens' job (another journey): set up through the API here.
    const title = `Bloodborne pathogens ${unique()}`;
    const scheduled = await admin.request<{ session: { id: string } }>('/v2/admin/sessions', {
      body: {
        title,
        trainerIds: [trainer.id],
        location: 'Training room 4',
        startsAt: new Date(Date.now() + 10 * 60_000).toISOString(),
        endsAt: new Date(Date.now() + 70 * 60_000).toISOString(),
        capacity: 10,
        outline: 'Exposure control plan',
      },
    });
    const sessionId = scheduled.session.id;

    // The learner sets their PIN on their profile, on a phone, keyboard only.
    const phone = await openBrowser(VIEWPORTS.phone);
    sessions.push(phone);
    await signIn(phone, byPin.username, byPin.password);
    await phone.open('/profile');
    const pinCard = phone.page.getByRole('region', { name: 'Classroom kiosk' });
    await pinCard.getByText('You have not set a PIN yet.').waitFor();
    await pinCard.getByLabel(/^PIN/).focus();
    await phone.page.keyboard.type('1234');
    await phone.page.keyboard.press('Tab');
    await phone.page.keyboard.press('Tab'); // past the show-PIN toggle
    await phone.page.keyboard.type(byPin.password);
    await phone.page.keyboard.press('Enter');
    await pinCard.getByText('Choose a PIN that is harder to guess than repeated or consecutive digits').waitFor();
    await pinCard.getByLabel(/^PIN/).fill('');
    await pinCard.getByLabel(/^PIN/).focus();
    await phone.page.keyboard.type('4817');
    await phone.page.keyboard.press('Enter');
    await pinCard.getByText('Your PIN is saved.').waitFor();
    await pinCard.getByText(/^PIN set on /).waitFor();
    await expectAccessible(phone.page, 'profile with kiosk PIN at 390 px');
    if (SHOTS) await phone.page.screenshot({ path: `${SHOTS}/kiosk-profile-390.png`, fullPage: true });
    await phone.close();

    // The other learner's badge QR, read from their profile page as a scanner would.
    const desk = await openBrowser(WIDE);
    sessions.push(desk);
    await signIn(desk, byBadge.username, byBadge.password);
    await desk.open('/profile');
    const scanned = await scanQr(desk.page.getByTestId('badge-qr').locator('img'));
    expect(scanned).toMatch(new RegExp(`^${desk.baseURL}/badge/${byBadge.id}\\.[A-Za-z0-9_-]{16}$`));
    await expectAccessible(desk.page, 'profile with badge at 1440 px');
    if (SHOTS) await desk.page.screenshot({ path: `${SHOTS}/kiosk-profile-1440.png`, fullPage: true });
    await desk.close();

    // The trainer opens the kiosk on the tablet and is signed out of it at once.
    const tablet = await openBrowser(TABLET);
    sessions.push(tablet);
    const page = tablet.page;
    await signIn(tablet, trainer.username, trainer.password);
    await waitForPath(page, '/dashboard');
    const trainerToken = await sessionCookie(tablet);
    await tablet.open(`/sessions/${sessionId}/kiosk`);
    await page.getByRole('button', { name: 'Open kiosk on this tablet' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await expect.poll(() => sessionCookie(tablet)).toBeNull();
    const revoked = await fetch(`${tablet.baseURL}/api/auth/user`, {
      headers: { authorization: `Bearer ${trainerToken}` },
    });
    expect(revoked.status).toBe(401);
    await expectAccessible(page, 'kiosk at tablet size');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/kiosk-tablet.png`, fullPage: true });

    // By username and PIN, keyboard only: the badge field has the focus, the PIN form follows it.
    const badgeField = page.getByLabel('Badge');
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'kiosk-badge');
    await page.getByLabel('Username').focus();
    await page.keyboard.type(byPin.username);
    await page.keyboard.press('Tab');
    await page.keyboard.type('4817');
    await page.keyboard.press('Enter');
    await page.getByTestId('kiosk-welcome').getByText('Welcome, Robin Keys. You are checked in.').waitFor();
    await expectAccessible(page, 'kiosk welcome');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/kiosk-welcome-tablet.png` });
    // The screen clears itself for the next person, ready for a badge.
    await page.getByTestId('kiosk-welcome').waitFor({ state: 'detached', timeout: 8000 });
    expect(await page.getByLabel('Username').inputValue()).toBe('');
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'kiosk-badge');

    // By badge: the handheld scanner types the QR's text and Enter into the focused field.
    await page.keyboard.type(scanned);
    await page.keyboard.press('Enter');
    await page.getByTestId('kiosk-welcome').getByText('Welcome, Robin Keys. You are checked in.').waitFor();
    expect(await badgeField.count()).toBe(0);

    const trainerApi = await apiAs(trainer.username, trainer.password);
    const detail = await trainerApi.request<{
      session: { roster: { id: string; attendance: { present: boolean; method: string } | null }[] };
    }>(`/v2/sessions/${sessionId}`);
    const methodOf = (id: string) => detail.session.roster.find((r) => r.id === id)?.attendance?.method;
    expect(methodOf(byPin.id)).toBe('KIOSK_PIN');
    expect(methodOf(byBadge.id)).toBe('KIOSK_BADGE');

    // Only the trainer closes it, with their password.
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Close kiosk' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close the kiosk' });
    await dialog.getByLabel('Username').fill(trainer.username);
    await dialog.getByLabel('Password', { exact: true }).fill(trainer.password);
    await dialog.getByRole('button', { name: 'Close kiosk' }).click();
    await page.getByText('The trainer closed this kiosk.').waitFor();
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('kiosk:')))).toEqual([]);
    expect(await sessionCookie(tablet)).toBeNull();
  });
});
