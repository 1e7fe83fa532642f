import { PDFDocument } from 'pdf-lib';
import { STATUS_LABELS } from '../contract/rules/compliance';
import { A4, setDocumentInfo } from './pdf/document';
import type { FontLoader } from './pdf/font-loader';
import { AMBER, GREEN, GREY, INK, MUTED, NAVY, RED, RULE, type Tone } from './pdf/palette';
import { PdfTextWriter, type FontRole } from './pdf/text-writer';
import { LAPSE_DAYS, type ReportFigures } from './report-figures';

/*
 * The one-page summary of a scheduled compliance report (issue 30): the counts of the filter,
 * the requirements that fare worst and who lapses soonest, with English labels like the CSV it
 * comes with. Names are drawn in any script the bundled Noto fonts cover (the shared text writer).
 * Lists are capped (report-figures.ts) so the page never overflows; the CSV holds everything.
 */

export interface ReportSummaryData {
  /** "Team of Dana Reyes", "Compliance matrix". */
  title: string;
  /** The filter in words ("Department: Dock · Status: Overdue"), or "Everyone covered". */
  filterText: string;
  /** "Weekly report 2026-W48". */
  period: string;
  generatedAt: string;
  figures: ReportFigures;
}

const WIDTH = A4.width;
const HEIGHT = A4.height;
const MARGIN = 42;
const CONTENT = WIDTH - MARGIN * 2;

const day = (iso: string) => iso.slice(0, 10);

export async function renderReportSummaryPdf(
  data: ReportSummaryData,
  options: { appName: string; fonts: FontLoader | null },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  setDocumentInfo(doc, {
    title: `Compliance report: ${data.title}`,
    subject: `${data.period}: ${data.filterText}`,
    keywords: ['compliance report', data.period],
    appName: options.appName,
    producer: `${options.appName} scheduled reports`,
    language: 'en',
    date: new Date(data.generatedAt),
  });
  const { figures } = data;
  const texts: [string | null, FontRole][] = [
    [data.title, 'sansBold'],
    [data.filterText, 'sans'],
    [options.appName, 'sansBold'],
    ...figures.worst.map((row): [string, FontRole] => [row.title, 'sans']),
    ...figures.soonest.flatMap((row): [string, FontRole][] => [
      [row.name, 'sansBold'],
      [row.title, 'sans'],
    ]),
  ];
  const writer = await PdfTextWriter.create(doc, options.fonts, texts, 'ltr');
  const page = doc.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  const text = (s: string, x: number, size: number, role: FontRole = 'sans', color = INK) =>
    writer.draw(page, s, { x, y, size, role, color }, 'auto');
  /** The text cut to one line of `width` points (an ellipsis says it was cut). */
  const clip = (s: string, width: number, size: number, role: FontRole) => {
    if (writer.width(s, role, size) <= width) return s;
    let cut = s;
    while (cut.length > 1 && writer.width(`${cut}…`, role, size) > width) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}…`;
  };
  const rule = (thickness = 0.5) =>
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + CONTENT, y }, thickness, color: RULE });

  text(options.appName.toUpperCase(), MARGIN, 8, 'sansBold', NAVY);
  y -= 22;
  text('Compliance report', MARGIN, 18, 'sansBold', NAVY);
  y -= 20;
  text(clip(data.title, CONTENT, 12, 'sansBold'), MARGIN, 12, 'sansBold');
  y -= 15;
  text(clip(data.filterText, CONTENT, 9.5, 'sans'), MARGIN, 9.5, 'sans', MUTED);
  y -= 13;
  text(
    `${data.period} · as of ${day(data.generatedAt)} ${data.generatedAt.slice(11, 16)} UTC`,
    MARGIN,
    9.5,
    'sans',
    MUTED,
  );
  y -= 26;

  // The counts as tiles, coloured like the matrix's chips (and always with their words).
  const { summary } = figures;
  const tiles: [string, string, Tone][] = [
    ['Compliant', String(summary.compliant), GREEN],
    ['Due soon', String(summary.dueSoon), AMBER],
    ['Overdue', String(summary.overdue), RED],
    ['Pending', String(summary.pending), GREY],
    ['Exempt', String(summary.exempt), GREY],
    ['Compliant %', `${summary.percentCompliant}%`, GREY],
  ];
  const gap = 8;
  const tileWidth = (CONTENT - gap * (tiles.length - 1)) / tiles.length;
  tiles.forEach(([label, value, tone], index) => {
    const x = MARGIN + index * (tileWidth + gap);
    page.drawRectangle({ x, y: y - 34, width: tileWidth, height: 48, color: tone.tint });
    writer.draw(page, value, { x: x + 8, y: y - 4, size: 16, role: 'sansBold', color: tone.ink }, 'ltr');
    writer.draw(page, label, { x: x + 8, y: y - 24, size: 8.5, role: 'sans', color: tone.ink }, 'ltr');
  });
  y -= 56;
  text(
    `${figures.people} people covered · lapsing if nothing is done: ${summary.forecast.d30} within 30 days, ${summary.forecast.d60} within 60, ${summary.forecast.d90} within 90`,
    MARGIN,
    9,
    'sans',
    MUTED,
  );
  y -= 28;

  const table = (heading: string, header: string[], widths: number[], rows: string[][], empty: string) => {
    text(heading, MARGIN, 11, 'sansBold', NAVY);
    y -= 18;
    let x = MARGIN;
    header.forEach((label, i) => {
      text(label, x, 8.5, 'sansBold', MUTED);
      x += widths[i]!;
    });
    y -= 6;
    rule(0.8);
    if (rows.length === 0) {
      y -= 14;
      text(empty, MARGIN, 9.5, 'sansItalic', MUTED);
      y -= 8;
    }
    for (const row of rows) {
      y -= 14;
      x = MARGIN;
      row.forEach((cell, i) => {
        const role: FontRole = i === 0 ? 'sansBold' : 'sans';
        text(clip(cell, widths[i]! - 6, 9, role), x, 9, role);
        x += widths[i]!;
      });
      y -= 6;
      rule();
    }
    y -= 26;
  };

  const number = 64;
  table(
    'Requirements that fare worst',
    ['Requirement', 'Overdue', 'Due soon', 'Pending', 'Covered'],
    [CONTENT - number * 4, number, number, number, number],
    figures.worst.map((row) => [row.title, row.overdue, row.dueSoon, row.pending, row.covered].map(String)),
    'Nothing overdue, due soon or pending.',
  );
  table(
    `Who lapses soonest (next ${LAPSE_DAYS} days)`,
    ['Person', 'Requirement', 'Status', 'Lapses on'],
    [170, CONTENT - 170 - 80 - 70, 80, 70],
    figures.soonest.map((row) => [row.name, row.title, STATUS_LABELS[row.status], day(row.lapsesAt)]),
    `Nobody lapses within ${LAPSE_DAYS} days.`,
  );

  writer.draw(
    page,
    'The CSV sent with this summary lists every person and requirement of the report.',
    { x: MARGIN, y: MARGIN - 10, size: 7.5, role: 'sans', color: MUTED },
    'ltr',
  );
  return doc.save();
}
