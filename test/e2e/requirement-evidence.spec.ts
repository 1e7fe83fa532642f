import { afterEach, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  app,
  openBrowser,
  signIn,
  tabTo,
  VIEWPORTS,
  waitForPath,
  type BrowserSession,
  keepPicture,
} from './browser';
import { choose, matrixRow, WIDE } from './admin-steps';
import { expectAccessible, resize } from './axe';
import { apiAs, d1, unique } from './server';

const BOOK = 'Hazard Communication';
const COURSE = 'Reading a Safety Data Sheet (SDS)';

describe('a requirement that needs a course and a credential together', () => {
  const sessions: BrowserSession[] = [];
  afterEach(async () => {
    for (const s of sessions.splice(0)) await s.close();
  });

  it('an admin names both on screen, and the matrix shows the person pending until both are held', async () => {
    const run = unique();
    const department = `Dock ${run}`;
    const typeName = `Forklift licence ${run}`;
    // The credential type is what the credential types screen makes (another part of issue 28): here
    // it comes straight from the database, as do the held certificate and credential below.
    const typeId = crypto.randomUUID();
    await d1(`INSERT INTO credential_types (id, name) VALUES ('${typeId}', '${typeName}')`);
    // One person of a department of this run (entering work data on screen is another journey).
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const username = `dana.dock.${run}`;
    const created = await admin.request<{ user: { id: string }; password: string }>('/users', {
      body: { username, email: `${username}@dock.example`, role: 'USER', firstName: 'Dana', lastName: 'Dock' },
    });
    await admin.request(`/users/${created.user.id}`, { method: 'PUT', body: { department } });
    const personId = created.user.id;
    const password = 'Dock#2026worker';
    await (await apiAs(username, created.password)).request('/auth/password', {
      method: 'PUT',
      body: { currentPassword: created.password, newPassword: password },
    });

    const session = await openBrowser(WIDE);
    sessions.push(session);
    const { page } = session;
    await signIn(session, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await waitForPath(page, '/admin');
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Compliance' }).click();
    await waitForPath(page, '/admin/compliance');
    await page.getByRole('button', { name: 'Add requirement' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add requirement' });
    await choose(page, dialog, /^Book/, BOOK);
    await choose(page, dialog, /^Course/, COURSE);
    // The credential box is reached and ticked from the keyboard.
    const credentials = dialog.getByRole('group', { name: 'Credentials' });
    const box = credentials.getByRole('checkbox', { name: typeName });
    await tabTo(page, box);
    await page.keyboard.press('Space');
    await page.waitForFunction((el) => (el as HTMLInputElement).checked, await box.elementHandle());
    await dialog.getByLabel('Department').fill(department);
    await dialog.getByRole('status').filter({ hasText: 'Covers 1 person' }).waitFor();
    await keepPicture(page, 'requirement-evidence-dialog');
    await expectAccessible(page, 'requirement dialog with evidence, 1440 px');
    await resize(page, VIEWPORTS.phone);
    await credentials.scrollIntoViewIfNeeded();
    await keepPicture(page, 'requirement-evidence-dialog-390');
    await expectAccessible(page, 'requirement dialog with evidence, 390 px');
    await resize(page, WIDE);
    await dialog.getByRole('button', { name: 'Add requirement' }).click();
    await app(page).getByText('Requirement added').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Pending, and the cell says what is still needed.
    await page.getByLabel('Department').fill(department);
    await page.waitForURL((url) => url.searchParams.get('department') === department);
    const matrix = page.getByRole('region', { name: 'Compliance matrix' });
    const row = matrixRow(matrix, 'Dana Dock');
    // The requirement has a column of its own, titled with both pieces (the book it gave her may
    // bring the course's other requirement into its own column too).
    const header = matrix.getByRole('columnheader', { name: `${COURSE} + ${typeName}` });
    await header.waitFor();
    const column = (await matrix.getByRole('columnheader').allInnerTexts()).findIndex((text) =>
      text.includes(typeName),
    );
    const cell = row.locator('th, td').nth(column);
    await cell.getByText('Pending').waitFor();
    await cell.getByText(`Needs: ${typeName}`).waitFor();

    // Dana's own panel says what she needs and where to get it, at both widths.
    const worker = await openBrowser(VIEWPORTS.phone);
    sessions.push(worker);
    await signIn(worker, username, password);
    await worker.open('/dashboard');
    const panel = worker.page.getByRole('listitem', { name: `${COURSE} + ${typeName}` });
    await panel.getByText(`Credential needed: ${typeName}. Upload it under My credentials`, { exact: false }).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await keepPicture(worker.page, 'requirement-evidence-learner-390');
    await expectAccessible(worker.page, 'learner panel with a credential requirement, 390 px');
    await resize(worker.page, WIDE);
    await panel.scrollIntoViewIfNeeded();
    await keepPicture(worker.page, 'requirement-evidence-learner');
    await expectAccessible(worker.page, 'learner panel with a credential requirement, 1440 px');

    // The credential alone (approved, as the approval screen leaves it): still pending, the course is missing.
    const now = new Date();
    const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    await d1(
      `INSERT INTO credentials (id, user_id, type_id, status, issuer, number, issued_on, expires_on, reviewed_at)
       VALUES ('${crypto.randomUUID()}', '${personId}', '${typeId}', 'APPROVED', 'Port authority', 'FL-${run}', '${day(-3)}', '${day(400)}', '${now.toISOString()}')`,
    );
    // The approval route clears the compliance snapshot in its own batch; a row written here does not.
    await d1('DELETE FROM compliance_cache');
    await page.reload();
    await cell.getByText(`${typeName} FL-${run}`).waitFor();
    await cell.getByText('Pending').waitFor();
    await cell.getByText(`Needs: ${COURSE}`).waitFor();

    // Then the course certificate (what passing the course issues): both held, compliant.
    const [course] = await d1<{ id: string }>(
      `SELECT id FROM courses WHERE title = '${COURSE.replace(/'/g, "''")}' LIMIT 1`,
    );
    const number = `CERT-E2E-${run.toUpperCase()}`;
    await d1(
      `INSERT INTO certificates (id, certificate_number, user_id, course_id, user_name, course_name, issued_at, expires_at)
       VALUES ('${crypto.randomUUID()}', '${number}', '${personId}', '${course.id}', 'Dana Dock', '${COURSE.replace(/'/g, "''")}', '${now.toISOString()}', '${day(365)}T00:00:00.000Z')`,
    );
    // Issuing a certificate clears the snapshot too.
    await d1('DELETE FROM compliance_cache');
    await page.reload();
    await cell.getByText('Compliant').waitFor();
    await cell.getByText(`Certificate ${number}`).waitFor();
    expect(await cell.getByText(/^Needs:/).count()).toBe(0);
    await cell.scrollIntoViewIfNeeded();
    await keepPicture(page, 'requirement-evidence-matrix');
    await expectAccessible(page, 'matrix with an evidence cell, 1440 px');
    await resize(page, VIEWPORTS.phone);
    await cell.scrollIntoViewIfNeeded();
    // The matrix scrolls sideways smoothly: the picture waits for the scroll to settle.
    await page.waitForTimeout(600);
    await keepPicture(page, 'requirement-evidence-matrix-390');
    await expectAccessible(page, 'matrix with an evidence cell, 390 px');
  });
});
