import { certificationMachine } from '../../certification.machine';
import { evaluationMachine } from '../../evaluation.machine';
import { isoDaysIn, isoIn, type MachineEntry } from './shared';

// Compliance: one person against one training requirement, on a simulated calendar.

export const certificationEntry: MachineEntry = {
  key: 'certification',
  title: 'Certification against a requirement',
  description:
    "One person against one training requirement, on a simulated calendar. A newly covered person is pending and has the requirement's due period (30 days unless it sets another) to train and be certified; without a certificate by then they are overdue. A certificate makes them compliant; 30 days before it expires they are due soon and may start recertifying, and once it expires without a new one they are overdue. A retraining event (incident, near miss, new equipment, ...) makes a certified person pending again until a certificate issued after the event, within the due period. An exemption in force overrides everything; when it ends or lapses the person is wherever the facts then place them. The status shown is always the one the compliance rule gives for the same facts and date.",
  machine: certificationMachine,
  inputs: [
    { label: 'newly covered', value: (now) => ({ coveredSince: isoIn(now, 0), now: isoIn(now, 0) }) },
    {
      label: 'certified 10 months ago',
      value: (now) => ({
        coveredSince: isoDaysIn(now, -400),
        now: isoIn(now, 0),
        certificate: { number: 'CERT-2025-000417', issuedAt: isoDaysIn(now, -300), expiresAt: isoDaysIn(now, 65) },
      }),
    },
    {
      label: 'covered 60 days ago, untrained',
      value: (now) => ({ coveredSince: isoDaysIn(now, -60), now: isoIn(now, 0) }),
    },
  ],
  // Time is the calendar here: the simulator's clock moves it (+1 day, +30 days, +1 year).
  calendar: { date: (context) => context.now, pass: (days) => ({ type: 'time.pass', days }) },
  samples: {
    'certificate.issue': [
      {
        label: 'valid 1 year',
        payload: ({ context }) => ({ number: `CERT-${String(context.now).slice(0, 4)}-000001`, validDays: 365 }),
      },
    ],
    'exemption.grant': [
      { label: '10 days', payload: () => ({ days: 10 }) },
      { label: '90 days', payload: () => ({ days: 90 }) },
    ],
  },
};

const sampleDraft = () => ({
  id: '7d3c2a10-0000-4000-8000-000000000001',
  templateId: 'template-reach-truck',
  templateName: 'Reach truck practical evaluation',
  items: [
    { id: 'item-1', text: 'Pre-use inspection', critical: true },
    { id: 'item-2', text: 'Load handling at height', critical: false },
  ],
  traineeId: 'user-alex',
  traineeName: 'Alex Rivera',
  results: {},
  note: '',
  photoIds: [],
  signedAt: null,
});

export const evaluationEntry: MachineEntry = {
  key: 'evaluation',
  title: 'Practical evaluation on the floor',
  description:
    "An evaluator's practical evaluation on a phone, working without a signal. The draft is kept on the device (across a lost connection, a reload or a closed tab) while the evaluator marks each item pass, not yet or not applicable; it can be signed only when every item is answered and no critical item is marked not applicable, and the outcome is competent only when no item is not yet. Signing (the evaluator's password, the e-signature) puts the record in the device's outbox: it is sent when the connection is back, retried with a growing delay after a failed send, and sent exactly once (the device made its id, the server answers a repeat with the stored record), then its photos. A refusal from the server (a wrong password, a rule it enforces) brings the record back to the draft with the message, never dropped. Once sent, the trainee acknowledges on the same device or later from their own account.",
  machine: evaluationMachine,
  inputs: [
    { label: 'new draft, offline', value: () => ({ draft: sampleDraft(), online: false }) },
    { label: 'new draft, online', value: () => ({ draft: sampleDraft(), online: true }) },
    {
      label: 'signed, waiting to send',
      value: (now) => ({
        draft: { ...sampleDraft(), signedAt: isoIn(now, 0) },
        stage: 'signed',
        password: 'secret',
        online: false,
      }),
    },
  ],
  samples: {
    'item.result': [
      { label: 'item 1 pass', payload: () => ({ itemId: 'item-1', result: 'PASS' }) },
      { label: 'item 2 pass', payload: () => ({ itemId: 'item-2', result: 'PASS' }) },
      { label: 'item 2 not yet', payload: () => ({ itemId: 'item-2', result: 'NOT_YET' }) },
    ],
    'evaluation.sign': [
      {
        label: 'with password',
        payload: ({ now }) => ({
          // A stand-in for the sealed password (the device sends only the envelope, never the password).
          envelope: { keyId: 'key-1', wrappedKey: 'sealed', iv: 'iv', ciphertext: 'sealed' },
          at: isoIn(now, 0),
        }),
      },
    ],
    'error: submitEvaluation': [
      { label: 'refused', payload: () => ({ error: { refused: true, message: 'The password is not correct.' } }) },
      { label: 'connection lost', payload: () => ({ error: { refused: false, message: 'Failed to fetch' } }) },
    ],
    'acknowledgement.submit': [
      { label: 'password', payload: () => ({ body: { method: 'password', username: 'alex', password: 'secret' } }) },
    ],
  },
};
