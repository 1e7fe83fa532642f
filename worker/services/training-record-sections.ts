import type { PDFDocument } from 'pdf-lib';
import type {
  TrainingRecordAttempt,
  TrainingRecordCertificate,
  TrainingRecordCourse,
  TrainingRecordCycle,
  TrainingRecordResponse,
} from '../contract/training-record';
import { certificateExpires, verificationUrl } from '../contract/certificates';
import type { ComplianceStatus } from '../contract/rules/compliance';
import { CATALOGS, formatLanguageName, formatLongDateTime, tp, type MessageKey } from '../i18n';
import { A4 } from './pdf/document';
import { drawNote, type Block, type Flow } from './pdf/flow';
import { AMBER, BLUE, GREEN, GREY, INK, MUTED, NAVY, PANEL, RED, type Tone } from './pdf/palette';
import { BODY_SIZE, contentWidth, lineHeight, NONE, type Dir, type PageLayout, type Painter } from './pdf/painter';
import { columnsOf, drawPill, drawTable, drawTableSection, PILL_HEIGHT, pillWidth, type Cell } from './pdf/table';

type After<K, P extends string> = K extends `${P}${infer Rest}` ? Rest : never;
/** A record section has a title (`record.section.*`) and a note for when it has no rows (`record.empty.*`). */
type RecordSectionName = After<MessageKey, 'record.section.'> & After<MessageKey, 'record.empty.'>;
/** A record table's column header (`record.col.*`); '' for the QR codes' column, which has none. */
type RecordColumn = readonly [name: After<MessageKey, 'record.col.'> | '', width: number | 'rest'];

/**
 * A table section of the training record: its title and empty note named by the section, its headers
 * by their columns, kept with 40 points of what follows unless said (70 where rows carry QR codes).
 */
export function drawRecordSection(
  doc: PDFDocument,
  p: Painter,
  flow: Flow,
  name: RecordSectionName,
  section: { detail?: string | null; keepWith?: number; columns: RecordColumn[]; rows: Cell[][] },
) {
  drawTableSection(doc, p, flow, {
    title: p.tr(`record.section.${name}`),
    detail: section.detail,
    keepWith: section.keepWith ?? 40,
    empty: p.tr(`record.empty.${name}`),
    columns: section.columns.map(([column, width]) => [column ? p.tr(`record.col.${column}`) : '', width]),
    rows: section.rows,
  });
}

/*
 * The parts of the training record that are its own: the first page's header, the summary, the
 * rows of its tables and the history of each course. The page, flow and table pieces are in pdf/.
 */

// A4 portrait, in points.
export const RECORD_LAYOUT: PageLayout = { ...A4, marginX: 46, top: A4.height - 40, bottom: 62 };

const MARGIN_X = RECORD_LAYOUT.marginX;
const CONTENT_WIDTH = contentWidth(RECORD_LAYOUT);
const TOP = RECORD_LAYOUT.top;

const STATUS_TONES: Record<ComplianceStatus, Tone> = {
  overdue: RED,
  'due-soon': AMBER,
  compliant: GREEN,
  pending: BLUE,
  exempt: GREY,
};
// The compliance table carries the alarm; an expired certificate in the list is usually history.
const CERTIFICATE_TONES: Record<TrainingRecordCertificate['status'], Tone> = {
  ACTIVE: GREEN,
  EXPIRED: GREY,
  REVOKED: RED,
};
const PROGRESS_TONES: Record<string, Tone> = { ENROLLED: GREY, IN_PROGRESS: BLUE, COMPLETED: GREEN };

