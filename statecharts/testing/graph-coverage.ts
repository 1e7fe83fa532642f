import {
  createActor,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { expect } from 'vitest';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { describeMachine, transitionIdOf } from '../tooling/inspect';

/**
 * The one graph-coverage harness for every machine test that walks a machine with xstate/graph.
 *
 * For each start input, the shortest path to every reachable state is extended by every event the
 * machine accepts there, so every (state, event) pair becomes a path. Each path is replayed on a
 * live actor; the transitions it takes are read from xstate's inspection stream (so eventless
 * choice points, which no settled snapshot ever rests in, count as visited), every step must land
 * on the graph node the model says (value, and context as far as `serializeState` tells states
 * apart), and an optional per-step check asserts context and recorded effects.
 * Coverage is measured against the same model the diagrams are drawn from (tooling/inspect.ts):
 * every state node and every transition, each guarded branch separately.
 */

export interface WalkPath {
  input: unknown;
  events: EventObject[];
  /** The model's snapshots: the start, then one after each event. */
  states: AnyMachineSnapshot[];
}

export interface WalkStep<TEffects> {
  event: EventObject;
  before: AnyMachineSnapshot;
  after: AnyMachineSnapshot;
  effects: TEffects;
  input: unknown;
}

export interface GraphWalk<TEffects = undefined> {
  /** The machine with every effect made inert (see `inert` in fixtures.ts). */
  machine: AnyStateMachine;
  /** Start inputs; the graph is walked from each (default: one start without input). */
  inputs?: unknown[];
  /** Events to try in every state (with their payloads); delay events of the machine are added automatically. */
  events: readonly (EventObject & Record<string, unknown>)[];
  /** Which snapshots count as the same graph node (default: value and whole context). */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /** Starts a live actor for a replay, with effects swapped for recorders (default: plain actor). */
  start?: (input: unknown, inspect: (event: InspectionEvent) => void) => { actor: AnyActorRef; effects: TEffects };
  /** Per-step assertions on the live actor. */
  check?: (step: WalkStep<TEffects>) => void;
}

export interface WalkResult {
  paths: WalkPath[];
  steps: number;
  /** State node ids never active on any path (should be empty). */
  unvisitedStates: string[];
  /** Transitions of the definition never taken, as `<id> <label>` (should be empty). */
  untakenTransitions: string[];
  /** Steps where the live actor disagreed with the model (should be empty). */
  mismatches: string[];
}

/**
 * What every machine test asserts of its walk: every state node reached, every transition of the
 * definition taken, and the live actor where the model says on every step.
 */
export function expectWholeGraph(walk: WalkResult) {
  expect(walk.unvisitedStates).toEqual([]);
  expect(walk.untakenTransitions).toEqual([]);
  expect(walk.mismatches).toEqual([]);
}

const serializeEvent = (event: EventObject) =>
  JSON.stringify(event, (_key, value) => (value instanceof Error ? `Error(${value.message})` : value));

const defaultSerialize = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify([snapshot.value, snapshot.context], (_key, value) =>
    value instanceof Error ? `Error(${value.message})` : value,
  );

/** Every `after` event of the machine, so a walk can fire delays without waiting. */
export function delayEvents(machine: AnyStateMachine): EventObject[] {
  const walk = (node: AnyStateNode): AnyStateNode[] => [
    node,
    ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(walk),
  ];
  return walk(machine.root).flatMap((node) => node.after.map((t) => ({ type: t.eventType })));
}

/** Every (state, event) pair reachable from `input`, each as a path from the start. */
function pathsFrom(
  machine: AnyStateMachine,
  events: EventObject[],
  input: unknown,
  serializeState: (s: AnyMachineSnapshot) => string,
): WalkPath[] {
  const traversal = {
    events,
    input,
    serializeState,
    serializeEvent,
    // Only events the machine acts on: done, error and delay events only while their actor or state is active.
    filterEvents: (s: AnyMachineSnapshot, e: EventObject) => s.status === 'active' && s.can(e),
  };
  const toState = new Map<string, WalkPath>();
  for (const path of getShortestPaths(machine as AnyActorLogic, traversal as never)) {
    toState.set(serializeState(path.state as AnyMachineSnapshot), {
      input,
      events: path.steps.slice(1).map((s) => s.event as EventObject),
      states: path.steps.map((s) => s.state as AnyMachineSnapshot),
    });
  }
  const adjacency = getAdjacencyMap(machine as AnyActorLogic, traversal as never) as unknown as Record<
    string,
    { transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }
  >;
  const paths: WalkPath[] = [];
  for (const [key, entry] of Object.entries(adjacency)) {
    const base = toState.get(key);
    if (!base) continue;
    paths.push(base);
    for (const { event, state } of Object.values(entry.transitions))
      paths.push({ input, events: [...base.events, event], states: [...base.states, state] });
  }
  return paths;
}

export function walkGraph<TEffects = undefined>(walk: GraphWalk<TEffects>): WalkResult {
  const model = describeMachine(walk.machine);
  const serializeState = walk.serializeState ?? defaultSerialize;
  const events = [...walk.events, ...delayEvents(walk.machine)];
  const start =
    walk.start ??
    ((input: unknown, inspect: (e: InspectionEvent) => void) => ({
      actor: createActor(walk.machine, { input, inspect } as never),
      effects: undefined as TEffects,
    }));
  const visited = new Set<string>();
  const taken = new Set<string>();
  const mismatches: string[] = [];
  const paths: WalkPath[] = [];
  let steps = 0;

  for (const input of walk.inputs ?? [undefined]) {
    for (const path of pathsFrom(walk.machine, events, input, serializeState)) {
      paths.push(path);
      const { actor, effects } = start(input, (e) => {
        if (e.type !== '@xstate.microstep') return;
        for (const t of e._transitions) {
          taken.add(transitionIdOf(t));
          // Taking a transition out of a state proves it (and its ancestors) was active.
          for (let n: AnyStateNode | undefined = t.source; n; n = n.parent) visited.add(n.id);
        }
      });
      actor.start();
      const mark = (s: AnyMachineSnapshot) =>
        (s as AnyMachineSnapshot & { _nodes: AnyStateNode[] })._nodes.forEach((n) => {
          visited.add(n.id);
        });
      let before = actor.getSnapshot() as AnyMachineSnapshot;
      mark(before);
      path.events.forEach((event, i) => {
        actor.send(event);
        const after = actor.getSnapshot() as AnyMachineSnapshot;
        mark(after);
        steps++;
        const expected = path.states[i + 1];
        // The model is only as precise as serializeState: the live actor must land on the same graph node.
        if (
          JSON.stringify(after.value) !== JSON.stringify(expected.value) ||
          serializeState(after) !== serializeState(expected)
        ) {
          mismatches.push(
            `${path.events
              .slice(0, i + 1)
              .map((e) => e.type)
              .join(' > ')}: model ${serializeState(expected)}, live ${serializeState(after)}`,
          );
        }
        walk.check?.({ event, before, after, effects, input });
        before = after;
      });
      actor.stop();
    }
  }

  return {
    paths,
    steps,
    unvisitedStates: model.states.map((s) => s.id).filter((id) => !visited.has(id)),
    untakenTransitions: model.transitions.filter((t) => !taken.has(t.id)).map((t) => `${t.id} ${t.label}`),
    mismatches,
  };
}
