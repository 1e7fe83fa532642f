import dagre from '@dagrejs/dagre';
import type { MachineModel, StateModel, StateType } from './inspect';
import { clipEnds, pointAtFraction, pointAtHalfLength, type Box, type Point } from './layout/geometry';
import {
  edgeLabelLines,
  FONT,
  isContainer,
  isInBoxTransition,
  stateLines,
  textWidth,
  type NodeLine,
} from './layout/text';

export type { Point } from './layout/geometry';
export { FONT, isInBoxTransition } from './layout/text';

/**
 * Automatic layout of a machine model with dagre (compound graph). Nested and parallel states
 * become containers (parallel regions dashed), every compound state gets an initial dot with an
 * arrow to its initial child, final states get a double border. Transitions that change state are
 * arrows with their label; transitions that stay in the state (targetless, or back to the same
 * atomic state) are written inside the state box, the UML way, so no label floats in a loop.
 *
 * Pure data out (positions in px, top-left boxes), drawn by export.ts (SVG string) and by
 * web/components/statechart-diagram.tsx (React) from the same numbers.
 *
 * Text metrics and in-box lines live in layout/text.ts, route geometry in layout/geometry.ts.
 */

export interface LayoutState {
  stateId: string;
  key: string;
  type: StateType;
  /** Compound or parallel: drawn as a container around its children. */
  container: boolean;
  /** A region of a parallel state: drawn dashed. */
  region: boolean;
  x: number;
  y: number;
  width: number;
  height: number;
  depth: number;
  lines: NodeLine[];
  /** Top-left of the first in-box line (baseline of line i is `linesY + (i + 0.8) * lineHeight`). */
  linesX: number;
  linesY: number;
}

export interface LayoutInitial {
  /** The compound state whose initial child the dot points to. */
  parentId: string;
  targetId: string;
  cx: number;
  cy: number;
  r: number;
}

export interface EdgeLabel {
  lines: string[];
  /** Centre of the label box. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LayoutEdge {
  /** Unique per drawn arrow: `<transitionId>-><targetId>` or `initial:<parentId>`. */
  id: string;
  kind: 'transition' | 'initial';
  transitionId: string | null;
  sourceId: string;
  targetId: string;
  points: Point[];
  label: EdgeLabel | null;
  /** An eventless (`always`) transition: taken as soon as its guard holds, with no event to wait for. */
  eventless?: true;
}

export interface Layout {
  machineId: string;
  width: number;
  height: number;
  states: LayoutState[];
  initials: LayoutInitial[];
  edges: LayoutEdge[];
}

export interface LayoutOptions {
  rankdir?: 'TB' | 'LR';
}

const PAD_X = 12;
const TITLE_BLOCK = 26;
const MIN_STATE_WIDTH = 96;
const MIN_STATE_HEIGHT = 38;
const CONTAINER_TITLE = 22;
const MARGIN = 16;