export function drawFirstPageHeader(p: Painter, flow: Flow, record: TrainingRecordResponse, appName: string) {
  const { page } = flow;
  const right = MARGIN_X + CONTENT_WIDTH;
  let y = TOP;
  const generatedLabel = p.spaced(p.tr('record.generated'), 'bold');
  const generated = p.tr('record.utcTime', { time: formatLongDateTime(p.language, record.generatedAt) });
  // The right-hand block ("Generated" and the time) takes what it needs; the app name and the title the rest.
  const side = Math.max(p.width(generatedLabel, 'bold', 6.8), p.width(generated, 'regular', 9)) + 16;
  const app =
    p.wrap(p.spaced(appName, 'bold'), 'bold', 8.5, Math.min(CONTENT_WIDTH * 0.6, CONTENT_WIDTH - side), 1, 'auto')[0] ??
    '';
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
    [
      'record.field.status',
      p.tr(user.status === 'ACTIVE' ? 'record.account.ACTIVE' : 'record.account.DEACTIVATED'),
      'doc',
    ],
    ['record.field.department', user.department, 'auto'],
    ['record.field.jobTitle', user.jobTitle, 'auto'],
  ];
  const colWidth = (CONTENT_WIDTH - 24) / 3;
  const cells = fields.map(([key, value, dir]) => ({
    label: p.wrap(p.spaced(p.tr(key), 'bold'), 'bold', 6.5, colWidth - 10, 1)[0] ?? '',
    lines: value?.trim() ? p.wrap(value, 'regular', 9, colWidth - 10, 4, dir) : [NONE],
    dir,
  }));
  const rowHeights = [0, 1].map(
    (row) => 12 + Math.max(1, ...cells.slice(row * 3, row * 3 + 3).map((c) => c.lines.length)) * lineHeight(9),
  );
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
      cell.lines.forEach((line, l) => {
        p.text(page, line, {
          x,
          y: py - 17 - l * lineHeight(9),
          size: 9,
          weight: 'regular',
          color: INK,
          dir: cell.dir,
        });
      });
    });
    py -= rowHeights[row]! + 6;
  });
  return y - panelHeight - 4;
}

const complianceLabel = (p: Painter, status: ComplianceStatus) => p.tr(`record.compliance.${status}`);

