import type { MachineModel, StateModel, TransitionModel } from '../inspect';

// What is written in and beside the boxes, and how wide it runs: shared by the layout and every renderer.

export type LineKind = 'tags' | 'entry' | 'exit' | 'invoke' | 'internal' | 'self' | 'history';

export interface NodeLine {
  text: string;
  kind: LineKind;
  /** For internal/self lines: the transition written on this line. */
  transitionId?: string;
}

/** Text metrics shared by every renderer so boxes fit their text. */
export const FONT = {
  family: 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  titleSize: 13,
  lineSize: 11,
  labelSize: 11,
  lineHeight: 15,
  labelLineHeight: 14,
};

/** A generous average glyph width: boxes too wide read fine, boxes too narrow clip. */
export function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const ch of text) {
    if (/[ il.,:;|!'[\]()]/.test(ch)) units += 0.32;
    else if (/[mwMW@#]/.test(ch)) units += 0.88;
    else if (/[A-Z0-9]/.test(ch)) units += 0.66;
    else units += 0.56;
  }
  return Math.ceil(units * size * (bold ? 1.08 : 1));
}

export const isContainer = (s: Pick<StateModel, 'type'>) => s.type === 'compound' || s.type === 'parallel';

/** A transition drawn inside its source box rather than as an arrow. */
export function isInBoxTransition(t: TransitionModel): boolean {
  return t.targetIds.length === 0 || (t.targetIds.length === 1 && t.targetIds[0] === t.sourceId);
}

function inBoxText(t: TransitionModel): string {
  const actions = t.actions.length ? ` / ${t.actions.join(', ')}` : '';
  return t.targetIds.length === 0 ? `${t.label}${actions}` : `${t.label} ↻ re-enter${actions}`;
}

/** The lines written under a state's name. */
export function stateLines(state: StateModel, model: MachineModel): NodeLine[] {
  const lines: NodeLine[] = [];
  if (state.type === 'history') lines.push({ text: `${state.history} history`, kind: 'history' });
  if (state.tags.length) lines.push({ text: `tags: ${state.tags.join(', ')}`, kind: 'tags' });
  for (const name of state.invoke) lines.push({ text: `invoke / ${name}`, kind: 'invoke' });
  if (state.entry.length) lines.push({ text: `entry / ${state.entry.join(', ')}`, kind: 'entry' });
  if (state.exit.length) lines.push({ text: `exit / ${state.exit.join(', ')}`, kind: 'exit' });
  for (const t of model.transitions) {
    if (t.sourceId === state.id && isInBoxTransition(t)) {
      lines.push({ text: inBoxText(t), kind: t.targetIds.length ? 'self' : 'internal', transitionId: t.id });
    }
  }
  return lines;
}

/** Event on the first line, guard on the second: short lines keep arrows apart. */
export function edgeLabelLines(t: TransitionModel): string[] {
  return t.guard ? [t.eventLabel, `[${t.guard}]`] : [t.eventLabel];
}
