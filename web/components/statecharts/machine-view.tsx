import { Download, Minus, Play, Plus, Scan } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { grid, wrap } from 'styled-system/patterns';
import { toMermaid, toScxml, toSvg } from '../../../statecharts/tooling/export';
import type { MachineModel } from '../../../statecharts/tooling/inspect';
import type { Layout } from '../../../statecharts/tooling/layout';
import type { MachineEntry } from '../../../statecharts/tooling/registry';
import { Simulation } from '../../../statecharts/tooling/simulator';
import { StatechartDiagram } from '../statechart-diagram';
import { machineDescription, machineTitle } from '../../i18n/statechart-text';
import { Alert, Button, panel } from '../../ui';
import { t, withTags } from '../../i18n';
import { SimulatorPanel } from './simulator-panel';
import { StateDetails } from './state-details';

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Zoom that fits the diagram to its box by default, but never below readable on a phone. */
function useZoom(layoutWidth: number) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  const [zoom, setZoom] = useState<number | null>(null);
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const observer = new ResizeObserver(() => setBoxWidth(box.clientWidth));
    observer.observe(box);
    setBoxWidth(box.clientWidth);
    return () => observer.disconnect();
  }, []);
  const fit = boxWidth > 0 ? Math.min(1, (boxWidth - 2) / layoutWidth) : 1;
  const scale = zoom ?? Math.max(fit, 0.75);
  return {
    boxRef,
    scale,
    fit: () => setZoom(fit),
    zoomIn: () => setZoom(Math.min(2, +(scale * 1.25).toFixed(3))),
    zoomOut: () => setZoom(Math.max(0.2, +(scale / 1.25).toFixed(3))),
  };
}

