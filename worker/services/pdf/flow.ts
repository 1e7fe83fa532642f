import type { PDFDocument, PDFPage, RGB } from 'pdf-lib';
import { MUTED, NAVY } from './palette';
import { BODY_SIZE, contentWidth, lineHeight, type Dir, type Painter, type Weight } from './painter';

/** One paragraph of text, wrapped to the width it is given. */
export interface Block {
  text: string;
  font?: Weight;
  size?: number;
  color?: RGB;
  dir?: Dir;
}

/** A block never grows taller than a page, whatever a note holds. */
const MAX_BLOCK_LINES = 40;

/**
 * Flows content down the pages of `p.layout`: every draw asks for the height it needs first, and a
 * new page (with the running header) starts when the current one cannot hold it.
 */
export function createFlow(doc: PDFDocument, p: Painter, runningHeader: (page: PDFPage) => number) {
  const { width, height, top, bottom } = p.layout;
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = top;

  const flow = {
    pages,
    get page() {
      return page;
    },
    get y() {
      return y;
    },
    set y(value: number) {
      y = value;
    },
    addPage(withHeader: boolean) {
      page = doc.addPage([width, height]);
      pages.push(page);
      // A thin band marks every page as part of the same document when printed and shuffled.
      page.drawRectangle({ x: 0, y: height - 6, width, height: 6, color: NAVY });
      y = withHeader ? runningHeader(page) : top;
    },
    /** Whether `height` more points fit; starts a new page when they do not. Returns true on a break. */
    ensure(needed: number): boolean {
      if (y - needed >= bottom) return false;
      flow.addPage(true);
      return true;
    },
    /** The block wrapped to `width`, paragraphs kept apart, cut with an ellipsis past MAX_BLOCK_LINES. */
    lines(block: Block, width: number): string[] {
      const weight = block.font ?? 'regular';
      const size = block.size ?? BODY_SIZE;
      const lines = block.text
        .split(/\n+/)
        .flatMap((paragraph) => p.wrap(paragraph, weight, size, width, undefined, block.dir));
      if (lines.length <= MAX_BLOCK_LINES) return lines;
      const kept = lines.slice(0, MAX_BLOCK_LINES);
      kept[MAX_BLOCK_LINES - 1] =
        p.wrap(`${kept[MAX_BLOCK_LINES - 1]} ${lines[MAX_BLOCK_LINES]}`, weight, size, width, 1, block.dir)[0] ?? '';
      return kept;
    },
  };
  return flow;
}
export type Flow = ReturnType<typeof createFlow>;

/** A section heading across the content width, a detail at its end, kept with `keepWith` points of what follows. */
export function drawSectionTitle(p: Painter, flow: Flow, title: string, detail: string | null, keepWith: number) {
  const { marginX } = p.layout;
  const width = contentWidth(p.layout);
  flow.ensure(36 + keepWith);
  flow.y -= 14;
  const titleWidth = p.width(title, 'bold', 12.5);
  p.text(flow.page, title, { x: marginX, y: flow.y - 12, size: 12.5, weight: 'bold', color: NAVY });
  if (detail) {
    const text = p.wrap(detail, 'regular', 8, width - titleWidth - 16, 1)[0] ?? '';
    p.text(flow.page, text, {
      x: marginX + width,
      y: flow.y - 11,
      size: 8,
      weight: 'regular',
      color: MUTED,
      align: 'end',
    });
  }
  p.line(flow.page, marginX, marginX + width, flow.y - 18, 1.2, NAVY);
  flow.y -= 24;
}

/** A muted italic remark ("No exemptions"), wrapped to `width`. */
export function drawNote(p: Painter, flow: Flow, text: string, x = p.layout.marginX, width = contentWidth(p.layout)) {
  const lines = flow.lines({ text, font: 'italic' }, width);
  flow.ensure(lines.length * lineHeight(BODY_SIZE) + 6);
  for (const line of lines) {
    p.text(flow.page, line, { x, y: flow.y - BODY_SIZE - 2, size: BODY_SIZE, weight: 'italic', color: MUTED });
    flow.y -= lineHeight(BODY_SIZE);
  }
  flow.y -= 6;
}
