import type { Material } from '@contract/materials';
import { MIN_SECONDS_PER_PAGE, pagesViewedProgress } from '@contract/rules/viewing';
import { ChevronLeft, ChevronRight, Download, Maximize2, ZoomIn, ZoomOut } from 'lucide-react';
import type { PDFDocumentProxy, RenderTask, TextLayer } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { flex, wrap } from 'styled-system/patterns';
import { Alert } from '../ui/alert';
import { Button, IconButton } from '../ui/button';
import { LoadingBlock } from '../ui/spinner';
import { flipInRtl } from '../ui/direction';
import { formatScore } from '../format';
import { usePageViews } from './pdf-page-views';
import { t } from '../i18n';

/**
 * A PDF material drawn with PDF.js, one page at a time, fit to the width of its panel (a 390 px
 * phone shows the whole width). Previous/next, zoom and Download sit above the page; in the page
 * panel the arrow keys, Page Up/Down and + - 0 do the same. PDF.js is loaded only here (its own
 * lazy chunk); its worker is a file of this origin, and it runs without eval or WebAssembly, so
 * the strict CSP holds. Progress is the share of pages shown long enough (usePageViews).
 */

/** Zoom factors relative to the panel's width; 1 is "fit to width". */
const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
/** Largest canvas drawn, in device pixels, so a zoomed page on a dense screen stays within memory. */
const MAX_CANVAS_PIXELS = 16_000_000;

async function loadPdfjs() {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return pdfjs;
}
type Pdfjs = Awaited<ReturnType<typeof loadPdfjs>>;

export interface PdfViewerProps {
  material: Material;
  /** Where this browser remembers the pages counted (null: within this visit only). */
  memoryKey: string | null;
  /** The material was not started yet: anything remembered under memoryKey belongs to an earlier cycle. */
  notStarted: boolean;
  /** The share of pages viewed, in 10 % steps, whenever it grows. Without it (an admin's preview) nothing is counted aloud. */
  onProgress?: (percentage: number) => void;
}

type Loaded = { pdfjs: Pdfjs; doc: PDFDocumentProxy };

