import { fill, PDFDocument, PDFFont, PDFName, PDFPage, PDFString, popGraphicsState, pushGraphicsState, rectangle, rgb, setFillingRgbColor, StandardFonts, type RGB } from 'pdf-lib';
import { qrMatrix, qrRuns } from './qr';

export interface CertificatePdfInput {
  appName: string;
  certificateNumber: string;
  userName: string;
  courseName: string;
  domainName: string | null;
  issuedAt: string;
  expiresAt: string;
  /** The language the course was delivered in, by name ("Spanish"); optional for older callers. */
  deliveryLanguage?: string | null;
  /** The public verification link the QR code (and a link annotation over it) opens. */
  verifyUrl: string;
}

// A4 landscape, in points.
export const PAGE_WIDTH = 841.89;
export const PAGE_HEIGHT = 595.28;

const NAVY = rgb(0.09, 0.2, 0.36);
const GOLD = rgb(0.72, 0.56, 0.22);
const GOLD_LIGHT = rgb(0.93, 0.87, 0.7);
const INK = rgb(0.13, 0.15, 0.19);
const MUTED = rgb(0.38, 0.42, 0.48);
const PAPER = rgb(0.995, 0.99, 0.975);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "21 November 2026" in UTC: the same on every server and every reader's screen. */
export function formatCertificateDate(iso: string): string {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/**
 * Standard fonts only speak WinAnsi: accents are kept where WinAnsi has them, otherwise folded
 * (NFKD without combining marks), and anything still unencodable becomes "?" instead of failing
 * the whole certificate.
 */
const FOLD: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŀ: 'L', ŀ: 'l', Ŧ: 'T', ŧ: 't', ĸ: 'k', Ŋ: 'N', ŋ: 'n' };

const characterSets = new WeakMap<PDFFont, Set<number>>();

export function encodable(font: PDFFont, text: string): string {
  // A multi-page record calls this hundreds of times: build each font's set once.
  let supported = characterSets.get(font);
  if (!supported) {
    supported = new Set(font.getCharacterSet());
    characterSets.set(font, supported);
  }
  let out = '';
  for (const ch of text.replace(/\s+/g, ' ').trim()) {
    const code = ch.codePointAt(0)!;
    if (supported.has(code)) {
      out += ch;
      continue;
    }
    const folded = FOLD[ch] ?? ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    out += [...folded].every((c) => supported.has(c.codePointAt(0)!)) && folded ? folded : '?';
  }
  return out;
}

/** Largest size <= `size` (and >= `min`) at which `text` fits `maxWidth`. */
function fitSize(font: PDFFont, text: string, size: number, maxWidth: number, min: number): number {
  let s = size;
  while (s > min && font.widthOfTextAtSize(text, s) > maxWidth) s -= 0.5;
  return s;
}

/**
 * Greedy word wrap into at most `maxLines` lines; the last line is ellipsised if needed. A word
 * wider than the line on its own (a URL, an e-mail address) is cut so it cannot cross the margin.
 */
export function wrap(font: PDFFont, text: string, size: number, maxWidth: number, maxLines = Number.POSITIVE_INFINITY): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= maxWidth;
  const words = text.split(' ');
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    while (current.length > 1 && !fits(current)) {
      let cut = current.length - 1;
      while (cut > 1 && !fits(current.slice(0, cut))) cut -= 1;
      // Prefer the word's own joints (hyphen, slash, dot, @) when one is not too far back.
      const joint = Math.max(...['-', '/', '.', '@', '_'].map((mark) => current.lastIndexOf(mark, cut - 1)));
      if (joint + 1 > cut / 2) cut = joint + 1;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1]} ${lines.slice(maxLines).join(' ')}`;
  while (last.length > 1 && font.widthOfTextAtSize(`${last}...`, size) > maxWidth) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.trimEnd()}...`;
  return kept;
}

