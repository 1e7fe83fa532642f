import { assertEvent, assign, setup } from 'xstate';
import type { RefusalReason } from '../worker/contract/errors';
import { SESSION_LIMITS } from '../worker/contract/sessions';

/**
 * One classroom session's lifecycle on a virtual clock, as the Worker enforces it
 * (worker/services/session-attendance.ts; test/api/classroom-session-lifecycle.test.ts walks this
 * machine against the real server and requires the same answers): scheduled; open for check-in
 * from 30 minutes before the start until the end; ended and waiting for the trainer's signature;
 * signed off (the roster is locked, the attendees' classroom component completes); amended (every
 * later change needs a reason and is kept with both versions).
 *
 * The trainer's roster marks count at any time before the sign-off; a QR check-in only while check-in
 * is open; the sign-off once the session has started, with the trainer's password. A refused event
 * changes nothing but `refusal`, which names the server's refusal (worker/contract/errors.ts).
 * An amendment to absent keeps a completion already earned (docs/decisions/2026-11-28-session-amendments.md).
 * Time moves only with `time.pass`; every state re-checks the clock through its eventless transitions.
 */

export type SessionRefusal = Extract<
  RefusalReason,
  | 'session.checkInClosed'
  | 'session.signedOffCheckIn'
  | 'session.notStarted'
  | 'session.passwordWrong'
  | 'session.alreadySignedOff'
  | 'session.amendReasonRequired'
  | 'session.amendUnchanged'
>;

export interface SessionAmendment {
  userId: string;
  present: boolean;
  reason: string;
}

export interface ClassroomSessionContext {
  startsAt: string;
  endsAt: string;
  /** The virtual clock, an ISO instant. */
  now: string;
  /** Each marked person: present or absent (a QR check-in marks present). */
  attendance: Record<string, boolean>;
  /** People whose classroom component this session completed (at the sign-off, or by an amendment to present). */
  completed: string[];
  amendments: SessionAmendment[];
  /** The last event's refusal, or null when it was accepted. */
  refusal: SessionRefusal | null;
}

export interface ClassroomSessionInput {
  startsAt: string;
  endsAt: string;
  now: string;
}

export type ClassroomSessionEvent =
  | { type: 'time.pass'; minutes: number }
  /** The learner scans a valid, fresh code (code checks are the check-in-code machine's and the server's). */
  | { type: 'attendee.checkIn'; userId: string }
  /** The trainer's roster mark; after the sign-off it is an amendment and needs a reason. */
  | { type: 'attendance.mark'; userId: string; present: boolean; reason?: string }
  /** The trainer signs the roster; `passwordCorrect` stands for the server's password check. */
  | { type: 'session.signOff'; passwordCorrect: boolean };

const MINUTE_MS = 60_000;
const at = (iso: string) => Date.parse(iso);
const checkInOpensAt = (context: ClassroomSessionContext) =>
  at(context.startsAt) - SESSION_LIMITS.checkInEarlyMinutes * MINUTE_MS;

