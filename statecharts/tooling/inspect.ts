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
export function formatDelay(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms >= 1000 && ms % 1000 === 0) return `${ms / 1000} s`;
  if (ms >= 1000) return `${(ms / 1000).toFixed(1)} s`;
  return `${ms} ms`;
}

type GuardLike = string | { type: string; params?: unknown } | ((...args: never[]) => unknown) | undefined;

/** A guard as text: its name, or its composition for `and`/`or`/`not`/`stateIn` helpers. */
export function guardName(guard: unknown): string | null {
  const g = guard as GuardLike;
  if (g === undefined || g === null) return null;
  if (typeof g === 'string') return g;
  if (typeof g === 'function') {
    const fn = g as unknown as { check?: unknown; guards?: unknown[]; stateValue?: unknown; name?: string };
    if (fn.check && Array.isArray(fn.guards)) {
      const parts = fn.guards.map((inner) => guardName(inner) ?? 'inline');
      if (fn.name === 'not') return `!${parts[0]}`;
      if (fn.name === 'and') return parts.join(' && ');
      if (fn.name === 'or') return parts.join(' || ');
    }
    if (fn.check && 'stateValue' in fn) return `in ${JSON.stringify(fn.stateValue)}`;
    return fn.name && fn.name !== 'guard' ? fn.name : 'inline guard';
  }
  if (typeof g === 'object' && 'type' in g) return g.type;
  return 'inline guard';
}

/** Built-in action creators carry `type: 'xstate.assign'` etc.; named ones are strings or {type}. */
function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (action && typeof action === 'object' && 'type' in action && typeof action.type === 'string') return action.type;
  if (typeof action === 'function') {
    const fn = action as { type?: unknown; name?: string };
    if (typeof fn.type === 'string') return fn.type.replace(/^xstate\./, '');
    return fn.name || 'inline action';
  }
  return 'inline action';
}

/** The raise/cancel pair xstate adds to entry/exit for every `after` delay is plumbing, not behaviour. */
function isDelayPlumbing(action: unknown): boolean {
  if (typeof action !== 'function') return false;
  const fn = action as { type?: unknown; id?: unknown; sendId?: unknown };
  const id = fn.type === 'xstate.raise' ? fn.id : fn.type === 'xstate.cancel' ? fn.sendId : undefined;
  return typeof id === 'string' && id.startsWith('xstate.after.');
}

function actionNames(actions: readonly unknown[]): string[] {
  return actions.filter((a) => !isDelayPlumbing(a)).map(actionName);
}

/** The name an auditor knows an invoked actor by: its `src` when it is a named actor. */
function invokeName(invoke: { id: string; src: unknown }): string {
  return typeof invoke.src === 'string' && !invoke.src.startsWith('xstate.invoke.') ? invoke.src : invoke.id;
}

function resolveDelay(
  machine: AnyStateMachine,
  delay: unknown,
): { delay: string | number | null; delayMs: number | null } {
  if (typeof delay === 'number') return { delay, delayMs: delay };
  if (typeof delay === 'string') {
    const impl = (machine.implementations.delays as Record<string, unknown>)[delay];
    return { delay, delayMs: typeof impl === 'number' ? impl : null };
  }
  return { delay: null, delayMs: null };
}

function describeTransition(
  machine: AnyStateMachine,
  node: AnyStateNode,
  t: AnyTransitionDefinition & { delay?: unknown },
  index: number,
): TransitionModel {
  const event = t.eventType;
  const guard = guardName(t.guard);
  let kind: TransitionKind = 'event';
  let eventLabel = event;
  let actor: string | null = null;
  let delay: string | number | null = null;
  let delayMs: number | null = null;
  const invokeById = (id: string) => node.invoke.find((inv) => inv.id === id);

  if (event === '') {
    kind = 'always';
    eventLabel = 'always';
  } else if (event.startsWith('xstate.after.')) {
    kind = 'after';
    ({ delay, delayMs } = resolveDelay(machine, t.delay));
    eventLabel = delayMs !== null ? `after ${formatDelay(delayMs)}` : `after ${String(delay)}`;
  } else if (
    event.startsWith('xstate.done.actor.') ||
    event.startsWith('xstate.error.actor.') ||
    event.startsWith('xstate.snapshot.')
  ) {
    const [prefix, id] = event.startsWith('xstate.done.actor.')
      ? ['done', event.slice('xstate.done.actor.'.length)]
      : event.startsWith('xstate.error.actor.')
        ? ['error', event.slice('xstate.error.actor.'.length)]
        : ['snapshot', event.slice('xstate.snapshot.'.length)];
    kind = prefix as TransitionKind;
    const inv = invokeById(id);
    actor = inv ? invokeName(inv) : id;
    eventLabel = `${prefix}: ${actor}`;
  } else if (event.startsWith('xstate.done.state.')) {
    kind = 'finished';
    eventLabel = 'finished';
  } else if (event === '*') {
    kind = 'wildcard';
    eventLabel = 'any event';
  }

  return {
    id: `${node.id}#${index}`,
    sourceId: node.id,
    targetIds: (t.target ?? []).map((target) => target.id),
    event,
    kind,
    eventLabel,
    guard,
    delay,
    delayMs,
    actions: actionNames(t.actions),
    reenter: Boolean(t.reenter),
    label: guard ? `${eventLabel} [${guard}]` : eventLabel,
    actor,
  };
}

/** The transitions of one node in xstate's own order: `on`, onDone, invoke done/error, `after`, then `always`. */
export function ownTransitions(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

export function describeMachine(machine: AnyStateMachine): MachineModel {
  const states: StateModel[] = [];
  const transitions: TransitionModel[] = [];

  const visit = (node: AnyStateNode) => {
    const initialTarget = node.type === 'compound' ? node.initial?.target?.[0] : undefined;
    states.push({
      id: node.id,
      key: node.key,
      path: [...node.path],
      parentId: node.parent?.id ?? null,
      type: node.type,
      initialChildId: initialTarget?.id ?? null,
      history: node.type === 'history' ? node.history || 'shallow' : null,
      tags: [...node.tags],
      entry: actionNames(node.entry),
      exit: actionNames(node.exit),
      invoke: node.invoke.map(invokeName),
      description: node.description ?? null,
    });
    ownTransitions(node).forEach((t, i) => {
      transitions.push(describeTransition(machine, node, t, i));
    });
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);

  return { id: machine.id, rootId: machine.root.id, states, transitions };
}

/** The model transition id of a live transition definition (for coverage checks and the simulator). */
export function transitionIdOf(transition: AnyTransitionDefinition): string {
  const index = ownTransitions(transition.source).indexOf(transition);
  return `${transition.source.id}#${index}`;
}

/** A state value (`{ checking: 'routing' }`) for a path, to ask `snapshot.matches`. */
export function pathToValue(path: string[]): string | Record<string, unknown> {
  if (path.length === 0) return {};
  let value: string | Record<string, unknown> = path[path.length - 1];
  for (let i = path.length - 2; i >= 0; i--) value = { [path[i]]: value };
  return value;
}
