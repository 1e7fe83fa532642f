import { PDFDocument, type PDFPage } from 'pdf-lib';
import { isLanguage } from '../contract/language';
import { A4, setDocumentInfo } from './pdf/document';
import type { FontLoader } from './pdf/font-loader';
import { INK, MUTED, NAVY } from './pdf/palette';
import { PdfTextWriter, type FontRole } from './pdf/text-writer';
import { wrapText } from './pdf/wrap-text';

/*
 * A talk topic's text as a printable page (issue 29), for a topic without a PDF handout: what the
 * foreman reads out, to print for the site board or hand to a crew. Names and texts print in any
 * script through the text writer, like the sign-in sheet.
 */

const WIDTH = A4.width;
const HEIGHT = A4.height;
const MARGIN = 56;
const CONTENT = WIDTH - MARGIN * 2;

export async function renderTalkTopicPdf(
  topic: { title: string; body: string; languages: string[] },
  options: { appName: string; fonts: FontLoader | null },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  setDocumentInfo(doc, {
    title: `Toolbox talk: ${topic.title}`,
    subject: `The text of the toolbox talk topic ${topic.title}`,
    keywords: ['toolbox talk', topic.title],
    appName: options.appName,
    producer: `${options.appName} toolbox talk service`,
    language: isLanguage(topic.languages[0]) ? topic.languages[0] : 'en',
    date: new Date(),
  });
  const writer = await PdfTextWriter.create(
    doc,
    options.fonts,
    [
      [topic.title, 'sansBold'],
      [topic.body, 'sans'],
      [options.appName, 'sansBold'],
    ],
    'auto',
  );
  let page: PDFPage = doc.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  const draw = (s: string, size: number, role: FontRole, color = INK) =>
    writer.draw(page, s, { x: MARGIN, y, size, role, color }, 'auto');
  const wrap = (s: string, size: number, role: FontRole) =>
    s
      .split(/\n/)
      .flatMap((paragraph) =>
        paragraph.trim() ? wrapText(paragraph, (c) => writer.width(c, role, size) <= CONTENT) : [''],
      );

  draw(`${options.appName.toUpperCase()} · TOOLBOX TALK`, 8, 'sansBold', NAVY);
  y -= 30;
  for (const line of wrap(topic.title, 20, 'sansBold')) {
    draw(line, 20, 'sansBold', NAVY);
    y -= 26;
  }
  draw(`Languages: ${topic.languages.join(', ').toUpperCase()}`, 9, 'sans', MUTED);
  y -= 28;
  for (const line of wrap(topic.body, 12, 'sans')) {
    if (y < MARGIN) {
      page = doc.addPage([WIDTH, HEIGHT]);
      y = HEIGHT - MARGIN;
    }
    draw(line, 12, 'sans');
    y -= 18;
  }
  return doc.save();
}
