import type { Material } from '@contract/materials';
import type { CaptionTrack } from '@contract/captions';
import { ChevronDown, ScrollText } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { css, cx } from 'styled-system/css';
import { flex, wrap } from 'styled-system/patterns';
import { Select } from '../ui/select';
import { formatClock } from '../format';
import { pickDefaultTrack } from './caption-tracks';
import { t } from '../i18n';

/*
 * The learner's video player: the native <video> controls with the material's caption tracks
 * (`<track kind="captions">`), and a transcript panel built from the same tracks through the
 * browser's TextTrack API (the browser parses the WebVTT; this file never does). The transcript
 * follows the video (the current cue is highlighted and kept in view) and each cue is a button
 * that seeks there. Beside the video on wide screens, below it on phones; collapsible.
 */

export interface VideoPlayerProps {
  material: Material;
  /** Viewing progress: percentage of the duration reached, and the duration. */
  onProgress: (percentage: number, durationSeconds?: number) => void;
}

/** The reader's languages, most preferred first (the browser's UI language when nothing else is set). */
const readerLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

export function VideoPlayer({ material, onProgress }: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const tracks = material.captions;
  const defaultTrack = useMemo(() => pickDefaultTrack(tracks, readerLanguages()), [tracks]);
  const [transcriptId, setTranscriptId] = useState<string | null>(defaultTrack?.id ?? null);
  const [open, setOpen] = useState(true);
  const hasTracks = tracks.length > 0;

  // The default track is shown once at the start; afterwards the viewer's own choice in the player's
  // captions menu stands (and the transcript follows the track it shows).
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !defaultTrack) return;
    // (The transcript may already hold it `hidden`: child effects run first.)
    const element = trackElement(video, defaultTrack.id);
    if (element) element.track.mode = 'showing';
  }, [defaultTrack]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !hasTracks) return;
    const list = video.textTracks;
    const follow = () => {
      const showing = tracks.find((t) => trackElement(video, t.id)?.track.mode === 'showing');
      if (showing) setTranscriptId(showing.id);
    };
    list.addEventListener('change', follow);
    return () => list.removeEventListener('change', follow);
  }, [tracks, hasTracks]);

  return (
    <div className={cx(layout, open && hasTracks ? layoutWithPanel : undefined)}>
      {/* biome-ignore lint/a11y/useMediaCaption: the caption tracks are rendered from the material's list below */}
      <video
        ref={videoRef}
        controls
        preload="metadata"
        src={material.fileUrl}
        aria-label={material.title}
        className={css({ w: 'full', maxH: '70vh', bg: 'black', display: 'block', alignSelf: 'start' })}
        onTimeUpdate={(e) => {
          const v = e.currentTarget;
          if (v.duration > 0 && Number.isFinite(v.duration)) onProgress((v.currentTime / v.duration) * 100, v.duration);
        }}
        onEnded={(e) =>
          onProgress(100, Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : undefined)
        }
      >
        {tracks.map((t) => (
          <track
            key={t.id}
            kind="captions"
            srcLang={t.language}
            label={t.label}
            src={t.url}
            default={t.id === defaultTrack?.id}
            data-caption-id={t.id}
          />
        ))}
      </video>
      {hasTracks && transcriptId ? (
        <TranscriptPanel
          videoRef={videoRef}
          tracks={tracks}
          trackId={transcriptId}
          onTrackChange={setTranscriptId}
          open={open}
          onOpenChange={setOpen}
        />
      ) : null}
    </div>
  );
}

function trackElement(video: HTMLVideoElement, captionId: string): HTMLTrackElement | null {
  return video.querySelector<HTMLTrackElement>(`track[data-caption-id="${CSS.escape(captionId)}"]`);
}

interface Cue {
  start: number;
  text: string;
}

type TranscriptState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; cues: Cue[] };

