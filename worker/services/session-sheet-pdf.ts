import { PDFDocument, type PDFPage } from 'pdf-lib';
import type { AttendanceMethod } from '../contract/sessions';
import { A4, setDocumentInfo } from './pdf/document';
import type { FontLoader } from './pdf/font-loader';
import { INK, MUTED, NAVY, RULE } from './pdf/palette';
import { drawQrLink } from './pdf/qr-link';
import { PdfTextWriter, type FontRole } from './pdf/text-writer';
import { wrapText } from './pdf/wrap-text';

/*
 * The attendance sheet of a classroom session (29 CFR 1910.1030(h)(2)'s fields), drawn like the
 * toolbox talk sheet: English labels, and every name and text in any script the bundled Noto fonts
 * cover through the shared text writer. A character no font has refuses the PDF (422
 * UNPRINTABLE_TEXT), never a "?": the sheet is evidence of who was trained (issue 27).
 */

export interface AttendanceSheetData {
  title: string;
  startsAt: string;
  endsAt: string;
  location: string;
  /** The site's name when the session names one. */
  site: string | null;
  outline: string | null;
  material: { title: string; version: string } | null;
  /** `provider`: the company provider the trainer re-authenticated at to sign (null: their password). */
  signedOff: { name: string; at: string; meaning: string; provider?: string | null } | null;
  /** Each trainer with the qualifications they held on the session's day, as printable lines. */
  trainers: { name: string; jobTitle: string | null; qualifications: string[] }[];
  /** The people marked present. */
  attendees: { name: string; jobTitle: string | null; method: AttendanceMethod; at: string }[];
  amendments: { at: string; userId: string; reason: string }[];
  /** Where the sheet is read again, with the record's fingerprint (the QR's content). */
  sheetUrl: string;
  fingerprint: string;
}

export interface AttendanceSheetOptions {
  appName: string;
  fonts: FontLoader | null;
}

const WIDTH = A4.width;
const HEIGHT = A4.height;
const MARGIN = 42;
const CONTENT = WIDTH - MARGIN * 2;
const ROW = 20;
const QR = 70;
/** Columns of the attendee table: #, name, job title, method, time. */
const COLUMNS = [22, 170, 140, 70, CONTENT - 22 - 170 - 140 - 70];