export function MachineView({ entry, model, layout }: { entry: MachineEntry; model: MachineModel; layout: Layout }) {
  const [mode, setMode] = useState<'explore' | 'simulate'>('explore');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [inputIndex, setInputIndex] = useState(0);
  const [run, setRun] = useState(0);
  const zoom = useZoom(layout.width);
  const simulation = useSimulation(mode === 'simulate' ? entry : null, inputIndex, run);
  const running = simulation && simulation.error === null ? simulation : null;
  // The root is always active: highlighting it would only add noise.
  const activeIds = useMemo(
    () => new Set((running?.activeStateIds() ?? []).filter((id) => id !== model.rootId)),
    [running, running?.version, model.rootId],
  );
  const focusKey = [...activeIds]
    .filter((id) => !model.states.some((s) => s.parentId === id && activeIds.has(s.id)))
    .join('|');

  // Keep the current (simulated) state, or the state just picked in the side panel, in view
  // inside the scroll box, without scrolling the page.
  const reveal = useCallback(
    (target: string | undefined) => {
      const box = zoom.boxRef.current;
      const state = layout.states.find((s) => s.stateId === target);
      if (!box || !state) return;
      const cx = (state.x + Math.min(state.width, 200) / 2) * zoom.scale;
      const cy = (state.y + Math.min(state.height, 60) / 2) * zoom.scale;
      const visible =
        cx > box.scrollLeft + 40 &&
        cx < box.scrollLeft + box.clientWidth - 40 &&
        cy > box.scrollTop + 40 &&
        cy < box.scrollTop + box.clientHeight - 40;
      if (!visible) box.scrollTo({ left: cx - box.clientWidth / 2, top: cy - box.clientHeight / 2 });
    },
    [layout, zoom.scale, zoom.boxRef],
  );
  useEffect(() => reveal(focusKey.split('|')[0]), [focusKey, reveal]);
  useEffect(() => reveal(selectedId ?? undefined), [selectedId, reveal]);

  return (
    <section aria-labelledby={`sc-${entry.key}-title`} className={css({ pt: '5' })}>
      <div className={wrap({ align: 'flex-start', justify: 'space-between', gap: '4', mb: '4' })}>
        <div className={css({ maxW: '80ch' })}>
          <h2 id={`sc-${entry.key}-title`} className={css({ fontSize: 'xl', fontWeight: 'semibold', mb: '1' })}>
            {machineTitle(entry)}
          </h2>
          <p className={css({ color: 'fg.muted', fontSize: 'sm', lineHeight: '1.6' })}>{machineDescription(entry)}</p>
          <p className={css({ color: 'fg.subtle', fontSize: 'xs', mt: '2' })}>
            {withTags(
              t('statecharts.summary', {
                id: model.id,
                states: model.states.length - 1,
                transitions: model.transitions.length,
              }),
              [(text, key) => <code key={key}>{text}</code>],
            )}
          </p>
          {layout.edges.some((e) => e.eventless) ? (
            <p className={css({ color: 'fg.subtle', fontSize: 'xs', mt: '1' })} data-testid="eventless-hint">
              {t('statecharts.eventlessHint')}
            </p>
          ) : null}
        </div>
        <div
          className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}
          aria-label={t('statecharts.export')}
          role="group"
        >
          <Button
            size="xs"
            variant="outline"
            leftIcon={<Download />}
            onClick={() => download(`${entry.key}.svg`, 'image/svg+xml', toSvg(layout, entry.title))}
          >
            SVG
          </Button>
          <Button
            size="xs"
            variant="outline"
            leftIcon={<Download />}
            onClick={() => download(`${entry.key}.scxml`, 'application/scxml+xml', toScxml(model))}
          >
            SCXML
          </Button>
          <Button
            size="xs"
            variant="outline"
            leftIcon={<Download />}
            onClick={() => download(`${entry.key}.mmd`, 'text/plain', toMermaid(model))}
          >
            Mermaid
          </Button>
        </div>
      </div>

      <div className={wrap({ align: 'center', justify: 'space-between', gap: '3', mb: '3' })}>
        <div
          role="group"
          aria-label={t('statecharts.mode')}
          className={css({ display: 'inline-flex', bg: 'bg.subtle', p: '1', borderRadius: 'lg', gap: '1' })}
        >
          <Button
            size="sm"
            variant={mode === 'explore' ? 'outline' : 'ghost'}
            aria-pressed={mode === 'explore'}
            onClick={() => setMode('explore')}
          >
            {t('statecharts.explore')}
          </Button>
          <Button
            size="sm"
            variant={mode === 'simulate' ? 'outline' : 'ghost'}
            aria-pressed={mode === 'simulate'}
            leftIcon={<Play />}
            onClick={() => setMode('simulate')}
          >
            {t('statecharts.simulate')}
          </Button>
        </div>
        <div
          role="group"
          aria-label={t('statecharts.zoom')}
          className={css({ display: 'inline-flex', alignItems: 'center', gap: '1' })}
        >
          <Button size="sm" variant="ghost" iconOnly aria-label={t('pdf.zoomOut')} onClick={zoom.zoomOut}>
            <Minus />
          </Button>
          <span
            className={css({ fontSize: 'xs', color: 'fg.muted', minW: '10', textAlign: 'center' })}
            aria-live="polite"
          >
            {Math.round(zoom.scale * 100)}%
          </span>
          <Button size="sm" variant="ghost" iconOnly aria-label={t('pdf.zoomIn')} onClick={zoom.zoomIn}>
            <Plus />
          </Button>
          <Button size="sm" variant="ghost" leftIcon={<Scan />} onClick={zoom.fit}>
            {t('pdf.fit')}
          </Button>
        </div>
      </div>

      <div
        className={grid({
          gap: '4',
          gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) 360px' },
          alignItems: 'start',
        })}
      >
        <div
          ref={zoom.boxRef}
          className={css({
            overflow: 'auto',
            maxH: { base: '70vh', lg: '78vh' },
            borderWidth: '1px',
            borderColor: 'border.default',
            borderRadius: 'lg',
            bg: 'white',
            overscrollBehavior: 'contain',
          })}
        >
          <StatechartDiagram
            layout={layout}
            title={machineTitle(entry)}
            width={Math.round(layout.width * zoom.scale)}
            selectedId={selectedId}
            activeIds={activeIds}
            onSelect={setSelectedId}
          />
        </div>
        <aside
          aria-label={mode === 'simulate' ? t('statecharts.simulator') : t('statecharts.stateDetails')}
          className={cx(
            panel(),
            css({
              minW: '0',
              // Beside the diagram on wide screens: stays in view while the page scrolls.
              lg: { position: 'sticky', top: '4', maxH: 'calc(100dvh - 2rem)', overflowY: 'auto' },
            }),
          )}
        >
          {mode === 'simulate' && simulation?.error ? (
            <Alert status="error" title={t('statecharts.simFailed')} className={css({ mb: '4' })}>
              {simulation.error}
            </Alert>
          ) : null}
          {mode === 'simulate' && running ? (
            <SimulatorPanel
              entry={entry}
              sim={running.sim}
              inputIndex={inputIndex}
              onInput={(i) => setInputIndex(i)}
              onRestart={() => setRun((n) => n + 1)}
            />
          ) : null}
          <StateDetails model={model} stateId={selectedId} compact={mode === 'simulate'} onSelect={setSelectedId} />
        </aside>
      </div>
    </section>
  );
}

/** One Simulation per (machine, input, restart); `version` changes on every snapshot. */
function useSimulation(entry: MachineEntry | null, inputIndex: number, run: number) {
  const [state, setState] = useState<{ sim: Simulation; version: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setError(null);
    if (!entry) {
      setState(null);
      return;
    }
    let sim: Simulation;
    try {
      sim = new Simulation(entry, inputIndex);
    } catch (e) {
      setState(null);
      setError(e instanceof Error ? e.message : String(e));
      return;
    }
    setState({ sim, version: 0 });
    const unsubscribe = sim.subscribe(() =>
      setState((s) => (s && s.sim === sim ? { sim, version: s.version + 1 } : s)),
    );
    return () => {
      unsubscribe();
      sim.stop();
    };
  }, [entry, inputIndex, run]);
  if (error !== null) return { error };
  return (
    state && { error: null, sim: state.sim, version: state.version, activeStateIds: () => state.sim.activeStateIds() }
  );
}
