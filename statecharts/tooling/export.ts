import type { MachineModel, StateModel, TransitionModel } from './inspect';
import { FONT, isInBoxTransition, type Layout, type LayoutEdge, type LayoutState, type Point } from './layout';

/**
 * Audit-pack formats, all from the same model/layout the /statecharts page draws:
 * - `toSvg(layout)`: a standalone SVG diagram (what the page shows, minus interaction).
 * - `toScxml(model)`: W3C SCXML 1.0. Conventions (also written as a comment in each file):
 *   the machine root is the single top-level <state>/<parallel> whose id is the machine id;
 *   `always` transitions are eventless <transition>s; `after` delays are modelled as SCXML
 *   does it: <onentry><send event="xstate.after.<ms>.<stateId>" delay="<ms>ms"/>, cancelled
 *   <onexit>, and a <transition event="xstate.after..."> taking it; invoked actors are
 *   <invoke type="xstate" src="<actor>">, their results the events `xstate.done.actor.<id>` and
 *   `xstate.error.actor.<id>` exactly as xstate names them; guards are `cond="<guardName>"`
 *   (named predicates of the machine, not script); actions and tags are written in the
 *   `https://stately.ai/xstate` namespace (SCXML allows foreign-namespace content).
 * - `toMermaid(model)`: a Mermaid `stateDiagram-v2` with nested states and `[*]` initial/final.
 */

export const DIAGRAM_COLORS = {
  background: '#ffffff',
  text: '#1a202c',
  muted: '#4a5568',
  stateFill: '#ffffff',
  stateStroke: '#2d3748',
  containerFills: ['#f7fafc', '#edf2f7', '#e6eef8', '#eef5ee'],
  containerStroke: '#718096',
  edge: '#2b6cb0',
  edgeText: '#1a365d',
  labelFill: '#ffffff',
  initial: '#1a202c',
  active: '#2f855a',
  activeFill: '#e6fffa',
  selected: '#b7791f',
};

const esc = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/**
 * A polyline through dagre's points with rounded corners: it passes next to every point, so the
 * arrow runs through its label (dagre reserves the label's place on the route).
 */
export function edgePath(points: Point[], radius = 14): string {
  if (points.length === 0) return '';
  const f = (n: number) => Math.round(n * 10) / 10;
  let d = `M${f(points[0].x)},${f(points[0].y)}`;
  for (let i = 1; i < points.length - 1; i++) {
    const prev = points[i - 1];
    const p = points[i];
    const next = points[i + 1];
    const l1 = Math.hypot(p.x - prev.x, p.y - prev.y);
    const l2 = Math.hypot(next.x - p.x, next.y - p.y);
    const r = Math.min(radius, l1 / 2, l2 / 2);
    if (r < 0.5) {
      d += ` L${f(p.x)},${f(p.y)}`;
      continue;
    }
    const a = { x: p.x + ((prev.x - p.x) * r) / l1, y: p.y + ((prev.y - p.y) * r) / l1 };
    const b = { x: p.x + ((next.x - p.x) * r) / l2, y: p.y + ((next.y - p.y) * r) / l2 };
    d += ` L${f(a.x)},${f(a.y)} Q${f(p.x)},${f(p.y)} ${f(b.x)},${f(b.y)}`;
  }
  const last = points[points.length - 1];
  return `${d} L${f(last.x)},${f(last.y)}`;
}

/** Containers first (outermost first) so children and arrows paint over them. */
export function paintOrder(states: LayoutState[]): LayoutState[] {
  return [...states].sort((a, b) => Number(b.container) - Number(a.container) || a.depth - b.depth);
}