/** How each person was marked, in words an inspector reads (the sheet is English, like its other labels). */
const METHOD_LABELS: Record<AttendanceMethod, string> = {
  ROSTER: 'Roster',
  QR: 'QR code',
  KIOSK_PIN: 'Kiosk, PIN',
  KIOSK_BADGE: 'Kiosk, badge',
};

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export async function renderAttendanceSheetPdf(
  sheet: AttendanceSheetData,
  options: AttendanceSheetOptions,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  setDocumentInfo(doc, {
    title: `Attendance sheet: ${sheet.title}`,
    subject: `Attendance sheet of the classroom session of ${when(sheet.startsAt)} at ${sheet.location}`,
    keywords: ['attendance sheet', 'classroom session', sheet.title],
    appName: options.appName,
    producer: `${options.appName} classroom session service`,
    language: 'en',
    // From the data, never the clock: the same record draws the same sheet.
    date: new Date(sheet.signedOff?.at ?? sheet.startsAt),
  });
  const texts: [string | null, FontRole][] = [
    [sheet.title, 'sansBold'],
    [sheet.title, 'sans'],
    [sheet.location, 'sans'],
    [sheet.site, 'sans'],
    [sheet.outline, 'sans'],
    [sheet.material?.title ?? null, 'sans'],
    [sheet.signedOff ? `${sheet.signedOff.name} ${sheet.signedOff.meaning}` : null, 'sansBold'],
    [options.appName, 'sansBold'],
    ...sheet.trainers.flatMap((t): [string | null, FontRole][] => [
      [t.name, 'sansBold'],
      [t.jobTitle, 'sansBold'],
      ...t.qualifications.map((q): [string, FontRole] => [q, 'sans']),
    ]),
    ...sheet.attendees.flatMap((a): [string | null, FontRole][] => [
      [a.name, 'sansBold'],
      [a.jobTitle, 'sans'],
    ]),
    ...sheet.amendments.map((a): [string, FontRole] => [a.reason, 'sans']),
  ];
  const writer = await PdfTextWriter.create(doc, options.fonts, texts, 'ltr');

  let page: PDFPage = doc.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  const text = (s: string, x: number, size: number, role: FontRole = 'sans', color = INK) =>
    writer.draw(page, s, { x, y, size, role, color }, 'auto');
  const lines = (s: string, width: number, size: number, role: FontRole = 'sans') =>
    s
      .split(/\r?\n/)
      .flatMap((paragraph) =>
        paragraph.trim() ? wrapText(paragraph, (c) => writer.width(c, role, size) <= width) : [''],
      );
  const newPage = () => {
    page = doc.addPage([WIDTH, HEIGHT]);
    y = HEIGHT - MARGIN;
    text(`Attendance sheet · ${sheet.title}`, MARGIN, 8, 'sans', MUTED);
    y -= 18;
  };
  const need = (height: number) => {
    if (y - height < MARGIN + 20) newPage();
  };
  const paragraph = (s: string, x: number, size: number, role: FontRole = 'sans', color = INK) => {
    for (const line of lines(s, CONTENT - (x - MARGIN), size, role)) {
      need(size + 4);
      text(line, x, size, role, color);
      y -= size * 1.4;
    }
  };
  const heading = (s: string) => {
    need(40);
    y -= 10;
    text(s, MARGIN, 11, 'sansBold', NAVY);
    y -= 16;
  };

  // Header: what it is, and the QR carrying the sheet's address and the record's fingerprint.
  text(options.appName.toUpperCase(), MARGIN, 8, 'sansBold', NAVY);
  y -= 22;
  text('Classroom session attendance sheet', MARGIN, 18, 'sansBold', NAVY);
  y -= 16;
  text(`Record fingerprint ${sheet.fingerprint}`, MARGIN, 9, 'sans', MUTED);
  drawQrLink(doc, page, sheet.sheetUrl, { x: WIDTH - MARGIN - QR, bottom: HEIGHT - MARGIN - QR, size: QR });
  y -= 24;
  const field = (label: string, value: string, role: FontRole = 'sans') => {
    text(label, MARGIN, 9, 'sansBold', MUTED);
    for (const line of lines(value, CONTENT - 110 - QR, 10, role)) {
      text(line, MARGIN + 90, 10, role);
      y -= 14;
    }
  };
  field('Session', sheet.title, 'sansBold');
  field('Date', `${when(sheet.startsAt)} to ${when(sheet.endsAt)}`);
  field('Place', sheet.location);
  if (sheet.site) field('Site', sheet.site);
  field('Attendees', String(sheet.attendees.length));
  field(
    'Sign-off',
    sheet.signedOff
      ? `Signed off by ${sheet.signedOff.name} on ${when(sheet.signedOff.at)}: "${sheet.signedOff.meaning}" (${
          sheet.signedOff.provider ? `signed in again at ${sheet.signedOff.provider}` : 'with their password'
        })`
      : 'Not signed off yet: this sheet is a draft.',
    'sansBold',
  );

  heading('Outline');
  if (sheet.material) paragraph(`Material: ${sheet.material.title}, version of ${sheet.material.version}`, MARGIN, 9.5);
  if (sheet.outline) paragraph(sheet.outline, MARGIN, 9.5);
  if (!sheet.material && !sheet.outline) paragraph('No outline recorded.', MARGIN, 9.5, 'sansItalic', MUTED);

  heading('Trainers and their qualifications on the day');
  for (const trainer of sheet.trainers) {
    paragraph([trainer.name, trainer.jobTitle].filter(Boolean).join(', '), MARGIN, 9.5, 'sansBold');
    if (trainer.qualifications.length === 0) paragraph('No recorded qualification', MARGIN + 12, 9, 'sans', MUTED);
    for (const item of trainer.qualifications) paragraph(item, MARGIN + 12, 9);
    y -= 4;
  }

  // The attendees, one row each, the header repeated on a new page.
  heading(`Attendees (${sheet.attendees.length})`);
  const header = () => {
    need(ROW + 20);
    let x = MARGIN;
    for (const [i, label] of ['#', 'Name', 'Job title', 'Method', 'Time'].entries()) {
      text(label, x, 8.5, 'sansBold', MUTED);
      x += COLUMNS[i]!;
    }
    y -= 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + CONTENT, y }, thickness: 0.8, color: RULE });
  };
  header();
  for (const [i, a] of sheet.attendees.entries()) {
    if (y - ROW < MARGIN + 20) {
      newPage();
      header();
    }
    const top = y;
    y = top - 14;
    const cells: [string, FontRole, number][] = [
      [String(i + 1), 'sans', 9],
      [a.name, 'sansBold', 9.5],
      [a.jobTitle ?? '–', 'sans', 9],
      [METHOD_LABELS[a.method] ?? a.method, 'sans', 8.5],
      [when(a.at), 'sans', 8.5],
    ];
    let x = MARGIN;
    for (const [c, [value, role, size]] of cells.entries()) {
      text(lines(value, COLUMNS[c]! - 6, size, role)[0] ?? '', x, size, role);
      x += COLUMNS[c]!;
    }
    y = top - ROW;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + CONTENT, y }, thickness: 0.4, color: RULE });
  }

  if (sheet.amendments.length) {
    heading(`Amendments after sign-off (${sheet.amendments.length})`);
    for (const amendment of sheet.amendments)
      paragraph(`${when(amendment.at)}: ${amendment.userId}: ${amendment.reason}`, MARGIN, 9);
  }

  for (const [i, p] of doc.getPages().entries()) {
    writer.draw(
      p,
      `Page ${i + 1} of ${doc.getPageCount()} · ${sheet.sheetUrl}`,
      { x: MARGIN, y: MARGIN - 16, size: 7, role: 'sans', color: MUTED },
      'ltr',
    );
  }
  return doc.save();
}
