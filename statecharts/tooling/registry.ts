import { bulkImportEntry, resetPasswordEntry, sessionEntry } from './registry/account';
import { assessmentEntry, incompleteAttemptsEntry } from './registry/assessment';
import { checkInCodeEntry, classroomSessionEntry } from './registry/classroom';
import { certificationEntry, evaluationEntry } from './registry/compliance';
import { certificateDialogEntry, courseProgressEntry, enrollmentEntry, recertificationEntry } from './registry/course';
import { materialProgressEntry, scormPlayerEntry } from './registry/material';
import type { MachineEntry } from './registry/shared';

export type { MachineEntry } from './registry/shared';

/** The simulator's clock starts here (a fixed time keeps simulated deadlines readable). */
export const SIMULATION_EPOCH = Date.UTC(2026, 0, 15, 9, 0, 0);

/**
 * Every machine auditors can inspect on /statecharts and in the export, with a plain-language
 * account of what it guarantees. Adding a machine is one entry in the group module of registry/
 * it belongs to and its name in the list below; its diagram, SCXML and Mermaid come from the
 * live definition.
 *
 * `samples` give the simulator realistic payloads: keyed by the transition's event label
 * (`timer.tick`, `done: startAttempt`, `error: login`), each variant builds the event's extra
 * fields from the simulated context and clock. Events without a sample are sent bare; `done:`
 * events then carry no output and `error:` events a generic Error.
 */
export const MACHINES: MachineEntry[] = [
  sessionEntry,
  assessmentEntry,
  incompleteAttemptsEntry,
  enrollmentEntry,
  courseProgressEntry,
  recertificationEntry,
  materialProgressEntry,
  certificateDialogEntry,
  certificationEntry,
  evaluationEntry,
  classroomSessionEntry,
  checkInCodeEntry,
  resetPasswordEntry,
  bulkImportEntry,
  scormPlayerEntry,
];

export function findMachine(key: string): MachineEntry | undefined {
  return MACHINES.find((m) => m.key === key);
}
