import { Fragment, memo, useCallback, useState, type KeyboardEvent } from 'react';
import { css } from 'styled-system/css';
import { DIAGRAM_COLORS as C, edgePath, paintOrder } from '../../statecharts/tooling/export';
import { FONT, type Layout, type LayoutEdge, type LayoutState } from '../../statecharts/tooling/layout';
import { t } from '../i18n';

/**
 * The statechart diagram drawn by React from statecharts/tooling/layout.ts (the same numbers as the
 * exported SVG). States are focusable buttons: click, or Tab to one and press Enter, to select.
 * Presentational: the page owns selection, simulation and zoom.
 */
export interface StatechartDiagramProps {
  layout: Layout;
  title: string;
  /** Rendered width in px (the height follows the aspect ratio). */
  width: number;
  selectedId: string | null;
  activeIds: ReadonlySet<string>;
  onSelect: (stateId: string) => void;
}

const stateClass = css({
  cursor: 'pointer',
  outline: 'none',
  '&:focus-visible > rect.sc-frame': { stroke: '#2563eb', strokeWidth: '3px' },
  '&:hover > rect.sc-frame': { strokeWidth: '2.2px' },
});

/** The text drawn in the box: its title, then its action lines. */
function visibleText(s: LayoutState): string {
  return [
    `${s.key}${s.type === 'parallel' ? ` ‖ ${t('statecharts.parallel')}` : ''}`,
    ...s.lines.map((line) => line.text),
  ].join(' ');
}

/**
 * The accessible name starts with everything the box shows (WCAG 2.5.3 label in name: speech users
 * say what they see), then the kind and whether it is active. The active dot is drawn, not named.
 */
function describeState(s: LayoutState, active: boolean): string {
  const kind = t(
    s.type === 'parallel'
      ? 'statecharts.kind.parallel'
      : s.type === 'compound'
        ? 'statecharts.kind.compound'
        : s.type === 'final'
          ? 'statecharts.kind.final'
          : s.type === 'history'
            ? 'statecharts.kind.history'
            : 'statecharts.kind.atomic',
  );
  return `${visibleText(s)}, ${kind}${active ? `, ${t('statecharts.active')}` : ''}`;
}

const StateShape = memo(function StateShape({
  s,
  selected,
  active,
  onSelect,
  onPoint,
}: {
  s: LayoutState;
  selected: boolean;
  active: boolean;
  onSelect: (id: string) => void;
  /** The state pointed at (hover) or focused, or null when it is left: its eventless arrows show their guards. */
  onPoint: (how: 'hover' | 'focus', id: string | null) => void;
}) {
  const stroke = selected ? C.selected : active ? C.active : s.container ? C.containerStroke : C.stateStroke;
  const strokeWidth = selected || active ? 3 : s.container ? 1.2 : 1.5;
  const fill =
    active && !s.container
      ? C.activeFill
      : s.container
        ? C.containerFills[s.depth % C.containerFills.length]
        : C.stateFill;
  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(s.stateId);
    }
  };
  const inset = s.type === 'final' ? 4 : 0;
  return (
    <g
      className={stateClass}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={describeState(s, active)}
      data-state-id={s.stateId}
      data-active={active ? 'true' : undefined}
      onClick={(event) => {
        event.stopPropagation();
        onSelect(s.stateId);
      }}
      onKeyDown={onKeyDown}
      onMouseEnter={() => onPoint('hover', s.stateId)}
      onMouseLeave={() => onPoint('hover', null)}
      onFocus={() => onPoint('focus', s.stateId)}
      onBlur={() => onPoint('focus', null)}
    >
      <rect
        className="sc-frame"
        x={s.x}
        y={s.y}
        width={s.width}
        height={s.height}
        rx={s.container ? 12 : 9}
        fill={fill}
        stroke={stroke}
        strokeWidth={strokeWidth}
        strokeDasharray={s.region ? '6 4' : undefined}
      />
      {s.type === 'final' ? (
        <rect
          x={s.x + 4}
          y={s.y + 4}
          width={s.width - 8}
          height={s.height - 8}
          rx={6}
          fill="none"
          stroke={stroke}
          strokeWidth={1.5}
        />
      ) : null}
      <text
        x={s.container ? s.x + 10 : s.x + 12 + inset}
        y={s.container ? s.y + 16 : s.y + 18 + inset}
        fontSize={FONT.titleSize}
        fontWeight={700}
        fill={C.text}
      >
        {s.key}
        {s.type === 'parallel' ? ` ‖ ${t('statecharts.parallel')}` : ''}
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG tspan takes no focus; the dot repeats what the box's name says */}
        {active ? <tspan aria-hidden="true"> ●</tspan> : null}
      </text>
      {/* A space between the texts keeps the words apart in the box's text content (what axe and speech input compare with the name). */}
      {s.lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a label's wrapped lines, fixed for a given layout
        <Fragment key={i}>
          {' '}
          <text
            x={s.linesX}
            y={s.linesY + (i + 0.8) * FONT.lineHeight}
            fontSize={FONT.lineSize}
            fill={line.kind === 'internal' || line.kind === 'self' ? C.edgeText : C.muted}
          >
            {line.text}
          </text>
        </Fragment>
      ))}
    </g>
  );
});

