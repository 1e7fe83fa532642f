import { certificationMachine } from '../../certification.machine';
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