export const classroomSessionMachine = setup({
  types: {
    context: {} as ClassroomSessionContext,
    events: {} as ClassroomSessionEvent,
    input: {} as ClassroomSessionInput,
    tags: {} as 'checkInOpen' | 'locked',
  },
  guards: {
    hasEnded: ({ context }) => at(context.now) > at(context.endsAt),
    isCheckInOpen: ({ context }) => at(context.now) >= checkInOpensAt(context),
    notStarted: ({ context }) => at(context.now) < at(context.startsAt),
    wrongPassword: ({ event }) => event.type === 'session.signOff' && !event.passwordCorrect,
    noReason: ({ event }) => event.type === 'attendance.mark' && !(event.reason ?? '').trim(),
    unchanged: ({ context, event }) =>
      event.type === 'attendance.mark' && context.attendance[event.userId] === event.present,
  },
  actions: {
    // The clock never runs backwards: a state left because a time passed stays left.
    advanceClock: assign(({ context, event }) => {
      assertEvent(event, 'time.pass');
      return { now: new Date(at(context.now) + Math.max(0, event.minutes) * MINUTE_MS).toISOString() };
    }),
    refuse: assign((_, params: { refusal: SessionRefusal }) => ({ refusal: params.refusal })),
    checkIn: assign(({ context, event }) => {
      assertEvent(event, 'attendee.checkIn');
      return { attendance: { ...context.attendance, [event.userId]: true }, refusal: null };
    }),
    mark: assign(({ context, event }) => {
      assertEvent(event, 'attendance.mark');
      return { attendance: { ...context.attendance, [event.userId]: event.present }, refusal: null };
    }),
    signOff: assign(({ context }) => ({
      completed: Object.keys(context.attendance).filter((id) => context.attendance[id]),
      refusal: null,
    })),
    amend: assign(({ context, event }) => {
      assertEvent(event, 'attendance.mark');
      const completed =
        event.present && !context.completed.includes(event.userId)
          ? [...context.completed, event.userId]
          : context.completed;
      return {
        attendance: { ...context.attendance, [event.userId]: event.present },
        amendments: [
          ...context.amendments,
          { userId: event.userId, present: event.present, reason: (event.reason ?? '').trim() },
        ],
        completed,
        refusal: null,
      };
    }),
  },
}).createMachine({
  id: 'classroomSession',
  context: ({ input }) => ({
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    now: input.now,
    attendance: {},
    completed: [],
    amendments: [],
    refusal: null,
  }),
  initial: 'scheduled',
  on: { 'time.pass': { actions: 'advanceClock' } },
  states: {
    scheduled: {
      always: [
        { guard: 'hasEnded', target: 'ended' },
        { guard: 'isCheckInOpen', target: 'openForCheckIn' },
      ],
      on: {
        'attendee.checkIn': { actions: { type: 'refuse', params: { refusal: 'session.checkInClosed' } } },
        'attendance.mark': { actions: 'mark' },
        'session.signOff': { actions: { type: 'refuse', params: { refusal: 'session.notStarted' } } },
      },
    },
    openForCheckIn: {
      tags: ['checkInOpen'],
      always: { guard: 'hasEnded', target: 'ended' },
      on: {
        'attendee.checkIn': { actions: 'checkIn' },
        'attendance.mark': { actions: 'mark' },
        'session.signOff': [
          { guard: 'notStarted', actions: { type: 'refuse', params: { refusal: 'session.notStarted' } } },
          { guard: 'wrongPassword', actions: { type: 'refuse', params: { refusal: 'session.passwordWrong' } } },
          { target: 'signedOff', actions: 'signOff' },
        ],
      },
    },
    // The session is over and waits for the trainer's signature: no more scanning, roster marks still count.
    ended: {
      on: {
        'attendee.checkIn': { actions: { type: 'refuse', params: { refusal: 'session.checkInClosed' } } },
        'attendance.mark': { actions: 'mark' },
        'session.signOff': [
          { guard: 'wrongPassword', actions: { type: 'refuse', params: { refusal: 'session.passwordWrong' } } },
          { target: 'signedOff', actions: 'signOff' },
        ],
      },
    },
    signedOff: {
      tags: ['locked'],
      on: {
        'attendee.checkIn': { actions: { type: 'refuse', params: { refusal: 'session.signedOffCheckIn' } } },
        'session.signOff': { actions: { type: 'refuse', params: { refusal: 'session.alreadySignedOff' } } },
        'attendance.mark': [
          { guard: 'noReason', actions: { type: 'refuse', params: { refusal: 'session.amendReasonRequired' } } },
          { guard: 'unchanged', actions: { type: 'refuse', params: { refusal: 'session.amendUnchanged' } } },
          { target: 'amended', actions: 'amend' },
        ],
      },
    },
    // Signed off with at least one amendment: each further one is kept the same way.
    amended: {
      tags: ['locked'],
      on: {
        'attendee.checkIn': { actions: { type: 'refuse', params: { refusal: 'session.signedOffCheckIn' } } },
        'session.signOff': { actions: { type: 'refuse', params: { refusal: 'session.alreadySignedOff' } } },
        'attendance.mark': [
          { guard: 'noReason', actions: { type: 'refuse', params: { refusal: 'session.amendReasonRequired' } } },
          { guard: 'unchanged', actions: { type: 'refuse', params: { refusal: 'session.amendUnchanged' } } },
          { actions: 'amend' },
        ],
      },
    },
  },
});
