import { PDFDocument } from 'pdf-lib';
import type { TrainingRecordResponse } from '../contract/training-record';
import type { Language } from '../contract/language';
import {
  CATALOGS,
  formatDay,
  formatLanguageName,
  formatLongDateTime,
  isRtl,
  t,
  type MessageKey,
  type Params,
} from '../i18n';
import { setDocumentInfo } from './pdf/document';
import type { FontLoader } from './pdf/fonts';
import { createFlow, drawNote, drawSectionTitle } from './pdf/flow';
import { INK, MUTED, NAVY, RULE } from './pdf/palette';
import { contentWidth, Painter } from './pdf/painter';
import { CELL_PAD_X, QR_SIZE } from './pdf/table';
import { PdfTextWriter, type FontRole } from './pdf/text-writer';
import { drawOffscreenSections, offscreenTexts } from './training-record-offscreen-pdf';
import {
  certificateRows,
  drawFirstPageHeader,
  drawHistory,
  drawRecordSection,
  drawSummary,
  RECORD_LAYOUT,
  requiredRows,
  type CertificateEntry,
} from './training-record-sections';

export interface TrainingRecordPdfOptions {
  appName: string;
  /** Public origin of the platform; null leaves the QR codes out (a link to nowhere is worse than none). */
  origin: string | null;
  /** The Noto fonts text outside Helvetica needs (pdf/fonts.ts); without them such text throws. */
  fonts?: FontLoader | null;
  /** The language of the labels, dates and numbers: the reader's (English by default). Arabic mirrors the page. */
  language?: Language;
}

export const RECORD_PAGE_WIDTH = RECORD_LAYOUT.width;

const MARGIN_X = RECORD_LAYOUT.marginX;
const CONTENT_WIDTH = contentWidth(RECORD_LAYOUT);
const TOP = RECORD_LAYOUT.top;
const FOOTER_Y = 34;

/** Every string the record may draw in a font, so the writer loads the Noto fonts they need once. */
function textsToLoad(record: TrainingRecordResponse, language: Language, appName: string): [string, FontRole][] {
  const catalog = Object.entries(CATALOGS[language]).filter(
    ([key]) => key.startsWith('record.') || key.startsWith('verify.status.') || key === 'cert.deliveryLanguage',
  );
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
    [new Intl.NumberFormat(language, { style: 'percent' }).format(0.123456789), 'sans'],
    ...record.courses.flatMap((course): [string, FontRole][] => [
      [course.courseTitle, 'sansBold'],
      [course.courseTitle, 'sans'],
      ...course.cycles.flatMap((cycle): [string, FontRole][] => [
        [formatLanguageName(language, cycle.language), 'sans'],
        ...cycle.attempts.map((a): [string, FontRole] => [a.componentTitle, 'sans']),
      ]),
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
  return [...labels, ...mine.filter((item): item is [string, FontRole] => !!item[0]), ...offscreenTexts(record)];
}

/**
 * The training record of one person as a printable A4 document in the reader's language: who they
 * are, where they stand on each required course, every certificate (with a QR code an inspector
 * can scan), practical evaluations and the authorisations they granted, credentials earned
 * elsewhere (pending and rejected ones marked), the full history of cycles and attempts, exemptions and retraining events.
 * Deterministic for the same record and language: every date comes from the record, none from the
 * clock. Text in any script (names, course titles, notes, Hindi or Arabic labels) is drawn through
 * the PdfTextWriter; an Arabic record reads right to left, its layout mirrored.
 */
export async function renderTrainingRecordPdf(
  record: TrainingRecordResponse,
  options: TrainingRecordPdfOptions,
): Promise<Uint8Array> {
  const language: Language = options.language ?? 'en';
  const rtl = isRtl(language);
  const doc = await PDFDocument.create();
  const generated = new Date(record.generatedAt);
  const generatedAt = formatLongDateTime(language, record.generatedAt);
  const { user } = record;
  const tr = (key: MessageKey, params?: Params) => t(language, key, params);
  setDocumentInfo(doc, {
    title: tr('record.docTitle', { name: user.name }),
    subject: tr('record.docSubject', { name: user.name, username: user.username, time: generatedAt }),
    keywords: [tr('record.title'), user.name, user.username],
    appName: options.appName,
    producer: `${options.appName} training record service`,
    language,
    date: generated,
  });

  const writer = await PdfTextWriter.create(
    doc,
    options.fonts ?? null,
    textsToLoad(record, language, options.appName),
    rtl ? 'rtl' : 'ltr',
  );
  const p = new Painter(writer, language, rtl, RECORD_LAYOUT);
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
  drawRecordSection(doc, p, flow, 'required', {
    columns: [
      ['course', 'rest'],
      ['status', 74],
      ['dueBy', dateColumn],
      ['validUntil', dateColumn],
      ['certificate', 88],
    ],
    rows: requiredRows(p, required),
  });

  const certificates: CertificateEntry[] = record.courses.flatMap((course) =>
    course.cycles.flatMap((cycle) => (cycle.certificate ? [{ course, cycle, certificate: cycle.certificate }] : [])),
  );
  drawRecordSection(doc, p, flow, 'certificates', {
    detail: options.origin ? tr('record.scanHint') : null,
    keepWith: 70,
    columns: [
      ...(options.origin ? ([['', QR_SIZE + CELL_PAD_X * 2]] as const) : []),
      ['certificate', 'rest'],
      ['issued', dateColumn],
      ['expires', dateColumn],
      ['status', 70],
    ],
    rows: certificateRows(p, certificates, options.origin),
  });

  drawOffscreenSections(doc, p, flow, record, options.origin);

  drawSectionTitle(p, flow, tr('record.section.history'), null, 80);
  if (record.courses.length === 0) drawNote(p, flow, tr('record.empty.history'));
  for (const course of record.courses) drawHistory(doc, p, flow, course);

  drawRecordSection(doc, p, flow, 'exemptions', {
    columns: [
      ['course', 150],
      ['reason', 'rest'],
      ['until', dateColumn],
      ['recorded', dateColumn],
    ],
    rows: record.exemptions.map((exemption) => [
      { blocks: [{ text: exemption.courseTitle, font: 'bold', dir: 'auto' }] },
      { blocks: [{ text: exemption.reason, dir: 'auto' }] },
      { blocks: [{ text: p.day(exemption.until) }] },
      { blocks: [{ text: p.day(exemption.createdAt) }] },
    ]),
  });

  drawRecordSection(doc, p, flow, 'events', {
    columns: [
      ['date', dateColumn],
      ['kind', 96],
      ['course', 130],
      ['note', 'rest'],
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
  const pageTexts = flow.pages.map((_, index) =>
    tr('record.page', { page: p.number(index + 1), total: p.number(total) }),
  );
  const pageWidth = Math.max(...pageTexts.map((text) => p.width(text, 'bold', 7.5)));
  const footerLeft = p.wrap(footerText, 'regular', 7.5, CONTENT_WIDTH - pageWidth - 16, 1)[0] ?? '';
  flow.pages.forEach((page, index) => {
    p.line(page, MARGIN_X, right, FOOTER_Y + 12, 0.6, RULE);
    p.text(page, footerLeft, { x: MARGIN_X, y: FOOTER_Y, size: 7.5, weight: 'regular', color: MUTED });
    p.text(page, pageTexts[index]!, { x: right, y: FOOTER_Y, size: 7.5, weight: 'bold', color: INK, align: 'end' });
  });

  return doc.save();
}