export function drawSummary(p: Painter, flow: Flow, required: TrainingRecordCourse[]) {
  const counts = new Map<ComplianceStatus, number>();
  for (const course of required)
    if (course.compliance) counts.set(course.compliance.status, (counts.get(course.compliance.status) ?? 0) + 1);
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

export function requiredRows(p: Painter, courses: TrainingRecordCourse[]): Cell[][] {
  return courses.map((course) => {
    const cell = course.compliance;
    return [
      { blocks: [{ text: course.courseTitle, font: 'bold', dir: 'auto' }] },
      cell
        ? { pill: { label: complianceLabel(p, cell.status), tone: STATUS_TONES[cell.status] } }
        : { blocks: [{ text: NONE }] },
      { blocks: [{ text: p.day(cell?.dueAt) }] },
      { blocks: [{ text: p.day(cell?.validUntil) }] },
      { blocks: [{ text: cell?.certificateNumber ?? NONE }] },
    ];
  });
}

export interface CertificateEntry {
  course: TrainingRecordCourse;
  cycle: TrainingRecordCycle;
  certificate: TrainingRecordCertificate;
}

export function certificateRows(p: Painter, entries: CertificateEntry[], origin: string | null): Cell[][] {
  return entries.map(({ course, cycle, certificate }) => {
    const details: Block[] = [
      { text: course.courseTitle, font: 'bold', dir: 'auto' },
      {
        text: p.tr('record.certificate.cycle', { number: certificate.certificateNumber, cycle: cycle.cycle }),
        color: INK,
      },
      {
        text: p.tr('cert.deliveryLanguage', { language: formatLanguageName(p.language, certificate.language) }),
        color: MUTED,
      },
    ];
    if (certificate.renews)
      details.push({ text: p.tr('record.certificate.renews', { number: certificate.renews }), color: MUTED });
    if (certificate.renewedBy)
      details.push({ text: p.tr('record.certificate.supersededBy', { number: certificate.renewedBy }), color: MUTED });
    if (origin)
      details.push({
        text: verificationUrl(origin, certificate.certificateNumber),
        size: 6.5,
        color: MUTED,
        dir: 'auto',
      });
    const status: Cell = {
      pill: { label: p.tr(`verify.status.${certificate.status}`), tone: CERTIFICATE_TONES[certificate.status] },
    };
    if (certificate.revokedAt)
      status.blocks = [
        { text: p.tr('record.certificate.revokedOn', { date: p.day(certificate.revokedAt) }), size: 7.5, color: MUTED },
      ];
    const row: Cell[] = [
      { blocks: details },
      { blocks: [{ text: p.day(certificate.issuedAt) }] },
      {
        blocks: [
          { text: certificateExpires(certificate.expiresAt) ? p.day(certificate.expiresAt) : p.tr('cert.noExpiry') },
        ],
      },
      status,
    ];
    return origin ? [{ qr: verificationUrl(origin, certificate.certificateNumber) }, ...row] : row;
  });
}

function progressOf(p: Painter, status: string): { label: string; tone: Tone } {
  const key = `record.progress.${status}`;
  const catalog = CATALOGS[p.language] as Record<string, string | undefined>;
  // A status this build does not know is still shown, as the server wrote it.
  return {
    label: catalog[key] ? p.tr(key as MessageKey) : status.charAt(0) + status.slice(1).toLowerCase().replace(/_/g, ' '),
    tone: PROGRESS_TONES[status] ?? GREY,
  };
}

function attemptResult(p: Painter, attempt: TrainingRecordAttempt): { label: string; tone: Tone } {
  if (attempt.submittedAt == null) return { label: p.tr('record.attempt.notSubmitted'), tone: GREY };
  if (attempt.passed == null) return { label: p.tr('record.attempt.submitted'), tone: BLUE };
  return attempt.passed
    ? { label: p.tr('record.attempt.passed'), tone: GREEN }
    : { label: p.tr('record.attempt.failed'), tone: RED };
}

const percent = (p: Painter, value: number, digits: number) =>
  p.number(value / 100, { style: 'percent', maximumFractionDigits: digits });
const score = (p: Painter, value: number | null) => (value == null ? NONE : percent(p, value, 2));

export function drawHistory(doc: PDFDocument, p: Painter, flow: Flow, course: TrainingRecordCourse) {
  const tag = p.tr(course.required ? 'record.history.required' : 'record.history.notRequired');
  const tagWidth = pillWidth(p, tag);
  const titleLines = flow.lines(
    { text: course.courseTitle, font: 'bold', size: 10.5, dir: 'auto' },
    CONTENT_WIDTH - Math.max(80, tagWidth + 12),
  );
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
    drawNote(
      p,
      flow,
      metBy ? p.tr('record.history.metByOther', { number: metBy }) : p.tr('record.history.notEnrolled'),
      MARGIN_X + 12,
      CONTENT_WIDTH - 12,
    );
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
      const continued =
        p.wrap(p.tr('record.history.continued', { course: titleLines.join(' ') }), 'bold', 9, CONTENT_WIDTH, 1)[0] ??
        '';
      p.text(flow.page, continued, { x: MARGIN_X, y: flow.y - 9, size: 9, weight: 'bold', color: MUTED });
      flow.y -= 16;
    }

    const heading = p.tr(cycle.current ? 'record.history.cycleCurrent' : 'record.history.cycle', {
      cycle: cycle.cycle,
    });
    p.rect(flow.page, indent - 6, flow.y - 14, 2, 12, progress.tone.ink);
    p.text(flow.page, heading, { x: indent, y: flow.y - 10.5, size: 9, weight: 'bold', color: INK });
    drawPill(p, flow.page, progress.label, progress.tone, indent + p.width(heading, 'bold', 9) + 8, flow.y - 1);
    flow.y -= 16;
    for (const line of factLines) {
      p.text(flow.page, line, {
        x: indent,
        y: flow.y - BODY_SIZE - 1,
        size: BODY_SIZE,
        weight: 'regular',
        color: MUTED,
      });
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