function svgState(s: LayoutState): string {
  const c = DIAGRAM_COLORS;
  const parts: string[] = [];
  const attrs = `data-state-id="${esc(s.stateId)}" data-state-type="${s.type}"`;
  if (s.container) {
    const fill = c.containerFills[s.depth % c.containerFills.length];
    parts.push(
      `<g ${attrs}><rect x="${s.x}" y="${s.y}" width="${s.width}" height="${s.height}" rx="12" fill="${fill}" stroke="${c.containerStroke}" stroke-width="1.2"${s.region ? ' stroke-dasharray="6 4"' : ''}/>`,
      `<text x="${s.x + 10}" y="${s.y + 16}" font-size="${FONT.titleSize}" font-weight="700" fill="${c.text}">${esc(s.key)}${s.type === 'parallel' ? ' ‖ parallel' : ''}</text>`,
    );
  } else {
    parts.push(`<g ${attrs}>`);
    parts.push(
      `<rect x="${s.x}" y="${s.y}" width="${s.width}" height="${s.height}" rx="9" fill="${c.stateFill}" stroke="${c.stateStroke}" stroke-width="1.5"/>`,
    );
    if (s.type === 'final') {
      parts.push(
        `<rect x="${s.x + 4}" y="${s.y + 4}" width="${s.width - 8}" height="${s.height - 8}" rx="6" fill="none" stroke="${c.stateStroke}" stroke-width="1.5"/>`,
      );
    }
    const inset = s.type === 'final' ? 4 : 0;
    parts.push(
      `<text x="${s.x + 12 + inset}" y="${s.y + 18 + inset}" font-size="${FONT.titleSize}" font-weight="700" fill="${c.text}">${esc(s.key)}</text>`,
    );
  }
  s.lines.forEach((line, i) => {
    const tid = line.transitionId ? ` data-transition-id="${esc(line.transitionId)}"` : '';
    parts.push(
      `<text x="${s.linesX}" y="${s.linesY + (i + 0.8) * FONT.lineHeight}" font-size="${FONT.lineSize}" fill="${line.kind === 'internal' || line.kind === 'self' ? c.edgeText : c.muted}"${tid}>${esc(line.text)}</text>`,
    );
  });
  parts.push('</g>');
  return parts.join('');
}

function svgEdge(e: LayoutEdge): string {
  const c = DIAGRAM_COLORS;
  const tid = e.transitionId ? ` data-transition-id="${esc(e.transitionId)}"` : '';
  const stroke = e.kind === 'initial' ? c.initial : c.edge;
  const marker = e.kind === 'initial' ? 'url(#sc-arrow-initial)' : 'url(#sc-arrow)';
  let out = `<g data-edge-id="${esc(e.id)}"${tid} data-source-id="${esc(e.sourceId)}" data-target-id="${esc(e.targetId)}"><path d="${edgePath(e.points)}" fill="none" stroke="${stroke}" stroke-width="1.4" marker-end="${marker}"/>`;
  if (e.label) {
    const { x, y, width, height, lines } = e.label;
    out += `<rect x="${x - width / 2}" y="${y - height / 2}" width="${width}" height="${height}" rx="4" fill="${c.labelFill}" fill-opacity="0.94" stroke="#cbd5e0" stroke-width="0.6"/>`;
    lines.forEach((line, i) => {
      const ty = y - height / 2 + 3 + (i + 0.8) * FONT.labelLineHeight;
      out += `<text x="${x}" y="${ty}" font-size="${FONT.labelSize}" text-anchor="middle" fill="${c.edgeText}"${i > 0 ? ' font-style="italic"' : ''}>${esc(line)}</text>`;
    });
  }
  return `${out}</g>`;
}

