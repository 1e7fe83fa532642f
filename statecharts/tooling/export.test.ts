import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { setup, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition } from 'xstate';
import { toMermaid, toScxml, toSvg } from './export';
import { describeMachine } from './inspect';
import { layoutMachine } from './layout';
import { MACHINES } from './registry';
import { sessionMachine } from '../session.machine';

/**
 * The diagrams must come from the live definitions. These tests enumerate each machine's states
 * and transitions themselves, straight from `machine.root` (not through statecharts/inspect.ts),
 * and require the drawn layout, the SVG, the SCXML and the Mermaid text to show exactly those.
 */

interface Walked {
  states: string[];
  /** `source --label--> target` for arrows, `source --label--> (in box)` for transitions written in the box. */
  drawn: string[];
  transitionCount: number;
}

function walkNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(walkNodes)];
}

function expectedLabel(
  machine: AnyStateMachine,
  node: AnyStateNode,
  t: AnyTransitionDefinition & { delay?: unknown },
): string[] {
  const e = t.eventType;
  let event = e;
  if (e === '') event = 'always';
  else if (e.startsWith('xstate.after.')) {
    const raw = t.delay;
    const ms = typeof raw === 'number' ? raw : (machine.implementations.delays as Record<string, unknown>)[String(raw)];
    event =
      typeof ms === 'number'
        ? `after ${ms % 60_000 === 0 ? `${ms / 60_000} min` : ms >= 1000 ? `${ms % 1000 === 0 ? ms / 1000 : (ms / 1000).toFixed(1)} s` : `${ms} ms`}`
        : `after ${String(raw)}`;
  } else if (/^xstate\.(done|error)\.actor\./.test(e)) {
    const id = e.replace(/^xstate\.(done|error)\.actor\./, '');
    const inv = node.invoke.find((i) => i.id === id)!;
    event = `${e.startsWith('xstate.done') ? 'done' : 'error'}: ${typeof inv.src === 'string' && !inv.src.startsWith('xstate.invoke.') ? inv.src : inv.id}`;
  } else if (e.startsWith('xstate.done.state.')) event = 'finished';
  const g = t.guard as unknown;
  const guard =
    g === undefined
      ? null
      : typeof g === 'string'
        ? g
        : typeof g === 'object' && g && 'type' in g
          ? String(g.type)
          : typeof g === 'function' && 'guards' in g
            ? 'composed'
            : 'inline guard';
  return guard === null ? [event] : [event, `[${guard}]`];
}

function walk(machine: AnyStateMachine): Walked {
  const nodes = walkNodes(machine.root);
  const drawn: string[] = [];
  let transitionCount = 0;
  for (const node of nodes) {
    for (const t of [...[...node.transitions.values()].flat(), ...(node.always ?? [])]) {
      transitionCount++;
      const label = expectedLabel(machine, node, t).join(' ');
      const targets = (t.target ?? []).map((x) => x.id);
      if (targets.length === 0 || (targets.length === 1 && targets[0] === node.id))
        drawn.push(`${node.id} --${label}--> (in box)`);
      else for (const target of targets) drawn.push(`${node.id} --${label}--> ${target}`);
    }
  }
  return { states: nodes.map((n) => n.id), drawn: drawn.sort(), transitionCount };
}

/** Composed guards are written out by the drawing (`a && !b`); the walk only knows they are composed. */
const normaliseComposed = (lines: string[], walked: string[]) =>
  lines
    .map((line) => (walked.includes(line) ? line : line.replace(/\[[^\]]*(&&|\|\||!)[^\]]*\]/, '[composed]')))
    .sort();

function drawnFromLayout(machine: AnyStateMachine) {
  const model = describeMachine(machine);
  const layout = layoutMachine(model);
  const labelOf = (id: string) => model.transitions.find((t) => t.id === id)!;
  const arrows = layout.edges
    .filter((e) => e.kind === 'transition')
    .map((e) => `${e.sourceId} --${e.label!.lines.join(' ')}--> ${e.targetId}`);
  const inBox = layout.states.flatMap((s) =>
    s.lines
      .filter((l) => l.transitionId)
      .map((l) => `${s.stateId} --${labelOf(l.transitionId!).label.replace(/ \[/, ' [')}--> (in box)`),
  );
  return { layout, model, drawn: [...arrows, ...inBox] };
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  preserveOrder: true,
  trimValues: false,
});

type Ordered = Record<string, unknown> & { ':@'?: Record<string, string> };

function collect(nodes: Ordered[], visit: (tag: string, attrs: Record<string, string>, children: Ordered[]) => void) {
  for (const n of nodes) {
    const tag = Object.keys(n).find((k) => k !== ':@')!;
    const children = (n[tag] as Ordered[]) ?? [];
    visit(tag, n[':@'] ?? {}, Array.isArray(children) ? children : []);
    if (Array.isArray(children)) collect(children, visit);
  }
}

