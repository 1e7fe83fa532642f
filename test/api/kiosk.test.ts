import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import { routeGuards } from '../../worker/middleware/route-guards';
import { signedIdOfScan } from '../../worker/services/badge';
import { adminToken, signInAdmin } from './compliance-helpers';
import { api, createAdmin, db, login, schema } from './helpers';
import { inMinutes, scheduleSession, sessionPerson } from './session-helpers';

/**
 * The classroom kiosk (issue 29): PIN and badge sign-in leading to the session's attendance record,
 * no session left behind (the kiosk token opens nothing else; no one's token is ever issued), ten
 * wrong PIN guesses lock the PIN, wrong session and closed kiosk refused, permissions and bad input
 * with their messages and nothing written.
 */

beforeAll(signInAdmin);

const PIN = '4817';

/** A session starting in ten minutes (check-in is open), its trainer a new person. */
async function schedule(overrides: Record<string, unknown> = {}) {
  const trainer = await sessionPerson();
  const session = await scheduleSession(trainer.user.id, { location: 'Training room 3', capacity: 10, ...overrides });
  return { id: session.id, trainer };
}

async function openKiosk(sessionId: string, token: string) {
  const res = await api('POST', `/api/v2/sessions/${sessionId}/kiosk`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.token as string;
}

const kiosk = (method: string, path: string, kioskToken: string | null, body?: unknown) =>
  api(method, `/api/v2/kiosk${path}`, { body, headers: kioskToken ? { 'X-Kiosk-Token': kioskToken } : {} });

async function withPin(pin = PIN) {
  const p = await sessionPerson();
  const res = await api('PUT', '/api/v2/user/pin', { token: p.token, body: { pin, password: p.user.password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return p;
}

const attendanceOf = (sessionId: string, userId: string) =>
  db
    .select()
    .from(schema.sessionAttendance)
    .where(and(eq(schema.sessionAttendance.sessionId, sessionId), eq(schema.sessionAttendance.userId, userId)))
    .get();

const pinRow = (userId: string) => db.select().from(schema.userPins).where(eq(schema.userPins.userId, userId)).get();

/** Any JWT-shaped string (a session token) anywhere in an answer. */
const JWT = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/;

describe('personal PIN', () => {
  it('is set with the password, stored hashed, and refuses bad PINs with their message, writing nothing', async () => {
    const p = await sessionPerson();
    expect((await api('GET', '/api/v2/user/pin', { token: p.token })).body).toEqual({ pin: null });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ pin: '12a4', password: p.user.password }, 400, 'A PIN is 4 to 8 digits'],
      [{ pin: '123', password: p.user.password }, 400, 'A PIN is 4 to 8 digits'],
      [{ pin: '123456789', password: p.user.password }, 400, 'A PIN is 4 to 8 digits'],
      [{ pin: 4817, password: p.user.password }, 400, 'A PIN is 4 to 8 digits'],
      [
        { pin: '1111', password: p.user.password },
        400,
        'Choose a PIN that is harder to guess than repeated or consecutive digits',
      ],
      [
        { pin: '6543', password: p.user.password },
        400,
        'Choose a PIN that is harder to guess than repeated or consecutive digits',
      ],
      [{ pin: PIN }, 400, 'Enter your password'],
      [{ pin: PIN, password: 'wrong-password' }, 401, 'Your password is incorrect'],
    ];
    for (const [body, status, message] of cases) {
      const res = await api('PUT', '/api/v2/user/pin', { token: p.token, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toBe(message);
    }
    expect(await pinRow(p.user.id)).toBeUndefined();
    const set = await api('PUT', '/api/v2/user/pin', { token: p.token, body: { pin: PIN, password: p.user.password } });
    expect(set.status).toBe(200);
    expect(set.body.pin).toMatchObject({ locked: false });
    const row = await pinRow(p.user.id);
    expect(row?.pinHash).toMatch(/^pbkdf2\$sha256\$/);
    expect(row?.pinHash).not.toContain(PIN);
    expect((await api('PUT', '/api/v2/user/pin', { body: { pin: PIN, password: 'x' } })).status).toBe(401);
  });
});

describe('kiosk sign-in', () => {
  it('checks a person in by username and PIN: the attendance record, method KIOSK_PIN, no token issued', async () => {
    const { id, trainer } = await schedule();
    const kioskToken = await openKiosk(id, trainer.token);
    expect(kioskToken).not.toMatch(JWT);
    const info = await kiosk('GET', `/${id}`, kioskToken);
    expect(info.status).toBe(200);
    expect(info.body.kiosk).toMatchObject({ sessionId: id, location: 'Training room 3' });
    const p = await withPin();
    const res = await kiosk('POST', `/${id}/check-in`, kioskToken, {
      method: 'pin',
      username: ` ${p.user.username.toUpperCase()} `,
      pin: PIN,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ checkedIn: true, already: false, name: expect.stringContaining('Test') });
    expect(JSON.stringify(res.body)).not.toMatch(JWT);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await attendanceOf(id, p.user.id)).toMatchObject({ present: true, method: 'KIOSK_PIN', by: p.user.id });
    // The trainer's roster shows the same record the QR and the roster write.
    const roster = (await api('GET', `/api/v2/sessions/${id}`, { token: trainer.token })).body.session.roster;
    expect(roster.find((r: { id: string }) => r.id === p.user.id)?.attendance).toMatchObject({ method: 'KIOSK_PIN' });
    const again = await kiosk('POST', `/${id}/check-in`, kioskToken, {
      method: 'pin',
      username: p.user.username,
      pin: PIN,
    });
    expect(again.status).toBe(200);
    expect(again.body.already).toBe(true);
  });

  it('checks a person in by badge, as a URL or the bare signed id; a forged or leaver badge is refused', async () => {
    const { id, trainer } = await schedule();
    const kioskToken = await openKiosk(id, trainer.token);
    const a = await sessionPerson();
    const b = await sessionPerson();
    const badgeA = (await api('GET', '/api/v2/user/badge', { token: a.token })).body.badge as string;
    const badgeB = (await api('GET', '/api/v2/user/badge', { token: b.token })).body.badge as string;
    expect(badgeA).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{16}$/);
    expect(badgeA.length).toBeLessThan(60);
    // A handheld scanner types the QR's URL; the kiosk takes it as well as the bare id.
    const byUrl = await kiosk('POST', `/${id}/check-in`, kioskToken, {
      method: 'badge',
      badge: `https://ehs.example/badge/${badgeA}`,
    });
    expect(byUrl.status, JSON.stringify(byUrl.body)).toBe(201);
    const bare = await kiosk('POST', `/${id}/check-in`, kioskToken, { method: 'badge', badge: ` ${badgeB}\n` });
    expect(bare.status).toBe(201);
    expect(await attendanceOf(id, a.user.id)).toMatchObject({ present: true, method: 'KIOSK_BADGE' });
    expect(await attendanceOf(id, b.user.id)).toMatchObject({ present: true, method: 'KIOSK_BADGE' });
    expect(JSON.stringify([byUrl.body, bare.body])).not.toMatch(JWT);

    const c = await sessionPerson();
    const badgeC = (await api('GET', '/api/v2/user/badge', { token: c.token })).body.badge as string;
    const forged = [
      `${c.user.id}.${badgeA.split('.')[1]}`,
      `${badgeC.slice(0, -1)}${badgeC.endsWith('A') ? 'B' : 'A'}`,
    ];
    for (const badge of [...forged, 'not a badge', 'https://ehs.example/badge/%E0%A4%A']) {
      const res = await kiosk('POST', `/${id}/check-in`, kioskToken, { method: 'badge', badge });
      expect(res.status, badge).toBe(401);
      expect(res.body.message).toBe('This badge is not recognised. Ask the trainer to mark you on the roster');
    }
    await db
      .update(schema.users)
      .set({ deactivatedAt: new Date().toISOString() })
      .where(eq(schema.users.id, c.user.id));
    const leaver = await kiosk('POST', `/${id}/check-in`, kioskToken, { method: 'badge', badge: badgeC });
    expect(leaver.status).toBe(401);
    expect(await attendanceOf(id, c.user.id)).toBeUndefined();
  });

  it('reads a scanned badge URL with a trailing slash or query, and a bare id, the same', () => {
    expect(signedIdOfScan('https://a.example/badge/u-1.abcdefghijklmnop/')).toBe('u-1.abcdefghijklmnop');
    expect(signedIdOfScan('http://x/badge/u-1.abcdefghijklmnop?src=card\r')).toBe('u-1.abcdefghijklmnop');
    expect(signedIdOfScan(' u-1.abcdefghijklmnop ')).toBe('u-1.abcdefghijklmnop');
  });

  it('keeps a roster mark already there: a person marked present is answered "already"', async () => {
    const { id, trainer } = await schedule();
    const kioskToken = await openKiosk(id, trainer.token);
    const p = await withPin('2580');
    const marked = await api('PUT', `/api/v2/sessions/${id}/attendance/${p.user.id}`, {
      token: trainer.token,
      body: { present: true },
    });
    expect(marked.status).toBe(200);
    const res = await kiosk('POST', `/${id}/check-in`, kioskToken, {
      method: 'pin',
      username: p.user.username,
      pin: '2580',
    });
    expect(res.status).toBe(200);
    expect(res.body.already).toBe(true);
    expect(await attendanceOf(id, p.user.id)).toMatchObject({ method: 'ROSTER', by: trainer.user.id });
  });
});

describe('ten wrong guesses', () => {
  it('lock the PIN with a clear message, even for the right PIN after, until a new PIN is set', async () => {
    const { id, trainer } = await schedule();
    const kioskToken = await openKiosk(id, trainer.token);
    const p = await withPin();
    const wrong = 'Username or PIN not recognised. Check them and try again (your PIN is set on your profile)';
    const locked =
      'This PIN is locked after 10 wrong tries. Set a new PIN on your profile, or ask the trainer to mark you on the roster';
    for (let guess = 1; guess <= 10; guess++) {
      const res = await kiosk('POST', `/${id}/check-in`, kioskToken, {
        method: 'pin',
        username: p.user.username,
        pin: String(1000 + guess * 7),
      });
      expect(res.body.message, `guess ${guess}`).toBe(guess < 10 ? wrong : locked);
      expect(res.status).toBe(guess < 10 ? 401 : 403);
    }
    const right = await kiosk('POST', `/${id}/check-in`, kioskToken, {
      method: 'pin',
      username: p.user.username,
      pin: PIN,
    });
    expect(right.status).toBe(403);
    expect(right.body.message).toBe(locked);
    expect(await attendanceOf(id, p.user.id)).toBeUndefined();
    expect((await api('GET', '/api/v2/user/pin', { token: p.token })).body.pin).toMatchObject({ locked: true });
    // The owner sets a new PIN on their profile: unlocked, counting from zero.
    await api('PUT', '/api/v2/user/pin', { token: p.token, body: { pin: '9146', password: p.user.password } });
    expect(await pinRow(p.user.id)).toMatchObject({ failedCount: 0, lockedAt: null });
    const after = await kiosk('POST', `/${id}/check-in`, kioskToken, {
      method: 'pin',
      username: p.user.username,
      pin: '9146',
    });
    expect(after.status).toBe(201);
  });

  it('closes the kiosk itself at 20 failed sign-ins, so one PIN cannot be tried against a list of usernames', async () => {
    const { id, trainer } = await schedule();
    const kioskToken = await openKiosk(id, trainer.token);
    const real = await withPin();
    // One common PIN tried against many usernames: each person's own lock never trips.
    for (let attempt = 1; attempt <= 20; attempt++) {
      const res = await kiosk('POST', `/${id}/check-in`, kioskToken, {
        method: attempt % 2 ? 'pin' : 'badge',
        ...(attempt % 2 ? { username: `guess-${attempt}`, pin: '2580' } : { badge: `forged.${attempt}` }),
      });
      expect(res.body.reason, `attempt ${attempt}`).toBe(
        attempt < 20 ? (attempt % 2 ? 'kiosk.pinWrong' : 'kiosk.badgeInvalid') : 'kiosk.tooManyFailures',
      );
    }
    const kioskRow = await db.select().from(schema.sessionKiosks).where(eq(schema.sessionKiosks.sessionId, id)).get();
    expect(kioskRow).toMatchObject({ failedCount: 20 });
    expect(kioskRow?.closedAt).not.toBeNull();
    // Closed: even the right PIN is refused now, and nobody was checked in.
    const after = await kiosk('POST', `/${id}/check-in`, kioskToken, {
      method: 'pin',
      username: real.user.username,
      pin: PIN,
    });
    expect(after.body.reason).toBe('kiosk.closed');
    expect(await attendanceOf(id, real.user.id)).toBeUndefined();
    // The trainer opens it again: a new kiosk, counting from zero.
    const reopened = await openKiosk(id, trainer.token);
    const ok = await kiosk('POST', `/${id}/check-in`, reopened, {
      method: 'pin',
      username: real.user.username,
      pin: PIN,
    });
    expect(ok.status).toBe(201);
  });

  it('answers an unknown username and a person without a PIN like a wrong PIN', async () => {
    const { id, trainer } = await schedule();
    const kioskToken = await openKiosk(id, trainer.token);
    const noPin = await sessionPerson();
    for (const username of ['nobody-here-at-all', noPin.user.username]) {
      const res = await kiosk('POST', `/${id}/check-in`, kioskToken, { method: 'pin', username, pin: PIN });
      expect(res.status).toBe(401);
      expect(res.body.reason).toBe('kiosk.pinWrong');
    }
    expect(await attendanceOf(id, noPin.user.id)).toBeUndefined();
  });
});

describe('no session left behind', () => {
  it('the kiosk token opens no other route, as a bearer token or in its own header', async () => {
    const { id, trainer } = await schedule();
    const kioskToken = await openKiosk(id, trainer.token);
    const guarded = routeGuards(app.routes).filter(
      (r) => r.path.startsWith('/api/') && r.guards.some((g) => g.kind !== 'public'),
    );
    expect(guarded.length).toBeGreaterThan(100);
    for (const route of guarded) {
      const path = route.path.replace(/:(\w+)\{[^}]*\}|:(\w+)/g, id);
      const asBearer: Record<string, string> = { authorization: `Bearer ${kioskToken}` };
      for (const headers of [asBearer, { 'X-Kiosk-Token': kioskToken }]) {
        const res = await api(route.method, path, { headers, body: route.method === 'GET' ? undefined : {} });
        expect(res.status, `${route.method} ${route.path}`).toBe(401);
      }
    }
    // The kiosk routes are the only ones that take it, and only with it.
    expect((await kiosk('GET', `/${id}`, null)).status).toBe(401);
    expect((await kiosk('GET', `/${id}`, 'kiosk_madeup')).body.message).toBe(
      'This kiosk is not open. Ask the trainer to open it',
    );
    expect((await kiosk('GET', `/${id}`, kioskToken)).status).toBe(200);
  });
});

