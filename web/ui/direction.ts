import { css } from 'styled-system/css';

/**
 * For icons that point along the reading direction (back and forward arrows, chevrons of
 * "next"/"previous"): mirrored when the page is right-to-left. Icons that show a thing (a book,
 * a clock) keep their drawing.
 */
export const flipInRtl = css({ _rtl: { transform: 'scaleX(-1)' } });
