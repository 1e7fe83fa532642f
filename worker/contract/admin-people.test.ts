import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { bulkDeactivateBody, deactivateBody, LEAVERS_MISSING_COLUMN, parseLeaversCsv, reactivateBody, USER_MESSAGES } from './admin-people';

describe('leavers file', () => {
  it('reads the username column of any file with a header row (export files included), once per name', () => {
    const csv = '\uFEFFusername,email,password\r\nann.k,ann@x.test,\r\n"bob, jr",bob@x.test,\r\n\r\nann.k,ann@x.test,\r\n';
    expect(parseLeaversCsv(csv)).toEqual({ usernames: ['ann.k', 'bob, jr'], fileError: null });
  });

  it('refuses a file without a username column, or without names', () => {
    expect(parseLeaversCsv('email\nann@x.test\n').fileError).toBe(LEAVERS_MISSING_COLUMN);
    expect(parseLeaversCsv('username\n').fileError).toBe(USER_MESSAGES.noRows);
  });
});

describe('deactivation bodies', () => {
  it('a deactivation needs a non-blank reason; a reactivation takes none', () => {
    expect(v.safeParse(deactivateBody, { reason: '   ' }).success).toBe(false);
    expect(v.parse(deactivateBody, { reason: ' Left ' })).toEqual({ reason: 'Left' });
    expect(v.parse(reactivateBody, {})).toEqual({ reason: null });
  });

  it('a bulk deactivation needs at least one id or username', () => {
    const none = v.safeParse(bulkDeactivateBody, { reason: 'x' });
    expect(none.success).toBe(false);
    expect(none.issues?.[0].message).toBe(USER_MESSAGES.usersRequired);
    expect(v.parse(bulkDeactivateBody, { usernames: [' ann '], reason: 'x' })).toEqual({ userIds: [], usernames: ['ann'], reason: 'x' });
  });
});
