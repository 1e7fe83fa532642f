import type { PDFDocument } from 'pdf-lib';
import { certificateExpires } from '../contract/certificates';
import type { TrainingRecordResponse } from '../contract/training-record';
import type { TalkSummary } from '../contract/talks';
import type { TrainingRecordCredential, TrainingRecordEvaluation } from '../contract/training-record-offscreen';
import type { Block, Flow } from './pdf/flow';
import { AMBER, BLUE, GREEN, GREY, INK, MUTED, RED, type Tone } from './pdf/palette';
import { NONE, type Painter } from './pdf/painter';
import { CELL_PAD_X, QR_SIZE, type Cell } from './pdf/table';
import { drawRecordSection } from './training-record-sections';
import type { FontRole } from './pdf/text-writer';

/*
 * The training record's practical evaluations and credentials (issue 28), drawn after the
 * certificates: the same table sections, the same page breaks (a row never splits; the header
 * repeats on the next page), every free text through the writer so any script prints.
 */

/** The page an authorisation's QR code opens (the Worker renders it like /certificate/verify). */
export const authorisationVerifyUrl = (origin: string, number: string) =>
  `${origin.replace(/\/+$/, '')}/authorisation/verify/${encodeURIComponent(number)}`;

const AUTHORISATION_TONES: Record<string, Tone> = { ACTIVE: GREEN, EXPIRED: GREY, REVOKED: RED };
const CREDENTIAL_TONES: Record<string, Tone> = { APPROVED: GREEN, PENDING: BLUE, REJECTED: RED, EXPIRED: AMBER };
const DATE_COLUMN = 86;

/** The texts these sections draw that come from the record (names, titles, notes), for the font loader. */
export function offscreenTexts(record: TrainingRecordResponse): [string, FontRole][] {
  const texts: [string | null, FontRole][] = [
    ...record.evaluations.flatMap((e): [string | null, FontRole][] => [
      [e.templateName, 'sansBold'],
      [e.grants, 'sans'],
      [e.evaluatorName, 'sans'],
      [e.acknowledgement?.name ?? null, 'sans'],
      ...e.failedItems.map((item): [string, FontRole] => [item, 'sans']),
    ]),
    ...record.credentials.flatMap((c): [string | null, FontRole][] => [
      [c.typeName, 'sansBold'],
      [c.issuer, 'sans'],
      [c.number, 'sans'],
      [c.reviewedBy, 'sans'],
      [c.rejectReason, 'sans'],
    ]),
    ...record.talks.flatMap((talk): [string | null, FontRole][] => [
      [talk.topicTitle, 'sansBold'],
      [talk.foremanName, 'sans'],
      [talk.signedByName, 'sans'],
    ]),
  ];
  return texts.filter((item): item is [string, FontRole] => !!item[0]);
}

function evaluationRow(p: Painter, e: TrainingRecordEvaluation, origin: string | null): Cell[] {
  const details: Block[] = [
    { text: e.templateName, font: 'bold', dir: 'auto' },
    { text: p.tr('record.evaluation.version', { version: e.templateVersion, grants: e.grants }), color: INK },
    { text: p.tr('record.evaluation.signedBy', { name: e.evaluatorName, date: p.day(e.signedAt) }), color: MUTED },
    ...(e.signatureProvider
      ? [{ text: p.tr('record.evaluation.signedAtProvider', { provider: e.signatureProvider }), color: MUTED }]
      : []),
    {
      text: e.acknowledgement
        ? p.tr('record.evaluation.acknowledged', {
            name: e.acknowledgement.name ?? e.evaluatorName,
            date: p.day(e.acknowledgement.at),
            method: p.tr(`record.ack.${e.acknowledgement.method}`),
          })
        : p.tr('record.evaluation.notAcknowledged'),
      color: MUTED,
    },
  ];
  if (e.failedItems.length > 0) {
    details.push({ text: p.tr('record.evaluation.notPassed'), font: 'bold', color: INK });
    for (const item of e.failedItems) details.push({ text: `• ${item}`, dir: 'auto' });
  }
  const a = e.authorisation;
  const authorisation: Cell = a
    ? {
        ...(origin ? { qr: authorisationVerifyUrl(origin, a.number) } : {}),
        pill: { label: p.tr(`verify.status.${a.status}`), tone: AUTHORISATION_TONES[a.status] ?? GREY },
        blocks: [
          { text: a.number, font: 'bold' },
          {
            text: certificateExpires(a.expiresAt)
              ? p.tr('record.authorisation.validUntil', { date: p.day(a.expiresAt) })
              : p.tr('record.authorisation.noExpiry'),
            size: 7.5,
            color: MUTED,
          },
        ],
      }
    : { blocks: [{ text: NONE }] };
  return [
    { blocks: details },
    { blocks: [{ text: p.day(e.conductedAt) }] },
    {
      pill: {
        label: p.tr(`record.outcome.${e.outcome}`),
        tone: e.outcome === 'COMPETENT' ? GREEN : RED,
      },
    },
    authorisation,
  ];
}

