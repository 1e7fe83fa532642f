import { checkInCodeMachine } from '../../check-in-code.machine';
import { classroomSessionMachine } from '../../classroom-session.machine';
import { isoIn, type MachineEntry } from './shared';

// Classroom sessions (issue 29): the session's lifecycle and the trainer's rotating check-in code.

export const classroomSessionEntry: MachineEntry = {
  key: 'classroom-session',
  title: 'Classroom session lifecycle',
  description:
    "One classroom session from scheduling to its locked record, on a simulated clock. Scheduled, it takes the trainer's roster marks but no scans; check-in by the rotating QR code opens 30 minutes before the start and closes at the end. Once the session has started the trainer signs the roster with their password, before or after the end: the session is signed off, the roster is locked and every person marked present completes the course's classroom step. After that each change is an amendment: it needs a reason, must change something, and is kept with both versions. An amendment to absent does not withdraw a completion already earned; an amendment to present completes the step. A refused action changes nothing and says why, with the same refusal the server gives.",
  machine: classroomSessionMachine,
  inputs: [
    {
      label: 'starts in 2 hours',
      value: (now) => ({ startsAt: isoIn(now, 120), endsAt: isoIn(now, 240), now: isoIn(now, 0) }),
    },
    {
      label: 'starting in 20 min',
      value: (now) => ({ startsAt: isoIn(now, 20), endsAt: isoIn(now, 140), now: isoIn(now, 0) }),
    },
    {
      label: 'ended an hour ago',
      value: (now) => ({ startsAt: isoIn(now, -180), endsAt: isoIn(now, -60), now: isoIn(now, 0) }),
    },
  ],
  samples: {
    'time.pass': [
      { label: '+10 min', payload: () => ({ minutes: 10 }) },
      { label: '+1 hour', payload: () => ({ minutes: 60 }) },
      { label: '+1 day', payload: () => ({ minutes: 24 * 60 }) },
    ],
    'attendee.checkIn': [
      { label: 'Alex scans', payload: () => ({ userId: 'alex' }) },
      { label: 'Sam scans', payload: () => ({ userId: 'sam' }) },
    ],
    'attendance.mark': [
      { label: 'Alex present', payload: () => ({ userId: 'alex', present: true }) },
      { label: 'Sam absent', payload: () => ({ userId: 'sam', present: false }) },
      {
        label: 'Sam present, with a reason',
        payload: () => ({ userId: 'sam', present: true, reason: 'Signed the paper sheet' }),
      },
      {
        label: 'Alex absent, with a reason',
        payload: () => ({ userId: 'alex', present: false, reason: 'Left after ten minutes' }),
      },
    ],
    'session.signOff': [
      { label: 'right password', payload: () => ({ passwordCorrect: true }) },
      { label: 'wrong password', payload: () => ({ passwordCorrect: false }) },
    ],
  },
};

export const checkInCodeEntry: MachineEntry = {
  key: 'check-in-code',
  title: 'Rotating check-in code',
  description:
    "The trainer's check-in screen for one classroom session, showing the session's code as a QR. The Worker signs a new code every 30 seconds and accepts each until 10 seconds after it expires, so a photo passed round a group chat stops working within a minute. The screen asks for the next code a second before the shown one expires and, while the server still answers the same code, once more just after the change, so the code on screen is always one the server accepts. Hidden (another tab, a locked tablet) or offline, the screen pauses: it shows no code and asks for none, and fetches a fresh one as soon as it is back in view and online. A refresh that hangs hides the code before it stops working. A failed fetch shows an error with a retry button and also retries by itself, waiting longer each time up to 30 seconds; a refusal (not a trainer of this session, no such session) waits for the button.",
  machine: checkInCodeMachine,
  inputs: [
    { label: 'in view, online', value: () => ({ sessionId: 'session-1', visible: true, online: true }) },
    { label: 'offline', value: () => ({ sessionId: 'session-1', visible: true, online: false }) },
  ],
  samples: {
    'done: fetchCode': [
      {
        label: 'code for 25 s',
        payload: ({ now }) => ({
          output: {
            code: `session-1.${Math.floor(now / 30_000)}.sig`,
            expiresAt: isoIn(now, 25 / 60),
            receivedAt: isoIn(now, 0),
          },
        }),
      },
      {
        label: 'same code, 1 s left',
        payload: ({ context, now }) => ({
          output: { code: context.code ?? 'session-1.0.sig', expiresAt: isoIn(now, 1 / 60), receivedAt: isoIn(now, 0) },
        }),
      },
    ],
    'error: fetchCode': [
      { label: 'connection lost', payload: () => ({ error: { refused: false, message: 'Failed to fetch' } }) },
      {
        label: 'not a trainer',
        payload: () => ({ error: { refused: true, message: 'Only a trainer of this session can do this' } }),
      },
    ],
  },
};
