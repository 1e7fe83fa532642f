import { PDFDocument, PDFPage, rgb, type RGB } from 'pdf-lib';
import { verificationUrl } from '../contract/certificates';
import type { TrainingRecordAttempt, TrainingRecordCertificate, TrainingRecordCourse, TrainingRecordCycle, TrainingRecordResponse } from '../contract/compliance';
import type { Language } from '../contract/language';
import type { ComplianceStatus } from '../contract/rules/compliance';
import { CATALOGS, formatDay, formatLanguageName, formatLongDateTime, isRtl, t, tp, type MessageKey, type Params } from '../i18n';
import { addLink, drawQr, spacedIfLatin } from './certificate-pdf';
import type { FontLoader } from './pdf-fonts';
import { PdfTextWriter, type FontRole } from './pdf-text';

export interface TrainingRecordPdfOptions {
  appName: string;
  /** Public origin of the platform; null leaves the QR codes out (a link to nowhere is worse than none). */
  origin: string | null;
  /** The Noto fonts text outside Helvetica needs (pdf-fonts.ts); without them such text throws. */
  fonts?: FontLoader | null;
  /** The language of the labels, dates and numbers: the reader's (English by default). Arabic mirrors the page. */
  language?: Language;
}

// A4 portrait, in points.
export const RECORD_PAGE_WIDTH = 595.28;
export const RECORD_PAGE_HEIGHT = 841.89;

const MARGIN_X = 46;
const CONTENT_WIDTH = RECORD_PAGE_WIDTH - MARGIN_X * 2;
const TOP = RECORD_PAGE_HEIGHT - 40;
/** Lowest point body text may reach; the footer lives below it. */
const BOTTOM = 62;
const FOOTER_Y = 34;

const NAVY = rgb(0.09, 0.2, 0.36);
const INK = rgb(0.13, 0.15, 0.19);
const MUTED = rgb(0.4, 0.44, 0.5);
const RULE = rgb(0.82, 0.85, 0.89);
const HAIRLINE = rgb(0.9, 0.92, 0.94);
const PANEL = rgb(0.965, 0.972, 0.98);

interface Tone {
  ink: RGB;
  tint: RGB;
}
const RED: Tone = { ink: rgb(0.7, 0.1, 0.1), tint: rgb(0.99, 0.9, 0.9) };
const AMBER: Tone = { ink: rgb(0.6, 0.36, 0), tint: rgb(1, 0.94, 0.79) };
const GREEN: Tone = { ink: rgb(0.07, 0.43, 0.21), tint: rgb(0.87, 0.96, 0.89) };
const BLUE: Tone = { ink: rgb(0.12, 0.32, 0.62), tint: rgb(0.89, 0.93, 0.99) };
const GREY: Tone = { ink: rgb(0.34, 0.37, 0.42), tint: rgb(0.91, 0.92, 0.94) };

const STATUS_TONES: Record<ComplianceStatus, Tone> = { overdue: RED, 'due-soon': AMBER, compliant: GREEN, pending: BLUE, exempt: GREY };
// The compliance table carries the alarm; an expired certificate in the list is usually history.
const CERTIFICATE_TONES: Record<TrainingRecordCertificate['status'], Tone> = { ACTIVE: GREEN, EXPIRED: GREY, REVOKED: RED };
const PROGRESS_TONES: Record<string, Tone> = { ENROLLED: GREY, IN_PROGRESS: BLUE, COMPLETED: GREEN };

/** A cell never grows taller than a page, whatever a note holds. */
const MAX_CELL_LINES = 40;
const QR_SIZE = 52;

type Weight = 'regular' | 'bold' | 'italic';
const ROLES: Record<Weight, FontRole> = { regular: 'sans', bold: 'sansBold', italic: 'sansItalic' };

/**
 * Whose direction a string reads in: a label follows the document's language; a person's name, a
 * course title or a note written by someone follows its own text (an English course title stays
 * left to right on an Arabic record, an Arabic name right to left on an English one).
 */
type Dir = 'doc' | 'auto';

/** One paragraph of a cell, wrapped to the cell's width. */
interface Block {
  text: string;
  font?: Weight;
  size?: number;
  color?: RGB;
  dir?: Dir;
}
interface Cell {
  pill?: { label: string; tone: Tone };
  blocks?: Block[];
  qr?: string;
}
interface Column {
  header: string;
  width: number;
}

const BODY_SIZE = 8.5;
const lineHeight = (size: number) => size * 1.32;
const NONE = '\u2013';

