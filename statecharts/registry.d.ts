import type { AnyStateMachine } from 'xstate';
/**
 * Every machine auditors can inspect on /statecharts and in the export, with a plain-language
 * account of what it guarantees. Adding a machine is one entry here; its diagram, SCXML and
 * Mermaid come from the live definition.
 *
 * `samples` give the simulator realistic payloads: keyed by the transition's event label
 * (`timer.tick`, `done: startAttempt`, `error: login`), each variant builds the event's extra
 * fields from the simulated context and clock. Events without a sample are sent bare; `done:`
 * events then carry no output and `error:` events a generic Error.
 */
export interface SampleScope {
    context: any;
    /** The simulated clock, as epoch milliseconds. */
    now: number;
}
export interface EventSample {
    /** Shown next to the event when a machine offers several variants. */
    label: string;
    payload: (scope: SampleScope) => Record<string, unknown>;
}
export interface MachineEntry {
    /** The file name in statecharts/ without `.machine.ts`, also the export file name. */
    key: string;
    title: string;
    description: string;
    machine: AnyStateMachine;
    /** Inputs the simulator can start the machine with; the first is the default. */
    inputs?: {
        label: string;
        value: (now: number) => unknown;
    }[];
    samples?: Record<string, EventSample[]>;
}
/** The simulator's clock starts here (a fixed time keeps simulated deadlines readable). */
export declare const SIMULATION_EPOCH: number;
export declare const MACHINES: MachineEntry[];
export declare function findMachine(key: string): MachineEntry | undefined;