function textOf(children: Ordered[]): string {
  return children.map((c) => ('#text' in c ? String(c['#text']) : '')).join('');
}

describe.each(MACHINES.map((entry) => [entry.key, entry] as const))(
  'the %s diagram is drawn from the live machine',
  (_key, entry) => {
    const walked = walk(entry.machine);

    it("draws exactly the machine's states, each once", () => {
      const { layout } = drawnFromLayout(entry.machine);
      expect(layout.states.map((s) => s.stateId).sort()).toEqual([...walked.states].sort());
      // Every compound state shows its initial dot pointing at the initial child.
      const compounds = walkNodes(entry.machine.root).filter((n) => n.type === 'compound');
      expect(layout.initials.map((i) => `${i.parentId}->${i.targetId}`).sort()).toEqual(
        compounds.map((n) => `${n.id}->${n.initial.target[0].id}`).sort(),
      );
    });

    it("draws exactly the machine's transitions with event, guard and delay labels", () => {
      const { drawn } = drawnFromLayout(entry.machine);
      expect(normaliseComposed(drawn, walked.drawn)).toEqual(walked.drawn);
    });

    it('lays the diagram out readably: children inside their containers, no overlapping boxes, arrows touching their states', () => {
      const { layout, model } = drawnFromLayout(entry.machine);
      const box = new Map(layout.states.map((s) => [s.stateId, s]));
      const inside = (
        inner: { x: number; y: number; width: number; height: number },
        outer: typeof inner,
        slack = 0.5,
      ) =>
        inner.x >= outer.x - slack &&
        inner.y >= outer.y - slack &&
        inner.x + inner.width <= outer.x + outer.width + slack &&
        inner.y + inner.height <= outer.y + outer.height + slack;
      for (const s of model.states) {
        if (s.parentId) expect(inside(box.get(s.id)!, box.get(s.parentId)!), `${s.id} inside its parent`).toBe(true);
        expect(inside(box.get(s.id)!, { x: 0, y: 0, width: layout.width, height: layout.height })).toBe(true);
      }
      const leaves = layout.states.filter((s) => !s.container);
      for (const a of leaves) {
        for (const b of leaves) {
          if (a === b) continue;
          const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
          expect(overlap, `${a.stateId} overlaps ${b.stateId}`).toBe(false);
        }
      }
      // Arrow labels sit on free ground: not on a state box, not on another label.
      const labels = layout.edges
        .filter((e) => e.label)
        .map((e) => ({
          id: e.id,
          x: e.label!.x - e.label!.width / 2,
          y: e.label!.y - e.label!.height / 2,
          width: e.label!.width,
          height: e.label!.height,
        }));
      const hits = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      for (const l of labels) {
        for (const s of leaves) expect(hits(l, s), `label ${l.id} on ${s.stateId}`).toBe(false);
        for (const o of labels) if (o !== l) expect(hits(l, o), `label ${l.id} on label ${o.id}`).toBe(false);
      }
      const near = (p: { x: number; y: number }, b: { x: number; y: number; width: number; height: number }) =>
        p.x >= b.x - 2 && p.x <= b.x + b.width + 2 && p.y >= b.y - 2 && p.y <= b.y + b.height + 2;
      for (const e of layout.edges.filter((x) => x.kind === 'transition')) {
        expect(near(e.points[0], box.get(e.sourceId)!), `${e.id} starts at its source`).toBe(true);
        expect(near(e.points[e.points.length - 1], box.get(e.targetId)!), `${e.id} ends at its target`).toBe(true);
      }
    });

    it('puts every state and transition into the SVG', () => {
      const { layout } = drawnFromLayout(entry.machine);
      const svg = toSvg(layout, entry.title);
      expect(XMLValidator.validate(svg)).toBe(true);
      const stateIds: string[] = [];
      const drawn: string[] = [];
      collect(parser.parse(svg) as Ordered[], (tag, attrs, children) => {
        if (tag === 'g' && attrs['@data-state-id']) stateIds.push(attrs['@data-state-id']);
        if (tag === 'g' && attrs['@data-edge-id'] && attrs['@data-transition-id']) {
          const lines: string[] = [];
          collect(children, (t, _a, c) => t === 'text' && lines.push(textOf(c)));
          drawn.push(`${attrs['@data-source-id']} --${lines.join(' ')}--> ${attrs['@data-target-id']}`);
        }
        if (tag === 'text' && attrs['@data-transition-id']) {
          const [source] = attrs['@data-transition-id'].split('#');
          drawn.push(
            `${source} --${textOf(children)
              .replace(/ ↻ re-enter/, '')
              .replace(/ \/ .*$/, '')}--> (in box)`,
          );
        }
      });
      expect(stateIds.sort()).toEqual([...walked.states].sort());
      expect(normaliseComposed(drawn, walked.drawn)).toEqual(walked.drawn);
    });

    it('exports SCXML that parses as XML and lists the same states and transitions', () => {
      const scxml = toScxml(describeMachine(entry.machine));
      expect(XMLValidator.validate(scxml)).toBe(true);
      const ids: string[] = [];
      const targets: string[] = [];
      const sends: string[] = [];
      let transitions = 0;
      let root: Record<string, string> = {};
      collect(parser.parse(scxml) as Ordered[], (tag, attrs) => {
        if (tag === 'scxml') root = attrs;
        if (['state', 'parallel', 'final', 'history'].includes(tag)) ids.push(attrs['@id']);
        if (tag === 'transition') {
          transitions++;
          if (attrs['@target']) targets.push(...attrs['@target'].split(' '));
        }
        if (tag === 'send') sends.push(attrs['@event']);
      });
      // Every target is a declared state; every `after` delay is a delayed <send> of its event.
      for (const t of targets) expect(ids).toContain(t);
      const delayed = walkNodes(entry.machine.root).flatMap((n) => n.after.map((t) => t.eventType));
      expect([...new Set(sends)].sort()).toEqual([...new Set(delayed)].sort());
      expect(root['@xmlns']).toBe('http://www.w3.org/2005/07/scxml');
      expect(root['@version']).toBe('1.0');
      expect(root['@initial']).toBe(entry.machine.root.id);
      expect(ids.sort()).toEqual([...walked.states].sort());
      expect(transitions).toBe(walked.transitionCount);
    });

    it('exports a Mermaid state diagram naming every state', () => {
      const mmd = toMermaid(describeMachine(entry.machine));
      expect(mmd.startsWith('stateDiagram-v2\n')).toBe(true);
      for (const node of walkNodes(entry.machine.root).slice(1)) {
        expect(mmd).toMatch(new RegExp(`state "[^"]*" as ${node.id.replace(/[^A-Za-z0-9_]/g, '_')}\\b`));
      }
      for (const node of walkNodes(entry.machine.root).filter((n) => n.type === 'compound')) {
        expect(mmd).toContain(`[*] --> ${node.initial.target[0].id.replace(/[^A-Za-z0-9_]/g, '_')}`);
      }
    });
  },
);