/**
 * Everything the record draws goes through here: text through the PdfTextWriter (standard
 * Helvetica where it prints the string exactly, embedded Noto fonts, shaped and ordered by bidi,
 * otherwise), boxes and rules in logical coordinates. `x` is measured from the left edge of a
 * left-to-right page; on a right-to-left (Arabic) page everything is mirrored, so a table's first
 * column sits on the right and text starts at its right edge.
 */
class Painter {
  constructor(
    private readonly writer: PdfTextWriter,
    readonly language: Language,
    readonly rtl: boolean,
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
    if (spaced === text || size === undefined || maxWidth === undefined || this.width(spaced, weight, size) <= maxWidth) return spaced;
    return text.toUpperCase();
  }

  /** Text whose start (left; right on an RTL page) is at `x`, or whose end is, with `align: 'end'`. */
  text(page: PDFPage, text: string, o: { x: number; y: number; size: number; weight: Weight; color: RGB; align?: 'start' | 'end'; dir?: Dir }) {
    const end = o.align === 'end';
    const x = this.rtl ? RECORD_PAGE_WIDTH - o.x : o.x;
    const align = end !== this.rtl ? 'right' : 'left';
    this.writer.draw(page, text, { x, y: o.y, size: o.size, role: ROLES[o.weight], color: o.color, align }, this.direction(o.dir));
  }

  /** The physical left edge of a box whose logical left edge is `x`. */
  left(x: number, width: number): number {
    return this.rtl ? RECORD_PAGE_WIDTH - x - width : x;
  }

  rect(page: PDFPage, x: number, y: number, width: number, height: number, color: RGB) {
    page.drawRectangle({ x: this.left(x, width), y, width, height, color });
  }

  line(page: PDFPage, x1: number, x2: number, y: number, thickness: number, color: RGB) {
    page.drawLine({ start: { x: this.left(x1, 0), y }, end: { x: this.left(x2, 0), y }, thickness, color });
  }
}

/**
 * Flows content down A4 pages: every draw asks for the height it needs first, and a new page
 * (with the running header) starts when the current one cannot hold it.
 */
function createFlow(doc: PDFDocument, p: Painter, runningHeader: (page: PDFPage) => number) {
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = TOP;

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
      page = doc.addPage([RECORD_PAGE_WIDTH, RECORD_PAGE_HEIGHT]);
      pages.push(page);
      // A thin band marks every page as part of the same document when printed and shuffled.
      page.drawRectangle({ x: 0, y: RECORD_PAGE_HEIGHT - 6, width: RECORD_PAGE_WIDTH, height: 6, color: NAVY });
      y = withHeader ? runningHeader(page) : TOP;
    },
    /** Whether `height` more points fit; starts a new page when they do not. Returns true on a break. */
    ensure(height: number): boolean {
      if (y - height >= BOTTOM) return false;
      flow.addPage(true);
      return true;
    },
    /** The block wrapped to `width`, paragraphs kept apart, cut with an ellipsis past MAX_CELL_LINES. */
    lines(block: Block, width: number): string[] {
      const weight = block.font ?? 'regular';
      const size = block.size ?? BODY_SIZE;
      const lines = block.text.split(/\n+/).flatMap((paragraph) => p.wrap(paragraph, weight, size, width, undefined, block.dir));
      if (lines.length <= MAX_CELL_LINES) return lines;
      const kept = lines.slice(0, MAX_CELL_LINES);
      kept[MAX_CELL_LINES - 1] = p.wrap(`${kept[MAX_CELL_LINES - 1]} ${lines[MAX_CELL_LINES]}`, weight, size, width, 1, block.dir)[0] ?? '';
      return kept;
    },
  };
  return flow;
}
type Flow = ReturnType<typeof createFlow>;

const PILL_HEIGHT = 12;
const PILL_SIZE = 7;

const pillWidth = (p: Painter, label: string) => p.width(label, 'bold', PILL_SIZE) + 10;

/** A rounded, tinted label whose logical left edge is `x`; `top` is the upper edge. */
function drawPill(p: Painter, page: PDFPage, label: string, tone: Tone, x: number, top: number) {
  const w = pillWidth(p, label);
  const h = PILL_HEIGHT;
  const r = h / 2;
  page.drawSvgPath(`M ${r} 0 H ${w - r} A ${r} ${r} 0 0 1 ${w - r} ${h} H ${r} A ${r} ${r} 0 0 1 ${r} 0 Z`, { x: p.left(x, w), y: top, color: tone.tint });
  p.text(page, label, { x: x + 5, y: top - h + 3.6, size: PILL_SIZE, weight: 'bold', color: tone.ink });
}

