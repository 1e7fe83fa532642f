import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, PBKDF2_ITERATIONS, verifyPassword } from '../../worker/services/password';

/*
 * A person created by the company provider or the directory has no usable password hash
 * ('oidc!', the SCIM marker). Refusing such a password at once would answer sign-in faster for
 * those accounts than for everyone else, telling a guesser which usernames sign in elsewhere.
 */
describe('a password checked against no usable hash', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is refused after the same PBKDF2 work as a real check', async () => {
    const real = await hashPassword('Correct#horse1');
    const derive = vi.spyOn(crypto.subtle, 'deriveBits');
    expect(await verifyPassword('Correct#horse1', real)).toBe(true);
    for (const stored of ['oidc!', 'scim!', '', 'pbkdf2$sha256$999999999$AAAA$AAAA']) {
      expect(await verifyPassword('Correct#horse1', stored)).toBe(false);
    }
    expect(derive).toHaveBeenCalledTimes(5);
    for (const [params] of derive.mock.calls) {
      expect(params).toMatchObject({ name: 'PBKDF2', iterations: PBKDF2_ITERATIONS });
    }
  });
});
