import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  reportFilter,
  type ReportCadence,
  type ReportFilter,
  type ReportSubscriptionDto,
} from '../contract/report-subscriptions';
import { DAY_MS, STATUS_LABELS } from '../contract/rules/compliance';
import type { Db } from '../db/client';
import { reportSubscriptions, sites, users } from '../db/schema';
import type { CoverageFilter } from './compliance';
import { complianceCsvStream, coverageFilterOf } from './compliance-export';
import { purposeSignature, purposeSignatureValid } from './crypto';
import { sendMail, type MailDeps } from './mail';
import type { FontLoader } from './pdf/font-loader';
import { reportFigures } from './report-figures';
import type { Storage } from './storage';
import { fullName, permissionsOf } from './users';

/*
 * Scheduled compliance reports (issue 30, docs/decisions/2026-11-28-scheduled-reports.md). The cron
 * sends each subscription once per period: it claims the period with a compare-and-set on
 * `last_period` before it builds anything, so a handler firing twice (or two overlapping runs)
 * sends one report. The CSV and the PDF are stored under the subscription and linked from the
 * e-mail with signed links; the next period's report replaces them (one report's files kept).
 */

type Row = typeof reportSubscriptions.$inferSelect;

/** The period a report belongs to: ISO week `2026-W48` (weeks start on Monday, UTC) or month `2026-11`. */
export function periodOf(cadence: ReportCadence, now: Date): string {
  if (cadence === 'monthly') return now.toISOString().slice(0, 7);
  // ISO 8601: a week belongs to the year of its Thursday; week 1 holds the year's first Thursday.
  const thursday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  thursday.setUTCDate(thursday.getUTCDate() + 4 - (thursday.getUTCDay() || 7));
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** A stored filter read back through its schema (a row written before a change of the schema is judged again). */
export function storedFilter(json: string): ReportFilter | null {
  try {
    const parsed = v.safeParse(reportFilter, JSON.parse(json));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function toReportSubscriptionDto(row: Row): ReportSubscriptionDto {
  return {
    id: row.id,
    scope: row.scope,
    cadence: row.cadence,
    filter: storedFilter(row.filter) ?? { bookId: '', department: '', jobTitle: '', q: '', status: null },
    lastPeriod: row.lastPeriod,
    lastSentAt: row.lastSentAt,
    createdAt: row.createdAt,
  };
}

export const reportFileKey = (subscriptionId: string, period: string, kind: 'csv' | 'pdf') =>
  `reports/${subscriptionId}/${period}.${kind}`;

/** The signed file name of a report link: `<subscription>.<period>.<signature>.<kind>`. */
export async function reportFileName(secret: string, subscriptionId: string, period: string, kind: 'csv' | 'pdf') {
  return `${subscriptionId}.${period}.${await purposeSignature(secret, 'report', `${subscriptionId}.${period}.${kind}`)}.${kind}`;
}

/** The subscription, period and kind a signed file name names, or null when this Worker did not sign it. */
export async function reportOfFileName(secret: string, file: string) {
  const [id = '', period = '', signature = '', kind = ''] = file.split('.');
  if (kind !== 'csv' && kind !== 'pdf') return null;
  return (await purposeSignatureValid(secret, 'report', `${id}.${period}.${kind}`, signature))
    ? { id, period, kind: kind as 'csv' | 'pdf' }
    : null;
}

/** Deletes a report's stored files (a missing file is no error). */
export async function deleteReportFiles(storage: Storage, subscriptionId: string, period: string | null) {
  if (!period) return;
  await Promise.all(
    (['csv', 'pdf'] as const).map((kind) => storage.delete(reportFileKey(subscriptionId, period, kind))),
  );
}

export interface ReportDeps extends MailDeps {
  storage: Storage;
  fonts: FontLoader | null;
  secret: string;
  appName: string;
  publicUrl: string | null;
}

const SEND_BATCH = 25;

/** The filter in words for the summary and the e-mail. */
function filterText(filter: ReportFilter, site: string | null) {
  const parts = [
    site ? `Site: ${site}` : '',
    filter.department ? `Department: ${filter.department}` : '',
    filter.jobTitle ? `Job title: ${filter.jobTitle}` : '',
    filter.q ? `Search: ${filter.q}` : '',
    filter.status ? `Status: ${STATUS_LABELS[filter.status]}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Everyone covered';
}

/**
 * Cron job: every subscription whose period has no report yet gets one. Returns how many were sent.
 * A subscription whose owner has left, or who no longer holds Report Generation for a matrix
 * report, is claimed and skipped (nothing is sent for that period).
 */
export async function sendScheduledReports(deps: ReportDeps, db: Db, now: Date): Promise<number> {
  const weekly = periodOf('weekly', now);
  const monthly = periodOf('monthly', now);
  const due = await db
    .select()
    .from(reportSubscriptions)
    .where(
      or(
        and(
          eq(reportSubscriptions.cadence, 'weekly'),
          or(isNull(reportSubscriptions.lastPeriod), lt(reportSubscriptions.lastPeriod, weekly)),
        ),
        and(
          eq(reportSubscriptions.cadence, 'monthly'),
          or(isNull(reportSubscriptions.lastPeriod), lt(reportSubscriptions.lastPeriod, monthly)),
        ),
      ),
    )
    .orderBy(asc(reportSubscriptions.createdAt))
    .limit(SEND_BATCH);
  let sent = 0;
  for (const row of due) {
    const period = row.cadence === 'weekly' ? weekly : monthly;
    // The claim: only the run whose update matched sends this period's report.
    const claimed = await db
      .update(reportSubscriptions)
      .set({ lastPeriod: period, lastSentAt: now.toISOString() })
      .where(
        and(
          eq(reportSubscriptions.id, row.id),
          or(isNull(reportSubscriptions.lastPeriod), lt(reportSubscriptions.lastPeriod, period)),
        ),
      )
      .returning({ id: reportSubscriptions.id });
    if (claimed.length === 0) continue;
    try {
      if (await sendReport(deps, db, row, period, now)) sent += 1;
      await deleteReportFiles(deps.storage, row.id, row.lastPeriod);
    } catch (error) {
      console.error(
        JSON.stringify({ level: 'error', event: 'report.failed', subscription: row.id, period, error: String(error) }),
      );
    }
  }
  return sent;
}

async function sendReport(deps: ReportDeps, db: Db, row: Row, period: string, now: Date): Promise<boolean> {
  const owner = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      permissions: users.permissions,
      deactivatedAt: users.deactivatedAt,
      adminSiteId: users.adminSiteId,
      siteName: sql<string | null>`(SELECT ${sites.name} FROM ${sites} WHERE ${sites.id} = ${users.adminSiteId})`,
    })
    .from(users)
    .where(eq(users.id, row.ownerId))
    .get();
  const filter = storedFilter(row.filter);
  const skip = (reason: string) => {
    console.log(JSON.stringify({ level: 'info', event: 'report.skipped', subscription: row.id, period, reason }));
    return false;
  };
  if (!owner || owner.deactivatedAt) return skip('owner inactive');
  if (!filter) return skip('stored filter no longer valid');
  let scope: Pick<CoverageFilter, 'siteId' | 'teamOf'>;
  let title: string;
  if (row.scope === 'matrix') {
    // The owner's rights when the report is made, not when it was asked for.
    if (permissionsOf(owner)?.reportGeneration !== true) return skip('no Report Generation');
    scope = owner.adminSiteId ? { siteId: owner.adminSiteId } : {};
    title = 'Compliance matrix';
  } else {
    scope = { teamOf: owner.id };
    title = `Team of ${fullName(owner)}`;
  }
  const coverage = { ...coverageFilterOf(filter), ...scope };
  const csv = new Uint8Array(
    await new Response(await complianceCsvStream(db, { ...filter, page: 1, size: 25 }, now, scope)).arrayBuffer(),
  );
  await deps.storage.put(reportFileKey(row.id, period, 'csv'), csv, { contentType: 'text/csv; charset=utf-8' });
  const figures = await reportFigures(db, coverage, now);
  const cadence = row.cadence === 'weekly' ? 'Weekly' : 'Monthly';
  const words = filterText(filter, row.scope === 'matrix' ? owner.siteName : null);
  let pdfDrawn = true;
  try {
    const { renderReportSummaryPdf } = await import('./report-summary-pdf');
    const pdf = await renderReportSummaryPdf(
      { title, filterText: words, period: `${cadence} report ${period}`, generatedAt: now.toISOString(), figures },
      { appName: deps.appName, fonts: deps.fonts },
    );
    await deps.storage.put(reportFileKey(row.id, period, 'pdf'), pdf, { contentType: 'application/pdf' });
  } catch (error) {
    // A name no bundled font can draw refuses the PDF; the CSV still goes out.
    pdfDrawn = false;
    console.error(
      JSON.stringify({ level: 'error', event: 'report.pdf-failed', subscription: row.id, error: String(error) }),
    );
  }
  const origin = deps.publicUrl ?? row.origin ?? '';
  const link = async (kind: 'csv' | 'pdf') =>
    `${origin}/api/v2/report-files/${await reportFileName(deps.secret, row.id, period, kind)}`;
  const { summary } = figures;
  await sendMail(deps, db, {
    to: owner.email,
    userId: owner.id,
    kind: 'DIGEST',
    subject: `${cadence} compliance report ${period}: ${title}`,
    text: [
      `Your ${cadence.toLowerCase()} compliance report: ${title}`,
      `Filter: ${words}`,
      `As of ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${figures.people} people covered.`,
      `Compliant: ${summary.compliant} · Due soon: ${summary.dueSoon} · Overdue: ${summary.overdue} · Pending: ${summary.pending} · Exempt: ${summary.exempt} (${summary.percentCompliant}% compliant)`,
      `Lapsing within 30 days if nothing is done: ${summary.forecast.d30} people`,
      '',
      pdfDrawn ? `Summary (PDF): ${await link('pdf')}` : 'The PDF summary could not be drawn this time.',
      `Every person and requirement (CSV): ${await link('csv')}`,
      '',
      'The links work until the next report replaces this one. To stop these e-mails, cancel the report where you set it up.',
    ].join('\n'),
  });
  return true;
}
