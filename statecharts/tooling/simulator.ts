import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { describeMachine, pathToValue, type MachineModel, type TransitionModel } from './inspect';
import { SIMULATION_EPOCH, type MachineEntry } from './registry';

/**
 * Runs the REAL machine for the /statecharts simulator: the same definition the app runs, with
 * every actor swapped for a placeholder that never settles (so nothing reaches the network) and
 * xstate's SimulatedClock (so `after` delays fire only when the auditor moves the clock). The
 * auditor plays the outside world: results of invoked actors are sent as their done/error events
 * with the registry's sample payloads.
 */

/** SimulatedClock plus a record of pending timers, so the page can offer "fire the next timer". */
export class TrackingClock {
  private readonly sim = new SimulatedClock();
  private readonly pending = new Map<unknown, number>();

  setTimeout(fn: (...args: unknown[]) => void, timeout: number): unknown {
    const due = this.sim.now() + timeout;
    const id: unknown = this.sim.setTimeout(() => {
      this.pending.delete(id);
      fn();
    }, timeout);
    this.pending.set(id, due);
    return id;
  }

  clearTimeout(id: unknown): void {
    this.pending.delete(id);
    this.sim.clearTimeout(id as number);
  }

  /** Milliseconds since the simulation started. */
  elapsed(): number {
    return this.sim.now();
  }

  nextDue(): number | null {
    return this.pending.size ? Math.min(...this.pending.values()) : null;
  }

  advance(ms: number): void {
    this.sim.increment(ms);
  }
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

const DAY_MS = 24 * 3600 * 1000;

const NEVER = fromPromise(() => new Promise<never>(() => {}));

export function placeholderActors(machine: AnyStateMachine): Record<string, typeof NEVER> {
  return Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, NEVER]));
}

export class Simulation {
  readonly model: MachineModel;
  readonly clock = new TrackingClock();
  private readonly actor: AnyActorRef;
  private readonly listeners = new Set<() => void>();
  readonly log: string[] = [];
  /** A calendar machine's date at the start (ISO), to count the days simulated. */
  private readonly startDate: string | null;

  constructor(
    private readonly entry: MachineEntry,
    inputIndex = 0,
  ) {
    this.model = describeMachine(entry.machine);
    const input = entry.inputs?.[inputIndex]?.value(SIMULATION_EPOCH);
    const machine = entry.machine.provide({ actors: placeholderActors(entry.machine) } as never);
    this.actor = createActor(machine, { input, clock: this.clock } as never);
    this.actor.subscribe({ next: () => this.notify(), error: () => this.notify() });
    this.actor.start();
    this.startDate = this.calendarDate();
  }

  /** A calendar machine's own date (ISO), or null for a machine that runs on the clock. */
  calendarDate(): string | null {
    return this.entry.calendar ? this.entry.calendar.date(this.snapshot().context) : null;
  }

  /** Whole days a calendar machine's date has moved since the start. */
  daysPassed(): number {
    const date = this.calendarDate();
    if (!date || !this.startDate) return 0;
    return Math.round((Date.parse(date) - Date.parse(this.startDate)) / DAY_MS);
  }

  /** Moves a calendar machine's date on by `days` (the clock too, so samples read the same day). */
  passDays(days: number): void {
    if (!this.entry.calendar) return;
    this.clock.advance(days * DAY_MS);
    this.send(this.entry.calendar.pass(days), `+${days} d`);
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(): AnyMachineSnapshot {
    return this.actor.getSnapshot() as AnyMachineSnapshot;
  }

  /** Simulated wall clock (epoch ms): samples use it for deadlines and ticks. */
  now(): number {
    return SIMULATION_EPOCH + this.clock.elapsed();
  }

  /** The ids of the active state nodes, the root included. */
  activeStateIds(): string[] {
    const snapshot = this.snapshot();
    return this.model.states
      .filter((s) => s.path.length === 0 || snapshot.matches(pathToValue(s.path) as never))
      .map((s) => s.id);
  }

  /** Transitions leaving the active states, in document order. */
  activeTransitions(): TransitionModel[] {
    const active = new Set(this.activeStateIds());
    return this.model.transitions.filter((t) => active.has(t.sourceId));
  }

  /** The events the machine accepts now (`snapshot.can`), with the registry's sample payloads. */
  enabledEvents(): SimEvent[] {
    const snapshot = this.snapshot();
    if (snapshot.status !== 'active') return [];
    // A calendar machine's time event is the clock's buttons, not one of the events to send.
    const seen = new Set<string>(this.entry.calendar ? [this.entry.calendar.pass(0).type] : []);
    const out: SimEvent[] = [];
    for (const t of this.activeTransitions()) {
      if (
        t.kind === 'always' ||
        t.kind === 'after' ||
        t.kind === 'finished' ||
        t.kind === 'wildcard' ||
        seen.has(t.event)
      )
        continue;
      seen.add(t.event);
      const samples = this.entry.samples?.[t.eventLabel];
      const variants = samples?.length
        ? samples.map((s) => ({ variant: s.label, extra: s.payload({ context: snapshot.context, now: this.now() }) }))
        : [{ variant: null, extra: t.kind === 'error' ? { error: new Error('Simulated failure') } : {} }];
      for (const { variant, extra } of variants) {
        const event = { ...extra, type: t.event } as EventObject;
        let enabled = false;
        try {
          enabled = snapshot.can(event);
        } catch {
          enabled = false;
        }
        if (enabled) out.push({ key: `${t.event}|${variant ?? ''}`, label: t.eventLabel, variant, event });
      }
    }
    return out;
  }

  /** Sends an event as the outside world; `label` is what the log shows (default: the type). */
  send(event: EventObject, label = event.type): void {
    this.log.push(label);
    this.actor.send(event);
    this.notify();
  }

  /** Moves the simulated clock; timers that come due fire in order. */
  advance(ms: number): void {
    this.clock.advance(ms);
    this.notify();
  }

  /** Moves the clock to the next pending timer, if any; returns how far it moved. */
  fireNextTimer(): number | null {
    const due = this.clock.nextDue();
    if (due === null) return null;
    const step = Math.max(0, due - this.clock.elapsed());
    this.advance(step);
    return step;
  }

  stop(): void {
    this.actor.stop();
    this.listeners.clear();
  }
}

/** Context as readable JSON: errors by message, actors and functions by name. */
export function contextJson(context: unknown): string {
  return JSON.stringify(
    context,
    (_key, value) => {
      if (value instanceof Error) return `Error: ${value.message}`;
      if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
      if (value && typeof value === 'object' && 'sessionId' in value && 'send' in value)
        return `[actor ${(value as { id?: string }).id ?? ''}]`;
      return value;
    },
    2,
  );
}
