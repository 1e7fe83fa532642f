import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { chunk } from '../../worker/contract/common';
import { EXPORT_COLUMNS, USER_MESSAGES } from '../../worker/contract/users';
import { IMPORT_CHUNK_SIZE, MISSING_COLUMNS, parseCsv, parseImportCsv } from '../../worker/contract/user-import';
import { api, createAdmin, createDomain, createUser, db, login, schema, type TestUser } from './helpers';

let admin: TestUser;
let adminToken: string;

beforeAll(async () => {
  admin = await createAdmin();
  adminToken = await login(admin);
});

const importCsv = (csv: string) =>
  api('POST', '/api/users/bulk', { token: adminToken, raw: csv, headers: { 'content-type': 'text/csv' } });

describe('generated passwords in the export', () => {
  it('never start with a character the CSV export would neutralise (= + - @), so the exported cell is the password itself', async () => {
    const { generatePassword } = await import('../../worker/services/password');
    const { neutraliseCell } = await import('../../worker/services/csv');
    for (let i = 0; i < 3000; i++) {
      const password = generatePassword();
      expect(neutraliseCell(password)).toBe(password);
    }
  });
});

describe('bulk import from CSV', () => {
  it('reads a BOM, CRLF line ends, quoted cells and the columns in any order', async () => {
    const csv =
      '\uFEFFEmail,Department,USERNAME\r\n"ana.quoted@example.test","Ops, ""North""",ana.quoted\r\n' +
      'bo@example.test,,bo.plain\r\n\r\n';
    const res = await importCsv(csv);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({ username: 'ana.quoted', email: 'ana.quoted@example.test', status: 'success' });
    expect(res.body[1]).toMatchObject({ username: 'bo.plain', email: 'bo@example.test', status: 'success' });
    expect(typeof res.body[0].password).toBe('string');
    const row = await db.select().from(schema.users).where(eq(schema.users.username, 'ana.quoted')).get();
    expect(row).toMatchObject({ role: 'USER', mustChangePassword: true });
  });

  it('refuses a file without the username and email columns', async () => {
    const res = await importCsv('name,mail\r\nx,y@example.test\r\n');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MISSING_COLUMNS);
  });

  it('reports missing values and duplicates inside the file and against the database per row', async () => {
    await createUser({ username: 'already.here', email: 'already@example.test' });
    const csv = [
      'username,email',
      'fresh.a,fresh.a@example.test',
      ',nobody@example.test',
      'no.email,',
      'FRESH.A,other@example.test',
      'fresh.b,FRESH.A@example.test',
      'already.here,new@example.test',
      'new.name,ALREADY@example.test',
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.status).toBe(200);
    expect(res.body.map((r: any) => [r.username, r.status, r.message ?? null])).toEqual([
      ['fresh.a', 'success', null],
      ['', 'error', 'Username is required'],
      ['no.email', 'error', 'Email is required'],
      ['FRESH.A', 'error', USER_MESSAGES.duplicateUsernameInFile],
      ['fresh.b', 'error', USER_MESSAGES.duplicateEmailInFile],
      ['already.here', 'error', USER_MESSAGES.usernameTaken],
      ['new.name', 'error', USER_MESSAGES.emailTaken],
    ]);
    const count = await db
      .select({ n: sql<number>`count(*)` })
      .from(schema.users)
      .where(sql`lower(username) IN ('fresh.a', 'fresh.b', 'new.name')`)
      .get();
    expect(count?.n).toBe(1);
  });

  it('accepts JSON rows and caps one request at the chunk size', async () => {
    const ok = await api('POST', '/api/users/bulk', {
      token: adminToken,
      body: [{ username: 'json.row', email: 'json.row@example.test' }],
    });
    expect(ok.status).toBe(200);
    expect(ok.body[0].status).toBe('success');
    const rows = Array.from({ length: IMPORT_CHUNK_SIZE + 1 }, (_, i) => ({
      username: `too.many${i}`,
      email: `too.many${i}@example.test`,
    }));
    const tooMany = await api('POST', '/api/users/bulk', { token: adminToken, body: rows });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(USER_MESSAGES.tooManyRows);
  });

  it('imports 1,000 rows in one import (five chunks, sent like the client does), each user able to sign in', {
    timeout: 300_000,
  }, async () => {
    const lines = ['email,username'];
    // Every account costs one PBKDF2 hash (about 15 ms of CPU): 1,000 rows keep this test to a few
    // seconds of the suite's two cores while still crossing five chunk boundaries.
    for (let i = 0; i < 1000; i++) lines.push(`"big${i}@example.test",big.${i}`);
    const parsed = parseImportCsv(lines.join('\r\n'));
    expect(parsed.invalidCount).toBe(0);
    expect(parsed.rows).toHaveLength(1000);
    const results: any[] = [];
    for (const part of chunk(parsed.rows, IMPORT_CHUNK_SIZE)) {
      const res = await api('POST', '/api/users/bulk', {
        token: adminToken,
        body: part.map(({ username, email }) => ({ username, email })),
      });
      expect(res.status).toBe(200);
      results.push(...res.body);
    }
    expect(results).toHaveLength(1000);
    expect(results.filter((r) => r.status === 'success')).toHaveLength(1000);
    const count = await db
      .select({ n: sql<number>`count(*)` })
      .from(schema.users)
      .where(sql`username LIKE 'big.%'`)
      .get();
    expect(count?.n).toBe(1000);
    const last = results[999];
    const token = await login({ username: last.username, password: last.password });
    expect(token).toBeTruthy();
    // The list of 1,000+ users still comes back whole, without secrets.
    const list = await api('GET', '/api/users?search=big.', { token: adminToken });
    expect(list.body).toHaveLength(1000);
    expect(JSON.stringify(list.body)).not.toMatch(/pbkdf2|passwordHash|tempPassword/);
  });
});