export function toSvg(layout: Layout, title = layout.machineId): string {
  const c = DIAGRAM_COLORS;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${layout.width} ${layout.height}" width="${layout.width}" height="${layout.height}" font-family="${esc(FONT.family)}" role="img" aria-label="${esc(`State diagram: ${title}`)}" data-machine-id="${esc(layout.machineId)}">`,
    `<title>${esc(`State diagram: ${title}`)}</title>`,
    '<defs>',
    `<marker id="sc-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${c.edge}"/></marker>`,
    `<marker id="sc-arrow-initial" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${c.initial}"/></marker>`,
    '</defs>',
    `<rect width="100%" height="100%" fill="${c.background}"/>`,
    ...paintOrder(layout.states).map(svgState),
    ...layout.initials.map(
      (i) => `<circle data-initial-of="${esc(i.parentId)}" cx="${i.cx}" cy="${i.cy}" r="${i.r}" fill="${c.initial}"/>`,
    ),
    ...layout.edges.filter((e) => e.kind === 'initial').map(svgEdge),
    ...layout.edges.filter((e) => e.kind === 'transition').map(svgEdge),
    '</svg>',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// SCXML

/** SCXML ids are XML NCNames; xstate ids (`session.checking`) already are, anything else is mapped. */
export function scxmlId(id: string): string {
  const cleaned = id.replace(/[^A-Za-z0-9._-]/g, '_');
  return /^[A-Za-z_]/.test(cleaned) ? cleaned : `_${cleaned}`;
}

export function toScxml(model: MachineModel): string {
  const byParent = new Map<string | null, StateModel[]>();
  for (const s of model.states) byParent.set(s.parentId, [...(byParent.get(s.parentId) ?? []), s]);
  const transitionsOf = (id: string) => model.transitions.filter((t) => t.sourceId === id);
  const root = model.states.find((s) => s.id === model.rootId)!;
  const lines: string[] = [];
  const ind = (n: number) => '  '.repeat(n);

  const action = (name: string, n: number) => `${ind(n)}<x:action name="${esc(name)}"/>`;

  const transition = (t: TransitionModel, n: number) => {
    const attrs: string[] = [];
    if (t.kind !== 'always') attrs.push(`event="${esc(t.event)}"`);
    if (t.guard) attrs.push(`cond="${esc(t.guard)}"`);
    if (t.targetIds.length) attrs.push(`target="${t.targetIds.map(scxmlId).join(' ')}"`);
    if (t.targetIds.length && t.reenter) attrs.push('type="external"');
    else if (t.targetIds.length) attrs.push('type="internal"');
    attrs.push(`x:label="${esc(t.label)}"`);
    if (!t.actions.length) return [`${ind(n)}<transition ${attrs.join(' ')}/>`];
    return [
      `${ind(n)}<transition ${attrs.join(' ')}>`,
      ...t.actions.map((a) => action(a, n + 1)),
      `${ind(n)}</transition>`,
    ];
  };

  const state = (s: StateModel, n: number) => {
    const tag =
      s.type === 'parallel' ? 'parallel' : s.type === 'final' ? 'final' : s.type === 'history' ? 'history' : 'state';
    const attrs = [`id="${scxmlId(s.id)}"`];
    if (s.type === 'compound' && s.initialChildId) attrs.push(`initial="${scxmlId(s.initialChildId)}"`);
    if (s.type === 'history') attrs.push(`type="${s.history === 'deep' ? 'deep' : 'shallow'}"`);
    if (s.tags.length) attrs.push(`x:tags="${esc(s.tags.join(' '))}"`);
    const body: string[] = [];
    const afters = transitionsOf(s.id).filter((t) => t.kind === 'after');
    const delayEvents = [...new Map(afters.map((t) => [t.event, t])).values()];
    if (s.entry.length || delayEvents.length) {
      body.push(`${ind(n + 1)}<onentry>`);
      for (const a of s.entry) body.push(action(a, n + 2));
      for (const t of delayEvents) {
        const delay = t.delayMs !== null ? `delay="${t.delayMs}ms"` : `delayexpr="${esc(String(t.delay))}"`;
        body.push(`${ind(n + 2)}<send id="${esc(t.event)}" event="${esc(t.event)}" ${delay}/>`);
      }
      body.push(`${ind(n + 1)}</onentry>`);
    }
    if (s.exit.length || delayEvents.length) {
      body.push(`${ind(n + 1)}<onexit>`);
      for (const a of s.exit) body.push(action(a, n + 2));
      for (const t of delayEvents) body.push(`${ind(n + 2)}<cancel sendid="${esc(t.event)}"/>`);
      body.push(`${ind(n + 1)}</onexit>`);
    }
    for (const inv of s.invoke) body.push(`${ind(n + 1)}<invoke type="xstate" src="${esc(inv)}"/>`);
    for (const t of transitionsOf(s.id)) body.push(...transition(t, n + 1));
    for (const child of byParent.get(s.id) ?? []) body.push(...state(child, n + 1));
    if (!body.length) return [`${ind(n)}<${tag} ${attrs.join(' ')}/>`];
    return [`${ind(n)}<${tag} ${attrs.join(' ')}>`, ...body, `${ind(n)}</${tag}>`];
  };

  lines.push('<?xml version="1.0" encoding="UTF-8"?>');
  lines.push(
    '<!-- Generated from the live XState definition by statecharts/export.ts. Conventions: the machine root is the single',
    '     top-level state (id = machine id); eventless transitions are `always`; `after` delays are <send delay> on entry,',
    '     cancelled on exit; invoked actors report `xstate.done.actor.<id>` / `xstate.error.actor.<id>`; cond names a guard',
    '     of the machine; x:action names an action of the machine. -->',
  );
  lines.push(
    `<scxml xmlns="http://www.w3.org/2005/07/scxml" xmlns:x="https://stately.ai/xstate" version="1.0" name="${esc(model.id)}" initial="${scxmlId(root.id)}">`,
  );
  lines.push(...state(root, 1));
  lines.push('</scxml>');
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// Mermaid

/** Mermaid state ids allow letters, digits and underscores. */
export function mermaidId(id: string): string {
  return id.replace(/[^A-Za-z0-9_]/g, '_');
}

/** Mermaid ends a label at `:`-confusions and some punctuation; keep labels plain. */
function mermaidLabel(text: string): string {
  return text
    .replace(/:/g, '')
    .replace(/[;#{}"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function toMermaid(model: MachineModel): string {
  const byParent = new Map<string | null, StateModel[]>();
  for (const s of model.states) byParent.set(s.parentId, [...(byParent.get(s.parentId) ?? []), s]);
  const byId = new Map(model.states.map((s) => [s.id, s]));
  const out: string[] = ['stateDiagram-v2', '  direction TB'];
  const ind = (n: number) => '  '.repeat(n);

  const body = (parent: StateModel, n: number) => {
    const children = byParent.get(parent.id) ?? [];
    if (parent.initialChildId) out.push(`${ind(n)}[*] --> ${mermaidId(parent.initialChildId)}`);
    children.forEach((child, i) => {
      if (parent.type === 'parallel' && i > 0) out.push(`${ind(n)}--`);
      declare(child, n);
    });
  };

  const declare = (s: StateModel, n: number) => {
    const id = mermaidId(s.id);
    if (s.type === 'compound' || s.type === 'parallel') {
      out.push(`${ind(n)}state "${mermaidLabel(s.key)}" as ${id} {`);
      body(s, n + 1);
      out.push(`${ind(n)}}`);
    } else {
      out.push(`${ind(n)}state "${mermaidLabel(s.type === 'history' ? `${s.key} (history)` : s.key)}" as ${id}`);
    }
    if (s.type === 'final') out.push(`${ind(n)}${id} --> [*]`);
  };

  const root = byId.get(model.rootId)!;
  body(root, 1);
  for (const t of model.transitions) {
    // Root-level transitions have no box of their own in Mermaid: they are drawn from each top-level state.
    const sources = t.sourceId === root.id ? (byParent.get(root.id) ?? []).map((s) => s.id) : [t.sourceId];
    const label = mermaidLabel(isInBoxTransition(t) && !t.targetIds.length ? `${t.label} (internal)` : t.label);
    for (const source of sources) {
      const targets = t.targetIds.length ? t.targetIds : [t.sourceId === root.id ? source : t.sourceId];
      for (const target of targets)
        out.push(`  ${mermaidId(source)} --> ${mermaidId(target === root.id ? source : target)} : ${label}`);
    }
  }
  return `${out.join('\n')}\n`;
}