function centered(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color: RGB, centerX = PAGE_WIDTH / 2) {
  page.drawText(text, { x: centerX - font.widthOfTextAtSize(text, size) / 2, y, size, font, color });
}

/** Letter-spaced capitals, the engraved look of a title line. */
export function spaced(text: string): string {
  return text.toUpperCase().split('').join('\u00a0').replace(/\u00a0 \u00a0/g, '\u00a0\u00a0\u00a0');
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

export function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const matrix = qrMatrix(text);
  const quiet = 2;
  const cell = size / (matrix.length + quiet * 2);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  // Raw fills in one graphics state: drawRectangle costs a dozen operators per run, and a
  // training record draws a code for every certificate of a person.
  const operators = [pushGraphicsState(), setFillingRgbColor(0, 0, 0)];
  for (const run of qrRuns(matrix)) {
    operators.push(
      rectangle(
        x + (run.col + quiet) * cell,
        // PDF y grows upwards; QR row 0 is the top row. The small overlap avoids hairline seams.
        y + size - (run.row + quiet + 1) * cell,
        run.length * cell + 0.05,
        cell + 0.05,
      ),
      fill(),
    );
  }
  operators.push(popGraphicsState());
  page.pushOperators(...operators);
}

/** A clickable URI over the QR code: a reader on a screen can follow the same link the code holds. */
export function addLink(doc: PDFDocument, page: PDFPage, url: string, rect: [number, number, number, number]) {
  const annotation = doc.context.register(
    doc.context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: rect,
      Border: [0, 0, 0],
      A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
    }),
  );
  // A page of a training record carries several codes: add to the page's links, never replace them.
  const existing = page.node.Annots();
  if (existing) existing.push(annotation);
  else page.node.set(PDFName.of('Annots'), doc.context.obj([annotation]));
}

