import { describe, expect, it } from 'vitest';
import { and, assign, createActor, fromPromise, not, setup } from 'xstate';
import { describeMachine, formatDelay, pathToValue, transitionIdOf } from './inspect';

/** A small machine with every construct the inspector must read. */
const sample = setup({
  types: { context: {} as { n: number }, events: {} as { type: 'go' } | { type: 'poke' } | { type: 'stop' } },
  actors: { fetchThing: fromPromise(async () => 1) },
  guards: { isReady: () => true, isBig: () => false },
  actions: { logEntry: () => {}, bump: assign({ n: ({ context }) => context.n + 1 }) },
  delays: { retryDelay: 30_000, dynamic: ({ context }) => context.n * 1000 },
}).createMachine({
  id: 'sample',
  context: { n: 0 },
  initial: 'idle',
  states: {
    idle: {
      tags: ['quiet'],
      entry: 'logEntry',
      on: {
        go: [{ guard: and(['isReady', not('isBig')]), target: 'loading' }, { target: 'done' }],
        poke: { actions: 'bump' },
      },
    },
    loading: {
      invoke: { src: 'fetchThing', onDone: 'working', onError: { target: 'idle', guard: 'isReady' } },
      after: { 1000: 'idle', retryDelay: 'loading', dynamic: 'done' },
    },
    working: {
      type: 'parallel',
      states: {
        left: { initial: 'a', states: { a: { always: { guard: 'isBig', target: 'b' } }, b: { type: 'final' } } },
        right: { initial: 'c', states: { c: {}, hist: { type: 'history', history: 'deep' } } },
      },
      onDone: 'done',
    },
    done: { type: 'final' },
  },
});

describe('describeMachine reads the live definition', () => {
  const model = describeMachine(sample);
  const state = (id: string) => model.states.find((s) => s.id === id)!;
  const from = (id: string) => model.transitions.filter((t) => t.sourceId === id);

  it('lists every state node with its type, parent, initial child and tags', () => {
    expect(model.states.map((s) => s.id)).toEqual([
      'sample',
      'sample.idle',
      'sample.loading',
      'sample.working',
      'sample.working.left',
      'sample.working.left.a',
      'sample.working.left.b',
      'sample.working.right',
      'sample.working.right.c',
      'sample.working.right.hist',
      'sample.done',
    ]);
    expect(state('sample')).toMatchObject({
      type: 'compound',
      parentId: null,
      initialChildId: 'sample.idle',
      path: [],
    });
    expect(state('sample.working')).toMatchObject({ type: 'parallel', initialChildId: null });
    expect(state('sample.working.left.b').type).toBe('final');
    expect(state('sample.working.right.hist')).toMatchObject({ type: 'history', history: 'deep' });
    expect(state('sample.idle')).toMatchObject({ tags: ['quiet'], entry: ['logEntry'] });
    expect(state('sample.loading').invoke).toEqual(['fetchThing']);
  });

  it('hides the raise/cancel plumbing xstate adds for delays', () => {
    expect(state('sample.loading').entry).toEqual([]);
    expect(state('sample.loading').exit).toEqual([]);
  });

  it('labels events, composed guards, targetless transitions and done/error of invoked actors', () => {
    expect(from('sample.idle').map((t) => [t.label, t.targetIds])).toEqual([
      ['go [isReady && !isBig]', ['sample.loading']],
      ['go', ['sample.done']],
      ['poke', []],
    ]);
    expect(from('sample.idle')[2].actions).toEqual(['bump']);
    const loading = from('sample.loading');
    expect(loading.filter((t) => t.kind === 'done').map((t) => t.label)).toEqual(['done: fetchThing']);
    expect(loading.filter((t) => t.kind === 'error').map((t) => t.label)).toEqual(['error: fetchThing [isReady]']);
  });

  it('writes delays as auditors read them, resolving named delays when they are numbers', () => {
    const afters = from('sample.loading').filter((t) => t.kind === 'after');
    expect(afters.map((t) => [t.eventLabel, t.delayMs, t.targetIds[0]])).toEqual([
      ['after 1 s', 1000, 'sample.idle'],
      ['after 30 s', 30_000, 'sample.loading'],
      ['after dynamic', null, 'sample.done'],
    ]);
    expect(formatDelay(500)).toBe('500 ms');
    expect(formatDelay(120_000)).toBe('2 min');
    expect(formatDelay(1500)).toBe('1.5 s');
  });

  it('labels always transitions and a compound state finishing', () => {
    expect(from('sample.working.left.a').map((t) => t.label)).toEqual(['always [isBig]']);
    expect(from('sample.working').map((t) => [t.kind, t.label, t.targetIds])).toEqual([
      ['finished', 'finished', ['sample.done']],
    ]);
  });

  it('gives every transition a unique id that maps back from the live transition object', () => {
    const ids = model.transitions.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const node of [sample.root.states.idle, sample.root.states.loading]) {
      for (const t of [...node.transitions.values()].flat()) {
        const id = transitionIdOf(t);
        expect(model.transitions.find((m) => m.id === id)?.event).toBe(t.eventType);
      }
    }
  });

  it('turns a path into a state value the snapshot matches', () => {
    const actor = createActor(sample).start();
    expect(actor.getSnapshot().matches(pathToValue(['idle']) as never)).toBe(true);
    expect(pathToValue(['working', 'left', 'a'])).toEqual({ working: { left: 'a' } });
    actor.stop();
  });
});
