import { Download, GitBranch, Minus, Play, Plus, RotateCcw, Scan, TimerReset } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { Link, useLocation, useSearch } from 'wouter';
import { toMermaid, toScxml, toSvg } from '../../../statecharts/tooling/export';
import { describeMachine, formatDelay, type MachineModel, type StateModel, type TransitionModel } from '../../../statecharts/tooling/inspect';
import { layoutMachine, type Layout } from '../../../statecharts/tooling/layout';
import { MACHINES, type MachineEntry } from '../../../statecharts/tooling/registry';
import { contextJson, Simulation, type SimEvent } from '../../../statecharts/tooling/simulator';
import { Brand } from '../../components/brand';
import { StatechartDiagram } from '../../components/statechart-diagram';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Alert, Button, Chip, EmptyState, Select, TabContent, TabList, Tabs, TabTrigger } from '../../ui';
import { t, withTags } from '../../i18n';

/**
 * /statecharts (public, no personal data): every machine of statecharts/tooling/registry.ts drawn from
 * its live definition, with a state inspector and a simulator that runs the real machine with
 * placeholder actors and a simulated clock. Lazy-loaded: dagre and the registry never reach the
 * learner bundle.
 */
export function StatechartsPage() {
  useDocumentTitle(t('statecharts.title'));
  const search = useSearch();
  const [, navigate] = useLocation();
  const requested = new URLSearchParams(search).get('machine');
  const current = MACHINES.find((m) => m.key === requested)?.key ?? MACHINES[0]?.key ?? '';

  return (
    <div className={css({ minH: '100dvh', display: 'flex', flexDirection: 'column', bg: 'bg.canvas' })}>
      <header
        className={css({
          px: { base: '4', sm: '8' },
          py: '3',
          borderBottomWidth: '1px',
          borderColor: 'border.default',
          bg: 'bg.surface',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '4',
        })}
      >
        <Brand />
        <Button asChild variant="ghost" size="sm">
          <Link href="/">{t('statecharts.home')}</Link>
        </Button>
      </header>
      <main className={css({ flex: '1', width: '100%', maxW: '1480px', mx: 'auto', px: { base: '3', sm: '6', lg: '8' }, py: { base: '5', sm: '8' } })}>
        <h1 className={css({ fontSize: { base: '2xl', sm: '3xl' }, fontWeight: 'bold', letterSpacing: '-0.02em', mb: '2' })}>{t('statecharts.title')}</h1>
        <p className={css({ color: 'fg.muted', mb: '6', maxW: '75ch' })}>
          {t('statecharts.intro')}
        </p>
        {MACHINES.length === 0 ? (
          <EmptyState bordered icon={<GitBranch />} title={t('statecharts.none')} description={t('statecharts.noneText')} />
        ) : (
          <Tabs value={current} onValueChange={(key) => navigate(`/statecharts?machine=${encodeURIComponent(key)}`, { replace: true })}>
            <TabList aria-label={t('statecharts.machines')}>
              {MACHINES.map((m) => (
                <TabTrigger key={m.key} value={m.key}>
                  {m.title}
                </TabTrigger>
              ))}
            </TabList>
            {MACHINES.map((m) => (
              <TabContent key={m.key} value={m.key}>
                <MachinePanel entry={m} />
              </TabContent>
            ))}
          </Tabs>
        )}
      </main>
    </div>
  );
}

type Drawn = { ok: true; model: MachineModel; layout: Layout } | { ok: false; message: string };

