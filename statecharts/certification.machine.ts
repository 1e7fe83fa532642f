import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import {
  COMPLIANCE_STATUSES,
  complianceStatus,
  DAY_MS,
  DEFAULT_DUE_SOON_DAYS,
  DEFAULT_DUE_WITHIN_DAYS,
  type ComplianceFacts,
  type ComplianceStatus,
} from '../worker/contract/rules/compliance';

/**
 * One person's certification against one requirement: covered and waiting (pending), in
 * training, certified (compliant), inside the renewal window (dueSoon), renewing (recertifying),
 * past the due date (overdue) or excused (exempt). Each state is tagged with the compliance status
 * it stands for, so the tags answer what the rule of contract/rules/compliance.ts answers.
 *
 * The guards ask that rule about the facts and a virtual clock (`now`), so the status is decided
 * in one place; the machine adds what the rule cannot know: which step of training the person is
 * in and which events make sense there. Time moves only with `time.pass`, and every state
 * re-checks the facts on the new clock through its eventless transitions.
 */

export interface IssuedCertificate {
  number: string;
  issuedAt: string;
  expiresAt: string;
}

export interface CertificationContext extends ComplianceFacts {
  certificate: IssuedCertificate | null;
  exemptUntil: string | null;
  lastEventOn: string | null;
  /** The virtual clock, an ISO instant: the rule is asked at this time. */
  now: string;
}

export interface CertificationInput {
  coveredSince: string;
  now: string;
  dueWithinDays?: number;
  dueSoonDays?: number;
  certificate?: IssuedCertificate | null;
  exemptUntil?: string | null;
  lastEventOn?: string | null;
}

export type CertificationEvent =
  | { type: 'time.pass'; days: number }
  | { type: 'training.start' }
  | { type: 'recertification.start' }
  | { type: 'certificate.issue'; number: string; validDays: number }
  | { type: 'exemption.grant'; days: number }
  | { type: 'exemption.end' }
  /** A retraining event (incident, near miss, ...) on the current day. */
  | { type: 'event.record' };

const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY_MS).toISOString();

const statusOf = (context: CertificationContext) => complianceStatus(context, Date.parse(context.now)).status;

/** The compliance status a snapshot's tags stand for. */
export function certificationStatus(snapshot: SnapshotFrom<typeof certificationMachine>): ComplianceStatus | null {
  return COMPLIANCE_STATUSES.find((status) => snapshot.hasTag(status)) ?? null;
}

export const certificationMachine = setup({
  types: {
    context: {} as CertificationContext,
    events: {} as CertificationEvent,
    input: {} as CertificationInput,
    tags: {} as ComplianceStatus,
  },
  guards: {
    isExempt: ({ context }) => statusOf(context) === 'exempt',
    isOverdue: ({ context }) => statusOf(context) === 'overdue',
    isPending: ({ context }) => statusOf(context) === 'pending',
    isDueSoon: ({ context }) => statusOf(context) === 'due-soon',
    hasExemptionEnded: ({ context }) => statusOf(context) !== 'exempt',
  },
  actions: {
    // The clock never runs backwards: a state left because a date passed must stay left.
    advanceClock: assign({
      now: ({ context, event }) => {
        assertEvent(event, 'time.pass');
        return addDays(context.now, Math.max(0, event.days));
      },
    }),
    issueCertificate: assign({
      certificate: ({ context, event }) => {
        assertEvent(event, 'certificate.issue');
        return { number: event.number, issuedAt: context.now, expiresAt: addDays(context.now, event.validDays) };
      },
    }),
    grantExemption: assign({
      exemptUntil: ({ context, event }) => {
        assertEvent(event, 'exemption.grant');
        return addDays(context.now, event.days);
      },
    }),
    liftExemption: assign({ exemptUntil: null }),
    // Events are recorded by day, as the requirement's event log keeps them.
    recordEvent: assign({ lastEventOn: ({ context }) => context.now.slice(0, 10) }),
  },
}).createMachine({
  id: 'certification',
  context: ({ input }) => ({
    coveredSince: input.coveredSince,
    dueWithinDays: input.dueWithinDays ?? DEFAULT_DUE_WITHIN_DAYS,
    dueSoonDays: input.dueSoonDays ?? DEFAULT_DUE_SOON_DAYS,
    certificate: input.certificate ?? null,
    exemptUntil: input.exemptUntil ?? null,
    lastEventOn: input.lastEventOn ?? null,
    now: input.now,
  }),
  initial: 'deciding',
  // Facts that can arrive whatever the person is doing; the states then re-check them.
  on: {
    'time.pass': { actions: 'advanceClock' },
    'exemption.grant': { target: '.exempt', actions: 'grantExemption' },
    'event.record': { actions: 'recordEvent' },
  },
  states: {
    // Where the facts alone place the person: on arrival and when an exemption ends.
    deciding: {
      always: [
        { guard: 'isExempt', target: 'exempt' },
        { guard: 'isOverdue', target: 'overdue' },
        { guard: 'isPending', target: 'pending' },
        { guard: 'isDueSoon', target: 'dueSoon' },
        { target: 'compliant' },
      ],
    },
    pending: {
      tags: ['pending'],
      always: { guard: 'isOverdue', target: 'overdue' },
      on: { 'training.start': 'inTraining' },
    },
    inTraining: {
      tags: ['pending'],
      always: { guard: 'isOverdue', target: '#certification.overdue.training' },
      on: { 'certificate.issue': { target: 'compliant', actions: 'issueCertificate' } },
    },
    compliant: {
      tags: ['compliant'],
      always: [
        // A long gap can skip the renewal window altogether.
        { guard: 'isOverdue', target: 'overdue' },
        // A retraining event asks for a certificate issued after it.
        { guard: 'isPending', target: 'pending' },
        { guard: 'isDueSoon', target: 'dueSoon' },
      ],
    },
    dueSoon: {
      tags: ['due-soon'],
      always: [
        { guard: 'isOverdue', target: 'overdue' },
        { guard: 'isPending', target: 'pending' },
      ],
      on: { 'recertification.start': 'recertifying' },
    },
    // Renewing keeps the old certificate's standing until it expires; the training already begun carries on.
    recertifying: {
      tags: ['due-soon'],
      always: [
        { guard: 'isOverdue', target: '#certification.overdue.training' },
        { guard: 'isPending', target: 'inTraining' },
      ],
      on: { 'certificate.issue': { target: 'compliant', actions: 'issueCertificate' } },
    },
    overdue: {
      tags: ['overdue'],
      initial: 'waiting',
      // The rule gives a person without a valid certificate a fresh due period from a retraining event, overdue or not.
      states: {
        waiting: {
          always: { guard: 'isPending', target: '#certification.pending' },
          on: { 'training.start': 'training' },
        },
        training: {
          always: { guard: 'isPending', target: '#certification.inTraining' },
          on: { 'certificate.issue': { target: '#certification.compliant', actions: 'issueCertificate' } },
        },
      },
    },
    exempt: {
      tags: ['exempt'],
      always: { guard: 'hasExemptionEnded', target: 'deciding' },
      on: { 'exemption.end': { target: 'deciding', actions: 'liftExemption' } },
    },
  },
});
