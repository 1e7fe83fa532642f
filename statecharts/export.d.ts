import type { MachineModel } from './inspect';
import { type Layout, type LayoutState, type Point } from './layout';
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
export declare const DIAGRAM_COLORS: {
    background: string;
    text: string;
    muted: string;
    stateFill: string;
    stateStroke: string;
    containerFills: string[];
    containerStroke: string;
    edge: string;
    edgeText: string;
    labelFill: string;
    initial: string;
    active: string;
    activeFill: string;
    selected: string;
};
/**
 * A polyline through dagre's points with rounded corners: it passes next to every point, so the
 * arrow runs through its label (dagre reserves the label's place on the route).
 */
export declare function edgePath(points: Point[], radius?: number): string;
/** Containers first (outermost first) so children and arrows paint over them. */
export declare function paintOrder(states: LayoutState[]): LayoutState[];
export declare function toSvg(layout: Layout, title?: string): string;
/** SCXML ids are XML NCNames; xstate ids (`session.checking`) already are, anything else is mapped. */
export declare function scxmlId(id: string): string;
export declare function toScxml(model: MachineModel): string;
/** Mermaid state ids allow letters, digits and underscores. */
export declare function mermaidId(id: string): string;
export declare function toMermaid(model: MachineModel): string;
