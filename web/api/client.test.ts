import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKMARK_HEADER, api, setUnauthorizedHandler } from './client';

const bookmark = (n: number) => `00000000-${n.toString(16).padStart(8, '0')}-00000000-${'0'.repeat(32)}`;

/** Stubs fetch: each call answers with the next bookmark of `answers` and records the bookmark it was sent. */
function stubFetch(answers: (string | null)[]) {
  const sent: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers).get(BOOKMARK_HEADER));
      const next = answers.shift() ?? null;
      return new Response('{}', {
        status: 200,
        headers: { 'content-type': 'application/json', ...(next ? { [BOOKMARK_HEADER]: next } : {}) },
      });
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('the D1 bookmark the client carries', () => {
  it('sends back the newest bookmark it was given, ignores older and malformed ones', async () => {
    const sent = stubFetch([bookmark(5), bookmark(3), 'not-a-bookmark', null, bookmark(9), null]);
    for (let i = 0; i < 6; i++) await api.get('/anything', { token: null });
    expect(sent).toEqual([null, bookmark(5), bookmark(5), bookmark(5), bookmark(5), bookmark(9)]);
  });
});

describe('a 401 on a signed-in call', () => {
  afterEach(() => setUnauthorizedHandler(null));

  const answer401 = (code: string) => {
    const calls: RequestInit[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        calls.push(init);
        return new Response(JSON.stringify({ code, message: 'no' }), { status: 401 });
      }),
    );
    return calls;
  };

  it('ends the session when the cookie is refused, but not when a password typed into a form is wrong', async () => {
    const expired = vi.fn();
    setUnauthorizedHandler(expired);
    answer401('INVALID_CREDENTIALS');
    await expect(api.post('/v2/evaluations', {})).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(expired).not.toHaveBeenCalled();
    answer401('UNAUTHORIZED');
    await expect(api.get('/v2/evaluations')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(expired).toHaveBeenCalledTimes(1);
    await expect(api.get('/auth/user', { token: null })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('sends the session cookie and the CSRF header, never an Authorization header', async () => {
    vi.stubGlobal('localStorage', { getItem: () => 'a-token-an-older-version-left' });
    const calls = answer401('UNAUTHORIZED');
    await expect(api.post('/v2/evaluations', {})).rejects.toBeTruthy();
    const headers = new Headers(calls[0].headers);
    expect(calls[0].credentials).toBe('same-origin');
    expect(headers.get('X-Requested-With')).toBe('fetch');
    expect(headers.has('Authorization')).toBe(false);
  });
});
