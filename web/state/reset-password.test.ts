import { describe, expect, it } from 'vitest';
import { EXPIRED_LINK, RESET_PASSWORD_MESSAGES } from '../../statecharts/reset-password.machine';
import { ApiClientError } from '../api/client';
import { resetFailure } from './reset-password';

describe('what a failed password reset tells the learner', () => {
  it('treats 401 and 403 as an expired link', () => {
    for (const status of [401, 403]) {
      const error = resetFailure(new ApiClientError(status, 'Invalid or expired token', 'UNAUTHORIZED', {}, true));
      expect([error.name, error.message]).toEqual([EXPIRED_LINK, RESET_PASSWORD_MESSAGES.expired]);
    }
  });

  it("shows the server's message on a 400, else the bad-request default", () => {
    expect(
      resetFailure(
        new ApiClientError(400, 'Password cannot contain common safety terms', 'VALIDATION_FAILED', {}, true),
      ).message,
    ).toBe('Password cannot contain common safety terms');
    expect(resetFailure(new ApiClientError(400, 'Bad Request', 'HTTP_ERROR')).message).toBe(
      RESET_PASSWORD_MESSAGES.badRequest,
    );
  });

  it("shows the server's message on other failures, else the generic one", () => {
    expect(resetFailure(new ApiClientError(500, 'Mail server down', 'INTERNAL', {}, true)).message).toBe(
      'Mail server down',
    );
    expect(resetFailure(new ApiClientError(0, 'Failed to fetch', 'NETWORK_ERROR')).message).toBe(
      RESET_PASSWORD_MESSAGES.failed,
    );
    expect(resetFailure(new Error('boom')).name).not.toBe(EXPIRED_LINK);
  });
});
