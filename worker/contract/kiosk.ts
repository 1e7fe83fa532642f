import * as v from 'valibot';
import { requiredString, requiredText } from './common';
import { REFUSALS } from './errors';

/**
 * The classroom kiosk (issue 29): a shared tablet a trainer opens for one session, where people
 * check in with their username and personal PIN or by their badge QR. The kiosk token travels in
 * `KIOSK_HEADER`, never as a bearer token, so no other route can take it for a session.
 */

export const KIOSK_HEADER = 'X-Kiosk-Token';

export const PIN_LIMITS = {
  minLength: 4,
  maxLength: 8,
  /** Wrong guesses (at any kiosk) before the PIN locks; setting a new PIN unlocks it. */
  maxGuesses: 10,
} as const;

export const KIOSK_LIMITS = {
  /**
   * Failed sign-ins (any person, PIN or badge) before the kiosk closes itself: a class's typing
   * mistakes stay far below it, trying one PIN against a list of usernames does not.
   */
  maxFailures: 20,
} as const;

/** 1234, 4321, 0000: the first PINs anyone would try. */
function guessable(pin: string): boolean {
  if (/^(\d)\1+$/.test(pin)) return true;
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((d, i) => (d - (digits[i] ?? 0) + 10) % 10));
  return steps.size === 1 && (steps.has(1) || steps.has(9));
}

export const pinText = v.pipe(
  v.string(REFUSALS['kiosk.pinFormat']),
  v.regex(/^\d{4,8}$/, REFUSALS['kiosk.pinFormat']),
  v.check((pin) => !guessable(pin), REFUSALS['kiosk.pinGuessable']),
);

export const setPinBody = v.object({
  pin: pinText,
  password: v.pipe(v.optional(v.string(), ''), v.nonEmpty(REFUSALS['kiosk.passwordRequired'])),
});

/** What a person types or scans at the kiosk: username + PIN, or the badge (URL or bare signed id). */
export const kioskCheckInBody = v.variant(
  'method',
  [
    v.object({
      method: v.literal('pin'),
      username: requiredText(REFUSALS['kiosk.usernameRequired'], 100, REFUSALS['kiosk.pinWrong']),
      pin: v.pipe(v.string(REFUSALS['kiosk.pinRequired']), v.nonEmpty(REFUSALS['kiosk.pinRequired'])),
    }),
    v.object({
      method: v.literal('badge'),
      badge: requiredText(REFUSALS['kiosk.badgeRequired'], 500, REFUSALS['kiosk.badgeInvalid']),
    }),
  ],
  REFUSALS['kiosk.methodRequired'],
);
export type KioskCheckInBody = v.InferOutput<typeof kioskCheckInBody>;

/** The trainer closing the kiosk on the tablet itself: they prove who they are with their password. */
export const kioskCloseBody = v.object({
  username: requiredString(REFUSALS['kiosk.usernameRequired']),
  password: v.pipe(v.optional(v.string(), ''), v.nonEmpty(REFUSALS['kiosk.passwordRequired'])),
});

export interface PinStatus {
  setAt: string;
  locked: boolean;
}
export interface PinResponse {
  pin: PinStatus | null;
}
export interface BadgeResponse {
  /** The signed badge id; the QR encodes `${origin}/badge/${badge}`. */
  badge: string;
}

export interface KioskInfo {
  id: string;
  sessionId: string;
  title: string;
  location: string;
  startsAt: string;
  endsAt: string;
  closesAt: string;
}
export interface KioskOpenResponse {
  /** Shown once: the tablet keeps it; the server keeps only its hash. */
  token: string;
  kiosk: KioskInfo;
}
export interface KioskResponse {
  kiosk: KioskInfo;
}
export interface KioskCheckInResponse {
  checkedIn: true;
  already: boolean;
  /** The person's name, so they see it was them who was checked in. */
  name: string;
}
