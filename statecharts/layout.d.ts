import type { MachineModel, StateModel, StateType, TransitionModel } from './inspect';
/**
 * Automatic layout of a machine model with dagre (compound graph). Nested and parallel states
 * become containers (parallel regions dashed), every compound state gets an initial dot with an
 * arrow to its initial child, final states get a double border. Transitions that change state are
 * arrows with their label; transitions that stay in the state (targetless, or back to the same
 * atomic state) are written inside the state box, the UML way, so no label floats in a loop.
 *
 * Pure data out (positions in px, top-left boxes), drawn by export.ts (SVG string) and by
 * web/components/statechart-diagram.tsx (React) from the same numbers.
 */
export interface Point {
    x: number;
    y: number;
}
export type LineKind = 'tags' | 'entry' | 'exit' | 'invoke' | 'internal' | 'self' | 'history';
export interface NodeLine {
    text: string;
    kind: LineKind;
    /** For internal/self lines: the transition written on this line. */
    transitionId?: string;
}
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
/** Text metrics shared by every renderer so boxes fit their text. */
export declare const FONT: {
    family: string;
    titleSize: number;
    lineSize: number;
    labelSize: number;
    lineHeight: number;
    labelLineHeight: number;
};
/** A generous average glyph width: boxes too wide read fine, boxes too narrow clip. */
export declare function textWidth(text: string, size: number, bold?: boolean): number;
export declare const isContainer: (s: Pick<StateModel, "type">) => boolean;
/** A transition drawn inside its source box rather than as an arrow. */
export declare function isInBoxTransition(t: TransitionModel): boolean;
/** The lines written under a state's name. */
export declare function stateLines(state: StateModel, model: MachineModel): NodeLine[];
/** Event on the first line, guard on the second: short lines keep arrows apart. */
export declare function edgeLabelLines(t: TransitionModel): string[];
export declare function layoutMachine(model: MachineModel, options?: LayoutOptions): Layout;
