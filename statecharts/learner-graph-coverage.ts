import { createActor, type AnyActorLogic, type AnyStateMachine, type AnyStateNode, type EventObject, type Snapshot } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes, toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';

/**
 * Test helper for the critical machines: every reachable (state, event) pair from the
 * adjacency map becomes a path (shortest path to the state, then the event), which is
 * replayed on a live actor; and the union of those paths must touch every state node and
 * every transition of the machine's definition.
 */

type Snap = Snapshot<unknown> & { value: unknown; context: unknown; _nodes: AnyStateNode[] };

export interface TransitionPath {
  events: EventObject[];
  states: Snap[];
}

export interface CoverageOptions {
  events: EventObject[];
  input?: unknown;
  serializeState: (snapshot: Snap) => string;
}

const serializeEvent = (event: EventObject) =>
  JSON.stringify(event, (_key, value) => (value instanceof Error ? `Error(${value.message})` : value));

export function transitionPaths(machine: AnyStateMachine, options: CoverageOptions): TransitionPath[] {
  const traversal = {
    events: options.events,
    input: options.input,
    serializeState: (s: Snap) => options.serializeState(s),
    serializeEvent,
    // Done, error and delay events only ever arrive while their actor or state is active.
    filterEvents: (s: Snap & { can: (e: EventObject) => boolean }, e: EventObject) => !e.type.startsWith('xstate.') || s.can(e),
  };
  const shortest = getShortestPaths(machine as AnyActorLogic, traversal as never);
  const toState = new Map<string, TransitionPath>();
  for (const path of shortest) {
    toState.set(options.serializeState(path.state as Snap), {
      events: path.steps.slice(1).map((s) => s.event as EventObject),
      states: path.steps.map((s) => s.state as Snap),
    });
  }
  const adjacency = getAdjacencyMap(machine as AnyActorLogic, traversal as never) as Record<string, { state: Snap; transitions: Record<string, { event: EventObject; state: Snap }> }>;
  const paths: TransitionPath[] = [];
  for (const [key, entry] of Object.entries(adjacency)) {
    const base = toState.get(key);
    if (!base) continue;
    for (const { event, state } of Object.values(entry.transitions)) {
      paths.push({ events: [...base.events, event], states: [...base.states, state] });
    }
  }
  return paths;
}

interface Edge {
  source: string;
  target: string;
  event: string;
}

function edgesOf(node: DirectedGraphNode): Edge[] {
  return [
    ...node.edges.map((e) => ({ source: e.source.id, target: e.target.id, event: e.transition.eventType })),
    ...node.children.flatMap(edgesOf),
  ];
}

/** State node ids and transitions of the definition that no path visits (both lists should be empty). */
export function uncovered(machine: AnyStateMachine, paths: TransitionPath[]): { states: string[]; transitions: string[] } {
  const allStates = getStateNodes(machine.root).map((n) => n.id);
  const visited = new Set<string>();
  const taken = new Set<string>();
  for (const path of paths) {
    path.states.forEach((state, i) => {
      for (const node of state._nodes) visited.add(node.id);
      if (i === 0) return;
      const prev = new Set(path.states[i - 1]._nodes.map((n) => n.id));
      const next = new Set(state._nodes.map((n) => n.id));
      const event = path.events[i - 1].type;
      for (const edge of edgesOf(toDirectedGraph(machine))) {
        const eventMatches = edge.event === event || edge.event === '';
        if (eventMatches && prev.has(edge.source) && next.has(edge.target)) taken.add(`${edge.source} -[${edge.event}]-> ${edge.target}`);
      }
    });
  }
  const allEdges = edgesOf(toDirectedGraph(machine)).map((e) => `${e.source} -[${e.event}]-> ${e.target}`);
  return { states: allStates.filter((s) => !visited.has(s)), transitions: [...new Set(allEdges)].filter((e) => !taken.has(e)) };
}

/** Replays a path on a live actor (its effects swapped for inert ones) and returns the snapshots it went through. */
export function replay(machine: AnyStateMachine, path: TransitionPath, input?: unknown): Snap[] {
  const actor = createActor(machine, { input } as never);
  actor.start();
  const seen: Snap[] = [actor.getSnapshot() as Snap];
  for (const event of path.events) {
    actor.send(event);
    seen.push(actor.getSnapshot() as Snap);
  }
  actor.stop();
  return seen;
}

/** Every `after` event type of the machine, so a traversal can fire delays. */
export function delayEvents(machine: AnyStateMachine): EventObject[] {
  return getStateNodes(machine.root).flatMap((node) => node.after.map((t) => ({ type: t.eventType })));
}
