import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { WIDE } from './admin-steps';
import { expectAccessible, resize } from './axe';
import { ACCOUNTS, app, openBrowser, signIn, VIEWPORTS, waitForPath, type BrowserSession } from './browser';
import { apiAs, d1, unique } from './server';

/** Where the journey leaves its screenshots, for a person to look at (not compared). */
const SHOTS = process.env.E2E_SHOTS_DIR;

describe('classroom sessions (admin)', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('an admin schedules a session from the matrix for everyone not compliant, marks attendance, signs off and amends one mark with a reason', async () => {
    const run = unique();
    const department = `Phlebotomy ${run}`;
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    // The book, the blended course and the requirement are other journeys' screens (admin-content,
    // compliance): set up through the API here.
    const bookName = `Blended ${run}`;
    await admin.request('/domains', { body: { name: bookName, description: 'Blended courses' } });
    const books = await admin.request<{ id: string; name: string }[]>('/domains');
    const book = books.find((b) => b.name === bookName)!;
    const courseTitle = `Bloodborne pathogens ${run}`;
    const course = await admin.request<{ id: string }>('/v2/admin/courses', {
      body: { title: courseTitle, description: 'Blended: pre-work, classroom, post-assessment', domainId: book.id },
    });
    await admin.request(`/v2/admin/courses/${course.id}/components`, {
      body: { type: 'CLASSROOM', data: { title: 'Hands-on: sharps and spills' } },
    });
    await admin.request(`/v2/admin/courses/${course.id}/publish`, { method: 'POST' });
    const people: Record<'ana' | 'ben' | 'tess', { id: string; name: string }> = {} as never;
    for (const [key, first] of [
      ['ana', 'Ana'],
      ['ben', 'Ben'],
      ['tess', 'Tess'],
    ] as const) {
      const username = `${key}.${run}`;
      const { user } = await admin.request<{ user: { id: string } }>('/users', {
        body: {
          username,
          email: `${username}@clinic.example`,
          role: 'USER',
          firstName: first,
          lastName: `Vial ${run}`,
        },
      });
      // Tess trains; she is not in the department the requirement covers.
      const dept = key === 'tess' ? `Education ${run}` : department;
      await admin.request(`/users/${user.id}`, { method: 'PUT', body: { department: dept, jobTitle: 'Phlebotomist' } });
      people[key] = { id: user.id, name: `${first} Vial ${run}` };
    }
    await admin.request('/users/domains/assign', {
      method: 'PUT',
      body: { userIds: [people.ana.id, people.ben.id], domainIds: [book.id] },
    });
    await admin.request('/v2/admin/requirements', { body: { courseId: course.id, bookId: book.id, department } });

    const started = Date.now();
    session = await openBrowser(WIDE);
    const { page } = session;
    await signIn(session, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await waitForPath(page, '/admin');
    await session.open(`/admin/compliance?department=${encodeURIComponent(department)}`);
    await app(page).getByRole('link', { name: people.ben.name }).waitFor();
    // The requirement's column offers "Schedule a session" for everyone it finds not compliant.
    await app(page)
      .getByRole('link', { name: `Schedule a session for everyone not compliant on ${courseTitle}` })
      .click();
    await waitForPath(page, '/admin/sessions/new');
    const form = app(page);
    await form.getByText(`Everyone not yet compliant on “${courseTitle}” is invited when you save.`).waitFor();
    expect(await form.getByLabel('Title').inputValue()).toBe(courseTitle);
    // The requirement's blended course and its one classroom step come chosen.
    await form
      .getByRole('combobox', { name: /^Course/ })
      .getByText(courseTitle)
      .waitFor();
    await form
      .getByRole('combobox', { name: /^Classroom step/ })
      .getByText('Hands-on: sharps and spills')
      .waitFor();
    await form.getByLabel('Outline', { exact: true }).fill('Exposure control plan; PPE; what to do after an exposure.');
    await form.getByLabel('Find a trainer').fill(`Tess Vial ${run}`);
    await form.getByRole('button', { name: `Add trainer ${people.tess.name}` }).click();
    await form.getByRole('list', { name: 'Chosen trainers' }).getByText(people.tess.name).waitFor();
    await form.getByLabel('Location').fill('Training room 2');
    await form.getByLabel('Capacity').fill('12');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/session-schedule-1440.png`, fullPage: true });
    await expectAccessible(page, 'schedule a session (1440 px)');
    await form.getByRole('button', { name: 'Schedule and invite' }).click();

    await page.waitForURL((url) => /^\/admin\/sessions\/[0-9a-f-]{36}$/.test(url.pathname));
    const sessionId = page.url().split('/').pop()!;
    const roster = app(page).getByRole('table', { name: 'Roster' });
    for (const person of [people.ana, people.ben]) {
      await roster.getByRole('row').filter({ hasText: person.name }).getByText('Invited').waitFor();
    }
    expect(await roster.getByText(people.tess.name).count()).toBe(0);

    // The session starts tomorrow; sign-off waits for its start. The time in between passes here.
    await d1(
      `UPDATE classroom_sessions SET starts_at = '${new Date(Date.now() - 50 * 60_000).toISOString()}' WHERE id = '${sessionId}'`,
    );
    await page.reload();
    await app(page)
      .getByRole('button', { name: `Present: ${people.ana.name}` })
      .click();
    await roster
      .getByRole('row')
      .filter({ hasText: people.ana.name })
      .getByText('Marked by the trainer', { exact: false })
      .waitFor();
    await app(page)
      .getByRole('button', { name: `Absent: ${people.ben.name}` })
      .click();
    await app(page).getByRole('heading', { name: 'Roster: 1 present of 2' }).waitFor();
    await roster
      .getByRole('row')
      .filter({ hasText: people.ben.name })
      .getByText('Marked by the trainer', { exact: false })
      .waitFor();
    // Both marks stored: the pressed buttons say which.
    await app(page)
      .getByRole('button', { name: `Absent: ${people.ben.name}`, pressed: true })
      .waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/session-roster-1440.png`, fullPage: true });
    await expectAccessible(page, 'session roster (1440 px)');

    // Sign-off by keyboard: the button, the password, Enter.
    await app(page).getByRole('button', { name: 'Sign off the roster' }).focus();
    await page.keyboard.press('Enter');
    const signDialog = page.getByRole('dialog', { name: 'Sign off the roster' });
    await signDialog.getByText('I conducted this session and these people attended', { exact: false }).waitFor();
    await signDialog.getByLabel('Your password').fill('not my password');
    await page.keyboard.press('Enter');
    await signDialog.getByText('Your password is incorrect, so the roster was not signed').waitFor();
    await signDialog.getByLabel('Your password').fill(ACCOUNTS.admin.password);
    await page.keyboard.press('Enter');
    await signDialog.waitFor({ state: 'detached' });
    await app(page).getByText('Changes now need a reason.', { exact: false }).waitFor();
    expect(
      await app(page)
        .getByRole('button', { name: /^Present:/ })
        .count(),
    ).toBe(0);

    // Ben came in late after all: the amendment needs a reason.
    await app(page)
      .getByRole('button', { name: `Amend the attendance of ${people.ben.name}` })
      .click();
    const amend = page.getByRole('dialog', { name: `Amend: ${people.ben.name}` });
    await amend.getByText('This records the person as present', { exact: false }).waitFor();
    await amend.getByRole('button', { name: 'Save amendment' }).click();
    await amend.getByText('Give a reason for the change').waitFor();
    await amend.getByLabel('Reason for the change').fill('Arrived 20 minutes late; the trainer saw him attend.');
    await amend.getByRole('button', { name: 'Save amendment' }).click();
    await amend.waitFor({ state: 'detached' });
    const amendments = app(page).getByRole('region', { name: 'Amendments after sign-off' });
    await amendments.getByText('Absent → Present').waitFor();
    await amendments.getByText('Arrived 20 minutes late', { exact: false }).waitFor();
    // The attendance sheet comes as a file (the sheet's content is checked in session-sheet tests).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      app(page).getByRole('button', { name: 'Attendance sheet (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`attendance-${sessionId}.pdf`);
    expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
    console.log(`classroom-sessions-admin: on screen ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const [stored] = await d1<{ status: string; amendments: number; audits: number; invited: number }>(
      `SELECT s.status,
        (SELECT count(*) FROM session_amendments a WHERE a.session_id = s.id) AS amendments,
        (SELECT count(*) FROM audit_log l WHERE l.entity_id = s.id AND l.action = 'SESSION_ATTENDANCE_AMENDED') AS audits,
        (SELECT count(*) FROM session_invitations i WHERE i.session_id = s.id) AS invited
       FROM classroom_sessions s WHERE s.id = '${sessionId}'`,
    );
    expect(stored).toEqual({ status: 'SIGNED_OFF', amendments: 1, audits: 1, invited: 2 });

    await resize(page, VIEWPORTS.phone);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/session-signed-390.png`, fullPage: true });
    await expectAccessible(page, 'signed-off session (390 px)');
  });
});
