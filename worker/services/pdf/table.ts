import type { PDFDocument, PDFPage, RGB } from 'pdf-lib';
import { drawNote, drawSectionTitle, type Block, type Flow } from './flow';
import { HAIRLINE, INK, MUTED, RULE, type Tone } from './palette';
import { BODY_SIZE, contentWidth, lineHeight, type Dir, type Painter, type Weight } from './painter';
import { drawQrLink } from './qr-link';

/** A table cell, top to bottom: a QR code of a URL, a pill, then paragraphs. */
export interface Cell {
  pill?: { label: string; tone: Tone };
  blocks?: Block[];
  qr?: string;
}
interface Column {
  header: string;
  width: number;
}
/** A column's header and width: points, or `'rest'` for what the others leave. */
type ColumnSpec = [header: string, width: number | 'rest'];

export const QR_SIZE = 52;
export const CELL_PAD_X = 5;
const CELL_PAD_Y = 5;
export const PILL_HEIGHT = 12;
const PILL_SIZE = 7;
const PILL_GAP = 3;

export const pillWidth = (p: Painter, label: string) => p.width(label, 'bold', PILL_SIZE) + 10;

/** A rounded, tinted label whose logical left edge is `x`; `top` is the upper edge. */
export function drawPill(p: Painter, page: PDFPage, label: string, tone: Tone, x: number, top: number) {
  const w = pillWidth(p, label);
  const h = PILL_HEIGHT;
  const r = h / 2;
  page.drawSvgPath(`M ${r} 0 H ${w - r} A ${r} ${r} 0 0 1 ${w - r} ${h} H ${r} A ${r} ${r} 0 0 1 ${r} 0 Z`, {
    x: p.left(x, w),
    y: top,
    color: tone.tint,
  });
  p.text(page, label, { x: x + 5, y: top - h + 3.6, size: PILL_SIZE, weight: 'bold', color: tone.ink });
}

interface Measured {
  height: number;
  blocks: { lines: string[]; weight: Weight; size: number; color: RGB; dir?: Dir }[];
}

function measureCell(flow: Flow, cell: Cell, width: number): Measured {
  const inner = width - CELL_PAD_X * 2;
  let height = 0;
  if (cell.pill) height += PILL_HEIGHT + (cell.blocks?.length ? PILL_GAP : 0);
  if (cell.qr) height += QR_SIZE;
  const blocks = (cell.blocks ?? []).map((block) => {
    const size = block.size ?? BODY_SIZE;
    const lines = flow.lines(block, inner);
    height += lines.length * lineHeight(size);
    return { lines, weight: block.font ?? 'regular', size, color: block.color ?? INK, dir: block.dir };
  });
  return { height, blocks };
}

const HEADER_SIZE = 6.8;
const TABLE_HEADER_HEIGHT = 14;

function drawTableHeader(p: Painter, flow: Flow, columns: Column[], x0: number) {
  let x = x0;
  for (const column of columns) {
    const room = column.width - CELL_PAD_X;
    const label = p.wrap(p.spaced(column.header, 'bold', HEADER_SIZE, room), 'bold', HEADER_SIZE, room, 1)[0] ?? '';
    p.text(flow.page, label, { x: x + CELL_PAD_X, y: flow.y - 9, size: HEADER_SIZE, weight: 'bold', color: MUTED });
    x += column.width;
  }
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  p.line(flow.page, x0, x0 + width, flow.y - 14, 0.8, RULE);
  flow.y -= TABLE_HEADER_HEIGHT;
}

/** Rows never split across pages; the column header repeats on every page the table reaches. */
export function drawTable(
  doc: PDFDocument,
  p: Painter,
  flow: Flow,
  columns: Column[],
  rows: Cell[][],
  x0 = p.layout.marginX,
) {
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  const measured = rows.map((row) => row.map((cell, i) => measureCell(flow, cell, columns[i]!.width)));
  const heights = measured.map((cells) => Math.max(...cells.map((c) => c.height)) + CELL_PAD_Y * 2);

  flow.ensure(TABLE_HEADER_HEIGHT + (heights[0] ?? 0));
  drawTableHeader(p, flow, columns, x0);
  rows.forEach((row, r) => {
    if (flow.ensure(heights[r]!)) drawTableHeader(p, flow, columns, x0);
    const top = flow.y;
    let x = x0;
    row.forEach((cell, i) => {
      let y = top - CELL_PAD_Y;
      const cx = x + CELL_PAD_X;
      if (cell.qr) {
        drawQrLink(doc, flow.page, cell.qr, { x: p.left(cx, QR_SIZE), bottom: y - QR_SIZE, size: QR_SIZE, top: y });
        y -= QR_SIZE;
      }
      if (cell.pill) {
        drawPill(p, flow.page, cell.pill.label, cell.pill.tone, cx, y);
        y -= PILL_HEIGHT + PILL_GAP;
      }
      for (const block of measured[r]![i]!.blocks) {
        for (const line of block.lines) {
          // Baseline a little under one em below the line's top: the rest of the line is leading.
          p.text(flow.page, line, {
            x: cx,
            y: y - block.size * 0.95,
            size: block.size,
            weight: block.weight,
            color: block.color,
            dir: block.dir,
          });
          y -= lineHeight(block.size);
        }
      }
      x += columns[i]!.width;
    });
    flow.y = top - heights[r]!;
    p.line(flow.page, x0, x0 + width, flow.y, 0.5, HAIRLINE);
  });
}

/** Fixed columns plus one that takes what is left of `total`. */
export function columnsOf(total: number, spec: ColumnSpec[]): Column[] {
  const fixed = spec.reduce((sum, [, w]) => sum + (w === 'rest' ? 0 : w), 0);
  return spec.map(([header, w]) => ({ header, width: w === 'rest' ? total - fixed : w }));
}

/** A section of a document: its title, then its table across the content width, or a note when it has no rows. */
export function drawTableSection(
  doc: PDFDocument,
  p: Painter,
  flow: Flow,
  section: {
    title: string;
    detail?: string | null;
    keepWith: number;
    empty: string;
    columns: ColumnSpec[];
    rows: Cell[][];
  },
) {
  drawSectionTitle(p, flow, section.title, section.detail ?? null, section.keepWith);
  if (section.rows.length === 0) drawNote(p, flow, section.empty);
  else drawTable(doc, p, flow, columnsOf(contentWidth(p.layout), section.columns), section.rows);
}