describe('refusals', () => {
  it('refuses another session, writing nothing', async () => {
    const a = await schedule();
    const b = await schedule();
    const kioskToken = await openKiosk(a.id, a.trainer.token);
    const p = await withPin();
    const res = await kiosk('POST', `/${b.id}/check-in`, kioskToken, {
      method: 'pin',
      username: p.user.username,
      pin: PIN,
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This kiosk is open for another session');
    expect(await attendanceOf(b.id, p.user.id)).toBeUndefined();
    expect(await attendanceOf(a.id, p.user.id)).toBeUndefined();
    expect((await pinRow(p.user.id))?.failedCount).toBe(0);
  });

  it('refuses a kiosk the trainer closed (on their device or at the kiosk) or whose session ended', async () => {
    const { id, trainer } = await schedule();
    const p = await withPin();
    const body = { method: 'pin', username: p.user.username, pin: PIN };
    const closedMessage = 'This kiosk has been closed. Ask the trainer to open it again';

    const first = await openKiosk(id, trainer.token);
    const closed = await api('DELETE', `/api/v2/sessions/${id}/kiosk`, { token: trainer.token });
    expect(closed.body).toEqual({ closed: 1 });
    const afterClose = await kiosk('POST', `/${id}/check-in`, first, body);
    expect(afterClose.status).toBe(401);
    expect(afterClose.body.message).toBe(closedMessage);

    // At the tablet: only a trainer of the session, with the right password, closes it.
    const second = await openKiosk(id, trainer.token);
    const stranger = await sessionPerson();
    const wrongPassword = await kiosk('POST', `/${id}/close`, second, {
      username: trainer.user.username,
      password: 'nope',
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.message).toBe('Your password is incorrect');
    const notTrainer = await kiosk('POST', `/${id}/close`, second, {
      username: stranger.user.username,
      password: stranger.user.password,
    });
    expect(notTrainer.status).toBe(403);
    expect((await kiosk('GET', `/${id}`, second)).status).toBe(200);
    const byTrainer = await kiosk('POST', `/${id}/close`, second, {
      username: trainer.user.username,
      password: trainer.user.password,
    });
    expect(byTrainer.status).toBe(200);
    expect((await kiosk('POST', `/${id}/check-in`, second, body)).body.message).toBe(closedMessage);

    // The session's end closes it by itself.
    const third = await openKiosk(id, trainer.token);
    await db
      .update(schema.sessionKiosks)
      .set({ closesAt: inMinutes(-1) })
      .where(eq(schema.sessionKiosks.sessionId, id));
    expect((await kiosk('POST', `/${id}/check-in`, third, body)).body.message).toBe(closedMessage);
    expect(await attendanceOf(id, p.user.id)).toBeUndefined();
    const audit = await db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, id));
    expect(audit.filter((r) => r.action === 'SESSION_KIOSK_OPENED')).toHaveLength(3);
    expect(audit.filter((r) => r.action === 'SESSION_KIOSK_CLOSED')).toHaveLength(2);
  });

  it('lets only the trainers or administrators with Module Management open a kiosk, for a session still to run', async () => {
    const { id, trainer } = await schedule();
    const stranger = await sessionPerson();
    const kiosks = async () =>
      (await db.select().from(schema.sessionKiosks).where(eq(schema.sessionKiosks.sessionId, id))).length;
    for (const token of [
      stranger.token,
      await login(await createAdmin({ permissions: { moduleManagement: false } })),
    ]) {
      const res = await api('POST', `/api/v2/sessions/${id}/kiosk`, { token });
      expect(res.status).toBe(403);
      expect((await api('DELETE', `/api/v2/sessions/${id}/kiosk`, { token })).status).toBe(403);
    }
    expect((await api('POST', `/api/v2/sessions/${id}/kiosk`)).status).toBe(401);
    expect(await kiosks()).toBe(0);
    await openKiosk(id, adminToken);
    await db
      .update(schema.classroomSessions)
      .set({ startsAt: inMinutes(-120), endsAt: inMinutes(-60) })
      .where(eq(schema.classroomSessions.id, id));
    const ended = await api('POST', `/api/v2/sessions/${id}/kiosk`, { token: trainer.token });
    expect(ended.status).toBe(409);
    expect(ended.body.message).toBe('A kiosk can only be opened for a session that has not ended or been signed off');
    expect(await kiosks()).toBe(1);
    expect((await api('POST', `/api/v2/sessions/${crypto.randomUUID()}/kiosk`, { token: trainer.token })).status).toBe(
      404,
    );
  });

  it('answers bad input and check-in before it opens with clear messages, writing nothing', async () => {
    const { id, trainer } = await schedule({ startsAt: inMinutes(120), endsAt: inMinutes(180) });
    const kioskToken = await openKiosk(id, trainer.token);
    const p = await withPin();
    const cases: [unknown, number, string][] = [
      [{}, 400, 'Sign in with your username and PIN, or with your badge'],
      [{ method: 'password', username: 'x' }, 400, 'Sign in with your username and PIN, or with your badge'],
      [{ method: 'pin', username: '', pin: PIN }, 400, 'Enter your username'],
      [{ method: 'pin', username: p.user.username, pin: '' }, 400, 'Enter your PIN'],
      [{ method: 'badge', badge: '  ' }, 400, 'Scan your badge'],
      [
        { method: 'pin', username: p.user.username, pin: PIN },
        409,
        'Check-in is open from 30 minutes before the start until the end of the session',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await kiosk('POST', `/${id}/check-in`, kioskToken, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toBe(message);
    }
    expect(await attendanceOf(id, p.user.id)).toBeUndefined();
    expect((await pinRow(p.user.id))?.failedCount).toBe(0);
  });
});
