import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { originFor } from '../config';
import type { Db } from '../db/client';
import { authorisations, certificates, courses, credentials, credentialTypes } from '../db/schema';
import type { AppEnv } from '../env';
import { sha256Hex } from './crypto';
import { qrMatrix, qrRuns } from './pdf/qr';
import { sessionDetail, type SessionRow } from './sessions';

/**
 * The attendance sheet of a session (29 CFR 1910.1030(h)(2)'s fields): date, place, outline and
 * its version, the trainers with the qualifications they held that day (certificates,
 * authorisations, approved credentials), each attendee's name, job title, sign-in method and time,
 * the sign-off, and a QR code carrying the sheet's address and the record's fingerprint.
 * Drawn with the standard Helvetica font: text outside Latin-1 prints as "?" (the training
 * record's multi-script painter is the next step).
 */

const INK = rgb(0.13, 0.15, 0.19);
const MUTED = rgb(0.4, 0.44, 0.5);
const latin1 = (text: string) =>
  text.replace(/[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g, '?');

/** What the trainer held on the session's day. */
async function qualificationsOf(db: Db, userId: string, day: string): Promise<string[]> {
  const [certs, auths, creds] = await Promise.all([
    db
      .select({ title: courses.title, number: certificates.certificateNumber })
      .from(certificates)
      .innerJoin(courses, eq(courses.id, certificates.courseId))
      .where(
        and(
          eq(certificates.userId, userId),
          isNull(certificates.revokedAt),
          lte(certificates.issuedAt, `${day}T23:59:59.999Z`),
          gt(certificates.expiresAt, `${day}T00:00:00.000Z`),
        ),
      ),
    db
      .select({ title: authorisations.title, number: authorisations.number })
      .from(authorisations)
      .where(
        and(
          eq(authorisations.userId, userId),
          isNull(authorisations.revokedAt),
          lte(authorisations.issuedAt, `${day}T23:59:59.999Z`),
          gt(authorisations.expiresAt, `${day}T00:00:00.000Z`),
        ),
      ),
    db
      .select({ title: credentialTypes.name, number: credentials.number })
      .from(credentials)
      .innerJoin(credentialTypes, eq(credentialTypes.id, credentials.typeId))
      .where(
        and(
          eq(credentials.userId, userId),
          eq(credentials.status, 'APPROVED'),
          or(isNull(credentials.expiresOn), sql`${credentials.expiresOn} >= ${day}`),
        ),
      ),
  ]);
  return [
    ...certs.map((c) => `Certificate: ${c.title} (${c.number})`),
    ...auths.map((a) => `Authorisation: ${a.title} (${a.number})`),
    ...creds.map((c) => `Credential: ${c.title}${c.number ? ` (${c.number})` : ''}`),
  ];
}

class Sheet {
  page: PDFPage;
  y: number;
  constructor(
    private doc: PDFDocument,
    private font: PDFFont,
    private bold: PDFFont,
  ) {
    this.page = doc.addPage([595, 842]);
    this.y = 800;
  }
  line(text: string, options: { size?: number; bold?: boolean; x?: number; color?: typeof INK } = {}) {
    const size = options.size ?? 9;
    if (this.y < 60) {
      this.page = this.doc.addPage([595, 842]);
      this.y = 800;
    }
    const font = options.bold ? this.bold : this.font;
    // Long texts are cut to the page width (the outline is wrapped by the caller).
    let value = latin1(text);
    while (value.length > 1 && font.widthOfTextAtSize(value, size) > 515 - (options.x ?? 0)) value = value.slice(0, -1);
    this.page.drawText(value, { x: 40 + (options.x ?? 0), y: this.y, size, font, color: options.color ?? INK });
    this.y -= size * 1.45;
  }
  wrap(text: string, size = 9) {
    for (const paragraph of text.split(/\r?\n/)) {
      let current = '';
      for (const word of paragraph.split(/\s+/)) {
        const next = current ? `${current} ${word}` : word;
        if (this.font.widthOfTextAtSize(latin1(next), size) > 515 && current) {
          this.line(current, { size });
          current = word;
        } else current = next;
      }
      this.line(current, { size });
    }
  }
}

export async function attendanceSheet(c: Context<AppEnv>, session: SessionRow): Promise<Uint8Array> {
  const db = c.var.db;
  const detail = await sessionDetail(db, session);
  const day = session.startsAt.slice(0, 10);
  const doc = await PDFDocument.create();
  doc.setTitle(`Attendance sheet: ${latin1(session.title)}`);
  const sheet = new Sheet(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  sheet.line('Classroom session attendance sheet', { size: 16, bold: true });
  sheet.line(session.title, { size: 12, bold: true });
  sheet.y -= 4;
  sheet.line(
    `Date: ${session.startsAt.slice(0, 16).replace('T', ' ')} to ${session.endsAt.slice(0, 16).replace('T', ' ')} UTC`,
  );
  sheet.line(`Place: ${session.location}`);
  sheet.line(
    session.status === 'SIGNED_OFF'
      ? `Signed off by ${session.signedOffName} on ${session.signedOffAt?.slice(0, 16).replace('T', ' ')} UTC: "${session.signOffMeaning}"`
      : 'Not signed off yet: this sheet is a draft.',
    { bold: true },
  );
  sheet.y -= 6;
  sheet.line('Outline', { size: 11, bold: true });
  if (detail.material) sheet.line(`Material: ${detail.material.title}, version of ${detail.material.version}`);
  if (session.outline) sheet.wrap(session.outline);
  sheet.y -= 6;
  sheet.line('Trainers and their qualifications on the day', { size: 11, bold: true });
  for (const trainer of detail.trainers) {
    sheet.line(`${trainer.name}${trainer.jobTitle ? `, ${trainer.jobTitle}` : ''}`, { bold: true });
    const held = await qualificationsOf(db, trainer.id, day);
    if (held.length === 0) sheet.line('No recorded qualification', { x: 12, color: MUTED });
    for (const item of held) sheet.line(item, { x: 12 });
  }
  sheet.y -= 6;
  const present = detail.roster.filter((entry) => entry.attendance?.present);
  sheet.line(`Attendees (${present.length})`, { size: 11, bold: true });
  sheet.line('Name / Job title / Method / Time (UTC)', { color: MUTED });
  for (const entry of present) {
    const mark = entry.attendance!;
    sheet.line(`${entry.name} / ${entry.jobTitle ?? '-'} / ${mark.method} / ${mark.at.slice(0, 16).replace('T', ' ')}`);
  }
  if (detail.amendments.length) {
    sheet.y -= 6;
    sheet.line(`Amendments after sign-off (${detail.amendments.length})`, { size: 11, bold: true });
    for (const amendment of detail.amendments)
      sheet.line(`${amendment.at.slice(0, 16).replace('T', ' ')}: ${amendment.userId}: ${amendment.reason}`);
  }
  // The QR: where the sheet is read again, and the fingerprint of the record it was drawn from.
  const fingerprint = (await sha256Hex(JSON.stringify(detail))).slice(0, 16);
  const origin = originFor(c.var.config, c.req.url) ?? '';
  const target = `${origin}/api/v2/sessions/${session.id}/attendance-sheet.pdf#record=${fingerprint}`;
  const matrix = qrMatrix(target);
  const module = 2;
  const top = Math.max(sheet.y - 10, 60 + matrix.length * module);
  for (const run of qrRuns(matrix))
    sheet.page.drawRectangle({
      x: 40 + run.col * module,
      y: top - (run.row + 1) * module,
      width: run.length * module,
      height: module,
      color: INK,
    });
  sheet.y = top - matrix.length * module - 12;
  sheet.line(`Record fingerprint ${fingerprint}`, { color: MUTED });
  return doc.save();
}
