import { type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { type MachineModel, type TransitionModel } from './inspect';
import { type MachineEntry } from './registry';
/**
 * Runs the REAL machine for the /statecharts simulator: the same definition the app runs, with
 * every actor swapped for a placeholder that never settles (so nothing reaches the network) and
 * xstate's SimulatedClock (so `after` delays fire only when the auditor moves the clock). The
 * auditor plays the outside world: results of invoked actors are sent as their done/error events
 * with the registry's sample payloads.
 */
/** SimulatedClock plus a record of pending timers, so the page can offer "fire the next timer". */
export declare class TrackingClock {
    private readonly sim;
    private readonly pending;
    setTimeout(fn: (...args: unknown[]) => void, timeout: number): unknown;
    clearTimeout(id: unknown): void;
    /** Milliseconds since the simulation started. */
    elapsed(): number;
    nextDue(): number | null;
    advance(ms: number): void;
}
export interface SimEvent {
    /** Unique in the list (event type plus variant). */
    key: string;
    /** What the auditor reads: `done: startAttempt`, `timer.tick`. */
    label: string;
    /** The sample variant, when the registry offers several. */
    variant: string | null;
    event: EventObject;
}
declare const NEVER: import("xstate").PromiseActorLogic<never, import("xstate").NonReducibleUnknown, EventObject>;
export declare function placeholderActors(machine: AnyStateMachine): Record<string, typeof NEVER>;
export declare class Simulation {
    private readonly entry;
    readonly model: MachineModel;
    readonly clock: TrackingClock;
    private readonly actor;
    private readonly listeners;
    readonly log: string[];
    constructor(entry: MachineEntry, inputIndex?: number);
    private notify;
    subscribe(listener: () => void): () => void;
    snapshot(): AnyMachineSnapshot;
    /** Simulated wall clock (epoch ms): samples use it for deadlines and ticks. */
    now(): number;
    /** The ids of the active state nodes, the root included. */
    activeStateIds(): string[];
    /** Transitions leaving the active states, in document order. */
    activeTransitions(): TransitionModel[];
    /** The events the machine accepts now (`snapshot.can`), with the registry's sample payloads. */
    enabledEvents(): SimEvent[];
    /** Sends an event as the outside world; `label` is what the log shows (default: the type). */
    send(event: EventObject, label?: string): void;
    /** Moves the simulated clock; timers that come due fire in order. */
    advance(ms: number): void;
    /** Moves the clock to the next pending timer, if any; returns how far it moved. */
    fireNextTimer(): number | null;
    stop(): void;
}
/** Context as readable JSON: errors by message, actors and functions by name. */
export declare function contextJson(context: unknown): string;
export {};
