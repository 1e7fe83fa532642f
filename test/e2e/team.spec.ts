import { afterEach, describe, expect, inject, it } from 'vitest';
import { choose, WIDE } from './admin-steps';
import { accessibilityAudit } from './axe';
import { ACCOUNTS, app, openBrowser, signIn, waitForPath, type BrowserSession, keepPicture } from './browser';
import { apiAs, newLearner, unique } from './server';

// Issue 30: an admin adds a site and puts a worker at it under a supervisor on screen; the
// supervisor opens "My Team" on a phone and sees their crew's required training, and nobody else;
// then approves a crew member's credential, reminds her of what is lapsing and opens her record.

describe('a supervisor sees their team', () => {
  const sessions: BrowserSession[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
  });

  it('an admin sets the site and manager; the supervisor reads the team matrix at 390 px', async () => {
    const run = unique();
    const dept = `Yard ${run}`;
    const siteName = `North yard ${run}`;
    // Arranged through the API (the users screen's Add User, already proven elsewhere): the supervisor,
    // two crew members and an outsider of the same department, and a requirement on that department.
    const admin = await apiAs(ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    const sup = await newLearner(admin, ['Fire Safety']);
    const ana = await newLearner(admin, ['Fire Safety']);
    const ben = await newLearner(admin, ['Fire Safety']);
    const out = await newLearner(admin, ['Fire Safety']);
    for (const [person, first] of [
      [ana, 'Ana'],
      [ben, 'Ben'],
      [out, 'Oscar'],
    ] as const)
      await admin.request(`/users/${person.id}`, {
        method: 'PUT',
        body: { firstName: first, lastName: run, department: dept },
      });
    // Ben reports to Ana (an indirect report of the supervisor): the same step as Ana's below, done once on screen.
    await admin.request(`/users/${ben.id}`, { method: 'PUT', body: { managerId: ana.id } });
    const { courses } = await admin.request<{ courses: { id: string; domainId: string; status: string }[] }>(
      '/v2/admin/courses?page=1&limit=20&status=PUBLISHED',
    );
    const course = courses.find((c) => c.status === 'PUBLISHED')!;
    await admin.request('/v2/admin/requirements', {
      body: { courseId: course.id, bookId: course.domainId, department: dept, dueWithinDays: 10 },
    });
    // Ana has sent in her forklift card (the worker's own screen is proven in the credentials journey).
    const { type } = await admin.request<{ type: { id: string } }>('/v2/admin/credential-types', {
      body: { name: `Forklift card ${run}`, description: 'Counterbalance truck', requiresScan: false },
    });
    const baseURL = inject('baseURL');
    const login = await fetch(`${baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ana.username, password: ana.password }),
    });
    const { token: anaToken } = (await login.json()) as { token: string };
    const card = new FormData();
    const today = new Date().toISOString().slice(0, 10);
    for (const [key, value] of Object.entries({ typeId: type.id, issuer: 'Dock school', issuedOn: today }))
      card.append(key, value);
    card.append('expiresOn', `${Number(today.slice(0, 4)) + 2}${today.slice(4)}`);
    const sent = await fetch(`${baseURL}/api/v2/user/credentials`, {
      method: 'POST',
      headers: { authorization: `Bearer ${anaToken}` },
      body: card,
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const { credential } = (await sent.json()) as { credential: { id: string } };

    const session = await openBrowser(WIDE);
    sessions.push(session);
    const { page } = session;
    await signIn(session, ACCOUNTS.admin.username, ACCOUNTS.admin.password);
    await waitForPath(page, '/admin');

    // Sites: add one.
    await page.goto('/admin/sites');
    await page.getByRole('button', { name: 'Add site' }).click();
    const add = page.getByRole('dialog', { name: 'Add a site' });
    await add.getByLabel('Name').fill(siteName);
    await add.getByRole('button', { name: 'Add site' }).click();
    await add.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Sites' }).getByText(siteName).waitFor();
    const audit = accessibilityAudit();
    await audit.check(page, 'sites list');

    // Users: Ana works at the site and reports to the supervisor (typed by username).
    await page.goto('/admin/users');
    await page.getByLabel('Search').fill(ana.username);
    const table = page.getByRole('table', { name: 'Users' });
    await expect.poll(() => table.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
    await table.getByRole('button', { name: `Edit ${ana.username}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await choose(page, edit, /^Site/, siteName);
    await edit.getByLabel('Reports to').fill(sup.username);
    await audit.atBothWidths(page, 'edit user with site and manager', { within: edit });
    await page.setViewportSize({ width: 390, height: 844 });
    await keepPicture(edit, 'team-edit-user-390');
    await page.setViewportSize(WIDE);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await table
      .getByRole('row')
      .filter({ hasText: ana.username })
      .getByRole('cell', { name: siteName, exact: true })
      .waitFor();
    const stored = await admin.request<{ managerId: string; siteId: string }>(`/users/${ana.id}`);
    const { sites } = await admin.request<{ sites: { id: string; name: string }[] }>('/v2/admin/sites');
    expect(stored.managerId).toBe(sup.id);
    expect(sites.find((site) => site.id === stored.siteId)?.name).toBe(siteName);

    // The supervisor, on a phone: "My Team" lists Ana and Ben, never Oscar.
    const phone = await openBrowser({ width: 390, height: 844 });
    sessions.push(phone);
    await signIn(phone, sup.username, sup.password);
    await waitForPath(phone.page, '/dashboard');
    await phone.page.goto('/team');
    const body = app(phone.page);
    await body.getByRole('heading', { level: 1, name: 'My team' }).waitFor();
    await body.getByText('2 people report to you, directly or through others').waitFor();
    const matrix = body.getByRole('table');
    await matrix.getByText(`Ana ${run}`).waitFor();
    await matrix.getByText(`Ben ${run}`).waitFor();
    expect(await matrix.getByText(`Oscar ${run}`).count()).toBe(0);
    await keepPicture(phone.page, 'team-390', { fullPage: true });
    await audit.check(phone.page, 'my team at 390 px');
    // Searching stays inside the team.
    await body.getByLabel('Search your team').fill('Ben');
    await expect.poll(() => matrix.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
    await body.getByLabel('Search your team').fill(out.username);
    await body.getByText('Nobody in your team matches').waitFor();
    await phone.page.setViewportSize(WIDE);
    await body.getByLabel('Search your team').fill('');
    await matrix.getByText(`Ana ${run}`).waitFor();
    await keepPicture(phone.page, 'team-1440', { fullPage: true });

    // Approvals, on the phone again: Ana's card waits; the supervisor approves it.
    await phone.page.setViewportSize({ width: 390, height: 844 });
    const sections = body.getByRole('navigation', { name: 'My team sections' });
    await sections.getByRole('link', { name: 'Approvals' }).click();
    await body.getByText('1 credential waits for your decision').waitFor();
    await audit.check(phone.page, 'team approvals at 390 px');
    await keepPicture(phone.page, 'team-approvals-390', { fullPage: true });
    await body.getByRole('button', { name: `Review Forklift card ${run} of Ana ${run}` }).click();
    const review = phone.page.getByRole('dialog');
    await review.getByRole('button', { name: 'Approve' }).click();
    await review.waitFor({ state: 'detached' });
    await body.getByText('Nothing to approve').waitFor();
    const approved = await admin.request<{ credential: { status: string } }>(`/v2/admin/credentials/${credential.id}`);
    expect(approved.credential.status).toBe('APPROVED');

    // Forecast: Ana's fire-safety training lapses within 30 days; one tap reminds her.
    await sections.getByRole('link', { name: 'Forecast' }).click();
    await body
      .getByRole('button', { name: `Send reminder to Ana ${run}` })
      .first()
      .click();
    await phone.page
      .getByRole('region', { name: /Notifications/ })
      .getByText(`Reminder sent to Ana ${run}`)
      .waitFor();
    await audit.check(phone.page, 'team forecast at 390 px');
    await keepPicture(phone.page, 'team-forecast-390', { fullPage: true });
    const mail = await admin.request<{ messages: { kind: string | null }[] }>(`/v2/admin/users/${ana.id}/mail-log`);
    expect(mail.messages.map((m) => m.kind)).toContain('MANUAL_REMINDER');

    // Her record, read-only, from her name: the PDF to download, nothing to revoke.
    await body
      .getByRole('link', { name: `Ana ${run}` })
      .first()
      .click();
    await body.getByRole('heading', { level: 1, name: `Ana ${run}` }).waitFor();
    await body.getByRole('button', { name: 'Download PDF' }).waitFor();
    expect(await body.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
    await audit.atBothWidths(phone.page, 'team member record');
    await keepPicture(phone.page, 'team-record-390', { fullPage: true });
    audit.assertClean();
  });
});