describe('CSV parsing shared by browser and Worker', () => {
  it('handles quotes, escaped quotes, commas and line breaks inside quotes, CR-only line ends', () => {
    expect(parseCsv('a,b\r"x, y","say ""hi"""\n"multi\nline",z')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['multi\nline', 'z'],
    ]);
  });
});

describe('CSV export', () => {
  it('sends the export columns (username ... passwordCreatedAt) as an attachment, neutralises formulas and never carries a hash', async () => {
    const book = await createDomain('=HYPERLINK("http://evil")');
    const evil = await createUser({
      username: 'evil.one',
      email: 'evil@example.test',
      firstName: '=1+1',
      lastName: '@SUM(A1)',
      department: '+cmd',
      jobTitle: '-2',
      domainIds: [book],
    });
    const tabbed = await createUser({ username: 'tab.one', firstName: '\tTabbed', lastName: 'Line\r\nBreak' });
    const created = await api('POST', '/api/users', {
      token: adminToken,
      body: { username: 'temp.holder', email: 'temp.holder@example.test', role: 'USER' },
    });
    const res = await api('GET', '/api/users/export', { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="users_with_passwords.csv"');
    const text = res.body as string;
    expect(text).not.toMatch(/pbkdf2|\$sha256\$/);
    const table = parseCsv(text);
    expect(table[0]).toEqual([...EXPORT_COLUMNS]);
    const evilRow = table.find((r) => r[0] === evil.username)!;
    expect(evilRow.slice(3, 9)).toEqual(["'=1+1", "'@SUM(A1)", 'USER', "'+cmd", "'-2", `'=HYPERLINK("http://evil")`]);
    // A user who set their own password has an empty password cell.
    expect(evilRow[2]).toBe('');
    const tabRow = table.find((r) => r[0] === tabbed.username)!;
    expect(tabRow[3]).toBe("'\tTabbed");
    expect(tabRow[4]).toBe('Line\r\nBreak');
    // The admin-generated password is there while the user has not replaced it...
    const holderRow = table.find((r) => r[0] === 'temp.holder')!;
    expect(holderRow[2]).toBe(created.body.password);
    // ...and gone after the first change.
    const token = await login({ username: 'temp.holder', password: created.body.password });
    expect(
      (
        await api('PUT', '/api/auth/password', {
          token,
          body: { currentPassword: created.body.password, newPassword: 'Chang3d!Now#1' },
        })
      ).status,
    ).toBe(200);
    const after = parseCsv((await api('GET', '/api/users/export', { token: adminToken })).body as string);
    expect(after.find((r) => r[0] === 'temp.holder')![2]).toBe('');
  });
});

describe('export as JSON', () => {
  it('answers a JSON array of the export rows when the client prefers JSON, with plain values and never a hash', async () => {
    const evil = await createUser({ username: 'json.evil', email: 'json.evil@example.test', firstName: '=1+1' });
    const created = await api('POST', '/api/users', {
      token: adminToken,
      body: { username: 'json.holder', email: 'json.holder@example.test', role: 'USER' },
    });
    const res = await api('GET', '/api/users/export', {
      token: adminToken,
      headers: { accept: 'application/json, text/plain, */*' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Array.isArray(res.body)).toBe(true);
    expect(Object.keys(res.body[0]).sort()).toEqual([...EXPORT_COLUMNS].sort());
    const evilRow = res.body.find((r: any) => r.username === evil.username);
    // Formula neutralising belongs to CSV only: JSON carries the value as stored.
    expect(evilRow).toMatchObject({ email: 'json.evil@example.test', firstName: '=1+1', password: '', role: 'USER' });
    expect(res.body.find((r: any) => r.username === 'json.holder').password).toBe(created.body.password);
    expect(JSON.stringify(res.body)).not.toMatch(/pbkdf2|\$sha256\$/);
  });

  it('stays CSV for a browser download or a client that prefers CSV', async () => {
    for (const accept of [
      undefined,
      '*/*',
      'text/csv',
      'text/csv, application/json;q=0.5',
      'text/html,application/xhtml+xml,*/*;q=0.8',
    ]) {
      const res = await api('GET', '/api/users/export', { token: adminToken, headers: accept ? { accept } : {} });
      expect(res.headers.get('content-type'), String(accept)).toMatch(/^text\/csv/);
    }
  });
});
