import { describe, expect, it } from 'vitest';
import { LEAVERS_MISSING_COLUMN, parseImportCsv, parseLeaversCsv } from './user-import';
import { USER_MESSAGES } from './users';

describe('leavers file', () => {
  it('reads the username column of any file with a header row (export files included), once per name', () => {
    const csv =
      '\uFEFFusername,email,password\r\nann.k,ann@x.test,\r\n"bob, jr",bob@x.test,\r\n\r\nann.k,ann@x.test,\r\n';
    expect(parseLeaversCsv(csv)).toEqual({ usernames: ['ann.k', 'bob, jr'], fileError: null });
  });

  it('refuses a file without a username column, or without names', () => {
    expect(parseLeaversCsv('email\nann@x.test\n').fileError).toBe(LEAVERS_MISSING_COLUMN);
    expect(parseLeaversCsv('username\n').fileError).toBe(USER_MESSAGES.noRows);
  });
});

describe('import file', () => {
  it('reads the optional name, department and job title columns however a spreadsheet writes their headers', () => {
    const csv =
      '\uFEFFEmail,Job Title,username,Department,first_name\r\nann@x.test,"Driver, night",ann.k,Goods In,Ann\r\nbob@x.test,,bob,,\r\n';
    const parsed = parseImportCsv(csv);
    expect(parsed.fileError).toBeNull();
    expect(parsed.rows[0]).toMatchObject({
      username: 'ann.k',
      email: 'ann@x.test',
      firstName: 'Ann',
      lastName: '',
      department: 'Goods In',
      jobTitle: 'Driver, night',
      error: null,
    });
    expect(parsed.rows[1]).toMatchObject({ department: '', jobTitle: '', error: null });
  });

  it('marks a row whose department or job title is over 100 characters', () => {
    const parsed = parseImportCsv(`username,email,department\nann,ann@x.test,${'d'.repeat(101)}\n`);
    expect(parsed.rows[0].error).toBe(USER_MESSAGES.departmentLength);
    expect(parsed.invalidCount).toBe(1);
  });
});
