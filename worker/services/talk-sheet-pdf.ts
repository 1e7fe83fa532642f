import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import type { TalkRecord } from '../contract/talks';
import { A4, setDocumentInfo } from './pdf/document';
import type { FontLoader } from './pdf/font-loader';
import { INK, MUTED, NAVY, RULE } from './pdf/palette';
import { qrMatrix, qrRuns } from './pdf/qr';
import { PdfTextWriter, type FontRole } from './pdf/text-writer';
import { wrapText } from './pdf/wrap-text';

/*
 * The sign-in sheet of a toolbox talk (issue 29), printable for a site file: date, topic and the
 * text read out (as frozen on the talk), the foreman, each attendee's name, job title, signature
 * image (or "signed on their behalf by", with the reason) and time, and a QR that opens the
 * recorded talk. English labels for now (the sheet is filed with the site's records); names and
 * texts print in any script through the text writer.
 */

export interface TalkSheetOptions {
  appName: string;
  verifyUrl: string;
  number: string;
  foremanJobTitle: string | null;
  foremanSignature: Uint8Array | null;
  /** Each attendee's drawn signature (PNG bytes), by position; null for a line signed on their behalf. */
  signatures: (Uint8Array | null)[];
  fonts: FontLoader | null;
}

const WIDTH = A4.width;
const HEIGHT = A4.height;
const MARGIN = 42;
const CONTENT = WIDTH - MARGIN * 2;
const ROW = 46;
const QR = 70;
/** Columns of the attendee table: #, name, job title, signature or method, time. */
const COLUMNS = [22, 150, 110, 130, CONTENT - 22 - 150 - 110 - 130];

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export async function renderTalkSheetPdf(talk: TalkRecord, options: TalkSheetOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  setDocumentInfo(doc, {
    title: `Toolbox talk ${options.number}: ${talk.topicTitle}`,
    subject: `Sign-in sheet of the toolbox talk of ${when(talk.startedAt)} led by ${talk.foremanName}`,
    keywords: ['toolbox talk', options.number, talk.topicTitle],
    appName: options.appName,
    producer: `${options.appName} toolbox talk service`,
    language: 'en',
    date: new Date(talk.signedOffAt),
  });
  const texts: [string | null, FontRole][] = [
    [talk.topicTitle, 'sansBold'],
    [talk.topicBody, 'sans'],
    [talk.foremanName, 'sans'],
    [options.foremanJobTitle, 'sans'],
    [options.appName, 'sansBold'],
    ...talk.attendees.flatMap((a): [string | null, FontRole][] => [
      // The table prints each name in bold: preloading only the regular face left a Hindi name unprintable.
      [a.name, 'sansBold'],
      [a.jobTitle, 'sans'],
      [a.signedByName, 'sans'],
      [a.reason, 'sans'],
    ]),
  ];
  const writer = await PdfTextWriter.create(doc, options.fonts, texts, 'ltr');
  const [images, foremanImage] = await Promise.all([
    Promise.all(options.signatures.map((bytes) => (bytes ? doc.embedPng(bytes) : null))),
    options.foremanSignature ? doc.embedPng(options.foremanSignature) : null,
  ]);

  let page: PDFPage = doc.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  const text = (s: string, x: number, size: number, role: FontRole = 'sans', color = INK) =>
    writer.draw(page, s, { x, y, size, role, color }, 'auto');
  const lines = (s: string, width: number, size: number, role: FontRole = 'sans') =>
    s
      .split(/\n/)
      .flatMap((paragraph) =>
        paragraph.trim() ? wrapText(paragraph, (c) => writer.width(c, role, size) <= width) : [''],
      );
  const newPage = () => {
    page = doc.addPage([WIDTH, HEIGHT]);
    y = HEIGHT - MARGIN;
    text(`${options.number} · ${talk.topicTitle}`, MARGIN, 8, 'sans', MUTED);
    y -= 18;
  };
  const need = (height: number) => {
    if (y - height < MARGIN + 20) newPage();
  };

  // Header: what it is, and the QR that opens the recorded talk.
  text(options.appName.toUpperCase(), MARGIN, 8, 'sansBold', NAVY);
  y -= 22;
  text('Toolbox talk sign-in sheet', MARGIN, 18, 'sansBold', NAVY);
  y -= 16;
  text(options.number, MARGIN, 10, 'sans', MUTED);
  drawQr(page, options.verifyUrl, WIDTH - MARGIN - QR, HEIGHT - MARGIN - QR);
  y -= 24;
  const field = (label: string, value: string) => {
    text(label, MARGIN, 9, 'sansBold', MUTED);
    for (const line of lines(value, CONTENT - 110 - QR, 10)) {
      text(line, MARGIN + 90, 10);
      y -= 14;
    }
  };
  field('Topic', talk.topicTitle);
  field('Date', `${when(talk.startedAt)} (signed off ${when(talk.signedOffAt)})`);
  field('Foreman', [talk.foremanName, options.foremanJobTitle].filter(Boolean).join(', '));
  field('Attendees', String(talk.attendees.length));
  y -= 8;

  // The text read out, as it was on the day.
  text('What was covered', MARGIN, 11, 'sansBold', NAVY);
  y -= 16;
  for (const line of lines(talk.topicBody, CONTENT, 9.5)) {
    need(14);
    text(line, MARGIN, 9.5);
    y -= 13;
  }
  y -= 10;

  // The attendees, one row each, the header repeated on a new page.
  const header = () => {
    need(ROW + 20);
    let x = MARGIN;
    for (const [i, label] of ['#', 'Name', 'Job title', 'Signature', 'Signed at'].entries()) {
      text(label, x, 8.5, 'sansBold', MUTED);
      x += COLUMNS[i]!;
    }
    y -= 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + CONTENT, y }, thickness: 0.8, color: RULE });
  };
  header();
  for (const [i, a] of talk.attendees.entries()) {
    if (y - ROW < MARGIN + 20) {
      newPage();
      header();
    }
    const top = y;
    let x = MARGIN;
    y = top - 14;
    text(String(i + 1), x, 9);
    x += COLUMNS[0]!;
    text(lines(a.name, COLUMNS[1]! - 6, 9.5, 'sansBold')[0] ?? '', x, 9.5, 'sansBold');
    x += COLUMNS[1]!;
    text(lines(a.jobTitle ?? '–', COLUMNS[2]! - 6, 9)[0] ?? '', x, 9);
    x += COLUMNS[2]!;
    const image = images[i];
    if (image) {
      const scale = Math.min((COLUMNS[3]! - 8) / image.width, (ROW - 8) / image.height);
      page.drawImage(image, {
        x,
        y: top - 4 - image.height * scale,
        width: image.width * scale,
        height: image.height * scale,
      });
    } else if (a.method === 'account') {
      // No drawing: the person confirmed on their own phone, signed in to their account (the QR).
      text('Signed on their own phone', x, 8.5);
      y -= 10;
      text('(signed in to their account)', x, 7.5, 'sansItalic', MUTED);
      y = top - 14;
    } else {
      text(`Signed on their behalf by`, x, 8, 'sans', MUTED);
      y -= 10;
      text(lines(a.signedByName ?? '', COLUMNS[3]! - 6, 8.5)[0] ?? '', x, 8.5);
      y -= 10;
      text(lines(a.reason ?? '', COLUMNS[3]! - 6, 7.5)[0] ?? '', x, 7.5, 'sansItalic', MUTED);
      y = top - 14;
    }
    x += COLUMNS[3]!;
    text(when(a.signedAt), x, 8.5);
    y = top - ROW;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + CONTENT, y }, thickness: 0.4, color: RULE });
  }

  // The foreman's sign-off, with its meaning.
  need(90);
  y -= 24;
  text('Signed off by the foreman', MARGIN, 11, 'sansBold', NAVY);
  y -= 16;
  text(`${talk.foremanName}, ${when(talk.signedOffAt)}: "${talk.meaning}"`, MARGIN, 9.5);
  y -= 14;
  if (foremanImage) {
    const scale = Math.min(160 / foremanImage.width, 50 / foremanImage.height);
    page.drawImage(foremanImage, {
      x: MARGIN,
      y: y - foremanImage.height * scale,
      width: foremanImage.width * scale,
      height: foremanImage.height * scale,
    });
  } else if (talk.foremanMethod === 'provider') {
    const at = talk.foremanProvider ?? 'their company account';
    text(`Signed by signing in again at ${at} (electronic signature).`, MARGIN, 9, 'sansItalic', MUTED);
  } else text('Signed with their password (electronic signature).', MARGIN, 9, 'sansItalic', MUTED);

  for (const [i, p] of doc.getPages().entries()) {
    writer.draw(
      p,
      `Page ${i + 1} of ${doc.getPageCount()} · verify: ${options.verifyUrl}`,
      { x: MARGIN, y: MARGIN - 16, size: 7, role: 'sans', color: MUTED },
      'ltr',
    );
  }
  return doc.save();
}

function drawQr(page: PDFPage, url: string, x: number, y: number) {
  const matrix = qrMatrix(url);
  const module = QR / (matrix.length + 8);
  const origin = { x: x + module * 4, y: y + QR - module * 4 };
  for (const run of qrRuns(matrix))
    page.drawRectangle({
      x: origin.x + run.col * module,
      y: origin.y - (run.row + 1) * module,
      width: run.length * module,
      height: module,
      color: rgb(0, 0, 0),
    });
}
