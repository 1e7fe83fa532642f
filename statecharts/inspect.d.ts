import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
/**
 * Turns a LIVE machine definition into a plain, serialisable model of its states and
 * transitions. Everything auditors see (the /statecharts page, the SVG, SCXML and Mermaid
 * exports) is drawn from this model, and the model is read from the same `machine` object the
 * app runs, so a diagram cannot drift from the code: add a state and it shows up everywhere.
 *
 * Only public StateNode properties are read (root, states, transitions, always, invoke, initial,
 * type, tags, entry, exit, history); implementations (delays) come from `machine.implementations`.
 */
export type StateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
export interface StateModel {
    /** The xstate state node id (`session.checking.routing`), unique in the machine. */
    id: string;
    /** The key of the node in its parent (`routing`); the machine id for the root. */
    key: string;
    /** Keys from the root to this node; empty for the root. */
    path: string[];
    parentId: string | null;
    type: StateType;
    /** For compound states: the child entered by default. */
    initialChildId: string | null;
    /** For history states: shallow or deep. */
    history: 'shallow' | 'deep' | null;
    tags: string[];
    entry: string[];
    exit: string[];
    /** Names of the actors invoked while the state is active. */
    invoke: string[];
    description: string | null;
}
export type TransitionKind = 'event' | 'always' | 'after' | 'done' | 'error' | 'snapshot' | 'finished' | 'wildcard';
export interface TransitionModel {
    /** `<sourceId>#<n>`: stable for a given definition, unique in the machine. */
    id: string;
    sourceId: string;
    /** Empty for a targetless transition (actions only, the state is not exited). */
    targetIds: string[];
    /** The raw xstate event type (`''` for `always`, `xstate.after.30000.<id>` for delays). */
    event: string;
    kind: TransitionKind;
    /** The event as an auditor reads it: `attempt.submit`, `after 30 s`, `done: startAttempt`. */
    eventLabel: string;
    guard: string | null;
    /** Resolved delay in ms for `after` transitions, when it is a number. */
    delayMs: number | null;
    /** The delay as written (a number or a named delay) for `after` transitions. */
    delay: string | number | null;
    actions: string[];
    /** True when a transition to its own source exits and re-enters it. */
    reenter: boolean;
    /** `eventLabel [guard]`, the text drawn on the arrow. */
    label: string;
    /** For done/error/snapshot transitions: the invoked actor's name. */
    actor: string | null;
}
export interface MachineModel {
    id: string;
    rootId: string;
    states: StateModel[];
    transitions: TransitionModel[];
}
/** `after 30 s`, `after 1 s`, `after 2 min`, `after 250 ms`. */
export declare function formatDelay(ms: number): string;
/** A guard as text: its name, or its composition for `and`/`or`/`not`/`stateIn` helpers. */
export declare function guardName(guard: unknown): string | null;
/** The transitions of one node in xstate's own order: `on`, onDone, invoke done/error, `after`, then `always`. */
export declare function ownTransitions(node: AnyStateNode): AnyTransitionDefinition[];
export declare function describeMachine(machine: AnyStateMachine): MachineModel;
/** The model transition id of a live transition definition (for coverage checks and the simulator). */
export declare function transitionIdOf(transition: AnyTransitionDefinition): string;
/** A state value (`{ checking: 'routing' }`) for a path, to ask `snapshot.matches`. */
export declare function pathToValue(path: string[]): string | Record<string, unknown>;