export function PdfViewer({ material, memoryKey, notStarted, onProgress }: PdfViewerProps) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState(1);
  const [width, setWidth] = useState(0);
  /** The page whose drawing has finished (null while a page change is being drawn). */
  const [shownPage, setShownPage] = useState<number | null>(null);
  const [pageElement, setPageElement] = useState<HTMLDivElement | null>(null);
  const panelRef = useRef<HTMLDivElement | null>(null);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const textRef = useRef<HTMLDivElement | null>(null);

  // Load PDF.js and the document.
  useEffect(() => {
    let active = true;
    let destroy: (() => void) | null = null;
    setFailed(false);
    loadPdfjs()
      .then((pdfjs) => {
        if (!active) return null;
        // No eval (script-src has no 'unsafe-eval') and no WebAssembly (no 'wasm-unsafe-eval'):
        // PDF.js then uses its plain JavaScript paths.
        const task = pdfjs.getDocument({
          url: material.fileUrl,
          isEvalSupported: false,
          useWasm: false,
          enableXfa: false,
        });
        destroy = () => void task.destroy();
        return task.promise.then((doc) => {
          if (active) setLoaded({ pdfjs, doc });
        });
      })
      .catch((error: unknown) => {
        if (!active) return;
        console.warn('PDF failed to load', error);
        setFailed(true);
      });
    return () => {
      active = false;
      destroy?.();
    };
  }, [material.fileUrl]);

  const pageCount = loaded?.doc.numPages ?? 0;
  const viewed = usePageViews({ element: pageElement, shownPage, memoryKey, startFresh: notStarted });
  const viewedCount = [...viewed].filter((page) => page <= pageCount).length;
  useEffect(() => {
    if (pageCount > 0 && viewedCount > 0) onProgress?.(pagesViewedProgress(viewedCount, pageCount));
  }, [viewedCount, pageCount, onProgress]);

  // The panel's inner width: the page is drawn to it (times the zoom) and redrawn when it changes.
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const measure = () => {
      const style = getComputedStyle(panel);
      setWidth(Math.floor(panel.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(panel);
    measure();
    return () => observer.disconnect();
  }, [loaded]);

  // Draw the page (and its invisible text layer, for selection and screen readers).
  useEffect(() => {
    const canvas = canvasRef.current;
    const textLayerDiv = textRef.current;
    if (!loaded || !canvas || !textLayerDiv || width <= 0) return;
    let active = true;
    let renderTask: RenderTask | null = null;
    let textLayer: TextLayer | null = null;
    void (async () => {
      try {
        const page = await loaded.doc.getPage(pageNumber);
        if (!active) return;
        const natural = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: (width / natural.width) * zoom });
        const ratio = Math.min(
          window.devicePixelRatio || 1,
          Math.sqrt(MAX_CANVAS_PIXELS / (viewport.width * viewport.height)),
        );
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        renderTask = page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
        await renderTask.promise;
        if (!active) return;
        setShownPage(pageNumber);
        textLayerDiv.replaceChildren();
        textLayerDiv.style.setProperty('--total-scale-factor', String(viewport.scale));
        textLayer = new loaded.pdfjs.TextLayer({
          textContentSource: page.streamTextContent(),
          container: textLayerDiv,
          viewport,
        });
        await textLayer.render();
      } catch (error) {
        if (!active || (error instanceof Error && error.name === 'RenderingCancelledException')) return;
        console.warn('PDF page failed to draw', error);
      }
    })();
    return () => {
      active = false;
      renderTask?.cancel();
      textLayer?.cancel();
    };
  }, [loaded, pageNumber, width, zoom]);

  const goTo = useCallback(
    (next: number) => {
      if (next < 1 || next > pageCount || next === pageNumber) return;
      setShownPage(null);
      setPageNumber(next);
      panelRef.current?.scrollTo({ top: 0, left: 0 });
    },
    [pageCount, pageNumber],
  );
  const zoomBy = (direction: 1 | -1) => {
    const index = ZOOM_STEPS.findIndex((step) => step >= zoom);
    const next =
      ZOOM_STEPS[Math.min(ZOOM_STEPS.length - 1, Math.max(0, (index < 0 ? ZOOM_STEPS.length - 1 : index) + direction))];
    setZoom(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const panel = event.currentTarget;
    // Left and right scroll a page wider than the panel; otherwise they turn pages.
    const wide = panel.scrollWidth > panel.clientWidth + 1;
    const action: Record<string, (() => void) | undefined> = {
      // biome-ignore lint/correctness/noComponentHookFactories: key names of a keyboard map, not components
      PageDown: () => goTo(pageNumber + 1),
      // biome-ignore lint/correctness/noComponentHookFactories: key names of a keyboard map, not components
      PageUp: () => goTo(pageNumber - 1),
      ArrowRight: wide ? undefined : () => goTo(pageNumber + 1),
      ArrowLeft: wide ? undefined : () => goTo(pageNumber - 1),
      '+': () => zoomBy(1),
      '=': () => zoomBy(1),
      '-': () => zoomBy(-1),
      '0': () => setZoom(1),
    };
    const run = action[event.key];
    if (!run) return;
    event.preventDefault();
    run();
  };

  const download = (
    <Button asChild variant="outline" size="sm">
      <a href={material.fileUrl} download={material.fileName}>
        <Download aria-hidden /> {t('pdf.download')}
      </a>
    </Button>
  );

  if (failed) {
    return (
      <div className={css({ p: '4' })}>
        <Alert status="error" title={t('pdf.failed')} action={download}>
          {t('pdf.failedText')}
        </Alert>
      </div>
    );
  }
  if (!loaded) return <LoadingBlock label={t('pdf.loading')} />;

  const pageLabel = t('pdf.page', { page: pageNumber, count: pageCount });
  const zoomLabel = zoom === 1 ? t('pdf.fit') : formatScore(zoom * 100);
  // Previous / next above the page and again below it: on a phone the page is taller than the
  // screen, and the learner who read to its foot turns the page there.
  const pager = (announce: boolean) => (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '1' })}>
      <IconButton
        size="sm"
        aria-label={t('ui.prevPage')}
        icon={<ChevronLeft className={flipInRtl} />}
        aria-disabled={pageNumber <= 1}
        onClick={() => goTo(pageNumber - 1)}
      />
      <span
        // Announced once, from the top controls.
        aria-live={announce ? 'polite' : undefined}
        className={css({
          fontSize: 'sm',
          fontWeight: 'medium',
          minW: '24',
          textAlign: 'center',
          fontVariantNumeric: 'tabular-nums',
        })}
      >
        {pageLabel}
      </span>
      <IconButton
        size="sm"
        aria-label={t('ui.nextPage')}
        icon={<ChevronRight className={flipInRtl} />}
        aria-disabled={pageNumber >= pageCount}
        onClick={() => goTo(pageNumber + 1)}
      />
    </div>
  );
  return (
    <div className={css({ display: 'flex', flexDirection: 'column' })}>
      <div
        role="toolbar"
        aria-label={t('pdf.controls')}
        className={cx(
          controlBar,
          wrap({ align: 'center', justify: 'space-between', gap: '2', borderBottomWidth: '1px' }),
        )}
      >
        {pager(true)}
        <div className={css({ display: 'flex', alignItems: 'center', gap: '1' })}>
          <IconButton
            size="sm"
            aria-label={t('pdf.zoomOut')}
            icon={<ZoomOut />}
            aria-disabled={zoom <= ZOOM_STEPS[0]}
            onClick={() => zoomBy(-1)}
          />
          <span
            aria-live="polite"
            className={css({ fontSize: 'sm', minW: '10', textAlign: 'center', fontVariantNumeric: 'tabular-nums' })}
          >
            <span className={css({ srOnly: true })}>{t('pdf.zoomLabel')} </span>
            {zoomLabel}
          </span>
          <IconButton
            size="sm"
            aria-label={t('pdf.zoomIn')}
            icon={<ZoomIn />}
            aria-disabled={zoom >= ZOOM_STEPS[ZOOM_STEPS.length - 1]}
            onClick={() => zoomBy(1)}
          />
          <IconButton
            size="sm"
            aria-label={t('pdf.fitWidth')}
            icon={<Maximize2 />}
            aria-disabled={zoom === 1}
            onClick={() => setZoom(1)}
          />
        </div>
        {download}
      </div>
      <div
        ref={panelRef}
        role="region"
        aria-label={`${material.title}, ${pageLabel}`}
        aria-keyshortcuts="ArrowLeft ArrowRight PageUp PageDown + - 0"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus for keyboard users (axe: scrollable-region-focusable)
        tabIndex={0}
        onKeyDown={onKeyDown}
        className={css({
          overflow: 'auto',
          maxH: { base: '75vh', md: '80vh' },
          // The grey margin around the page keeps the inset focus ring visible.
          p: { base: '2', md: '3' },
          bg: 'bg.subtle',
          outline: 'none',
          _focusVisible: { outline: '3px solid', outlineColor: 'brand.solid', outlineOffset: '-3px' },
        })}
      >
        {/* The page is a picture of a left-to-right document whatever the interface's direction: PDF.js draws
            each glyph with the canvas's inherited direction, and a right-to-left one pushed the letters apart
            ("Portab le F ire Ex tingu isher" in Arabic). The text layer is placed in the same coordinates. */}
        <div
          ref={setPageElement}
          dir="ltr"
          className={css({ position: 'relative', w: 'fit-content', mx: 'auto', bg: 'white', boxShadow: 'sm' })}
        >
          <canvas ref={canvasRef} role="img" aria-label={pageLabel} className={css({ display: 'block' })} />
          <div ref={textRef} className={textLayerStyle} />
        </div>
      </div>
      {pageCount > 1 ? (
        <div
          role="toolbar"
          aria-label={t('pdf.pageControlsBelow')}
          className={cx(controlBar, flex({ justify: 'center', borderTopWidth: '1px' }))}
        >
          {pager(false)}
        </div>
      ) : null}
      {onProgress ? (
        <p
          className={css({
            px: { base: '3', md: '4' },
            py: '2',
            fontSize: 'xs',
            color: 'fg.muted',
            borderTopWidth: '1px',
            borderColor: 'border.default',
          })}
        >
          {t('pdf.viewed', { viewed: viewedCount, count: pageCount, seconds: MIN_SECONDS_PER_PAGE })}
        </p>
      ) : null}
    </div>
  );
}