const CELL_PAD_X = 5;
const CELL_PAD_Y = 5;
const PILL_GAP = 3;

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
function drawTable(doc: PDFDocument, p: Painter, flow: Flow, columns: Column[], rows: Cell[][], x0 = MARGIN_X) {
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
        const left = p.left(cx, QR_SIZE);
        drawQr(flow.page, cell.qr, left, y - QR_SIZE, QR_SIZE);
        addLink(doc, flow.page, cell.qr, [left, y - QR_SIZE, left + QR_SIZE, y]);
        y -= QR_SIZE;
      }
      if (cell.pill) {
        drawPill(p, flow.page, cell.pill.label, cell.pill.tone, cx, y);
        y -= PILL_HEIGHT + PILL_GAP;
      }
      for (const block of measured[r]![i]!.blocks) {
        for (const line of block.lines) {
          // Baseline a little under one em below the line's top: the rest of the line is leading.
          p.text(flow.page, line, { x: cx, y: y - block.size * 0.95, size: block.size, weight: block.weight, color: block.color, dir: block.dir });
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
function columnsOf(total: number, spec: [string, number | 'rest'][]): Column[] {
  const fixed = spec.reduce((sum, [, w]) => sum + (w === 'rest' ? 0 : w), 0);
  return spec.map(([header, w]) => ({ header, width: w === 'rest' ? total - fixed : w }));
}

function drawSectionTitle(p: Painter, flow: Flow, title: string, detail: string | null, keepWith: number) {
  flow.ensure(36 + keepWith);
  flow.y -= 14;
  const titleWidth = p.width(title, 'bold', 12.5);
  p.text(flow.page, title, { x: MARGIN_X, y: flow.y - 12, size: 12.5, weight: 'bold', color: NAVY });
  if (detail) {
    const text = p.wrap(detail, 'regular', 8, CONTENT_WIDTH - titleWidth - 16, 1)[0] ?? '';
    p.text(flow.page, text, { x: MARGIN_X + CONTENT_WIDTH, y: flow.y - 11, size: 8, weight: 'regular', color: MUTED, align: 'end' });
  }
  p.line(flow.page, MARGIN_X, MARGIN_X + CONTENT_WIDTH, flow.y - 18, 1.2, NAVY);
  flow.y -= 24;
}

/** A section of the record: its title, then its table, or a note when it has no rows. */
function drawTableSection(
  doc: PDFDocument,
  p: Painter,
  flow: Flow,
  section: { title: string; detail?: string | null; keepWith: number; empty: string; columns: [string, number | 'rest'][]; rows: Cell[][] },
) {
  drawSectionTitle(p, flow, section.title, section.detail ?? null, section.keepWith);
  if (section.rows.length === 0) drawNote(p, flow, section.empty);
  else drawTable(doc, p, flow, columnsOf(CONTENT_WIDTH, section.columns), section.rows);
}

function drawNote(p: Painter, flow: Flow, text: string, x = MARGIN_X, width = CONTENT_WIDTH) {
  const lines = flow.lines({ text, font: 'italic' }, width);
  flow.ensure(lines.length * lineHeight(BODY_SIZE) + 6);
  for (const line of lines) {
    p.text(flow.page, line, { x, y: flow.y - BODY_SIZE - 2, size: BODY_SIZE, weight: 'italic', color: MUTED });
    flow.y -= lineHeight(BODY_SIZE);
  }
  flow.y -= 6;
}

function drawFirstPageHeader(p: Painter, flow: Flow, record: TrainingRecordResponse, appName: string) {
  const { page } = flow;
  const right = MARGIN_X + CONTENT_WIDTH;
  let y = TOP;
  const generatedLabel = p.spaced(p.tr('record.generated'), 'bold');
  const generated = p.tr('record.utcTime', { time: formatLongDateTime(p.language, record.generatedAt) });
  // The right-hand block ("Generated" and the time) takes what it needs; the app name and the title the rest.
  const side = Math.max(p.width(generatedLabel, 'bold', 6.8), p.width(generated, 'regular', 9)) + 16;
  const app = p.wrap(p.spaced(appName, 'bold'), 'bold', 8.5, Math.min(CONTENT_WIDTH * 0.6, CONTENT_WIDTH - side), 1, 'auto')[0] ?? '';
  p.text(page, app, { x: MARGIN_X, y: y - 8, size: 8.5, weight: 'bold', color: NAVY, dir: 'auto' });
  const title = p.tr('record.title');
  const titleSize = Math.max(16, Math.min(22, 22 * ((CONTENT_WIDTH - side) / Math.max(1, p.width(title, 'bold', 22)))));
  p.text(page, title, { x: MARGIN_X, y: y - 34, size: titleSize, weight: 'bold', color: INK });

  p.text(page, generatedLabel, { x: right, y: y - 8, size: 6.8, weight: 'bold', color: MUTED, align: 'end' });
  p.text(page, generated, { x: right, y: y - 21, size: 9, weight: 'regular', color: INK, align: 'end' });
  y -= 48;
  p.line(page, MARGIN_X, right, y, 1.2, NAVY);
  y -= 12;

  // The person: name, then a two-row grid of what identifies them.
  const { user } = record;
  const nameLines = p.wrap(user.name, 'bold', 15, CONTENT_WIDTH - 24, 2, 'auto');
  const fields: [MessageKey, string | null, Dir][] = [
    ['record.field.username', user.username, 'auto'],
    ['record.field.email', user.email, 'auto'],
    ['record.field.status', p.tr(user.status === 'ACTIVE' ? 'record.account.ACTIVE' : 'record.account.DEACTIVATED'), 'doc'],
    ['record.field.department', user.department, 'auto'],
    ['record.field.jobTitle', user.jobTitle, 'auto'],
  ];
  const colWidth = (CONTENT_WIDTH - 24) / 3;
  const cells = fields.map(([key, value, dir]) => ({
    label: p.wrap(p.spaced(p.tr(key), 'bold'), 'bold', 6.5, colWidth - 10, 1)[0] ?? '',
    lines: value?.trim() ? p.wrap(value, 'regular', 9, colWidth - 10, 4, dir) : [NONE],
    dir,
  }));
  const rowHeights = [0, 1].map((row) => 12 + Math.max(1, ...cells.slice(row * 3, row * 3 + 3).map((c) => c.lines.length)) * lineHeight(9));
  const panelHeight = 14 + nameLines.length * 18 + 6 + rowHeights[0]! + 6 + rowHeights[1]! + 10;
  p.rect(page, MARGIN_X, y - panelHeight, CONTENT_WIDTH, panelHeight, PANEL);
  p.rect(page, MARGIN_X, y - panelHeight, 3, panelHeight, NAVY);

  let py = y - 14;
  for (const line of nameLines) {
    p.text(page, line, { x: MARGIN_X + 14, y: py - 12, size: 15, weight: 'bold', color: INK, dir: 'auto' });
    py -= 18;
  }
  py -= 6;
  [0, 1].forEach((row) => {
    cells.slice(row * 3, row * 3 + 3).forEach((cell, i) => {
      const x = MARGIN_X + 14 + i * colWidth;
      p.text(page, cell.label, { x, y: py - 6, size: 6.5, weight: 'bold', color: MUTED });
      cell.lines.forEach((line, l) => p.text(page, line, { x, y: py - 17 - l * lineHeight(9), size: 9, weight: 'regular', color: INK, dir: cell.dir }));
    });
    py -= rowHeights[row]! + 6;
  });
  return y - panelHeight - 4;
}

const complianceLabel = (p: Painter, status: ComplianceStatus) => p.tr(`record.compliance.${status}`);

function drawSummary(p: Painter, flow: Flow, required: TrainingRecordCourse[]) {
  const counts = new Map<ComplianceStatus, number>();
  for (const course of required) if (course.compliance) counts.set(course.compliance.status, (counts.get(course.compliance.status) ?? 0) + 1);
  const order: ComplianceStatus[] = ['overdue', 'due-soon', 'pending', 'compliant', 'exempt'];
  const label = tp(p.language, 'record.requiredCount', required.length);
  flow.ensure(24);
  const top = flow.y - 8;
  p.text(flow.page, label, { x: MARGIN_X, y: top - PILL_HEIGHT + 3.4, size: 8.5, weight: 'bold', color: INK });
  let x = MARGIN_X + p.width(label, 'bold', 8.5) + 10;
  for (const status of order) {
    const count = counts.get(status);
    if (!count) continue;
    const text = `${p.number(count)} ${complianceLabel(p, status)}`;
    drawPill(p, flow.page, text, STATUS_TONES[status], x, top);
    x += pillWidth(p, text) + 5;
  }
  flow.y = top - PILL_HEIGHT - 2;
}

function requiredRows(p: Painter, courses: TrainingRecordCourse[]): Cell[][] {
  return courses.map((course) => {
    const cell = course.compliance;
    return [
      { blocks: [{ text: course.courseTitle, font: 'bold', dir: 'auto' }] },
      cell ? { pill: { label: complianceLabel(p, cell.status), tone: STATUS_TONES[cell.status] } } : { blocks: [{ text: NONE }] },
      { blocks: [{ text: p.day(cell?.dueAt) }] },
      { blocks: [{ text: p.day(cell?.validUntil) }] },
      { blocks: [{ text: cell?.certificateNumber ?? NONE }] },
    ];
  });
}

interface CertificateEntry {
  course: TrainingRecordCourse;
  cycle: TrainingRecordCycle;
  certificate: TrainingRecordCertificate;
}

function certificateRows(p: Painter, entries: CertificateEntry[], origin: string | null): Cell[][] {
  return entries.map(({ course, cycle, certificate }) => {
    const details: Block[] = [
      { text: course.courseTitle, font: 'bold', dir: 'auto' },
      { text: p.tr('record.certificate.cycle', { number: certificate.certificateNumber, cycle: cycle.cycle }), color: INK },
      { text: p.tr('cert.deliveryLanguage', { language: formatLanguageName(p.language, certificate.language) }), color: MUTED },
    ];
    if (certificate.renews) details.push({ text: p.tr('record.certificate.renews', { number: certificate.renews }), color: MUTED });
    if (certificate.renewedBy) details.push({ text: p.tr('record.certificate.supersededBy', { number: certificate.renewedBy }), color: MUTED });
    if (origin) details.push({ text: verificationUrl(origin, certificate.certificateNumber), size: 6.5, color: MUTED, dir: 'auto' });
    const status: Cell = { pill: { label: p.tr(`verify.status.${certificate.status}`), tone: CERTIFICATE_TONES[certificate.status] } };
    if (certificate.revokedAt) status.blocks = [{ text: p.tr('record.certificate.revokedOn', { date: p.day(certificate.revokedAt) }), size: 7.5, color: MUTED }];
    const row: Cell[] = [{ blocks: details }, { blocks: [{ text: p.day(certificate.issuedAt) }] }, { blocks: [{ text: p.day(certificate.expiresAt) }] }, status];
    return origin ? [{ qr: verificationUrl(origin, certificate.certificateNumber) }, ...row] : row;
  });
}

function progressOf(p: Painter, status: string): { label: string; tone: Tone } {
  const key = `record.progress.${status}`;
  const catalog = CATALOGS[p.language] as Record<string, string | undefined>;
  // A status this build does not know is still shown, as the server wrote it.
  return { label: catalog[key] ? p.tr(key as MessageKey) : status.charAt(0) + status.slice(1).toLowerCase().replace(/_/g, ' '), tone: PROGRESS_TONES[status] ?? GREY };
}

function attemptResult(p: Painter, attempt: TrainingRecordAttempt): { label: string; tone: Tone } {
  if (attempt.submittedAt == null) return { label: p.tr('record.attempt.notSubmitted'), tone: GREY };
  if (attempt.passed == null) return { label: p.tr('record.attempt.submitted'), tone: BLUE };
  return attempt.passed ? { label: p.tr('record.attempt.passed'), tone: GREEN } : { label: p.tr('record.attempt.failed'), tone: RED };
}

const percent = (p: Painter, value: number, digits: number) => p.number(value / 100, { style: 'percent', maximumFractionDigits: digits });
const score = (p: Painter, value: number | null) => (value == null ? NONE : percent(p, value, 2));

function drawHistory(doc: PDFDocument, p: Painter, flow: Flow, course: TrainingRecordCourse) {
  const tag = p.tr(course.required ? 'record.history.required' : 'record.history.notRequired');
  const tagWidth = pillWidth(p, tag);
  const titleLines = flow.lines({ text: course.courseTitle, font: 'bold', size: 10.5, dir: 'auto' }, CONTENT_WIDTH - Math.max(80, tagWidth + 12));
  flow.ensure(titleLines.length * lineHeight(10.5) + 70);
  flow.y -= 8;
  drawPill(p, flow.page, tag, course.required ? BLUE : GREY, MARGIN_X + CONTENT_WIDTH - tagWidth, flow.y);
  for (const line of titleLines) {
    p.text(flow.page, line, { x: MARGIN_X, y: flow.y - 10, size: 10.5, weight: 'bold', color: INK, dir: 'auto' });
    flow.y -= lineHeight(10.5);
  }
  flow.y -= 4;
  if (course.cycles.length === 0) {
    const metBy = course.compliance?.certificateNumber;
    drawNote(p, flow, metBy ? p.tr('record.history.metByOther', { number: metBy }) : p.tr('record.history.notEnrolled'), MARGIN_X + 12, CONTENT_WIDTH - 12);
    return;
  }

  const indent = MARGIN_X + 12;
  const innerWidth = CONTENT_WIDTH - 12;
  for (const cycle of course.cycles) {
    const progress = progressOf(p, cycle.status);
    // Each fact is kept on one line (no-break spaces inside it); lines break only between facts.
    const facts = [
      p.tr('record.fact.enrolled', { date: p.day(cycle.enrolledAt) }),
      cycle.startedAt ? p.tr('record.fact.started', { date: p.day(cycle.startedAt) }) : null,
      cycle.completedAt ? p.tr('record.fact.completed', { date: p.day(cycle.completedAt) }) : null,
      p.tr('record.fact.progress', { percent: percent(p, Math.round(cycle.progress), 0) }),
      p.tr('record.fact.language', { language: formatLanguageName(p.language, cycle.language) }),
      cycle.certificate ? p.tr('record.fact.certificate', { number: cycle.certificate.certificateNumber }) : null,
    ]
      .filter((fact): fact is string => fact != null)
      .map((fact) => fact.replace(/ /g, '\u00a0'))
      .join('\u00a0\u00a0\u00b7\u00a0 ');
    const factLines = p.wrap(facts, 'regular', BODY_SIZE, innerWidth);
    if (flow.ensure(16 + factLines.length * lineHeight(BODY_SIZE) + (cycle.attempts.length ? 40 : 16))) {
      // A cycle at the top of a page would otherwise not say which course it belongs to.
      const continued = p.wrap(p.tr('record.history.continued', { course: titleLines.join(' ') }), 'bold', 9, CONTENT_WIDTH, 1)[0] ?? '';
      p.text(flow.page, continued, { x: MARGIN_X, y: flow.y - 9, size: 9, weight: 'bold', color: MUTED });
      flow.y -= 16;
    }

    const heading = p.tr(cycle.current ? 'record.history.cycleCurrent' : 'record.history.cycle', { cycle: cycle.cycle });
    p.rect(flow.page, indent - 6, flow.y - 14, 2, 12, progress.tone.ink);
    p.text(flow.page, heading, { x: indent, y: flow.y - 10.5, size: 9, weight: 'bold', color: INK });
    drawPill(p, flow.page, progress.label, progress.tone, indent + p.width(heading, 'bold', 9) + 8, flow.y - 1);
    flow.y -= 16;
    for (const line of factLines) {
      p.text(flow.page, line, { x: indent, y: flow.y - BODY_SIZE - 1, size: BODY_SIZE, weight: 'regular', color: MUTED });
      flow.y -= lineHeight(BODY_SIZE);
    }
    flow.y -= 5;

    if (cycle.attempts.length === 0) drawNote(p, flow, p.tr('record.history.noAttempts'), indent, innerWidth);
    else {
      const columns = columnsOf(innerWidth, [
        [p.tr('record.col.assessment'), 'rest'],
        [p.tr('record.col.attempt'), 58],
        [p.tr('record.col.score'), 58],
        [p.tr('record.col.result'), 78],
        [p.tr('record.col.date'), 86],
      ]);
      const rows: Cell[][] = cycle.attempts.map((attempt) => [
        { blocks: [{ text: attempt.componentTitle, dir: 'auto' }] },
        { blocks: [{ text: p.number(attempt.attemptNumber) }] },
        { blocks: [{ text: score(p, attempt.score) }] },
        { pill: attemptResult(p, attempt) },
        { blocks: [{ text: p.day(attempt.submittedAt ?? attempt.startedAt) }] },
      ]);
      drawTable(doc, p, flow, columns, rows, indent);
      flow.y -= 8;
    }
  }
}

/** Every string the record may draw in a font, so the writer loads the Noto fonts they need once. */
function textsToLoad(record: TrainingRecordResponse, language: Language, appName: string): [string, FontRole][] {
  const catalog = Object.entries(CATALOGS[language]).filter(([key]) => key.startsWith('record.') || key.startsWith('verify.status.') || key === 'cert.deliveryLanguage');
  const labels = catalog.flatMap(([, text]): [string, FontRole][] => [
    [text ?? '', 'sans'],
    [text ?? '', 'sansBold'],
    [text ?? '', 'sansItalic'],
  ]);
  const { user } = record;
  const mine: [string | null, FontRole][] = [
    [appName, 'sansBold'],
    [user.name, 'sansBold'],
    [user.name, 'sans'],
    [user.username, 'sans'],
    [user.email, 'sans'],
    [user.department, 'sans'],
    [user.jobTitle, 'sans'],
    // Dates, numbers and language names in the reader's language (Arabic digits and month names).
    [formatLongDateTime(language, record.generatedAt), 'sans'],
    [formatDay(language, record.generatedAt), 'sans'],
    [new Intl.NumberFormat(language, { style: 'percent' }).format(0.1234567890), 'sans'],
    ...record.courses.flatMap((course): [string, FontRole][] => [
      [course.courseTitle, 'sansBold'],
      [course.courseTitle, 'sans'],
      ...course.cycles.flatMap((cycle): [string, FontRole][] => [[formatLanguageName(language, cycle.language), 'sans'], ...cycle.attempts.map((a): [string, FontRole] => [a.componentTitle, 'sans'])]),
    ]),
    ...record.exemptions.flatMap((e): [string, FontRole][] => [
      [e.courseTitle, 'sansBold'],
      [e.reason, 'sans'],
    ]),
    ...record.events.flatMap((e): [string, FontRole][] => [
      [e.courseTitle, 'sans'],
      [e.note, 'sans'],
    ]),
  ];
  return [...labels, ...mine.filter((item): item is [string, FontRole] => !!item[0])];
}

/**
 * The training record of one person as a printable A4 document in the reader's language: who they
 * are, where they stand on each required course, every certificate (with a QR code an inspector
 * can scan), the full history of cycles and attempts, exemptions and retraining events.
 * Deterministic for the same record and language: every date comes from the record, none from the
 * clock. Text in any script (names, course titles, notes, Hindi or Arabic labels) is drawn through
 * the PdfTextWriter; an Arabic record reads right to left, its layout mirrored.
 */
export async function renderTrainingRecordPdf(record: TrainingRecordResponse, options: TrainingRecordPdfOptions): Promise<Uint8Array> {
  const language: Language = options.language ?? 'en';
  const rtl = isRtl(language);
  const doc = await PDFDocument.create();
  const generated = new Date(record.generatedAt);
  const generatedAt = formatLongDateTime(language, record.generatedAt);
  const { user } = record;
  const tr = (key: MessageKey, params?: Params) => t(language, key, params);
  doc.setTitle(tr('record.docTitle', { name: user.name }), { showInWindowTitleBar: true });
  doc.setSubject(tr('record.docSubject', { name: user.name, username: user.username, time: generatedAt }));
  doc.setKeywords([tr('record.title'), user.name, user.username]);
  doc.setAuthor(options.appName);
  doc.setCreator(options.appName);
  doc.setProducer(`${options.appName} training record service`);
  doc.setLanguage(language);
  doc.setCreationDate(generated);
  doc.setModificationDate(generated);

  const writer = await PdfTextWriter.create(doc, options.fonts ?? null, textsToLoad(record, language, options.appName), rtl ? 'rtl' : 'ltr');
  const p = new Painter(writer, language, rtl);
  const headerTitle = tr('record.runningTitle', { name: user.name });
  const person = [user.name, user.username].filter((part) => part?.trim()).join(' · ');
  const footerText = tr('record.footer', { person, time: generatedAt });

  const flow = createFlow(doc, p, (page) => {
    const right = MARGIN_X + CONTENT_WIDTH;
    const app = p.wrap(p.spaced(options.appName, 'bold'), 'bold', 7.5, CONTENT_WIDTH / 2 - 10, 1, 'auto')[0] ?? '';
    p.text(page, app, { x: MARGIN_X, y: TOP - 8, size: 7.5, weight: 'bold', color: NAVY, dir: 'auto' });
    const title = p.wrap(headerTitle, 'regular', 8, CONTENT_WIDTH / 2 - 10, 1)[0] ?? '';
    p.text(page, title, { x: right, y: TOP - 8, size: 8, weight: 'regular', color: MUTED, align: 'end' });
    p.line(page, MARGIN_X, right, TOP - 15, 0.8, RULE);
    return TOP - 22;
  });
  flow.addPage(false);
  flow.y = drawFirstPageHeader(p, flow, record, options.appName);

  const required = record.courses.filter((course) => course.required);
  drawSummary(p, flow, required);

  const dateColumn = 86;
  drawTableSection(doc, p, flow, {
    title: tr('record.section.required'),
    keepWith: 40,
    empty: tr('record.empty.required'),
    columns: [
      [tr('record.col.course'), 'rest'],
      [tr('record.col.status'), 74],
      [tr('record.col.dueBy'), dateColumn],
      [tr('record.col.validUntil'), dateColumn],
      [tr('record.col.certificate'), 88],
    ],
    rows: requiredRows(p, required),
  });

  const certificates: CertificateEntry[] = record.courses.flatMap((course) =>
    course.cycles.flatMap((cycle) => (cycle.certificate ? [{ course, cycle, certificate: cycle.certificate }] : [])),
  );
  drawTableSection(doc, p, flow, {
    title: tr('record.section.certificates'),
    detail: options.origin ? tr('record.scanHint') : null,
    keepWith: 70,
    empty: tr('record.empty.certificates'),
    columns: [
      ...(options.origin ? ([['', QR_SIZE + CELL_PAD_X * 2]] as [string, number][]) : []),
      [tr('record.col.certificate'), 'rest'],
      [tr('record.col.issued'), dateColumn],
      [tr('record.col.expires'), dateColumn],
      [tr('record.col.status'), 70],
    ],
    rows: certificateRows(p, certificates, options.origin),
  });

  drawSectionTitle(p, flow, tr('record.section.history'), null, 80);
  if (record.courses.length === 0) drawNote(p, flow, tr('record.empty.history'));
  for (const course of record.courses) drawHistory(doc, p, flow, course);

  drawTableSection(doc, p, flow, {
    title: tr('record.section.exemptions'),
    keepWith: 40,
    empty: tr('record.empty.exemptions'),
    columns: [
      [tr('record.col.course'), 150],
      [tr('record.col.reason'), 'rest'],
      [tr('record.col.until'), dateColumn],
      [tr('record.col.recorded'), dateColumn],
    ],
    rows: record.exemptions.map((exemption) => [
      { blocks: [{ text: exemption.courseTitle, font: 'bold', dir: 'auto' }] },
      { blocks: [{ text: exemption.reason, dir: 'auto' }] },
      { blocks: [{ text: p.day(exemption.until) }] },
      { blocks: [{ text: p.day(exemption.createdAt) }] },
    ]),
  });

  drawTableSection(doc, p, flow, {
    title: tr('record.section.events'),
    keepWith: 40,
    empty: tr('record.empty.events'),
    columns: [
      [tr('record.col.date'), dateColumn],
      [tr('record.col.kind'), 96],
      [tr('record.col.course'), 130],
      [tr('record.col.note'), 'rest'],
    ],
    rows: record.events.map((event) => {
      const kind = `record.event.${event.kind}`;
      const known = kind in CATALOGS[language];
      return [
        { blocks: [{ text: p.day(event.occurredOn) }] },
        { blocks: [{ text: known ? tr(kind as MessageKey) : event.kind, font: 'bold' }] },
        { blocks: [{ text: event.courseTitle, dir: 'auto' }] },
        { blocks: [{ text: event.note, dir: 'auto' }] },
      ];
    }),
  });

  // Totals are known only now: every page gets the same footer.
  const total = flow.pages.length;
  const right = MARGIN_X + CONTENT_WIDTH;
  const pageTexts = flow.pages.map((_, index) => tr('record.page', { page: p.number(index + 1), total: p.number(total) }));
  const pageWidth = Math.max(...pageTexts.map((text) => p.width(text, 'bold', 7.5)));
  const footerLeft = p.wrap(footerText, 'regular', 7.5, CONTENT_WIDTH - pageWidth - 16, 1)[0] ?? '';
  flow.pages.forEach((page, index) => {
    p.line(page, MARGIN_X, right, FOOTER_Y + 12, 0.6, RULE);
    p.text(page, footerLeft, { x: MARGIN_X, y: FOOTER_Y, size: 7.5, weight: 'regular', color: MUTED });
    p.text(page, pageTexts[index]!, { x: right, y: FOOTER_Y, size: 7.5, weight: 'bold', color: INK, align: 'end' });
  });

  return doc.save();
}