/**
 * An arrow and its label. An eventless arrow (`always`: taken as soon as its guard holds) is dashed
 * and its guard is written only while its state is pointed at, focused, selected or running: a
 * machine that re-checks its facts in every state (certification) drew a dozen stacked
 * "always [isPending]" labels otherwise. The layout keeps their room, so showing one moves nothing.
 */
function Edge({ e, emphasised, revealed = true }: { e: LayoutEdge; emphasised: boolean; revealed?: boolean }) {
  const stroke = e.kind === 'initial' ? C.initial : emphasised ? C.active : C.edge;
  const label = e.label && (!e.eventless || revealed || emphasised) ? e.label : null;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an edge's group takes no focus; transitions are listed in the details panel
    <g data-edge-id={e.id} data-transition-id={e.transitionId ?? undefined} aria-hidden="true" pointerEvents="none">
      <path
        d={edgePath(e.points)}
        fill="none"
        stroke={stroke}
        strokeWidth={emphasised ? 2.2 : 1.4}
        strokeDasharray={e.eventless ? '5 4' : undefined}
        markerEnd={
          e.kind === 'initial' ? 'url(#scd-arrow-initial)' : emphasised ? 'url(#scd-arrow-active)' : 'url(#scd-arrow)'
        }
      />
      {label ? (
        <>
          <rect
            x={label.x - label.width / 2}
            y={label.y - label.height / 2}
            width={label.width}
            height={label.height}
            rx={4}
            fill={C.labelFill}
            fillOpacity={0.94}
            stroke={emphasised ? C.active : '#cbd5e0'}
            strokeWidth={emphasised ? 1.2 : 0.6}
          />
          {label.lines.map((line, i) => (
            <text
              // biome-ignore lint/suspicious/noArrayIndexKey: a label's wrapped lines, fixed for a given layout
              key={i}
              x={label.x}
              y={label.y - label.height / 2 + 3 + (i + 0.8) * FONT.labelLineHeight}
              fontSize={FONT.labelSize}
              textAnchor="middle"
              fill={C.edgeText}
              fontStyle={i > 0 ? 'italic' : undefined}
            >
              {line}
            </text>
          ))}
        </>
      ) : null}
    </g>
  );
}

const marker = (id: string, color: string) => (
  <marker id={id} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
    <path d="M0,0 L10,5 L0,10 z" fill={color} />
  </marker>
);

export function StatechartDiagram({ layout, title, width, selectedId, activeIds, onSelect }: StatechartDiagramProps) {
  // Hover and focus apart: the pointer resting on one state must not hide the guards of the focused one.
  const [pointed, setPointed] = useState<{ hover: string | null; focus: string | null }>({ hover: null, focus: null });
  const onPoint = useCallback(
    (how: 'hover' | 'focus', id: string | null) => setPointed((now) => ({ ...now, [how]: id })),
    [],
  );
  const height = (layout.height * width) / layout.width;
  const transitions = layout.edges.filter((e) => e.kind === 'transition');
  return (
    <svg
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={width}
      height={height}
      fontFamily={FONT.family}
      role="group"
      aria-label={t('statecharts.diagram', { title })}
      data-machine-id={layout.machineId}
      className={css({ display: 'block', maxWidth: 'none', userSelect: 'none' })}
    >
      <defs>
        {marker('scd-arrow', C.edge)}
        {marker('scd-arrow-active', C.active)}
        {marker('scd-arrow-initial', C.initial)}
      </defs>
      <rect width="100%" height="100%" fill={C.background} />
      {paintOrder(layout.states).map((s) => (
        <StateShape
          key={s.stateId}
          s={s}
          selected={s.stateId === selectedId}
          active={activeIds.has(s.stateId)}
          onSelect={onSelect}
          onPoint={onPoint}
        />
      ))}
      {layout.initials.map((i) => (
        // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG circle takes no focus (the initial-state marker)
        <circle key={i.parentId} cx={i.cx} cy={i.cy} r={i.r} fill={C.initial} aria-hidden="true" />
      ))}
      {layout.edges
        .filter((e) => e.kind === 'initial')
        .map((e) => (
          <Edge key={e.id} e={e} emphasised={false} />
        ))}
      {transitions.map((e) => (
        <Edge
          key={e.id}
          e={e}
          emphasised={activeIds.size > 0 && activeIds.has(e.sourceId)}
          revealed={[pointed.hover, pointed.focus, selectedId].includes(e.sourceId)}
        />
      ))}
    </svg>
  );
}
