import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, type SnapshotFrom } from 'xstate';
import { readsOf, sameView, selectView, toView } from './machine-view';

const machine = setup({
  types: {
    context: {} as { shown: number; hidden: number },
    events: {} as { type: 'shown.bump' } | { type: 'hidden.bump' } | { type: 'go' },
    tags: {} as 'busy',
  },
  actions: {
    bumpShown: assign(({ context }) => ({ shown: context.shown + 1 })),
    bumpHidden: assign(({ context }) => ({ hidden: context.hidden + 1 })),
  },
}).createMachine({
  context: { shown: 0, hidden: 0 },
  initial: 'idle',
  on: { 'shown.bump': { actions: 'bumpShown' }, 'hidden.bump': { actions: 'bumpHidden' } },
  states: {
    idle: { on: { go: 'working' } },
    working: { tags: ['busy'] },
  },
});

const reads = readsOf<SnapshotFrom<typeof machine>>()({
  context: ['shown'],
  matches: ['idle'],
  tags: ['busy'],
  can: [{ type: 'go' }],
});

function views() {
  const actor = createActor(machine).start();
  const select = () => selectView(actor.getSnapshot(), reads);
  return { actor, select };
}

describe('a machine view re-renders a screen only for what it reads', () => {
  it('stays the same view when only an unread context field changes', () => {
    const { actor, select } = views();
    const before = select();
    actor.send({ type: 'hidden.bump' });
    expect(sameView(before, select())).toBe(true);
  });

  it('becomes a new view when a read field, a state, a tag or a can answer changes', () => {
    const { actor, select } = views();
    const first = select();
    actor.send({ type: 'shown.bump' });
    const second = select();
    expect(sameView(first, second)).toBe(false);
    actor.send({ type: 'go' });
    const third = select();
    expect(sameView(second, third)).toBe(false);
    const view = toView(third, reads);
    expect([view.matches('idle'), view.hasTag('busy'), view.can({ type: 'go' }), view.context.shown]).toEqual([
      false,
      true,
      false,
      1,
    ]);
  });

  it('refuses a question the hook did not declare, instead of silently missing re-renders', () => {
    const { select } = views();
    const view = toView(select(), reads);
    expect(() => view.matches('working')).toThrow(/not declared/);
  });
});
