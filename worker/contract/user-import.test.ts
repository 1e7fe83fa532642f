import { describe, expect, it } from 'vitest';
import { LEAVERS_MISSING_COLUMN, parseLeaversCsv } from './user-import';
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
