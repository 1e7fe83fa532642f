import { PDFDocument, rgb } from 'pdf-lib';
import { setDocumentInfo } from './pdf/document';
import type { FontLoader } from './pdf/font-loader';
import { INK, MUTED, NAVY } from './pdf/palette';
import { drawQrLink } from './pdf/qr-link';
import { PdfTextWriter, type FontRole } from './pdf/text-writer';

/*
 * A person's printable badge card (issue 30): CR80 (ID-1, the size of a bank card, 85.60 x 53.98 mm),
 * landscape, with their name, job title and site on the left and the badge QR on the right. The QR
 * holds `${origin}/badge/<signedId>` (worker/services/badge.ts), the same code as on their phone.
 * Names and titles print in any script through the text writer (embedded Noto fonts where Helvetica
 * cannot). No photo yet: the platform keeps no profile photo (a later issue adds the upload; the card
 * leaves the QR where it is and puts the photo above the name).
 */

const MM = 72 / 25.4;
export const CARD_WIDTH = 85.6 * MM;
export const CARD_HEIGHT = 53.98 * MM;
const PAD = 4 * MM;
/** The QR's side: 30 mm, comfortably above the 20 mm a phone camera needs at arm's length. */
const QR = 30 * MM;
const BAND = 9 * MM;

export interface BadgeCard {
  name: string;
  jobTitle: string | null;
  site: string | null;
  /** `${origin}/badge/<signedId>`. */
  url: string;
}

export async function renderBadgeCardPdf(
  card: BadgeCard,
  options: { appName: string; fonts: FontLoader | null; date: Date },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  setDocumentInfo(doc, {
    title: `Badge: ${card.name}`,
    subject: `${options.appName} badge card of ${card.name}`,
    keywords: ['badge', card.name],
    appName: options.appName,
    producer: `${options.appName} badge service`,
    language: 'en',
    date: options.date,
  });
  const texts: [string | null, FontRole][] = [
    [options.appName, 'sansBold'],
    [card.name, 'sansBold'],
    [card.jobTitle, 'sans'],
    [card.site, 'sans'],
  ];
  const writer = await PdfTextWriter.create(doc, options.fonts, texts, 'auto');
  const page = doc.addPage([CARD_WIDTH, CARD_HEIGHT]);

  // The navy band with the platform's name (white on navy: never pure black, so a QR reader of the
  // printed card, and the test's, sees only the code as black).
  page.drawRectangle({ x: 0, y: CARD_HEIGHT - BAND, width: CARD_WIDTH, height: BAND, color: NAVY });
  const white = rgb(1, 1, 1);
  writer.draw(page, options.appName.toUpperCase(), {
    x: PAD,
    y: CARD_HEIGHT - BAND + 3.2 * MM,
    size: 8,
    role: 'sansBold',
    color: white,
  });

  const qrX = CARD_WIDTH - PAD - QR;
  const qrBottom = PAD;
  drawQrLink(doc, page, card.url, { x: qrX, bottom: qrBottom, size: QR });

  // Name, job title and site in the column left of the QR; a long name shrinks, then wraps to two lines.
  const column = qrX - PAD - 3 * MM;
  let y = CARD_HEIGHT - BAND - 8 * MM;
  const size = writer.fitSize(card.name, 'sansBold', 13, column, 9);
  for (const line of writer.wrap(card.name, 'sansBold', size, column, 2)) {
    writer.draw(page, line, { x: PAD, y, size, role: 'sansBold', color: INK });
    y -= size * 1.25;
  }
  y -= 2 * MM;
  for (const value of [card.jobTitle, card.site]) {
    if (!value) continue;
    for (const line of writer.wrap(value, 'sans', 8, column, 2)) {
      writer.draw(page, line, { x: PAD, y, size: 8, role: 'sans', color: MUTED });
      y -= 10;
    }
  }
  return doc.save();
}