/**
 * The cues of one caption track and the index of the current one, read through the TextTrack API.
 * A track whose mode is `disabled` loads nothing, so the transcript's track is kept at least
 * `hidden` (loaded, not drawn) whatever the viewer picks in the captions menu.
 */
function useTranscript(videoRef: RefObject<HTMLVideoElement | null>, trackId: string) {
  const [state, setState] = useState<TranscriptState>({ status: 'loading' });
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const video = videoRef.current;
    const element = video ? trackElement(video, trackId) : null;
    if (!video || !element) return;
    const track = element.track;
    let cues: TextTrackCue[] = [];
    setState({ status: 'loading' });
    setActive(-1);

    const keepLoaded = () => {
      if (track.mode === 'disabled') track.mode = 'hidden';
    };
    const read = () => {
      cues = Array.from(track.cues ?? []);
      setState({
        status: 'ready',
        // getCueAsHTML is the browser's own rendering of the cue text: tags and entities resolved.
        cues: cues.map((cue) => ({
          start: cue.startTime,
          text: (cue instanceof VTTCue ? cue.getCueAsHTML().textContent : null)?.trim() ?? '',
        })),
      });
      onCueChange();
    };
    const onCueChange = () => {
      const current = Array.from(track.activeCues ?? []);
      const last = current.length ? current.reduce((a, b) => (b.startTime > a.startTime ? b : a)) : null;
      setActive(last ? cues.indexOf(last) : -1);
    };
    const failed = () => setState({ status: 'error' });

    keepLoaded();
    video.textTracks.addEventListener('change', keepLoaded);
    element.addEventListener('load', read);
    element.addEventListener('error', failed);
    track.addEventListener('cuechange', onCueChange);
    if (element.readyState === HTMLTrackElement.LOADED) read();
    else if (element.readyState === HTMLTrackElement.ERROR) failed();
    return () => {
      video.textTracks.removeEventListener('change', keepLoaded);
      element.removeEventListener('load', read);
      element.removeEventListener('error', failed);
      track.removeEventListener('cuechange', onCueChange);
    };
  }, [videoRef, trackId]);

  return { state, active };
}