/** The bars above and below the page (its controls, and the page controls repeated under it). */
const controlBar = css({ px: { base: '2', md: '3' }, py: '2', borderColor: 'border.default', bg: 'bg.surface' });

/** PDF.js's text layer, reduced to what an invisible, selectable copy of the text needs. */
const textLayerStyle = css({
  position: 'absolute',
  inset: '0',
  overflow: 'clip',
  lineHeight: '1',
  textSizeAdjust: 'none',
  forcedColorAdjust: 'none',
  transformOrigin: '0 0',
  zIndex: '0',
  '--min-font-size': '1',
  '--text-scale-factor': 'calc(var(--total-scale-factor) * var(--min-font-size))',
  '--min-font-size-inv': 'calc(1 / var(--min-font-size))',
  '& :is(span, br)': {
    color: 'transparent',
    position: 'absolute',
    whiteSpace: 'pre',
    cursor: 'text',
    transformOrigin: '0% 0%',
  },
  '& > :not(.markedContent), & .markedContent span:not(.markedContent)': {
    zIndex: '1',
    '--font-height': '0',
    fontSize: 'calc(var(--text-scale-factor) * var(--font-height))',
    '--scale-x': '1',
    '--rotate': '0deg',
    transform: 'rotate(var(--rotate)) scaleX(var(--scale-x)) scale(var(--min-font-size-inv))',
  },
  '& .markedContent': { display: 'contents' },
  '& ::selection': { bg: 'rgb(0 0 255 / 0.25)' },
});
