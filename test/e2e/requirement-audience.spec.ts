import { afterEach, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  app,
  openBrowser,
  signIn,
  VIEWPORTS,
  waitForPath,
  type BrowserSession,
  keepPicture,
} from './browser';
import { choose, matrixRow, WIDE } from './admin-steps';
import { expectAccessible, resize } from './axe';
import { apiAs, unique } from './server';

const BOOK = 'Hazard Communication';
const COURSE = 'Reading a Safety Data Sheet (SDS)';

describe('a requirement brings its training to the people it covers', () => {
  const sessions: BrowserSession[] = [];
  afterEach(async () => {
    for (const s of sessions.splice(0)) await s.close();
  });

  it('an admin sees who a requirement covers before saving, and they find the course enrolled', async () => {
    // Three people of a yard department of this run, holding no book at all. (Entering department and
    // job title on the users screen is another part of the work; here the accounts come from the API.)
    const run = unique();
    const department = `Yard ${run}`;
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const people: { id: string; username: string; password: string; name: string }[] = [];
    for (const first of ['Ada', 'Ben', 'Cleo']) {
      const username = `${first.toLowerCase()}.yard.${run}`;
      const created = await admin.request<{ user: { id: string }; password: string }>('/users', {
        body: { username, email: `${username}@yard.example`, role: 'USER', firstName: first, lastName: 'Yard' },
      });
      await admin.request(`/users/${created.user.id}`, { method: 'PUT', body: { department } });
      const password = 'Yard#2026worker';
      const own = await apiAs(username, created.password);
      await own.request('/auth/password', {
        method: 'PUT',
        body: { currentPassword: created.password, newPassword: password },
      });
      people.push({ id: created.user.id, username, password, name: `${first} Yard` });
    }

    // The safety manager's desk: 1440 px wide.
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

    // The count follows the terms as they are typed: nobody of a department that does not exist yet,
    // then the three people of the yard, named, although none of them holds the book.
    const preview = dialog.getByRole('status').filter({ hasText: /^Covers/ });
    await dialog.getByLabel('Department').fill(`${department} night shift`);
    await preview.filter({ hasText: 'Covers no one yet' }).waitFor();
    await dialog.getByLabel('Department').fill(department);
    await preview.filter({ hasText: 'Covers 3 people' }).waitFor();
    for (const person of people) await preview.getByText(person.name, { exact: false }).waitFor();
    await keepPicture(page, 'requirement-audience-dialog');
    // The count is part of the dialog at both widths, and the dialog stays accessible with it.
    await expectAccessible(page, 'requirement dialog with its audience, 1440 px');
    await resize(page, VIEWPORTS.phone);
    await preview.scrollIntoViewIfNeeded();
    await keepPicture(page, 'requirement-audience-dialog-390');
    await expectAccessible(page, 'requirement dialog with its audience, 390 px');
    await resize(page, WIDE);

    await dialog.getByRole('button', { name: 'Add requirement' }).click();
    await app(page).getByText('Requirement added').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // They are pending in the matrix (the filter narrows it to the yard).
    await page.getByLabel('Department').fill(department);
    await page.waitForURL((url) => url.searchParams.get('department') === department);
    const matrix = page.getByRole('region', { name: 'Compliance matrix' });
    for (const person of people) await matrixRow(matrix, person.name).getByText('Pending').waitFor();
    // The URL changes before the filtered page arrives: the count is polled until it narrows.
    await expect.poll(() => matrix.getByRole('row').count()).toBe(4);

    // Ben signs in: the book is his and the course is already enrolled (Start, not Enroll).
    const ben = people[1];
    const worker = await openBrowser(VIEWPORTS.desktop);
    sessions.push(worker);
    await signIn(worker, ben.username, ben.password);
    await worker.open('/my-courses');
    await worker.page.getByRole('link', { name: `Start: ${COURSE}` }).waitFor();
    expect(await worker.page.getByRole('link', { name: `Enroll: ${COURSE}` }).count()).toBe(0);
  });
});