interface TranscriptPanelProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  tracks: CaptionTrack[];
  trackId: string;
  onTrackChange: (id: string) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function TranscriptPanel({ videoRef, tracks, trackId, onTrackChange, open, onOpenChange }: TranscriptPanelProps) {
  const { state, active } = useTranscript(videoRef, trackId);
  const listRef = useRef<HTMLOListElement>(null);
  const bodyId = useId();
  const track = tracks.find((t) => t.id === trackId);

  // Keep the current cue in view, scrolling the list only (never the page under the viewer's eyes).
  useEffect(() => {
    const list = listRef.current;
    const item = active >= 0 ? (list?.children[active] as HTMLElement | undefined) : undefined;
    if (!open || !list || !item) return;
    const top = item.offsetTop;
    const bottom = top + item.offsetHeight;
    if (top >= list.scrollTop && bottom <= list.scrollTop + list.clientHeight) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    list.scrollTo({ top: Math.max(0, top - list.clientHeight / 3), behavior: reduce ? 'auto' : 'smooth' });
  }, [active, open]);

  // A millisecond past the cue's start: at its exact start the previous cue (ending there) still counts as current.
  const seek = useCallback(
    (seconds: number) => {
      const video = videoRef.current;
      if (video) video.currentTime = seconds + 0.001;
    },
    [videoRef],
  );

  return (
    <section aria-label={t('video.transcript')} className={cx(panel, open ? panelBeside : undefined)}>
      <div
        className={wrap({
          align: 'center',
          gap: '2',
          px: '3',
          py: '2',
          borderBottomWidth: open ? '1px' : '0',
          borderColor: 'border.default',
        })}
      >
        <h2 className={css({ flex: '1', minW: '0' })}>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => onOpenChange(!open)}
            className={css({
              display: 'inline-flex',
              alignItems: 'center',
              gap: '2',
              fontWeight: 'semibold',
              fontSize: 'sm',
              px: '2',
              py: '1.5',
              ms: '-2',
              rounded: 'md',
              cursor: 'pointer',
              _hover: { bg: 'bg.subtle' },
            })}
          >
            <ScrollText aria-hidden className={css({ w: '4', h: '4' })} />
            {t('video.transcript')}
            <ChevronDown
              aria-hidden
              className={css({
                w: '4',
                h: '4',
                transition: 'transform 0.15s',
                transform: open ? 'rotate(180deg)' : 'none',
              })}
            />
          </button>
        </h2>
        {open && tracks.length > 1 ? (
          <Select
            aria-label={t('video.transcriptLanguage')}
            className={css({ w: '40' })}
            options={tracks.map((t) => ({ value: t.id, label: t.label }))}
            value={trackId}
            onValueChange={onTrackChange}
          />
        ) : open && track ? (
          <span className={css({ fontSize: 'xs', color: 'fg.muted' })} lang={track.language}>
            {track.label}
          </span>
        ) : null}
      </div>
      <div
        id={bodyId}
        hidden={!open}
        className={css({ flex: '1', minH: '0', display: open ? 'flex' : 'none', flexDirection: 'column' })}
      >
        {state.status === 'loading' ? (
          <p role="status" className={message}>
            {t('video.loadingTranscript')}
          </p>
        ) : state.status === 'error' ? (
          <p role="alert" className={message}>
            {t('video.transcriptFailed')}
          </p>
        ) : state.cues.length === 0 ? (
          <p className={message}>{t('video.noCues')}</p>
        ) : (
          <ol
            ref={listRef}
            lang={track?.language}
            aria-label={t('video.transcriptFor', { label: track?.label ?? '' })}
            className={cueList}
          >
            {state.cues.map((cue, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two cues may start at the same time; a track's cues never reorder
              <li key={`${index}-${cue.start}`}>
                <button
                  type="button"
                  className={cueButton}
                  aria-current={index === active ? 'true' : undefined}
                  onClick={() => seek(cue.start)}
                >
                  <span
                    className={css({
                      fontVariantNumeric: 'tabular-nums',
                      color: 'fg.muted',
                      fontSize: 'xs',
                      pt: '0.5',
                      flexShrink: 0,
                      minW: '10',
                    })}
                  >
                    {formatClock(cue.start)}
                  </span>
                  {/* A cue reads in its track's own direction (an English track in an Arabic page ends with its full stop). */}
                  <span dir="auto" className={css({ whiteSpace: 'pre-line' })}>
                    {cue.text}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

const layout = css({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' });
// Wide screens: the transcript beside the video, as tall as the video (the panel has no height of its own).
const layoutWithPanel = css({ lg: { gridTemplateColumns: 'minmax(0, 1fr) 20rem' } });
const panel = flex({ direction: 'column', bg: 'bg.surface', borderTopWidth: '1px', borderColor: 'border.default' });
// `contain: size` gives the open panel no height of its own, so the grid row is as tall as the video.
const panelBeside = css({ lg: { borderTopWidth: '0', borderInlineStartWidth: '1px', contain: 'size', minH: '12rem' } });
const message = css({ p: '4', fontSize: 'sm', color: 'fg.muted' });
const cueList = css({
  position: 'relative',
  overflowY: 'auto',
  maxH: { base: '18rem', lg: 'none' },
  flex: '1',
  minH: '0',
  py: '1',
});
const cueButton = flex({
  gap: '3',
  w: 'full',
  textAlign: 'start',
  px: '3',
  py: '2',
  fontSize: 'sm',
  lineHeight: '1.45',
  cursor: 'pointer',
  borderInlineStartWidth: '3px',
  borderColor: 'transparent',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
  '&[aria-current=true]': { bg: 'brand.subtle', borderColor: 'brand.solid', fontWeight: 'medium' },
});
