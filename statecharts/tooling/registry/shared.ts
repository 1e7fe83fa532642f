import type { AnyStateMachine, EventObject } from 'xstate';

// What every registry entry holds; the group modules beside this file each describe a few machines.

export interface SampleScope {
  // The simulator does not know each machine's context type; samples read what they need.
  // biome-ignore lint/suspicious/noExplicitAny: each machine's samples read their own context shape
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
  inputs?: { label: string; value: (now: number) => unknown }[];
  samples?: Record<string, EventSample[]>;
  /**
   * A long-running machine whose time is the calendar (it keeps its own date in its context and
   * moves it by an event): the simulator's clock shows that date and moves it by days, not seconds.
   */
  calendar?: {
    // biome-ignore lint/suspicious/noExplicitAny: each machine's context has its own shape
    date: (context: any) => string;
    /** The event that moves the machine's date on by `days`. */
    pass: (days: number) => EventObject;
  };
}

/** Sample timestamps relative to the simulated clock. */
export const isoIn = (now: number, minutes: number) => new Date(now + minutes * 60_000).toISOString();
export const isoDaysIn = (now: number, days: number) => isoIn(now, days * 24 * 60);