function credentialRow(p: Painter, c: TrainingRecordCredential): Cell[] {
  const details: Block[] = [{ text: c.typeName, font: 'bold', dir: 'auto' }];
  if (c.issuer) details.push({ text: p.tr('record.credential.issuer', { issuer: c.issuer }), dir: 'auto' });
  if (c.number) details.push({ text: p.tr('record.credential.number', { number: c.number }), color: MUTED });
  // An approved credential past its date no longer counts: the pill says so, the approval stays below.
  const look = c.status === 'APPROVED' && c.expired ? 'EXPIRED' : c.status;
  const reviewer = c.reviewedBy ?? NONE;
  const approval: Block[] = [
    {
      text:
        c.status === 'APPROVED'
          ? p.tr('record.credential.approved', { name: reviewer, date: p.day(c.reviewedAt) })
          : c.status === 'REJECTED'
            ? p.tr('record.credential.rejected', {
                name: reviewer,
                date: p.day(c.reviewedAt),
                reason: c.rejectReason ?? '',
              })
            : p.tr('record.credential.submitted', { date: p.day(c.submittedAt) }),
      size: 7.5,
      color: MUTED,
      dir: 'auto',
    },
  ];
  return [
    { blocks: details },
    { blocks: [{ text: p.day(c.issuedOn) }] },
    { blocks: [{ text: c.expiresOn ? p.day(c.expiresOn) : p.tr('record.credential.noExpiry') }] },
    {
      pill: { label: p.tr(`record.credentialStatus.${look}`), tone: CREDENTIAL_TONES[look] ?? GREY },
      blocks: approval,
    },
  ];
}

/** A toolbox talk the person is on the sheet of (issue 29): the topic, who led it, how their line was signed. */
function talkRow(p: Painter, talk: TalkSummary): Cell[] {
  const onBehalf = talk.method === 'on-behalf';
  return [
    {
      blocks: [
        { text: talk.topicTitle, font: 'bold', dir: 'auto' },
        { text: p.tr('record.talk.led', { number: talk.number, name: talk.foremanName }), color: MUTED, dir: 'auto' },
      ],
    },
    { blocks: [{ text: p.day(talk.startedAt) }] },
    {
      pill: {
        label: onBehalf ? p.tr('record.talk.onBehalfPill') : p.tr('record.talk.signed'),
        tone: onBehalf ? BLUE : GREEN,
      },
      blocks: onBehalf
        ? [
            {
              text: p.tr('record.talk.onBehalf', { name: talk.signedByName ?? NONE }),
              size: 7.5,
              color: MUTED,
              dir: 'auto',
            },
          ]
        : [],
    },
  ];
}

/** The sections, each a table or its empty note. */
export function drawOffscreenSections(
  doc: PDFDocument,
  p: Painter,
  flow: Flow,
  record: TrainingRecordResponse,
  origin: string | null,
) {
  const withCodes = origin && record.evaluations.some((e) => e.authorisation);
  drawRecordSection(doc, p, flow, 'evaluations', {
    detail: withCodes ? p.tr('record.scanHintAuthorisation') : null,
    keepWith: 70,
    columns: [
      ['evaluation', 'rest'],
      ['date', DATE_COLUMN],
      ['outcome', 92],
      ['authorisation', Math.max(104, QR_SIZE + CELL_PAD_X * 2)],
    ],
    rows: record.evaluations.map((e) => evaluationRow(p, e, origin)),
  });
  drawRecordSection(doc, p, flow, 'credentials', {
    columns: [
      ['credential', 'rest'],
      ['issued', DATE_COLUMN],
      ['expires', DATE_COLUMN],
      ['approval', 130],
    ],
    rows: record.credentials.map((c) => credentialRow(p, c)),
  });
  drawRecordSection(doc, p, flow, 'talks', {
    columns: [
      ['talk', 'rest'],
      ['date', DATE_COLUMN],
      ['signedHow', 150],
    ],
    rows: record.talks.map((talk) => talkRow(p, talk)),
  });
}