describe('the registry', () => {
  it('lists every machine in statecharts/, so none is missing from the page or the export', async () => {
    // A computed specifier keeps node types out of the web typecheck, which also covers this folder.
    const fsModule = 'node:fs';
    const { readdirSync } = (await import(fsModule)) as { readdirSync: (dir: URL) => string[] };
    const files = readdirSync(new URL('..', import.meta.url))
      .filter((f) => f.endsWith('.machine.ts'))
      .map((f) => f.replace(/\.machine\.ts$/, ''));
    expect(MACHINES.map((m) => m.key).sort()).toEqual(files.sort());
    for (const m of MACHINES) expect(m.description.length, m.key).toBeGreaterThan(80);
  });

  it('finds only machines, their pure rules and their tests in statecharts/; tooling and test helpers live in their own folders', async () => {
    const fsModule = 'node:fs';
    const { readdirSync } = (await import(fsModule)) as { readdirSync: (dir: URL) => string[] };
    const strays = readdirSync(new URL('..', import.meta.url)).filter(
      (f) => !/\.(machine|rules)(\.test)?\.ts$/.test(f) && f !== 'tooling' && f !== 'testing',
    );
    expect(strays).toEqual([]);
  });
});

describe('a change to a machine shows up without touching the page', () => {
  // The same session definition with one more state and one more transition into it.
  const config = sessionMachine.config as { states: Record<string, unknown> } & Record<string, unknown>;
  const grown = setup({}).createMachine({
    ...(config as object),
    states: {
      ...config.states,
      signedIn: {
        ...(config.states.signedIn as object),
        on: { ...((config.states.signedIn as { on: object }).on ?? {}), 'session.lock': 'locked' },
      },
      locked: { tags: ['authenticated'], on: { 'session.unlock': 'signedIn' } },
    },
  } as never) as unknown as AnyStateMachine;

  it('draws the added state and its transitions in the layout, SVG, SCXML and Mermaid', () => {
    const model = describeMachine(grown);
    const layout = layoutMachine(model);
    expect(layout.states.map((s) => s.stateId)).toContain('session.locked');
    expect(layout.edges.map((e) => `${e.sourceId}|${e.label?.lines[0]}|${e.targetId}`)).toEqual(
      expect.arrayContaining([
        'session.signedIn|session.lock|session.locked',
        'session.locked|session.unlock|session.signedIn',
      ]),
    );
    expect(toSvg(layout)).toContain('data-state-id="session.locked"');
    expect(toScxml(model)).toContain('<state id="session.locked"');
    expect(toMermaid(model)).toContain('as session_locked');
  });
});