/** Renders the one-page landscape certificate. Deterministic for the same input (dates come from the row). */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const issued = new Date(input.issuedAt);
  doc.setTitle(`Certificate of Completion - ${input.courseName}`, { showInWindowTitleBar: true });
  doc.setSubject(`Certificate ${input.certificateNumber}: ${input.userName} completed ${input.courseName}`);
  doc.setKeywords(['certificate', input.certificateNumber, 'EHS training', input.courseName]);
  doc.setAuthor(input.appName);
  doc.setCreator(input.appName);
  doc.setProducer(`${input.appName} certificate service`);
  doc.setLanguage('en');
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);

  const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  const [serif, serifBold, serifItalic, sans, sansBold] = await Promise.all([
    doc.embedFont(StandardFonts.TimesRoman),
    doc.embedFont(StandardFonts.TimesRomanBold),
    doc.embedFont(StandardFonts.TimesRomanBoldItalic),
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
  ]);

  // Paper, double frame, corner ornaments.
  page.drawRectangle({ x: 0, y: 0, width: PAGE_WIDTH, height: PAGE_HEIGHT, color: PAPER });
  page.drawRectangle({ x: 18, y: 18, width: PAGE_WIDTH - 36, height: PAGE_HEIGHT - 36, borderColor: NAVY, borderWidth: 7 });
  page.drawRectangle({ x: 30, y: 30, width: PAGE_WIDTH - 60, height: PAGE_HEIGHT - 60, borderColor: GOLD, borderWidth: 1.2 });
  page.drawRectangle({ x: 34, y: 34, width: PAGE_WIDTH - 68, height: PAGE_HEIGHT - 68, borderColor: GOLD_LIGHT, borderWidth: 0.5 });
  drawCornerOrnament(page, 44, 44, 1, 1);
  drawCornerOrnament(page, PAGE_WIDTH - 44, 44, -1, 1);
  drawCornerOrnament(page, 44, PAGE_HEIGHT - 44, 1, -1);
  drawCornerOrnament(page, PAGE_WIDTH - 44, PAGE_HEIGHT - 44, -1, -1);

  const cx = PAGE_WIDTH / 2;
  const appName = encodable(sansBold, input.appName);
  centered(page, spaced(appName), 516, sansBold, 11, NAVY);
  page.drawLine({ start: { x: cx - 150, y: 506 }, end: { x: cx + 150, y: 506 }, thickness: 0.6, color: GOLD });

  centered(page, 'Certificate of Completion', 458, serifBold, 40, NAVY);
  centered(page, spaced('EHS Training Record'), 436, sans, 9, GOLD);

  centered(page, 'This is to certify that', 398, serif, 15, MUTED);

  const name = encodable(serifItalic, input.userName);
  const nameSize = fitSize(serifItalic, name, 36, 560, 20);
  centered(page, name, 352, serifItalic, nameSize, INK);
  page.drawLine({ start: { x: cx - 220, y: 342 }, end: { x: cx + 220, y: 342 }, thickness: 0.8, color: GOLD });

  centered(page, 'has successfully completed the workplace safety training course', 314, serif, 15, MUTED);

  const course = encodable(sansBold, input.courseName);
  const courseSize = fitSize(sansBold, course, 22, 620, 16);
  const courseLines = wrap(sansBold, course, courseSize, 620, 2);
  let y = courseLines.length > 1 ? 284 : 276;
  for (const line of courseLines) {
    centered(page, line, y, sansBold, courseSize, NAVY);
    y -= courseSize + 5;
  }
  const book = encodable(sans, input.domainName?.trim() || 'EHS Training');
  centered(page, `Book: ${book}`, y - 4, sans, 11.5, MUTED);

  // Delivery language (issue 16): one line under the book, kept apart from the label drawing above.
  if (input.deliveryLanguage) centered(page, `Delivery language: ${encodable(sans, input.deliveryLanguage)}`, y - 20, sans, 11.5, MUTED);

  // Bottom band: dates (left), signature (centre), seal, QR (right).
  const labelY = 150;
  const drawField = (label: string, value: string, x: number, fy: number) => {
    page.drawText(spaced(label), { x, y: fy + 16, size: 7.5, font: sansBold, color: GOLD });
    page.drawText(value, { x, y: fy, size: 12.5, font: serifBold, color: INK });
  };
  drawField('Date of issue', formatCertificateDate(input.issuedAt), 78, labelY);
  drawField('Valid until', formatCertificateDate(input.expiresAt), 78, labelY - 42);
  drawField('Certificate no.', input.certificateNumber, 78, labelY - 84);

  const sigX = 300;
  const sigW = 190;
  page.drawText(appName, { x: sigX + sigW / 2 - serifItalic.widthOfTextAtSize(appName, 17) / 2, y: 108, size: 17, font: serifItalic, color: NAVY });
  page.drawLine({ start: { x: sigX, y: 100 }, end: { x: sigX + sigW, y: 100 }, thickness: 0.8, color: INK });
  centered(page, 'Training Administrator', 86, sansBold, 9, INK, sigX + sigW / 2);
  centered(page, appName, 74, sans, 8, MUTED, sigX + sigW / 2);

  drawSeal(page, 566, 118, sansBold, sans, input.appName);

  const qrSize = 92;
  const qrX = PAGE_WIDTH - 78 - qrSize;
  const qrY = 86;
  drawQr(page, input.verifyUrl, qrX, qrY, qrSize);
  addLink(doc, page, input.verifyUrl, [qrX, qrY, qrX + qrSize, qrY + qrSize]);
  centered(page, 'Scan to verify', qrY - 12, sansBold, 8, NAVY, qrX + qrSize / 2);
  const urlText = encodable(sans, input.verifyUrl);
  const urlSize = fitSize(sans, urlText, 6.5, 230, 4.5);
  page.drawText(urlText, { x: PAGE_WIDTH - 78 - sans.widthOfTextAtSize(urlText, urlSize), y: qrY - 24, size: urlSize, font: sans, color: MUTED });

  return doc.save();
}
