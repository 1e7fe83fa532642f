import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';

/**
 * A narrow, read-only view of a machine snapshot for one screen: the context fields it reads and
 * the answers to the `matches`, `hasTag` and `can` questions it asks, each declared up front by
 * the hook. Screens keep asking the machine in its own words, but a snapshot change re-renders
 * them only when one of those answers changes (an autosave, a time report or a field the screen
 * never shows does not).
 */

type StateOf<S extends AnyMachineSnapshot> = Parameters<S['matches']>[0];
type TagOf<S extends AnyMachineSnapshot> = Parameters<S['hasTag']>[0];
type EventOf<S extends AnyMachineSnapshot> = Parameters<S['can']>[0];

export interface ViewReads<S extends AnyMachineSnapshot, K extends keyof S['context']> {
  context: readonly K[];
  matches?: readonly StateOf<S>[];
  tags?: readonly TagOf<S>[];
  can?: readonly EventOf<S>[];
}

/** What a view is made of: the picked context and one boolean per declared question. */
export interface Selection<S extends AnyMachineSnapshot, K extends keyof S['context']> {
  context: Pick<S['context'], K>;
  answers: boolean[];
}

export interface MachineView<S extends AnyMachineSnapshot, K extends keyof S['context']> {
  context: Pick<S['context'], K>;
  matches: (state: StateOf<S>) => boolean;
  hasTag: (tag: TagOf<S>) => boolean;
  can: (event: EventOf<S>) => boolean;
}

/** Infers the context keys while fixing the snapshot type: `readsOf<Snapshot>()({ context: ['a'] })`. */
export const readsOf =
  <S extends AnyMachineSnapshot>() =>
  <K extends keyof S['context']>(reads: ViewReads<S, K>): ViewReads<S, K> =>
    reads;

const keyOf = (kind: string, question: unknown) => `${kind}:${JSON.stringify(question)}`;

function questions<S extends AnyMachineSnapshot, K extends keyof S['context']>(reads: ViewReads<S, K>) {
  return [
    ...(reads.matches ?? []).map((state) => ({
      key: keyOf('matches', state),
      ask: (s: S) => s.matches(state as never),
    })),
    ...(reads.tags ?? []).map((tag) => ({ key: keyOf('hasTag', tag), ask: (s: S) => s.hasTag(tag as never) })),
    ...(reads.can ?? []).map((event) => ({ key: keyOf('can', event), ask: (s: S) => s.can(event as never) })),
  ];
}

export function selectView<S extends AnyMachineSnapshot, K extends keyof S['context']>(
  snapshot: S,
  reads: ViewReads<S, K>,
): Selection<S, K> {
  const context = {} as Pick<S['context'], K>;
  for (const key of reads.context) context[key] = snapshot.context[key];
  return { context, answers: questions(reads).map((q) => q.ask(snapshot)) };
}

/** Two selections are the same view when every answer the screen can read is the same. */
export function sameView<S extends AnyMachineSnapshot, K extends keyof S['context']>(
  a: Selection<S, K>,
  b: Selection<S, K>,
): boolean {
  if (a.answers.length !== b.answers.length || a.answers.some((answer, i) => answer !== b.answers[i])) return false;
  return (Object.keys(a.context) as K[]).every((key) => Object.is(a.context[key], b.context[key]));
}

export function toView<S extends AnyMachineSnapshot, K extends keyof S['context']>(
  selection: Selection<S, K>,
  reads: ViewReads<S, K>,
): MachineView<S, K> {
  const answers = new Map(questions(reads).map((q, i) => [q.key, selection.answers[i]]));
  const answer = (kind: string, question: unknown) => {
    const found = answers.get(keyOf(kind, question));
    // Asking an undeclared question would silently miss re-renders: fail loudly instead.
    if (found === undefined)
      throw new Error(`${kind}(${JSON.stringify(question)}) is not declared in this view's reads`);
    return found;
  };
  return {
    context: selection.context,
    matches: (state) => answer('matches', state),
    hasTag: (tag) => answer('hasTag', tag),
    can: (event) => answer('can', event),
  };
}

/**
 * Subscribes to `actor` through `useSelector`, re-rendering only when the view changes.
 * `reads` must be a module-level constant, so the view is rebuilt only when the selection changes.
 */
export function useMachineView<S extends AnyMachineSnapshot, K extends keyof S['context']>(
  actor: Pick<AnyActorRef, 'subscribe'> & { getSnapshot(): S },
  reads: ViewReads<S, K>,
): MachineView<S, K> {
  const selection = useSelector(actor, (snapshot: S) => selectView(snapshot, reads), sameView);
  return useMemo(() => toView(selection, reads), [selection, reads]);
}
