import { css, cx } from 'styled-system/css';
import { flex } from 'styled-system/patterns';

// Static classes: Panda extracts styles at build time, so no computed style objects.
const track = css({ h: '2', bg: 'bg.subtle', rounded: 'full', overflow: 'hidden' });
const thickTrack = css({ h: '2.5' });
const fill = css({ h: 'full', rounded: 'full' });
const fillTone = { brand: css({ bg: 'brand.solid' }), success: css({ bg: 'success.solid' }) };
const captionRow = flex({ justify: 'space-between', fontSize: 'xs', color: 'fg.muted', mb: '1' });
const besideBar = css({ flex: '1' });
const besideRow = css({ display: 'flex', alignItems: 'center', gap: '3' });
const besideFigure = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default', minW: '10', textAlign: 'end' });

interface ProgressBarProps {
  /** The bar's accessible name. */
  label: string;
  /** 0 to 100. */
  percent: number;
  /** Green once complete (or fully viewed). */
  complete?: boolean;
  /** The figure shown with the bar (a caption row above it, or beside it). */
  figure?: string;
  /** A caption above the bar, with the figure at its end. */
  caption?: string;
  thick?: boolean;
  className?: string;
}

/** How far through a course or a material the learner is: a progress bar, optionally with its figure. */
export function ProgressBar({ label, percent, complete = false, figure, caption, thick, className }: ProgressBarProps) {
  const bar = (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      className={cx(track, thick && thickTrack, figure !== undefined && !caption && besideBar)}
    >
      <div className={cx(fill, fillTone[complete ? 'success' : 'brand'])} style={{ width: `${percent}%` }} />
    </div>
  );
  if (caption) {
    return (
      <div className={className}>
        <div className={captionRow}>
          <span>{caption}</span>
          <span>{figure}</span>
        </div>
        {bar}
      </div>
    );
  }
  if (figure !== undefined) {
    return (
      <div className={cx(besideRow, className)}>
        {bar}
        <span className={besideFigure}>{figure}</span>
      </div>
    );
  }
  return bar;
}