function draw(entry: MachineEntry): Drawn {
  try {
    const model = describeMachine(entry.machine);
    return { ok: true, model, layout: layoutMachine(model) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

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

function MachinePanel({ entry }: { entry: MachineEntry }) {
  const drawn = useMemo(() => draw(entry), [entry]);
  if (!drawn.ok) {
    return (
      <Alert status="error" title={t('statecharts.drawFailed')} className={css({ mt: '6' })}>
        {drawn.message}
      </Alert>
    );
  }
  return <MachineView entry={entry} model={drawn.model} layout={drawn.layout} />;
}

function MachineView({ entry, model, layout }: { entry: MachineEntry; model: MachineModel; layout: Layout }) {
  const [mode, setMode] = useState<'explore' | 'simulate'>('explore');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [inputIndex, setInputIndex] = useState(0);
  const [run, setRun] = useState(0);
  const zoom = useZoom(layout.width);
  const simulation = useSimulation(mode === 'simulate' ? entry : null, inputIndex, run);
  const running = simulation && simulation.error === null ? simulation : null;
  // The root is always active: highlighting it would only add noise.
  const activeIds = useMemo(() => new Set((running?.activeStateIds() ?? []).filter((id) => id !== model.rootId)), [running, running?.version, model.rootId]);
  const focusKey = [...activeIds].filter((id) => !model.states.some((s) => s.parentId === id && activeIds.has(s.id))).join('|');

  // Keep the current (simulated) state, or the state just picked in the side panel, in view
  // inside the scroll box, without scrolling the page.
  const reveal = useCallback(
    (target: string | undefined) => {
      const box = zoom.boxRef.current;
      const state = layout.states.find((s) => s.stateId === target);
      if (!box || !state) return;
      const cx = (state.x + Math.min(state.width, 200) / 2) * zoom.scale;
      const cy = (state.y + Math.min(state.height, 60) / 2) * zoom.scale;
      const visible = cx > box.scrollLeft + 40 && cx < box.scrollLeft + box.clientWidth - 40 && cy > box.scrollTop + 40 && cy < box.scrollTop + box.clientHeight - 40;
      if (!visible) box.scrollTo({ left: cx - box.clientWidth / 2, top: cy - box.clientHeight / 2 });
    },
    [layout, zoom.scale, zoom.boxRef],
  );
  useEffect(() => reveal(focusKey.split('|')[0]), [focusKey, reveal]);
  useEffect(() => reveal(selectedId ?? undefined), [selectedId, reveal]);

  return (
    <section aria-labelledby={`sc-${entry.key}-title`} className={css({ pt: '5' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: '4', mb: '4' })}>
        <div className={css({ maxW: '80ch' })}>
          <h2 id={`sc-${entry.key}-title`} className={css({ fontSize: 'xl', fontWeight: 'semibold', mb: '1' })}>
            {entry.title}
          </h2>
          <p className={css({ color: 'fg.muted', fontSize: 'sm', lineHeight: '1.6' })}>{entry.description}</p>
          <p className={css({ color: 'fg.subtle', fontSize: 'xs', mt: '2' })}>
            {withTags(t('statecharts.summary', { id: model.id, states: model.states.length - 1, transitions: model.transitions.length }), [(text, key) => <code key={key}>{text}</code>])}
          </p>
        </div>
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })} aria-label={t('statecharts.export')} role="group">
          <Button size="xs" variant="outline" leftIcon={<Download />} onClick={() => download(`${entry.key}.svg`, 'image/svg+xml', toSvg(layout, entry.title))}>
            SVG
          </Button>
          <Button size="xs" variant="outline" leftIcon={<Download />} onClick={() => download(`${entry.key}.scxml`, 'application/scxml+xml', toScxml(model))}>
            SCXML
          </Button>
          <Button size="xs" variant="outline" leftIcon={<Download />} onClick={() => download(`${entry.key}.mmd`, 'text/plain', toMermaid(model))}>
            Mermaid
          </Button>
        </div>
      </div>

      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3', mb: '3' })}>
        <div role="group" aria-label={t('statecharts.mode')} className={css({ display: 'inline-flex', bg: 'bg.subtle', p: '1', borderRadius: 'lg', gap: '1' })}>
          <Button size="sm" variant={mode === 'explore' ? 'outline' : 'ghost'} aria-pressed={mode === 'explore'} onClick={() => setMode('explore')}>
            {t('statecharts.explore')}
          </Button>
          <Button size="sm" variant={mode === 'simulate' ? 'outline' : 'ghost'} aria-pressed={mode === 'simulate'} leftIcon={<Play />} onClick={() => setMode('simulate')}>
            {t('statecharts.simulate')}
          </Button>
        </div>
        <div role="group" aria-label={t('statecharts.zoom')} className={css({ display: 'inline-flex', alignItems: 'center', gap: '1' })}>
          <Button size="sm" variant="ghost" iconOnly aria-label={t('pdf.zoomOut')} onClick={zoom.zoomOut}>
            <Minus />
          </Button>
          <span className={css({ fontSize: 'xs', color: 'fg.muted', minW: '10', textAlign: 'center' })} aria-live="polite">
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

      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) 360px' }, gap: '4', alignItems: 'start' })}>
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
            title={entry.title}
            width={Math.round(layout.width * zoom.scale)}
            selectedId={selectedId}
            activeIds={activeIds}
            onSelect={setSelectedId}
          />
        </div>
        <aside
          aria-label={mode === 'simulate' ? t('statecharts.simulator') : t('statecharts.stateDetails')}
          className={css({
            borderWidth: '1px',
            borderColor: 'border.default',
            borderRadius: 'lg',
            bg: 'bg.surface',
            p: '4',
            minW: '0',
            // Beside the diagram on wide screens: stays in view while the page scrolls.
            lg: { position: 'sticky', top: '4', maxH: 'calc(100dvh - 2rem)', overflowY: 'auto' },
          })}
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
    const unsubscribe = sim.subscribe(() => setState((s) => (s && s.sim === sim ? { sim, version: s.version + 1 } : s)));
    return () => {
      unsubscribe();
      sim.stop();
    };
  }, [entry, inputIndex, run]);
  if (error !== null) return { error };
  return state && { error: null, sim: state.sim, version: state.version, activeStateIds: () => state.sim.activeStateIds() };
}

