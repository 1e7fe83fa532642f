import { PDFDocument, PDFFont, PDFPage, rgb, StandardFonts, type RGB } from 'pdf-lib';
import { verificationUrl } from '../contract/certificates';
import { deliveryLanguageName } from '../contract/delivery-language';
import {
  EVENT_KIND_LABELS,
  STATUS_LABELS,
  type TrainingRecordAttempt,
  type TrainingRecordCertificate,
  type TrainingRecordCourse,
  type TrainingRecordCycle,
  type TrainingRecordResponse,
} from '../contract/compliance';
import type { ComplianceStatus } from '../contract/rules/compliance';
import { addLink, drawQr, encodable, formatCertificateDate, spaced, wrap } from './certificate-pdf';
import type { FontLoader } from './pdf-fonts';
import { PdfTextWriter } from './pdf-text';

export interface TrainingRecordPdfOptions {
  appName: string;
  /** Public origin of the platform; null leaves the QR codes out (a link to nowhere is worse than none). */
  origin: string | null;
  /** The Noto fonts a name outside Helvetica needs (pdf-fonts.ts); without them such a name throws. */
  fonts?: FontLoader | null;
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
const PROGRESS: Record<string, { label: string; tone: Tone }> = {
  ENROLLED: { label: 'Enrolled', tone: GREY },
  IN_PROGRESS: { label: 'In progress', tone: BLUE },
  COMPLETED: { label: 'Completed', tone: GREEN },
};

/** A cell never grows taller than a page, whatever a note holds. */
const MAX_CELL_LINES = 40;
const QR_SIZE = 52;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

/** One paragraph of a cell, wrapped to the cell's width. */
interface Block {
  text: string;
  font?: keyof Fonts;
  size?: number;
  color?: RGB;
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

function dateTime(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatCertificateDate(iso)}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

const NONE = '\u2013';
const day = (iso: string | null | undefined) => (iso ? formatCertificateDate(iso) : NONE);

function progressLabel(status: string) {
  return PROGRESS[status] ?? { label: status.charAt(0) + status.slice(1).toLowerCase().replace(/_/g, ' '), tone: GREY };
}

function attemptResult(attempt: TrainingRecordAttempt): { label: string; tone: Tone } {
  if (attempt.submittedAt == null) return { label: 'Not submitted', tone: GREY };
  if (attempt.passed == null) return { label: 'Submitted', tone: BLUE };
  return attempt.passed ? { label: 'Passed', tone: GREEN } : { label: 'Failed', tone: RED };
}

const score = (value: number | null) => (value == null ? NONE : `${Number(value.toFixed(2))}%`);

/**
 * Flows content down A4 pages: every draw asks for the height it needs first, and a new page
 * (with the running header) starts when the current one cannot hold it.
 */
function createFlow(doc: PDFDocument, fonts: Fonts, runningHeader: (page: PDFPage) => number) {
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
    text(text: string, x: number, at: number, font: PDFFont, size: number, color: RGB) {
      page.drawText(text, { x, y: at, size, font, color });
    },
    /** The block wrapped to `width`, paragraphs kept apart, cut with an ellipsis past MAX_CELL_LINES. */
    lines(block: Block, width: number): string[] {
      const font = fonts[block.font ?? 'regular'];
      const size = block.size ?? BODY_SIZE;
      const lines = block.text
        .split(/\n+/)
        .map((paragraph) => encodable(font, paragraph))
        .filter((paragraph) => paragraph !== '')
        .flatMap((paragraph) => wrap(font, paragraph, size, width));
      if (lines.length <= MAX_CELL_LINES) return lines;
      const kept = lines.slice(0, MAX_CELL_LINES);
      kept[MAX_CELL_LINES - 1] = wrap(font, `${kept[MAX_CELL_LINES - 1]} ${lines[MAX_CELL_LINES]}`, size, width, 1)[0];
      return kept;
    },
  };
  return flow;
}
type Flow = ReturnType<typeof createFlow>;

const PILL_HEIGHT = 12;
const PILL_SIZE = 7;

function pillWidth(fonts: Fonts, label: string) {
  return fonts.bold.widthOfTextAtSize(encodable(fonts.bold, label), PILL_SIZE) + 10;
}

/** A rounded, tinted label; `top` is the upper edge. */
function drawPill(page: PDFPage, fonts: Fonts, label: string, tone: Tone, x: number, top: number) {
  const text = encodable(fonts.bold, label);
  const w = fonts.bold.widthOfTextAtSize(text, PILL_SIZE) + 10;
  const h = PILL_HEIGHT;
  const r = h / 2;
  page.drawSvgPath(`M ${r} 0 H ${w - r} A ${r} ${r} 0 0 1 ${w - r} ${h} H ${r} A ${r} ${r} 0 0 1 ${r} 0 Z`, { x, y: top, color: tone.tint });
  page.drawText(text, { x: x + 5, y: top - h + 3.6, size: PILL_SIZE, font: fonts.bold, color: tone.ink });
}

const CELL_PAD_X = 5;
const CELL_PAD_Y = 5;
const PILL_GAP = 3;

interface Measured {
  height: number;
  blocks: { lines: string[]; font: PDFFont; size: number; color: RGB }[];
}

function measureCell(flow: Flow, fonts: Fonts, cell: Cell, width: number): Measured {
  const inner = width - CELL_PAD_X * 2;
  let height = 0;
  if (cell.pill) height += PILL_HEIGHT + (cell.blocks?.length ? PILL_GAP : 0);
  if (cell.qr) height += QR_SIZE;
  const blocks = (cell.blocks ?? []).map((block) => {
    const size = block.size ?? BODY_SIZE;
    const lines = flow.lines(block, inner);
    height += lines.length * lineHeight(size);
    return { lines, font: fonts[block.font ?? 'regular'], size, color: block.color ?? INK };
  });
  return { height, blocks };
}

function drawTableHeader(flow: Flow, fonts: Fonts, columns: Column[], x0: number) {
  let x = x0;
  const size = 6.8;
  for (const column of columns) {
    flow.text(spaced(column.header), x + CELL_PAD_X, flow.y - 9, fonts.bold, size, MUTED);
    x += column.width;
  }
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  flow.page.drawLine({ start: { x: x0, y: flow.y - 14 }, end: { x: x0 + width, y: flow.y - 14 }, thickness: 0.8, color: RULE });
  flow.y -= 14;
}
const TABLE_HEADER_HEIGHT = 14;

/** Rows never split across pages; the column header repeats on every page the table reaches. */
function drawTable(doc: PDFDocument, flow: Flow, fonts: Fonts, columns: Column[], rows: Cell[][], x0 = MARGIN_X) {
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  const measured = rows.map((row) => row.map((cell, i) => measureCell(flow, fonts, cell, columns[i].width)));
  const heights = measured.map((cells) => Math.max(...cells.map((c) => c.height)) + CELL_PAD_Y * 2);

  flow.ensure(TABLE_HEADER_HEIGHT + (heights[0] ?? 0));
  drawTableHeader(flow, fonts, columns, x0);
  rows.forEach((row, r) => {
    if (flow.ensure(heights[r])) drawTableHeader(flow, fonts, columns, x0);
    const top = flow.y;
    let x = x0;
    row.forEach((cell, i) => {
      let y = top - CELL_PAD_Y;
      const cx = x + CELL_PAD_X;
      if (cell.qr) {
        drawQr(flow.page, cell.qr, cx, y - QR_SIZE, QR_SIZE);
        addLink(doc, flow.page, cell.qr, [cx, y - QR_SIZE, cx + QR_SIZE, y]);
        y -= QR_SIZE;
      }
      if (cell.pill) {
        drawPill(flow.page, fonts, cell.pill.label, cell.pill.tone, cx, y);
        y -= PILL_HEIGHT + PILL_GAP;
      }
      for (const block of measured[r][i].blocks) {
        for (const line of block.lines) {
          // Baseline a little under one em below the line's top: the rest of the line is leading.
          flow.text(line, cx, y - block.size * 0.95, block.font, block.size, block.color);
          y -= lineHeight(block.size);
        }
      }
      x += columns[i].width;
    });
    flow.y = top - heights[r];
    flow.page.drawLine({ start: { x: x0, y: flow.y }, end: { x: x0 + width, y: flow.y }, thickness: 0.5, color: HAIRLINE });
  });
}

/** Fixed columns plus one that takes what is left of `total`. */
function columnsOf(total: number, spec: [string, number | 'rest'][]): Column[] {
  const fixed = spec.reduce((sum, [, w]) => sum + (w === 'rest' ? 0 : w), 0);
  return spec.map(([header, w]) => ({ header, width: w === 'rest' ? total - fixed : w }));
}

function drawSectionTitle(flow: Flow, fonts: Fonts, title: string, detail: string | null, keepWith: number) {
  flow.ensure(36 + keepWith);
  flow.y -= 14;
  flow.text(encodable(fonts.bold, title), MARGIN_X, flow.y - 12, fonts.bold, 12.5, NAVY);
  if (detail) {
    const text = encodable(fonts.regular, detail);
    const size = 8;
    flow.text(text, MARGIN_X + CONTENT_WIDTH - fonts.regular.widthOfTextAtSize(text, size), flow.y - 11, fonts.regular, size, MUTED);
  }
  flow.page.drawLine({ start: { x: MARGIN_X, y: flow.y - 18 }, end: { x: MARGIN_X + CONTENT_WIDTH, y: flow.y - 18 }, thickness: 1.2, color: NAVY });
  flow.y -= 24;
}

/** A section of the record: its title, then its table, or a note when it has no rows. */
function drawTableSection(
  doc: PDFDocument,
  flow: Flow,
  fonts: Fonts,
  section: { title: string; detail?: string | null; keepWith: number; empty: string; columns: [string, number | 'rest'][]; rows: Cell[][] },
) {
  drawSectionTitle(flow, fonts, section.title, section.detail ?? null, section.keepWith);
  if (section.rows.length === 0) drawNote(flow, fonts, section.empty);
  else drawTable(doc, flow, fonts, columnsOf(CONTENT_WIDTH, section.columns), section.rows);
}

function drawNote(flow: Flow, fonts: Fonts, text: string, x = MARGIN_X, width = CONTENT_WIDTH) {
  const lines = flow.lines({ text, font: 'italic' }, width);
  flow.ensure(lines.length * lineHeight(BODY_SIZE) + 6);
  for (const line of lines) {
    flow.text(line, x, flow.y - BODY_SIZE - 2, fonts.italic, BODY_SIZE, MUTED);
    flow.y -= lineHeight(BODY_SIZE);
  }
  flow.y -= 6;
}

function drawFirstPageHeader(flow: Flow, fonts: Fonts, record: TrainingRecordResponse, appName: string, writer: PdfTextWriter) {
  const { page } = flow;
  const right = MARGIN_X + CONTENT_WIDTH;
  let y = TOP;
  const app = wrap(fonts.bold, spaced(encodable(fonts.bold, appName)), 8.5, CONTENT_WIDTH * 0.6, 1)[0] ?? '';
  page.drawText(app, { x: MARGIN_X, y: y - 8, size: 8.5, font: fonts.bold, color: NAVY });
  page.drawText('Training record', { x: MARGIN_X, y: y - 34, size: 22, font: fonts.bold, color: INK });

  const generatedLabel = spaced('Generated');
  page.drawText(generatedLabel, { x: right - fonts.bold.widthOfTextAtSize(generatedLabel, 6.8), y: y - 8, size: 6.8, font: fonts.bold, color: MUTED });
  const generated = dateTime(record.generatedAt);
  page.drawText(generated, { x: right - fonts.regular.widthOfTextAtSize(generated, 9), y: y - 21, size: 9, font: fonts.regular, color: INK });
  y -= 48;
  page.drawLine({ start: { x: MARGIN_X, y }, end: { x: right, y }, thickness: 1.2, color: NAVY });
  y -= 12;

  // The person: name, then a two-row grid of what identifies them.
  const { user } = record;
  // The name in any script (embedded Noto fonts where Helvetica cannot print it: pdf-text.ts).
  const nameLines = writer.wrap(user.name, 'sansBold', 15, CONTENT_WIDTH - 24, 2);
  const fields: [string, string | null][] = [
    ['Username', user.username],
    ['E-mail', user.email],
    ['Account status', user.status === 'ACTIVE' ? 'Active' : 'Deactivated'],
    ['Department', user.department],
    ['Job title', user.jobTitle],
  ];
  const colWidth = (CONTENT_WIDTH - 24) / 3;
  const cells = fields.map(([label, value]) => ({ label, lines: wrap(fonts.regular, encodable(fonts.regular, value?.trim() || NONE), 9, colWidth - 10, 4) }));
  const rowHeights = [0, 1].map((row) => 12 + Math.max(1, ...cells.slice(row * 3, row * 3 + 3).map((c) => c.lines.length)) * lineHeight(9));
  const panelHeight = 14 + nameLines.length * 18 + 6 + rowHeights[0] + 6 + rowHeights[1] + 10;
  page.drawRectangle({ x: MARGIN_X, y: y - panelHeight, width: CONTENT_WIDTH, height: panelHeight, color: PANEL });
  page.drawRectangle({ x: MARGIN_X, y: y - panelHeight, width: 3, height: panelHeight, color: NAVY });

  let py = y - 14;
  for (const line of nameLines) {
    writer.draw(page, line, { x: MARGIN_X + 14, y: py - 12, size: 15, role: 'sansBold', color: INK }, 'auto');
    py -= 18;
  }
  py -= 6;
  [0, 1].forEach((row) => {
    cells.slice(row * 3, row * 3 + 3).forEach((cell, i) => {
      const x = MARGIN_X + 14 + i * colWidth;
      page.drawText(spaced(cell.label), { x, y: py - 6, size: 6.5, font: fonts.bold, color: MUTED });
      cell.lines.forEach((line, l) => page.drawText(line, { x, y: py - 17 - l * lineHeight(9), size: 9, font: fonts.regular, color: INK }));
    });
    py -= rowHeights[row] + 6;
  });
  return y - panelHeight - 4;
}

function drawSummary(flow: Flow, fonts: Fonts, required: TrainingRecordCourse[]) {
  const counts = new Map<ComplianceStatus, number>();
  for (const course of required) if (course.compliance) counts.set(course.compliance.status, (counts.get(course.compliance.status) ?? 0) + 1);
  const order: ComplianceStatus[] = ['overdue', 'due-soon', 'pending', 'compliant', 'exempt'];
  const label = `${required.length} required ${required.length === 1 ? 'course' : 'courses'}`;
  flow.ensure(24);
  const top = flow.y - 8;
  flow.text(label, MARGIN_X, top - PILL_HEIGHT + 3.4, fonts.bold, 8.5, INK);
  let x = MARGIN_X + fonts.bold.widthOfTextAtSize(label, 8.5) + 10;
  for (const status of order) {
    const count = counts.get(status);
    if (!count) continue;
    const text = `${count} ${STATUS_LABELS[status]}`;
    drawPill(flow.page, fonts, text, STATUS_TONES[status], x, top);
    x += pillWidth(fonts, text) + 5;
  }
  flow.y = top - PILL_HEIGHT - 2;
}

function requiredRows(courses: TrainingRecordCourse[]): Cell[][] {
  return courses.map((course) => {
    const cell = course.compliance;
    return [
      { blocks: [{ text: course.courseTitle, font: 'bold' }] },
      cell ? { pill: { label: STATUS_LABELS[cell.status], tone: STATUS_TONES[cell.status] } } : { blocks: [{ text: NONE }] },
      { blocks: [{ text: day(cell?.dueAt) }] },
      { blocks: [{ text: day(cell?.validUntil) }] },
      { blocks: [{ text: cell?.certificateNumber ?? NONE }] },
    ];
  });
}

interface CertificateEntry {
  course: TrainingRecordCourse;
  cycle: TrainingRecordCycle;
  certificate: TrainingRecordCertificate;
}

function certificateRows(entries: CertificateEntry[], origin: string | null): Cell[][] {
  return entries.map(({ course, cycle, certificate }) => {
    const details: Block[] = [
      { text: course.courseTitle, font: 'bold' },
      { text: `${certificate.certificateNumber}  ·  cycle ${cycle.cycle}`, color: INK },
      { text: `Delivery language: ${deliveryLanguageName(certificate.language)}`, color: MUTED },
    ];
    if (certificate.renews) details.push({ text: `Renews ${certificate.renews}`, color: MUTED });
    if (certificate.renewedBy) details.push({ text: `Superseded by ${certificate.renewedBy}`, color: MUTED });
    if (origin) details.push({ text: verificationUrl(origin, certificate.certificateNumber), size: 6.5, color: MUTED });
    const status: Cell = { pill: { label: certificate.status, tone: CERTIFICATE_TONES[certificate.status] } };
    if (certificate.revokedAt) status.blocks = [{ text: `on ${day(certificate.revokedAt)}`, size: 7.5, color: MUTED }];
    const row: Cell[] = [{ blocks: details }, { blocks: [{ text: day(certificate.issuedAt) }] }, { blocks: [{ text: day(certificate.expiresAt) }] }, status];
    return origin ? [{ qr: verificationUrl(origin, certificate.certificateNumber) }, ...row] : row;
  });
}

function drawHistory(doc: PDFDocument, flow: Flow, fonts: Fonts, course: TrainingRecordCourse) {
  const titleLines = flow.lines({ text: course.courseTitle, font: 'bold', size: 10.5 }, CONTENT_WIDTH - 80);
  flow.ensure(titleLines.length * lineHeight(10.5) + 70);
  flow.y -= 8;
  const tag = course.required ? 'Required' : 'Not required';
  drawPill(flow.page, fonts, tag, course.required ? BLUE : GREY, MARGIN_X + CONTENT_WIDTH - pillWidth(fonts, tag), flow.y);
  for (const line of titleLines) {
    flow.text(line, MARGIN_X, flow.y - 10, fonts.bold, 10.5, INK);
    flow.y -= lineHeight(10.5);
  }
  flow.y -= 4;
  if (course.cycles.length === 0) {
    const metBy = course.compliance?.certificateNumber;
    drawNote(flow, fonts, metBy ? `Not enrolled in this version; met by certificate ${metBy} of another language version.` : 'Not enrolled.', MARGIN_X + 12, CONTENT_WIDTH - 12);
    return;
  }

  const indent = MARGIN_X + 12;
  const innerWidth = CONTENT_WIDTH - 12;
  for (const cycle of course.cycles) {
    const progress = progressLabel(cycle.status);
    // Each fact is kept on one line (no-break spaces inside it); lines break only between facts.
    const facts = [
      `Enrolled ${day(cycle.enrolledAt)}`,
      cycle.startedAt ? `Started ${day(cycle.startedAt)}` : null,
      cycle.completedAt ? `Completed ${day(cycle.completedAt)}` : null,
      `Progress ${Math.round(cycle.progress)}%`,
      `Delivery language ${deliveryLanguageName(cycle.language)}`,
      cycle.certificate ? `Certificate ${cycle.certificate.certificateNumber}` : null,
    ]
      .filter((fact): fact is string => fact != null)
      .map((fact) => encodable(fonts.regular, fact).replace(/ /g, '\u00a0'))
      .join('\u00a0\u00a0\u00b7\u00a0 ');
    const factLines = wrap(fonts.regular, facts, BODY_SIZE, innerWidth);
    if (flow.ensure(16 + factLines.length * lineHeight(BODY_SIZE) + (cycle.attempts.length ? 40 : 16))) {
      // A cycle at the top of a page would otherwise not say which course it belongs to.
      const continued = wrap(fonts.bold, `${titleLines.join(' ')} (continued)`, 9, CONTENT_WIDTH, 1)[0] ?? '';
      flow.text(continued, MARGIN_X, flow.y - 9, fonts.bold, 9, MUTED);
      flow.y -= 16;
    }

    const heading = `Cycle ${cycle.cycle}${cycle.current ? ' (current)' : ''}`;
    flow.page.drawRectangle({ x: indent - 6, y: flow.y - 14, width: 2, height: 12, color: progress.tone.ink });
    flow.text(heading, indent, flow.y - 10.5, fonts.bold, 9, INK);
    drawPill(flow.page, fonts, progress.label, progress.tone, indent + fonts.bold.widthOfTextAtSize(heading, 9) + 8, flow.y - 1);
    flow.y -= 16;
    for (const line of factLines) {
      flow.text(line, indent, flow.y - BODY_SIZE - 1, fonts.regular, BODY_SIZE, MUTED);
      flow.y -= lineHeight(BODY_SIZE);
    }
    flow.y -= 5;

    if (cycle.attempts.length === 0) drawNote(flow, fonts, 'No assessment attempts.', indent, innerWidth);
    else {
      const columns = columnsOf(innerWidth, [
        ['Assessment', 'rest'],
        ['Attempt', 58],
        ['Score', 58],
        ['Result', 78],
        ['Date', 86],
      ]);
      const rows: Cell[][] = cycle.attempts.map((attempt) => {
        const result = attemptResult(attempt);
        return [
          { blocks: [{ text: attempt.componentTitle }] },
          { blocks: [{ text: String(attempt.attemptNumber) }] },
          { blocks: [{ text: score(attempt.score) }] },
          { pill: result },
          { blocks: [{ text: day(attempt.submittedAt ?? attempt.startedAt) }] },
        ];
      });
      drawTable(doc, flow, fonts, columns, rows, indent);
      flow.y -= 8;
    }
  }
}

/**
 * The training record of one person as a printable A4 document: who they are, where they stand
 * on each required course, every certificate (with a QR code an inspector can scan), the full
 * history of cycles and attempts, exemptions and retraining events. Deterministic for the same
 * record: every date comes from the record, none from the clock.
 */
export async function renderTrainingRecordPdf(record: TrainingRecordResponse, options: TrainingRecordPdfOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const generated = new Date(record.generatedAt);
  const { user } = record;
  doc.setTitle(`Training record - ${user.name}`, { showInWindowTitleBar: true });
  doc.setSubject(`Training record of ${user.name} (${user.username}), generated ${dateTime(record.generatedAt)}`);
  doc.setKeywords(['training record', 'EHS training', user.name, user.username]);
  doc.setAuthor(options.appName);
  doc.setCreator(options.appName);
  doc.setProducer(`${options.appName} training record service`);
  doc.setLanguage('en');
  doc.setCreationDate(generated);
  doc.setModificationDate(generated);

  const [regular, bold, italic] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.HelveticaOblique),
  ]);
  const fonts: Fonts = { regular, bold, italic };
  const appName = encodable(bold, options.appName);
  const headerTitle = `Training record · ${user.name}`;
  const footerText = `${user.name} · ${user.username ? `${user.username} · ` : ''}Generated ${dateTime(record.generatedAt)}`;
  const writer = await PdfTextWriter.create(doc, options.fonts ?? null, [
    [user.name, 'sansBold'],
    [headerTitle, 'sans'],
    [footerText, 'sans'],
  ]);

  const flow = createFlow(doc, fonts, (page) => {
    const right = MARGIN_X + CONTENT_WIDTH;
    const app = wrap(bold, spaced(appName), 7.5, CONTENT_WIDTH / 2 - 10, 1)[0] ?? '';
    page.drawText(app, { x: MARGIN_X, y: TOP - 8, size: 7.5, font: bold, color: NAVY });
    const title = writer.wrap(headerTitle, 'sans', 8, CONTENT_WIDTH / 2 - 10, 1)[0] ?? '';
    writer.draw(page, title, { x: right, y: TOP - 8, size: 8, role: 'sans', color: MUTED, align: 'right' });
    page.drawLine({ start: { x: MARGIN_X, y: TOP - 15 }, end: { x: right, y: TOP - 15 }, thickness: 0.8, color: RULE });
    return TOP - 22;
  });
  flow.addPage(false);
  flow.y = drawFirstPageHeader(flow, fonts, record, options.appName, writer);

  const required = record.courses.filter((course) => course.required);
  drawSummary(flow, fonts, required);

  const dateColumn = 86;
  drawTableSection(doc, flow, fonts, {
    title: 'Required training',
    keepWith: 40,
    empty: 'No training is required of this person.',
    columns: [
      ['Course', 'rest'],
      ['Status', 74],
      ['Due by', dateColumn],
      ['Valid until', dateColumn],
      ['Certificate', 88],
    ],
    rows: requiredRows(required),
  });

  const certificates: CertificateEntry[] = record.courses.flatMap((course) =>
    course.cycles.flatMap((cycle) => (cycle.certificate ? [{ course, cycle, certificate: cycle.certificate }] : [])),
  );
  drawTableSection(doc, flow, fonts, {
    title: 'Certificates',
    detail: options.origin ? 'Scan a code to check the certificate online' : null,
    keepWith: 70,
    empty: 'No certificates issued.',
    columns: [
      ...(options.origin ? ([['', QR_SIZE + CELL_PAD_X * 2]] as [string, number][]) : []),
      ['Certificate', 'rest'],
      ['Issued', dateColumn],
      ['Expires', dateColumn],
      ['Status', 70],
    ],
    rows: certificateRows(certificates, options.origin),
  });

  drawSectionTitle(flow, fonts, 'Training history', null, 80);
  if (record.courses.length === 0) drawNote(flow, fonts, 'No training recorded.');
  for (const course of record.courses) drawHistory(doc, flow, fonts, course);

  drawTableSection(doc, flow, fonts, {
    title: 'Exemptions',
    keepWith: 40,
    empty: 'No exemptions.',
    columns: [
      ['Course', 150],
      ['Reason', 'rest'],
      ['Until', dateColumn],
      ['Recorded', dateColumn],
    ],
    rows: record.exemptions.map((exemption) => [
      { blocks: [{ text: exemption.courseTitle, font: 'bold' }] },
      { blocks: [{ text: exemption.reason }] },
      { blocks: [{ text: day(exemption.until) }] },
      { blocks: [{ text: day(exemption.createdAt) }] },
    ]),
  });

  drawTableSection(doc, flow, fonts, {
    title: 'Retraining events',
    keepWith: 40,
    empty: 'No retraining events.',
    columns: [
      ['Date', dateColumn],
      ['Kind', 96],
      ['Course', 130],
      ['Note', 'rest'],
    ],
    rows: record.events.map((event) => [
      { blocks: [{ text: day(event.occurredOn) }] },
      { blocks: [{ text: EVENT_KIND_LABELS[event.kind] ?? event.kind, font: 'bold' }] },
      { blocks: [{ text: event.courseTitle }] },
      { blocks: [{ text: event.note }] },
    ]),
  });

  // Totals are known only now: every page gets the same footer.
  const total = flow.pages.length;
  const footerLeft = writer.wrap(footerText, 'sans', 7.5, CONTENT_WIDTH - 90, 1)[0] ?? '';
  flow.pages.forEach((page, index) => {
    const right = MARGIN_X + CONTENT_WIDTH;
    page.drawLine({ start: { x: MARGIN_X, y: FOOTER_Y + 12 }, end: { x: right, y: FOOTER_Y + 12 }, thickness: 0.6, color: RULE });
    writer.draw(page, footerLeft, { x: MARGIN_X, y: FOOTER_Y, size: 7.5, role: 'sans', color: MUTED });
    const pageText = `Page ${index + 1} of ${total}`;
    page.drawText(pageText, { x: right - bold.widthOfTextAtSize(pageText, 7.5), y: FOOTER_Y, size: 7.5, font: bold, color: INK });
  });

  return doc.save();
}
