import { PDFDocument, type PDFFont, type PDFPage, rgb, type RGB } from 'pdf-lib';
import type { Language } from '../contract/language';
import { certificateExpires } from '../contract/certificates';
import { formatDay, formatLanguageName, isRtl, t, type MessageKey, type Params } from '../i18n';
import { A4, setDocumentInfo } from './pdf/document';
import type { FontLoader } from './pdf/fonts';
import { INK, NAVY } from './pdf/palette';
import { drawQrLink } from './pdf/qr-link';
import { encodable, spacedIfLatin } from './pdf/standard-text';
import { drawnWidth, PdfTextWriter, type FontRole } from './pdf/text-writer';

export interface CertificatePdfInput {
  appName: string;
  certificateNumber: string;
  userName: string;
  courseName: string;
  domainName: string | null;
  issuedAt: string;
  expiresAt: string;
  /** The language the course was delivered in (ISO code, "es"), named in the certificate's language; none prints no line. */
  deliveryLanguage?: string | null;
  /** The public verification link the QR code (and a link annotation over it) opens. */
  verifyUrl: string;
  /** The language of the labels and dates: the learner's preferred language (English when unset). */
  language?: Language;
}

// A4 landscape.
export const PAGE_WIDTH = A4.height;
export const PAGE_HEIGHT = A4.width;

const GOLD = rgb(0.72, 0.56, 0.22);
const GOLD_LIGHT = rgb(0.93, 0.87, 0.7);
const MUTED = rgb(0.38, 0.42, 0.48);
const PAPER = rgb(0.995, 0.99, 0.975);

/** Largest size <= `size` (and >= `min`) at which `text` fits `maxWidth`. */
function fitSize(font: PDFFont, text: string, size: number, maxWidth: number, min: number): number {
  let s = size;
  while (s > min && drawnWidth(font, text, s) > maxWidth) s -= 0.5;
  return s;
}

function centered(
  page: PDFPage,
  text: string,
  y: number,
  font: PDFFont,
  size: number,
  color: RGB,
  centerX = PAGE_WIDTH / 2,
) {
  page.drawText(text, { x: centerX - drawnWidth(font, text, size) / 2, y, size, font, color });
}

function drawCornerOrnament(page: PDFPage, x: number, y: number, dx: 1 | -1, dy: 1 | -1) {
  page.drawLine({ start: { x, y }, end: { x: x + dx * 46, y }, thickness: 2.2, color: GOLD });
  page.drawLine({ start: { x, y }, end: { x, y: y + dy * 46 }, thickness: 2.2, color: GOLD });
  page.drawRectangle({ x: x + dx * 7 - 3, y: y + dy * 7 - 3, width: 6, height: 6, color: GOLD, rotate: undefined });
}

function drawSeal(page: PDFPage, cx: number, cy: number, bold: PDFFont, regular: PDFFont, appName: string) {
  page.drawCircle({ x: cx, y: cy, size: 44, color: GOLD });
  page.drawCircle({ x: cx, y: cy, size: 39, borderColor: PAPER, borderWidth: 1.2, color: GOLD });
  page.drawCircle({ x: cx, y: cy, size: 31, borderColor: GOLD_LIGHT, borderWidth: 0.6 });
  centered(page, 'EHS', cy + 4, bold, 17, PAPER, cx);
  centered(page, 'CERTIFIED', cy - 10, bold, 7.5, PAPER, cx);
  const initials = encodable(regular, appName)
    .split(' ')
    .filter(Boolean)
    .map((w) => w[0])
    .join('')
    .slice(0, 4)
    .toUpperCase();
  centered(page, initials, cy - 22, regular, 6.5, GOLD_LIGHT, cx);
}

/**
 * Renders the one-page landscape certificate in `input.language` (English by default).
 * Deterministic for the same input (dates come from the row). Text the standard fonts cannot print
 * exactly (a name in any script, Hindi or Arabic labels) is drawn in embedded, subsetted Noto fonts
 * that `fonts` loads (pdf/text-writer.ts); without a loader such text throws.
 *
 * The text lines of the middle block are one list (`lines`): a new line on the certificate is one
 * more entry there.
 */
