import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { bulkDeactivateBody, deactivateBody, reactivateBody, USER_MESSAGES } from './users';

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
    expect(v.parse(bulkDeactivateBody, { usernames: [' ann '], reason: 'x' })).toEqual({
      userIds: [],
      usernames: ['ann'],
      reason: 'x',
    });
  });
});
