import { describe, expect, it } from 'vitest';
import { api, createUser, freshIp, login } from './helpers';

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

describe("the D1 bookmark that carries a learner's own writes to their next read", () => {
  it('answers API calls with a bookmark and reads from the one sent back', async () => {
    const learner = await createUser();
    const signIn = await api('POST', '/api/auth/login', {
      headers: freshIp(),
      body: { username: learner.username, password: learner.password },
    });
    const bookmark = signIn.headers.get('x-d1-bookmark');
    expect(bookmark).toMatch(BOOKMARK);

    const me = await api('GET', '/api/auth/user', {
      token: signIn.body.token,
      headers: { 'x-d1-bookmark': bookmark! },
    });
    expect(me.status).toBe(200);
    expect(me.body.user?.id ?? me.body.id).toBe(learner.id);
    // Sessions only move forward: the answer's bookmark is at least the one sent.
    expect(me.headers.get('x-d1-bookmark')! >= bookmark!).toBe(true);
  });

  it('ignores a malformed bookmark (never passed to D1) and answers with a good one', async () => {
    const learner = await createUser();
    const token = await login(learner);
    for (const bad of [
      'garbage',
      `${'0'.repeat(8)}-${'0'.repeat(8)}`,
      'FFFFFFFF-00000001-00000000-00000000000000000000000000000000',
    ]) {
      const res = await api('GET', '/api/auth/user', { token, headers: { 'x-d1-bookmark': bad } });
      expect(res.status, bad).toBe(200);
      expect(res.headers.get('x-d1-bookmark'), bad).toMatch(BOOKMARK);
    }
  });
});
