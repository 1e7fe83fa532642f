import type { ScormLaunchResponse } from '@contract/scorm';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { wrap } from 'styled-system/patterns';
import { commitData, useScormPlayer } from '../state/scorm';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { LoadingBlock } from '../ui/spinner';
import { t, type MessageId } from '../i18n';
import { formatPercent } from '../format';
import { machineText } from '../i18n/machine-text';

/*
 * The SCORM player: the package runs in a sandboxed frame (scripts, no same-origin: it cannot read
 * the platform's storage, where the session token is, nor reach /api); the SCORM runtime
 * (scorm-again's Scorm12API or Scorm2004API) lives here, in the player page, and the package reaches
 * it through scorm-again's cross-frame pair: CrossFrameAPI in the frame (added to the launch file
 * by the Worker) and CrossFrameLMS here. Only messages from this frame are let through. This file
 * is its own lazy chunk (with scorm-again, loaded per version), never part of the first load.
 * Design and security reasoning: docs/decisions/2026-11-26-scorm-player.md.
 */

/** The package's lesson status (SCORM's own words) in the reader's language; an unknown word as the package sent it. */
function scormStatus(status: string): string {
  const known = ['passed', 'failed', 'completed', 'incomplete', 'browsed', 'unknown'].includes(status);
  return known ? t(`scorm.st.${status}` as MessageId) : status.replace(/^./, (c) => c.toUpperCase());
}

interface RuntimeApi {
  loadFromFlattenedJSON(json: Record<string, string>, element?: string): void;
  getFlattenedCMI(): Record<string, unknown>;
  on(event: string, callback: (...args: unknown[]) => void): void;
}

/** What the frame may do: run scripts and forms, open pop-ups and dialogs; never be same-origin. */
const FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups allow-modals allow-downloads';

async function createRuntime(launch: ScormLaunchResponse): Promise<RuntimeApi> {
  const settings = { autocommit: false, lmsCommitUrl: false as const, logLevel: 5 as const };
  // The package's types declare default exports; its ES modules export by name: take either.
  type Ctor = new (settings: object) => RuntimeApi;
  const mod = (launch.version === '1.2'
    ? await import('scorm-again/scorm12')
    : await import('scorm-again/scorm2004')) as unknown as Record<string, Ctor | undefined>;
  const Api = mod.Scorm12API ?? mod.Scorm2004API ?? mod.default;
  if (!Api) throw new Error('scorm-again did not load');
  const runtime = new Api(settings);
  runtime.loadFromFlattenedJSON(launch.cmi, '');
  return runtime;
}