export function layoutMachine(model: MachineModel, options: LayoutOptions = {}): Layout {
  const g = new dagre.graphlib.Graph({ compound: true, multigraph: true });
  g.setGraph({
    rankdir: options.rankdir ?? 'TB',
    nodesep: 36,
    ranksep: 46,
    edgesep: 14,
    marginx: MARGIN,
    marginy: MARGIN,
  });
  g.setDefaultEdgeLabel(() => ({}));

  const byId = new Map(model.states.map((s) => [s.id, s]));
  const depthOf = (s: StateModel): number => (s.parentId ? depthOf(byId.get(s.parentId)!) + 1 : 0);
  const linesById = new Map(model.states.map((s) => [s.id, stateLines(s, model)]));
  const anchorOf = (id: string) => `${id}::anchor`;
  const initialOf = (id: string) => `${id}::initial`;

  for (const s of model.states) {
    if (isContainer(s)) {
      g.setNode(s.id, {});
      // The anchor carries the container's edges (dagre cannot attach edges to clusters) and,
      // being as wide as the title and its in-box lines, keeps the container wide enough for them.
      const lines = linesById.get(s.id)!;
      const width = Math.max(
        textWidth(s.key, FONT.titleSize, true) + 8,
        ...lines.map((l) => textWidth(l.text, FONT.lineSize)),
      );
      g.setNode(anchorOf(s.id), { width, height: lines.length * FONT.lineHeight + 2 });
      g.setParent(anchorOf(s.id), s.id);
      if (s.initialChildId) {
        g.setNode(initialOf(s.id), { width: 14, height: 14 });
        g.setParent(initialOf(s.id), s.id);
      }
    } else {
      const lines = linesById.get(s.id)!;
      const width = Math.max(
        MIN_STATE_WIDTH,
        textWidth(s.key, FONT.titleSize, true) + 2 * PAD_X,
        ...lines.map((l) => textWidth(l.text, FONT.lineSize) + 2 * PAD_X),
      );
      const height = Math.max(MIN_STATE_HEIGHT, TITLE_BLOCK + lines.length * FONT.lineHeight + (lines.length ? 8 : 0));
      g.setNode(s.id, {
        width: s.type === 'final' ? width + 8 : width,
        height: s.type === 'final' ? height + 8 : height,
      });
    }
    if (s.parentId) g.setParent(s.id, s.parentId);
  }

  const endpoint = (id: string) => (isContainer(byId.get(id)!) ? anchorOf(id) : id);

  for (const s of model.states) {
    if (s.initialChildId) {
      g.setEdge(
        initialOf(s.id),
        endpoint(s.initialChildId),
        { width: 0, height: 0, minlen: 1, weight: 4 },
        `initial:${s.id}`,
      );
      // Keeps the container's own lines (tags, invoke, internal transitions) in its top row.
      g.setEdge(anchorOf(s.id), initialOf(s.id), { width: 0, height: 0, minlen: 1, weight: 1 }, `layout:${s.id}`);
    } else if (s.type === 'parallel') {
      for (const region of model.states.filter((r) => r.parentId === s.id)) {
        g.setEdge(
          anchorOf(s.id),
          endpoint(region.id),
          { width: 0, height: 0, minlen: 1, weight: 1 },
          `layout:${s.id}:${region.id}`,
        );
      }
    }
  }
  for (const t of model.transitions) {
    if (isInBoxTransition(t)) continue;
    const lines = edgeLabelLines(t);
    for (const target of t.targetIds) {
      g.setEdge(
        endpoint(t.sourceId),
        endpoint(target),
        {
          width: Math.max(...lines.map((l) => textWidth(l, FONT.labelSize))) + 10,
          height: lines.length * FONT.labelLineHeight + 6,
          labelpos: 'c',
          minlen: 1,
        },
        `${t.id}->${target}`,
      );
    }
  }

  dagre.layout(g);

  const states: LayoutState[] = model.states.map((s) => {
    const n = g.node(s.id) as { x: number; y: number; width: number; height: number };
    const container = isContainer(s);
    // Clusters get the title strip added on top; dagre leaves about half a rank gap there.
    const extra = container ? CONTAINER_TITLE / 2 : 0;
    return {
      stateId: s.id,
      key: s.key,
      type: s.type,
      container,
      region: s.parentId !== null && byId.get(s.parentId)!.type === 'parallel',
      x: n.x - n.width / 2,
      y: n.y - n.height / 2 - extra,
      width: n.width,
      height: n.height + extra,
      depth: depthOf(s),
      lines: linesById.get(s.id)!,
      ...(container
        ? (() => {
            const a = g.node(anchorOf(s.id)) as { x: number; y: number; width: number; height: number };
            return { linesX: a.x - a.width / 2, linesY: a.y - a.height / 2 };
          })()
        : {
            linesX: n.x - n.width / 2 + PAD_X + (s.type === 'final' ? 4 : 0),
            linesY: n.y - n.height / 2 + TITLE_BLOCK + (s.type === 'final' ? 4 : 0),
          }),
    };
  });
  const boxOf = new Map(states.map((s) => [s.stateId, s]));

  const initials: LayoutInitial[] = model.states
    .filter((s) => s.initialChildId)
    .map((s) => {
      const n = g.node(initialOf(s.id)) as { x: number; y: number };
      return { parentId: s.id, targetId: s.initialChildId!, cx: n.x, cy: n.y, r: 6 };
    });

  const edges: LayoutEdge[] = [];
  const relocated = new Set<string>();
  for (const e of g.edges()) {
    const data = g.edge(e) as { points: Point[]; x?: number; y?: number; width?: number; height?: number };
    const name = e.name!;
    if (name.startsWith('layout:')) continue;
    let points = data.points.map((p) => ({ x: p.x, y: p.y }));
    if (name.startsWith('initial:')) {
      const parentId = name.slice('initial:'.length);
      const targetId = byId.get(parentId)!.initialChildId!;
      points = clipEnds(points, null, isContainer(byId.get(targetId)!) ? boxOf.get(targetId)! : null);
      edges.push({ id: name, kind: 'initial', transitionId: null, sourceId: parentId, targetId, points, label: null });
      continue;
    }
    const [transitionId, targetId] = name.split('->');
    const t = model.transitions.find((x) => x.id === transitionId)!;
    const sourceBox = isContainer(byId.get(t.sourceId)!) ? boxOf.get(t.sourceId)! : null;
    const targetBox = isContainer(byId.get(targetId)!) ? boxOf.get(targetId)! : null;
    // An arrow between a container and its own descendant stays inside it: keep the anchor end.
    const contains = (outer: string, inner: string) => {
      for (
        let cur: StateModel | undefined = byId.get(inner);
        cur;
        cur = cur.parentId ? byId.get(cur.parentId) : undefined
      ) {
        if (cur.id === outer) return true;
      }
      return false;
    };
    const clipped = clipEnds(
      points,
      sourceBox && !contains(t.sourceId, targetId) ? sourceBox : null,
      targetBox && !contains(targetId, t.sourceId) ? targetBox : null,
    );
    // dagre put the label on the part of the route that was inside a container: move it onto the drawn part.
    const labelAt = clipped !== points ? pointAtHalfLength(clipped) : { x: data.x ?? 0, y: data.y ?? 0 };
    if (clipped !== points) relocated.add(name);
    points = clipped;
    // From a container to its own descendant (or back): the arrow starts (ends) on the container's
    // top border instead of at its invisible anchor.
    if (sourceBox && contains(t.sourceId, targetId)) points = [{ x: points[0].x, y: sourceBox.y }, ...points];
    if (targetBox && contains(targetId, t.sourceId))
      points = [...points, { x: points[points.length - 1].x, y: targetBox.y }];
    edges.push({
      id: name,
      kind: 'transition',
      transitionId,
      sourceId: t.sourceId,
      targetId,
      points,
      ...(t.kind === 'always' ? { eventless: true as const } : {}),
      label: {
        lines: edgeLabelLines(t),
        x: labelAt.x,
        y: labelAt.y,
        width: data.width ?? 0,
        height: data.height ?? 0,
      },
    });
  }

  // Labels moved onto a clipped route may land on another label or a state: slide them along
  // their own arrow to the first free spot.
  const labelBox = (l: EdgeLabel) => ({
    x: l.x - l.width / 2,
    y: l.y - l.height / 2,
    width: l.width,
    height: l.height,
  });
  const overlaps = (a: Box, b: Box) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  const leaves = states.filter((s) => !s.container);
  for (const e of edges) {
    if (!e.label || !relocated.has(e.id)) continue;
    const label = e.label;
    const blocked = () =>
      edges.some((o) => o !== e && o.label && overlaps(labelBox(label), labelBox(o.label))) ||
      leaves.some((s) => overlaps(labelBox(label), s));
    for (const f of [0.5, 0.35, 0.65, 0.25, 0.75, 0.15, 0.85]) {
      const p = pointAtFraction(e.points, f);
      label.x = p.x;
      label.y = p.y;
      if (!blocked()) break;
    }
  }

  // Recompute the canvas from what is drawn (container title strips may poke above the top).
  const minY = Math.min(0, ...states.map((s) => s.y - MARGIN));
  const minX = Math.min(0, ...states.map((s) => s.x - MARGIN));
  if (minX < 0 || minY < 0) shift(states, initials, edges, -minX, -minY);
  const width = Math.ceil(
    Math.max(...states.map((s) => s.x + s.width), ...edges.flatMap((e) => e.points.map((p) => p.x))) + MARGIN,
  );
  const height = Math.ceil(
    Math.max(...states.map((s) => s.y + s.height), ...edges.flatMap((e) => e.points.map((p) => p.y))) + MARGIN,
  );

  return { machineId: model.id, width, height, states, initials, edges };
}

function shift(states: LayoutState[], initials: LayoutInitial[], edges: LayoutEdge[], dx: number, dy: number) {
  for (const s of states) {
    s.x += dx;
    s.y += dy;
    s.linesX += dx;
    s.linesY += dy;
  }
  for (const i of initials) {
    i.cx += dx;
    i.cy += dy;
  }
  for (const e of edges) {
    e.points = e.points.map((p) => ({ x: p.x + dx, y: p.y + dy }));
    if (e.label) {
      e.label.x += dx;
      e.label.y += dy;
    }
  }
}
