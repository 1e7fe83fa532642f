import { Hono, type Context } from 'hono';
import { idParam } from '../contract/common';
import {
  KIOSK_HEADER,
  kioskCheckInBody,
  kioskCloseBody,
  setPinBody,
  type BadgeResponse,
  type KioskCheckInResponse,
  type KioskOpenResponse,
  type KioskResponse,
  type PinResponse,
} from '../contract/kiosk';
import type { AppEnv } from '../env';
import { publicRoute, requireLearner } from '../middleware/auth';
import { badgeIdFor } from '../services/badge';
import { pinStatus, setPin } from '../services/pins';
import { closeAtKiosk, closeKiosks, kioskCheckIn, kioskOf, openKiosk } from '../services/session-kiosk';
import { assertRunsSession, findSession } from '../services/sessions';
import { validate } from '../validate';

/**
 * The classroom kiosk (issue 29): the trainer opens and closes it (/api/v2/sessions/{id}/kiosk),
 * the tablet uses it (/api/v2/kiosk/{sessionId}, the kiosk token in X-Kiosk-Token: these routes
 * read no session, so they are public to the guard and check the kiosk token themselves), and each
 * person keeps their own PIN and badge (/api/v2/user/pin, /api/v2/user/badge).
 */

export const trainerKioskRoutes = new Hono<AppEnv>()
  .post('/:id/kiosk', requireLearner, validate('param', idParam), async (c) => {
    const session = await findSession(c.var.db, c.req.valid('param').id);
    await assertRunsSession(c.var.db, c.var.user, session);
    return c.json<KioskOpenResponse>(await openKiosk(c.var.db, c.var.user, session), 201);
  })
  .delete('/:id/kiosk', requireLearner, validate('param', idParam), async (c) => {
    const session = await findSession(c.var.db, c.req.valid('param').id);
    await assertRunsSession(c.var.db, c.var.user, session);
    return c.json({ closed: await closeKiosks(c.var.db, c.var.user, session) });
  });

const kioskOfRequest = (c: Context<AppEnv>, sessionId: string) =>
  kioskOf(c.var.db, c.req.header(KIOSK_HEADER), sessionId);

export const kioskRoutes = new Hono<AppEnv>()
  .get('/:id', publicRoute, validate('param', idParam), async (c) => {
    const { info } = await kioskOfRequest(c, c.req.valid('param').id);
    return c.json<KioskResponse>({ kiosk: info });
  })
  .post('/:id/check-in', publicRoute, validate('param', idParam), validate('json', kioskCheckInBody), async (c) => {
    const { kiosk, session } = await kioskOfRequest(c, c.req.valid('param').id);
    const result = await kioskCheckIn(c.var.db, c.env.JWT_SECRET, kiosk, session, c.req.valid('json'));
    return c.json<KioskCheckInResponse>({ checkedIn: true, ...result }, result.already ? 200 : 201);
  })
  .post('/:id/close', publicRoute, validate('param', idParam), validate('json', kioskCloseBody), async (c) => {
    const { kiosk, session } = await kioskOfRequest(c, c.req.valid('param').id);
    await closeAtKiosk(c.var.db, kiosk, session, c.req.valid('json'));
    return c.json({ closed: true });
  });

export const userPinRoutes = new Hono<AppEnv>()
  .get('/', requireLearner, async (c) => c.json<PinResponse>({ pin: await pinStatus(c.var.db, c.var.user.id) }))
  .put('/', requireLearner, validate('json', setPinBody), async (c) => {
    const { pin, password } = c.req.valid('json');
    return c.json<PinResponse>({ pin: await setPin(c.var.db, c.var.user.id, pin, password) });
  });

export const userBadgeRoutes = new Hono<AppEnv>().get('/', requireLearner, async (c) =>
  c.json<BadgeResponse>({ badge: await badgeIdFor(c.env.JWT_SECRET, c.var.user.id) }),
);