export function ScormPlayer({
  componentId,
  courseId,
  title,
}: {
  componentId: string;
  courseId: string;
  title: string;
}) {
  const [view, actorRef] = useScormPlayer(componentId);
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const [runtimeError, setRuntimeError] = useState<string | null>(null);
  const launch = view.context.launch;

  // Leaving the page (a route change) sends what is unsaved; the session goes on if it remounts.
  useEffect(() => () => actorRef.send({ type: 'page.hide' }), [actorRef]);

  useEffect(() => {
    if (!launch) return;
    let cancelled = false;
    let detach = () => {};
    const openedAt = Date.now();
    void (async () => {
      try {
        const [runtime, lmsModule] = await Promise.all([createRuntime(launch), import('scorm-again/cross-frame-lms')]);
        const mod = lmsModule as unknown as Record<string, (new (api: unknown, origin: string) => unknown) | undefined>;
        const CrossFrameLMS = mod.CrossFrameLMS ?? mod.default;
        if (!CrossFrameLMS) throw new Error('scorm-again did not load');
        if (cancelled) return;
        const data = () => commitData(runtime.getFlattenedCMI(), launch.version, openedAt);
        const is12 = launch.version === '1.2';
        runtime.on(is12 ? 'LMSSetValue.cmi.*' : 'SetValue.cmi.*', () =>
          actorRef.send({ type: 'runtime.change', cmi: data() }),
        );
        runtime.on(is12 ? 'LMSCommit' : 'Commit', () => actorRef.send({ type: 'runtime.commit', cmi: data() }));
        runtime.on(is12 ? 'LMSFinish' : 'Terminate', () => actorRef.send({ type: 'runtime.finish', cmi: data() }));
        // Registered before CrossFrameLMS's own listener: a message from anything but our frame
        // (another window, another frame) never reaches the runtime.
        const guard = (event: MessageEvent) => {
          if (event.source !== frame.current?.contentWindow) event.stopImmediatePropagation();
        };
        window.addEventListener('message', guard);
        // The sandboxed frame's origin is opaque ("null"), so replies go to the frame's window by
        // reference ('*' as target origin); the guard above decides who may ask.
        const lms = new CrossFrameLMS(runtime, '*');
        detach = () => {
          window.removeEventListener('message', guard);
          (lms as unknown as { destroy?: () => void }).destroy?.();
        };
        setReady(true);
      } catch (error) {
        console.error('SCORM runtime failed to start', error);
        if (!cancelled) setRuntimeError(t('scorm.runtimeFailed'));
      }
    })();
    return () => {
      cancelled = true;
      detach();
    };
  }, [launch, actorRef]);

  const summary = view.context.summary;
  const saving = view.hasTag('saving');
  const status = view.context.completed
    ? t('scorm.status.completed')
    : summary && summary.status !== 'not attempted'
      ? scormStatus(summary.status)
      : t('scorm.status.notStarted');

  if (view.matches('launchFailed')) {
    return (
      <Alert
        status="error"
        action={<Button onClick={() => actorRef.send({ type: 'player.retry' })}>{t('common.retry')}</Button>}
      >
        {machineText(view.context.error ?? '')}
      </Alert>
    );
  }
  if (!launch) return <LoadingBlock label={t('scorm.opening')} />;

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <div className={wrap({ align: 'center', justify: 'space-between', gap: '4' })}>
        <dl
          className={wrap({
            gap: '6',
            fontSize: 'sm',
            '& dt': { color: 'fg.muted' },
            '& dd': { fontWeight: 'semibold', m: 0 },
          })}
        >
          <div>
            <dt>{t('scorm.statusLabel')}</dt>
            <dd data-testid="scorm-status">{status}</dd>
          </div>
          <div>
            <dt>{t('scorm.score')}</dt>
            <dd data-testid="scorm-score">{summary?.score != null ? formatPercent(summary.score) : '—'}</dd>
          </div>
          {launch.masteryScore != null ? (
            <div>
              <dt>{t('scorm.passMark')}</dt>
              <dd>{formatPercent(launch.masteryScore)}</dd>
            </div>
          ) : null}
          <div>
            {/* A worker needs to know what kind of step this is, not the e-learning standard behind it. */}
            <dt>{t('scorm.kind')}</dt>
            <dd>{t('scorm.interactiveLesson')}</dd>
          </div>
        </dl>
        <p role="status" className={css({ fontSize: 'sm', color: 'fg.muted', minH: '5' })}>
          {saving ? t('scorm.saving') : summary?.updatedAt ? t('scorm.saved') : ''}
        </p>
      </div>
      {view.context.completed ? (
        <Alert
          status="success"
          announce
          action={
            <Button asChild>
              <Link href={`/course/${courseId}`}>{t('material.back')}</Link>
            </Button>
          }
        >
          {t('scorm.complete')}
        </Alert>
      ) : null}
      {view.context.error && !view.matches('launchFailed') ? (
        <Alert
          status="error"
          action={
            view.matches('finishFailed') ? (
              <Button onClick={() => actorRef.send({ type: 'player.retry' })}>{t('common.retry')}</Button>
            ) : undefined
          }
        >
          {machineText(view.context.error ?? '')}
        </Alert>
      ) : null}
      {runtimeError ? <Alert status="error">{runtimeError}</Alert> : null}
      <Card className={css({ p: '0', overflow: 'hidden' })}>
        {ready ? (
          <iframe
            ref={frame}
            src={launch.launchUrl}
            title={t('scorm.frameTitle', { title })}
            sandbox={FRAME_SANDBOX}
            referrerPolicy="no-referrer"
            className={css({
              display: 'block',
              w: 'full',
              h: { base: '70vh', md: '75vh' },
              minH: '420px',
              border: 0,
              bg: 'white',
            })}
          />
        ) : (
          <LoadingBlock label={t('scorm.starting')} />
        )}
      </Card>
    </div>
  );
}
