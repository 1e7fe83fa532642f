import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { originFor } from '../config';
import type { Db } from '../db/client';
import { authorisations, certificates, courses, credentials, credentialTypes } from '../db/schema';
import type { AppEnv } from '../env';
import { sha256Hex } from './crypto';
import { heldOnDay } from './qualification';
import { renderAttendanceSheetPdf } from './session-sheet-pdf';
import { sessionDetail, type SessionRow } from './sessions';

/**
 * The attendance sheet of a session: gathers what it prints (the trainers' qualifications held on
 * the session's day: certificates, authorisations, approved credentials; the attendees marked
 * present; the record's fingerprint) and draws it with session-sheet-pdf.ts. Loaded with the first
 * sheet an isolate renders (the route imports it lazily, with pdf-lib).
 */

/** What the trainer held on the session's day. */
async function qualificationsOf(db: Db, userId: string, day: string): Promise<string[]> {
  const [certs, auths, creds] = await Promise.all([
    db
      .select({ title: courses.title, number: certificates.certificateNumber })
      .from(certificates)
      .innerJoin(courses, eq(courses.id, certificates.courseId))
      .where(and(eq(certificates.userId, userId), heldOnDay.certificate(day))),
    db
      .select({ title: authorisations.title, number: authorisations.number })
      .from(authorisations)
      .where(and(eq(authorisations.userId, userId), heldOnDay.authorisation(day))),
    db
      .select({ title: credentialTypes.name, number: credentials.number })
      .from(credentials)
      .innerJoin(credentialTypes, eq(credentialTypes.id, credentials.typeId))
      .where(and(eq(credentials.userId, userId), heldOnDay.credential(day))),
  ]);
  return [
    ...certs.map((c) => `Certificate: ${c.title} (${c.number})`),
    ...auths.map((a) => `Authorisation: ${a.title} (${a.number})`),
    ...creds.map((c) => `Credential: ${c.title}${c.number ? ` (${c.number})` : ''}`),
  ];
}

export async function attendanceSheet(c: Context<AppEnv>, session: SessionRow): Promise<Uint8Array> {
  const db = c.var.db;
  const detail = await sessionDetail(db, session);
  const day = session.startsAt.slice(0, 10);
  const fingerprint = (await sha256Hex(JSON.stringify(detail))).slice(0, 16);
  const origin = originFor(c.var.config, c.req.url) ?? new URL(c.req.url).origin;
  const trainers = await Promise.all(
    detail.trainers.map(async (trainer) => ({
      name: trainer.name,
      jobTitle: trainer.jobTitle,
      qualifications: await qualificationsOf(db, trainer.id, day),
    })),
  );
  return renderAttendanceSheetPdf(
    {
      title: session.title,
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      location: session.location,
      site: detail.site?.name ?? null,
      outline: session.outline,
      material: detail.material,
      signedOff:
        session.status === 'SIGNED_OFF' && session.signedOffAt
          ? {
              name: session.signedOffName ?? '',
              at: session.signedOffAt,
              meaning: session.signOffMeaning ?? '',
              provider: session.signOffProvider,
            }
          : null,
      trainers,
      attendees: detail.roster.flatMap((entry) =>
        entry.attendance?.present
          ? [{ name: entry.name, jobTitle: entry.jobTitle, method: entry.attendance.method, at: entry.attendance.at }]
          : [],
      ),
      amendments: detail.amendments.map((a) => ({ at: a.at, userId: a.userId, reason: a.reason })),
      sheetUrl: `${origin.replace(/\/+$/, '')}/api/v2/sessions/${session.id}/attendance-sheet.pdf#record=${fingerprint}`,
      fingerprint,
    },
    { appName: c.var.config.appName, fonts: c.var.fonts },
  );
}
