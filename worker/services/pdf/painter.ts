import type { PDFPage, RGB } from 'pdf-lib';
import type { Language } from '../../contract/language';
import { formatDay, t, type MessageKey, type Params } from '../../i18n';
import { spacedIfLatin } from './standard-text';
import type { FontRole, PdfTextWriter } from './text-writer';

/** The page a paged document is laid out on, in points: its size, side margins and the band body text may use. */
export interface PageLayout {
  width: number;
  height: number;
  marginX: number;
  /** Highest point body text may reach. */
  top: number;
  /** Lowest point body text may reach; the footer lives below it. */
  bottom: number;
}

/** The width between the side margins. */
export const contentWidth = (layout: PageLayout) => layout.width - layout.marginX * 2;

export type Weight = 'regular' | 'bold' | 'italic';
const ROLES: Record<Weight, FontRole> = { regular: 'sans', bold: 'sansBold', italic: 'sansItalic' };

/**
 * Whose direction a string reads in: a label follows the document's language; a person's name, a
 * course title or a note written by someone follows its own text (an English course title stays
 * left to right on an Arabic record, an Arabic name right to left on an English one).
 */
export type Dir = 'doc' | 'auto';

export const BODY_SIZE = 8.5;
export const lineHeight = (size: number) => size * 1.32;
/** What an empty value prints as. */
export const NONE = '\u2013';

/**
 * Everything a paged document draws goes through here: text through the PdfTextWriter (standard
 * Helvetica where it prints the string exactly, embedded Noto fonts, shaped and ordered by bidi,
 * otherwise), boxes and rules in logical coordinates. `x` is measured from the left edge of a
 * left-to-right page; on a right-to-left (Arabic) page everything is mirrored, so a table's first
 * column sits on the right and text starts at its right edge.
 */
export class Painter {
  constructor(
    private readonly writer: PdfTextWriter,
    readonly language: Language,
    readonly rtl: boolean,
    readonly layout: PageLayout,
  ) {}

  tr(key: MessageKey, params?: Params): string {
    return t(this.language, key, params);
  }

  day(iso: string | null | undefined): string {
    return iso ? formatDay(this.language, iso) : NONE;
  }

  private readonly numberFormats = new Map<string, Intl.NumberFormat>();

  number(value: number, options: Intl.NumberFormatOptions = {}): string {
    const key = JSON.stringify(options);
    let format = this.numberFormats.get(key);
    if (!format) this.numberFormats.set(key, (format = new Intl.NumberFormat(this.language, options)));
    return format.format(value);
  }

  private direction(dir: Dir = 'doc'): 'ltr' | 'rtl' | 'auto' {
    return dir === 'auto' ? 'auto' : this.rtl ? 'rtl' : 'ltr';
  }

  width(text: string, weight: Weight, size: number, dir?: Dir): number {
    return this.writer.width(text, ROLES[weight], size, this.direction(dir));
  }

  wrap(text: string, weight: Weight, size: number, maxWidth: number, maxLines?: number, dir?: Dir): string[] {
    return this.writer.wrap(text, ROLES[weight], size, maxWidth, maxLines, this.direction(dir));
  }

  /**
   * Letter-spaced capitals for a small heading, where the script has capitals (Latin) and they fit
   * `maxWidth`; else plain capitals, else the text as it is (no capitals, and no spacing that would
   * break Arabic joining or Devanagari conjuncts).
   */
  spaced(text: string, weight: Weight, size?: number, maxWidth?: number): string {
    const spaced = spacedIfLatin(text, this.writer, ROLES[weight]);
    if (spaced === text || size === undefined || maxWidth === undefined || this.width(spaced, weight, size) <= maxWidth)
      return spaced;
    return text.toUpperCase();
  }

  /** Text whose start (left; right on an RTL page) is at `x`, or whose end is, with `align: 'end'`. */
  text(
    page: PDFPage,
    text: string,
    o: { x: number; y: number; size: number; weight: Weight; color: RGB; align?: 'start' | 'end'; dir?: Dir },
  ) {
    const end = o.align === 'end';
    const x = this.rtl ? this.layout.width - o.x : o.x;
    const align = end !== this.rtl ? 'right' : 'left';
    this.writer.draw(
      page,
      text,
      { x, y: o.y, size: o.size, role: ROLES[o.weight], color: o.color, align },
      this.direction(o.dir),
    );
  }

  /** The physical left edge of a box whose logical left edge is `x`. */
  left(x: number, width: number): number {
    return this.rtl ? this.layout.width - x - width : x;
  }

  rect(page: PDFPage, x: number, y: number, width: number, height: number, color: RGB) {
    page.drawRectangle({ x: this.left(x, width), y, width, height, color });
  }

  line(page: PDFPage, x1: number, x2: number, y: number, thickness: number, color: RGB) {
    page.drawLine({ start: { x: this.left(x1, 0), y }, end: { x: this.left(x2, 0), y }, thickness, color });
  }
}