export async function renderCertificatePdf(
  input: CertificatePdfInput,
  fonts: FontLoader | null = null,
): Promise<Uint8Array> {
  const language: Language = input.language ?? 'en';
  const tr = (key: MessageKey, params?: Params) => t(language, key, params);
  const doc = await PDFDocument.create();
  const issued = new Date(input.issuedAt);
  setDocumentInfo(doc, {
    title: tr('cert.docTitle', { course: input.courseName }),
    subject: `Certificate ${input.certificateNumber}: ${input.userName} completed ${input.courseName}`,
    keywords: ['certificate', input.certificateNumber, 'EHS training', input.courseName],
    appName: input.appName,
    producer: `${input.appName} certificate service`,
    language,
    date: issued,
  });

  const book = input.domainName?.trim() || tr('cert.defaultBook');
  const fields: [label: string, value: string][] = [
    [tr('cert.issued'), formatDay(language, input.issuedAt)],
    certificateExpires(input.expiresAt)
      ? [tr('cert.validUntil'), formatDay(language, input.expiresAt)]
      : [tr('cert.validity'), tr('cert.noExpiry')],
    [tr('cert.number'), input.certificateNumber],
  ];
  /** The middle block, top to bottom: text, role, size, colour, y (or wrapped: maxWidth and lines). */
  type Line = {
    text: string;
    role: FontRole;
    size: number;
    color: RGB;
    y: number;
    maxWidth?: number;
    maxLines?: number;
    minSize?: number;
    name?: boolean;
  };
  const lines: Line[] = [
    { text: tr('cert.title'), role: 'serifBold', size: 40, color: NAVY, y: 458, maxWidth: 700, minSize: 24 },
    { text: tr('cert.subtitle'), role: 'sans', size: 9, color: GOLD, y: 436 },
    { text: tr('cert.certifies'), role: 'serif', size: 15, color: MUTED, y: 398 },
    { text: input.userName, role: 'serifItalic', size: 36, color: INK, y: 352, maxWidth: 560, minSize: 20, name: true },
    { text: tr('cert.completed'), role: 'serif', size: 15, color: MUTED, y: 314, maxWidth: 700, minSize: 10 },
    {
      text: input.courseName,
      role: 'sansBold',
      size: 22,
      color: NAVY,
      y: 276,
      maxWidth: 620,
      maxLines: 2,
      minSize: 16,
    },
    { text: tr('cert.book', { book }), role: 'sans', size: 11.5, color: MUTED, y: 0 },
    // The language the course was delivered in (issue 16), on its own line under the book.
    ...(input.deliveryLanguage
      ? [
          {
            text: tr('cert.deliveryLanguage', { language: formatLanguageName(language, input.deliveryLanguage) }),
            role: 'sans' as const,
            size: 11.5,
            color: MUTED,
            y: 0,
          },
        ]
      : []),
  ];
  const writer = await PdfTextWriter.create(
    doc,
    fonts,
    [
      ...lines.map((line): [string, FontRole] => [line.text, line.role]),
      ...fields.flatMap(([label, value]): [string, FontRole][] => [
        [label, 'sansBold'],
        [value, 'serifBold'],
      ]),
      [tr('cert.signatory'), 'sansBold'],
      [tr('cert.scan'), 'sansBold'],
      [input.appName, 'serifItalic'],
      [input.appName, 'sansBold'],
      [input.appName, 'sans'],
    ],
    isRtl(language) ? 'rtl' : 'auto',
  );
  const sans = writer.font('sans');
  const sansBold = writer.font('sansBold');

  const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);

  // Paper, double frame, corner ornaments.
  page.drawRectangle({ x: 0, y: 0, width: PAGE_WIDTH, height: PAGE_HEIGHT, color: PAPER });
  page.drawRectangle({
    x: 18,
    y: 18,
    width: PAGE_WIDTH - 36,
    height: PAGE_HEIGHT - 36,
    borderColor: NAVY,
    borderWidth: 7,
  });
  page.drawRectangle({
    x: 30,
    y: 30,
    width: PAGE_WIDTH - 60,
    height: PAGE_HEIGHT - 60,
    borderColor: GOLD,
    borderWidth: 1.2,
  });
  page.drawRectangle({
    x: 34,
    y: 34,
    width: PAGE_WIDTH - 68,
    height: PAGE_HEIGHT - 68,
    borderColor: GOLD_LIGHT,
    borderWidth: 0.5,
  });
  drawCornerOrnament(page, 44, 44, 1, 1);
  drawCornerOrnament(page, PAGE_WIDTH - 44, 44, -1, 1);
  drawCornerOrnament(page, 44, PAGE_HEIGHT - 44, 1, -1);
  drawCornerOrnament(page, PAGE_WIDTH - 44, PAGE_HEIGHT - 44, -1, -1);

  const cx = PAGE_WIDTH / 2;
  writer.draw(page, spacedIfLatin(input.appName, writer, 'sansBold'), {
    x: cx,
    y: 516,
    size: 11,
    role: 'sansBold',
    color: NAVY,
    align: 'center',
  });
  page.drawLine({ start: { x: cx - 150, y: 506 }, end: { x: cx + 150, y: 506 }, thickness: 0.6, color: GOLD });

  let nextY = 0;
  for (const line of lines) {
    const text = line.role === 'sans' && line.size < 10 ? spacedIfLatin(line.text, writer, line.role) : line.text;
    const y = line.y || nextY;
    // A name reads in its own direction, whatever the certificate's language.
    const direction = line.name ? 'auto' : undefined;
    if (line.maxLines && line.maxLines > 1) {
      const size = writer.fitSize(text, line.role, line.size, line.maxWidth!, line.minSize!);
      const wrapped = writer.wrap(text, line.role, size, line.maxWidth!, line.maxLines);
      let wy = wrapped.length > 1 ? y + 8 : y;
      for (const part of wrapped) {
        writer.draw(page, part, { x: cx, y: wy, size, role: line.role, color: line.color, align: 'center' });
        wy -= size + 5;
      }
      nextY = wy - 4;
      continue;
    }
    const size = line.maxWidth
      ? writer.fitSize(text, line.role, line.size, line.maxWidth, line.minSize ?? line.size)
      : line.size;
    writer.draw(page, text, { x: cx, y, size, role: line.role, color: line.color, align: 'center' }, direction);
    if (line.name)
      page.drawLine({ start: { x: cx - 220, y: 342 }, end: { x: cx + 220, y: 342 }, thickness: 0.8, color: GOLD });
    nextY = y - size - 10;
  }

  // Bottom band: dates (left; right in a right-to-left language), signature (centre), seal, QR.
  const rtl = isRtl(language);
  const labelY = 150;
  fields.forEach(([label, value], i) => {
    const fy = labelY - i * 42;
    const x = rtl ? 248 : 78;
    const align = rtl ? 'right' : 'left';
    writer.draw(page, spacedIfLatin(label, writer, 'sansBold'), {
      x,
      y: fy + 16,
      size: 7.5,
      role: 'sansBold',
      color: GOLD,
      align,
    });
    writer.draw(page, value, { x, y: fy, size: 12.5, role: 'serifBold', color: INK, align });
  });

  const sigX = 300;
  const sigW = 190;
  writer.draw(page, input.appName, {
    x: sigX + sigW / 2,
    y: 108,
    size: 17,
    role: 'serifItalic',
    color: NAVY,
    align: 'center',
  });
  page.drawLine({ start: { x: sigX, y: 100 }, end: { x: sigX + sigW, y: 100 }, thickness: 0.8, color: INK });
  writer.draw(page, tr('cert.signatory'), {
    x: sigX + sigW / 2,
    y: 86,
    size: 9,
    role: 'sansBold',
    color: INK,
    align: 'center',
  });
  writer.draw(page, input.appName, { x: sigX + sigW / 2, y: 74, size: 8, role: 'sans', color: MUTED, align: 'center' });

  drawSeal(page, 566, 118, sansBold, sans, input.appName);

  const qrSize = 92;
  const qrX = PAGE_WIDTH - 78 - qrSize;
  const qrY = 86;
  drawQrLink(doc, page, input.verifyUrl, { x: qrX, bottom: qrY, size: qrSize });
  writer.draw(page, tr('cert.scan'), {
    x: qrX + qrSize / 2,
    y: qrY - 12,
    size: 8,
    role: 'sansBold',
    color: NAVY,
    align: 'center',
  });
  const urlText = encodable(sans, input.verifyUrl);
  const urlSize = fitSize(sans, urlText, 6.5, 230, 4.5);
  page.drawText(urlText, {
    x: PAGE_WIDTH - 78 - drawnWidth(sans, urlText, urlSize),
    y: qrY - 24,
    size: urlSize,
    font: sans,
    color: MUTED,
  });

  return doc.save();
}
