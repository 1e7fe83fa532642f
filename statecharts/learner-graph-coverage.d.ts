import { type AnyStateMachine, type AnyStateNode, type EventObject, type Snapshot } from 'xstate';
/**
 * Test helper for the critical machines: every reachable (state, event) pair from the
 * adjacency map becomes a path (shortest path to the state, then the event), which is
 * replayed on a live actor; and the union of those paths must touch every state node and
 * every transition of the machine's definition.
 */
type Snap = Snapshot<unknown> & {
    value: unknown;
    context: unknown;
    _nodes: AnyStateNode[];
};
export interface TransitionPath {
    events: EventObject[];
    states: Snap[];
}
export interface CoverageOptions {
    events: EventObject[];
    input?: unknown;
    serializeState: (snapshot: Snap) => string;
}
export declare function transitionPaths(machine: AnyStateMachine, options: CoverageOptions): TransitionPath[];
/** State node ids and transitions of the definition that no path visits (both lists should be empty). */
export declare function uncovered(machine: AnyStateMachine, paths: TransitionPath[]): {
    states: string[];
    transitions: string[];
};
/** Replays a path on a live actor (its effects swapped for inert ones) and returns the snapshots it went through. */
export declare function replay(machine: AnyStateMachine, path: TransitionPath, input?: unknown): Snap[];
/** Every `after` event type of the machine, so a traversal can fire delays. */
export declare function delayEvents(machine: AnyStateMachine): EventObject[];
export {};