const sectionTitle = css({ fontSize: 'xs', fontWeight: 'semibold', textTransform: 'uppercase', letterSpacing: '0.06em', color: 'fg.subtle', mb: '2' });

function SimulatorPanel({
  entry,
  sim,
  inputIndex,
  onInput,
  onRestart,
}: {
  entry: MachineEntry;
  sim: Simulation;
  inputIndex: number;
  onInput: (index: number) => void;
  onRestart: () => void;
}) {
  const snapshot = sim.snapshot();
  const active = sim.activeStateIds();
  const byId = new Map(sim.model.states.map((s) => [s.id, s]));
  const leaves = active.filter((id) => !sim.model.states.some((s) => s.parentId === id && active.includes(s.id)));
  const events = snapshot.status === 'active' ? sim.enabledEvents() : [];
  const elapsed = sim.clock.elapsed();
  const nextDue = sim.clock.nextDue();
  const timers = sim.activeTransitions().filter((t) => t.kind === 'after');
  const time = new Date(sim.now()).toISOString().slice(11, 19);
  const send = useCallback((e: SimEvent) => sim.send(e.event, e.variant ? `${e.label} (${e.variant})` : e.label), [sim]);

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', mb: '5', pb: '5', borderBottomWidth: '1px', borderColor: 'border.muted' })}>
      <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-end', flexWrap: 'wrap' })}>
        {entry.inputs && entry.inputs.length > 1 ? (
          <Select
            label={t('statecharts.startWith')}
            className={css({ flex: '1', minW: '180px' })}
            options={entry.inputs.map((input, i) => ({ label: input.label, value: String(i) }))}
            value={String(inputIndex)}
            onValueChange={(v) => onInput(Number(v))}
          />
        ) : null}
        <Button size="sm" variant="outline" leftIcon={<RotateCcw />} onClick={onRestart}>
          {t('statecharts.restart')}
        </Button>
      </div>

      <div>
        <h3 className={sectionTitle}>{t('statecharts.current')}</h3>
        <ul aria-label={t('statecharts.current')} data-testid="sim-current" className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          {leaves.map((id) => (
            <li key={id}>
              <Chip palette="success" variant="subtle" size="md">
                {byId.get(id)!.path.join(' › ')}
              </Chip>
            </li>
          ))}
        </ul>
        {snapshot.status === 'done' ? <p className={css({ fontSize: 'sm', color: 'fg.muted', mt: '2' })}>{t('statecharts.finished')}</p> : null}
        {snapshot.status === 'error' ? (
          <Alert status="error" className={css({ mt: '2' })}>
            {t('statecharts.stopped', { error: String((snapshot as { error?: unknown }).error) })}
          </Alert>
        ) : null}
      </div>

      <div>
        <h3 className={sectionTitle}>{t('statecharts.clock')}</h3>
        <p className={css({ fontSize: 'sm', mb: '2' })} aria-live="polite" data-testid="sim-clock">
          {elapsed === 0 ? t('statecharts.timeStart', { time }) : t('statecharts.timeElapsed', { time, elapsed: formatDelay(elapsed) })}
        </p>
        <div className={css({ display: 'flex', gap: '1.5', flexWrap: 'wrap' })}>
          <Button size="xs" variant="outline" onClick={() => sim.advance(1000)}>
            +1 s
          </Button>
          <Button size="xs" variant="outline" onClick={() => sim.advance(60_000)}>
            {t('statecharts.plusMinutes', { count: 1 })}
          </Button>
          <Button size="xs" variant="outline" onClick={() => sim.advance(10 * 60_000)}>
            {t('statecharts.plusMinutes', { count: 10 })}
          </Button>
          <Button size="xs" variant="solid" leftIcon={<TimerReset />} disabled={nextDue === null} onClick={() => sim.fireNextTimer()}>
            {nextDue === null ? t('statecharts.noTimer') : t('statecharts.fireTimer', { delay: formatDelay(nextDue - elapsed) })}
          </Button>
        </div>
        {timers.length ? (
          <ul className={css({ mt: '2', fontSize: 'xs', color: 'fg.muted' })}>
            {timers.map((t) => (
              <li key={t.id}>
                {t.label} → {t.targetIds.map((id) => byId.get(id)?.key ?? id).join(', ')}
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <div>
        <h3 className={sectionTitle}>{t('statecharts.send')}</h3>
        {events.length === 0 ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{nextDue !== null ? t('statecharts.noEventClock') : t('statecharts.noEvent')}</p>
        ) : (
          <ul aria-label={t('statecharts.events')} className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
            {events.map((e) => (
              <li key={e.key}>
                <button type="button" className={eventButton} onClick={() => send(e)}>
                  <span className={css({ fontWeight: 'semibold' })}>{e.label}</span>
                  {e.variant ? <span className={css({ color: 'fg.muted' })}> · {e.variant}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <details open>
        <summary className={css({ cursor: 'pointer', fontSize: 'sm', fontWeight: 'medium' })}>{t('statecharts.context')}</summary>
        <pre
          data-testid="sim-context"
          className={css({ mt: '2', fontSize: '11px', bg: 'bg.subtle', p: '2', borderRadius: 'md', maxH: '280px', overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' })}
        >
          {contextJson(snapshot.context)}
        </pre>
      </details>
      {sim.log.length ? (
        <p className={css({ fontSize: 'xs', color: 'fg.subtle', wordBreak: 'break-word' })}>{t('statecharts.sent', { events: sim.log.slice(-6).join(' → ') })}</p>
      ) : null}
    </div>
  );
}

const eventButton = css({
  width: '100%',
  textAlign: 'left',
  fontSize: 'sm',
  px: '3',
  py: '2',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  bg: 'bg.surface',
  cursor: 'pointer',
  wordBreak: 'break-word',
  _hover: { bg: 'bg.subtle', borderColor: 'brand.solid' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
});

function StateDetails({ model, stateId, compact, onSelect }: { model: MachineModel; stateId: string | null; compact: boolean; onSelect: (id: string) => void }) {
  const byId = new Map(model.states.map((s) => [s.id, s]));
  const state = stateId ? byId.get(stateId) : undefined;
  if (!state) {
    return (
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {compact ? t('statecharts.selectShort') : t('statecharts.selectLong')}
      </p>
    );
  }
  const own = model.transitions.filter((t) => t.sourceId === state.id);
  const ancestors: StateModel[] = [];
  for (let p = state.parentId ? byId.get(state.parentId) : undefined; p; p = p.parentId ? byId.get(p.parentId) : undefined) ancestors.push(p);
  const inherited = ancestors.flatMap((a) => model.transitions.filter((t) => t.sourceId === a.id).map((t) => ({ t, from: a })));
  const incoming = model.transitions.filter((t) => t.targetIds.includes(state.id) && t.sourceId !== state.id);
  const keyOf = (id: string) => byId.get(id)?.key ?? id;

  return (
    <div data-testid="state-details">
      <h3 className={css({ fontSize: 'lg', fontWeight: 'semibold', wordBreak: 'break-word' })}>{state.key}</h3>
      <p className={css({ fontSize: 'xs', color: 'fg.subtle', mb: '2', wordBreak: 'break-all' })}>
        <code>#{state.id}</code>
      </p>
      <div className={css({ display: 'flex', gap: '1.5', flexWrap: 'wrap', mb: '3' })}>
        <Chip palette="info">{state.type}</Chip>
        {state.tags.map((tag) => (
          <Chip key={tag} palette="neutral">
            {t('statecharts.tag', { tag })}
          </Chip>
        ))}
      </div>
      <dl className={css({ fontSize: 'sm', display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '3', rowGap: '1', mb: '3' })}>
        {state.invoke.length ? <Detail term={t('statecharts.runs')}>{state.invoke.join(', ')}</Detail> : null}
        {state.entry.length ? <Detail term={t('statecharts.onEntry')}>{state.entry.join(', ')}</Detail> : null}
        {state.exit.length ? <Detail term={t('statecharts.onExit')}>{state.exit.join(', ')}</Detail> : null}
        {state.initialChildId ? <Detail term={t('statecharts.startsIn')}>{keyOf(state.initialChildId)}</Detail> : null}
      </dl>
      <h4 className={sectionTitle}>{t('statecharts.transitionsFrom')}</h4>
      {own.length ? <TransitionList transitions={own} keyOf={keyOf} onSelect={onSelect} /> : <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '3' })}>{state.type === 'final' ? t('statecharts.noneFinal') : t('statecharts.noneTransitions')}</p>}
      {inherited.length ? (
        <>
          <h4 className={sectionTitle}>{t('statecharts.inherited')}</h4>
          <TransitionList transitions={inherited.map((x) => x.t)} keyOf={keyOf} onSelect={onSelect} from={(t) => keyOf(t.sourceId)} />
        </>
      ) : null}
      {incoming.length ? (
        <>
          <h4 className={sectionTitle}>{t('statecharts.reachedFrom')}</h4>
          <ul className={css({ fontSize: 'sm', mb: '2', display: 'flex', flexDirection: 'column', gap: '1' })}>
            {incoming.map((t) => (
              <li key={t.id}>
                <StateLink id={t.sourceId} keyOf={keyOf} onSelect={onSelect} /> <span className={css({ color: 'fg.muted' })}>{translateOn(t.label)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** "on <event>": a function because the callers name their transition `t`, which hides the message function. */
function translateOn(label: string): string {
  return t('statecharts.on', { event: label });
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className={css({ color: 'fg.muted' })}>{term}</dt>
      <dd className={css({ wordBreak: 'break-word' })}>{children}</dd>
    </>
  );
}

function StateLink({ id, keyOf, onSelect }: { id: string; keyOf: (id: string) => string; onSelect: (id: string) => void }) {
  return (
    <button type="button" className={cx(linkButton)} onClick={() => onSelect(id)}>
      {keyOf(id)}
    </button>
  );
}

const linkButton = css({
  color: 'brand.fg',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  cursor: 'pointer',
  fontWeight: 'medium',
  borderRadius: 'sm',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '1px' },
});

function TransitionList({
  transitions,
  keyOf,
  onSelect,
  from,
}: {
  transitions: TransitionModel[];
  keyOf: (id: string) => string;
  onSelect: (id: string) => void;
  from?: (t: TransitionModel) => string;
}) {
  return (
    <ul aria-label={t('statecharts.transitions')} className={css({ display: 'flex', flexDirection: 'column', gap: '2', mb: '4' })}>
      {transitions.map((tr) => (
        <li key={tr.id} data-transition-id={tr.id} className={css({ borderWidth: '1px', borderColor: 'border.muted', borderRadius: 'md', p: '2.5', fontSize: 'sm' })}>
          <div className={css({ fontWeight: 'semibold', wordBreak: 'break-word' })}>{tr.eventLabel}</div>
          <dl className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '3', rowGap: '0.5', mt: '1' })}>
            {from ? <Detail term={t('statecharts.from')}>{from(tr)}</Detail> : null}
            {tr.guard ? <Detail term={t('statecharts.onlyIf')}>{tr.guard}</Detail> : null}
            {tr.delayMs !== null || tr.delay !== null ? <Detail term={t('statecharts.delay')}>{tr.delayMs !== null ? formatDelay(tr.delayMs) : String(tr.delay)}</Detail> : null}
            <Detail term={t('statecharts.goesTo')}>
              {tr.targetIds.length === 0 ? (
                <span className={css({ color: 'fg.muted' })}>{t('statecharts.stays')}</span>
              ) : (
                tr.targetIds.map((id, i) => (
                  <span key={id}>
                    {i > 0 ? ', ' : ''}
                    <StateLink id={id} keyOf={keyOf} onSelect={onSelect} />
                  </span>
                ))
              )}
            </Detail>
            {tr.actions.length ? <Detail term={t('statecharts.does')}>{tr.actions.join(', ')}</Detail> : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}
