import { lt, sql } from 'drizzle-orm';
import { createDb, type Db } from './db/client';
import { rateLimits, revokedTokens } from './db/schema';
import type { Bindings } from './env';
import { closeOverdueAttempts as closeOverdue } from './services/assessments';
import { readConfig } from './config';
import { backfillCertificates } from './services/certificates';
import { fontsFor } from './services/pdf/font-loader';
import { storageFor } from './services/storage';
import { abortStaleUploads as abortStale } from './services/uploads';
import { sweepStagedPackages } from './services/staged-packages';
import { retryPendingMail } from './services/mail';
import { recomputeCourseProgress } from './services/progress';
import { sendAdminDigest, sendLearnerReminders } from './services/reminders';
import { sendCredentialReminders } from './services/credential-reminders';
import { sendSessionReminders } from './services/session-reminders';
import { sendTeamDigests } from './services/team-digest';
import { sendScheduledReports } from './services/report-subscriptions';
import { deleteExpiredSelfSignatures } from './services/talk-self-sign';

type Job = (env: Bindings, db: Db, now: Date) => Promise<void>;

/** Housekeeping: expired revocations, stale rate-limit windows and expired pending talk signatures need not be kept. */
const pruneAuthTables: Job = async (_env, db, now) => {
  await db.batch([
    db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now.toISOString())),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, Math.floor(now.getTime() / 1000) - 24 * 3600)),
    // Toolbox-talk signatures made on one's own phone whose talk never arrived (never attendance).
    deleteExpiredSelfSignatures(db, now),
  ]);
};

/** Certificates of completed courses that a failed request left unissued, and PDFs not yet rendered. */
const certificateBackfill: Job = async (env, db, now) => {
  await backfillCertificates({ storage: storageFor(env), config: readConfig(env), fonts: fontsFor(env) }, db, now);
};

/** Attempts whose deadline (plus grace) passed are graded on their saved answers, even if the browser never returns. */
export const closeOverdueAttempts: Job = async (_env, db, now) => {
  await closeOverdue(db, now);
};

/**
 * A submit or completion stores the component first and the course progress second; if the second
 * write failed, the course would never read COMPLETED (and no certificate would be issued).
 * Enrollments whose every component is completed but which are not COMPLETED are recomputed.
 */
export const repairCompletedCourses: Job = async (_env, db, now) => {
  const stale = await db.all<{ user_id: string; course_id: string }>(sql`
    SELECT cp.user_id, cp.course_id FROM course_progress cp
    WHERE cp.status <> 'COMPLETED'
      AND EXISTS (SELECT 1 FROM course_components c WHERE c.course_id = cp.course_id)
      AND NOT EXISTS (
        SELECT 1 FROM course_components c
        WHERE c.course_id = cp.course_id
          AND NOT EXISTS (SELECT 1 FROM component_progress p WHERE p.component_id = c.id AND p.user_id = cp.user_id AND p.status = 'COMPLETED')
      )
    LIMIT 200`);
  for (const row of stale) await recomputeCourseProgress(db, row.user_id, row.course_id, now);
};

/** Multipart uploads whose Worker died mid-way: their parts are aborted after an hour in flight. */
export const abortStaleUploads: Job = async (env, db, now) => {
  await abortStale(db, storageFor(env), now);
};

/** SCORM files stored by a Worker that died before writing their material row: deleted after an hour. */
export const sweepOrphanedPackages: Job = async (env, db, now) => {
  await sweepStagedPackages(db, storageFor(env), now);
};

const mailDeps = (env: Bindings) => ({ config: readConfig(env), email: env.EMAIL });

/**
 * The cron fires every minute; the reminder walk over everyone covered runs on the first firing of
 * each UTC day (claimed in rate_limits, which the housekeeping job prunes after a day).
 */
async function firstRunToday(db: Db, job: string, now: Date): Promise<boolean> {
  const claimed = await db
    .insert(rateLimits)
    .values({
      key: `cron:${job}:${now.toISOString().slice(0, 10)}`,
      count: 1,
      windowStart: Math.floor(now.getTime() / 1000),
    })
    .onConflictDoNothing()
    .returning({ key: rateLimits.key });
  return claimed.length > 0;
}

/** Required-training reminders to learners (30 and 7 days ahead, overdue), each sent once. */
export const learnerReminders: Job = async (env, db, now) => {
  if (await firstRunToday(db, 'reminders', now)) await sendLearnerReminders(mailDeps(env), db, now);
};

/** Reminders to workers before an approved external credential expires (30 and 7 days ahead), each sent once. */
export const credentialReminders: Job = async (env, db, now) => {
  if (await firstRunToday(db, 'credential-reminders', now)) await sendCredentialReminders(mailDeps(env), db, now);
};

/** One reminder per accepted classroom place, a day before the session (claimed per invitation, so once). */
export const sessionReminders: Job = async (env, db, now) => {
  await sendSessionReminders(mailDeps(env), db, now);
};

/** The weekly digest of overdue people to administrators (first run of each UTC week). */
export const adminDigest: Job = async (env, db, now) => {
  if (await firstRunToday(db, 'digest', now)) await sendAdminDigest(mailDeps(env), db, now);
};

/** The weekly digest to each supervisor of who in their team lapses within 30 days (claimed per week, so once). */
export const teamDigest: Job = async (env, db, now) => {
  if (await firstRunToday(db, 'team-digest', now)) await sendTeamDigests(mailDeps(env), db, now);
};

/** Scheduled compliance reports (issue 30): each subscription once per week or month, claimed per period. */
export const scheduledReports: Job = async (env, db, now) => {
  const config = readConfig(env);
  await sendScheduledReports(
    {
      ...mailDeps(env),
      storage: storageFor(env),
      fonts: fontsFor(env),
      secret: env.JWT_SECRET,
      appName: config.appName,
      publicUrl: config.publicUrl,
    },
    db,
    now,
  );
};

/** Outbox messages whose delivery failed are retried with backoff, then marked FAILED. */
export const retryMail: Job = async (env, db, now) => {
  await retryPendingMail(mailDeps(env), db, now);
};

/** Every job runs even when another fails; failures are logged, never swallowed silently. */
export const JOBS: Record<string, Job> = {
  pruneAuthTables,
  repairCompletedCourses,
  certificateBackfill,
  closeOverdueAttempts,
  abortStaleUploads,
  sweepOrphanedPackages,
  learnerReminders,
  credentialReminders,
  sessionReminders,
  adminDigest,
  teamDigest,
  scheduledReports,
  retryMail,
};

/** The request scripts/lib.mjs's local front sends for `/cdn-cgi/handler/scheduled` (worker/index.ts). */
export const SCHEDULED_TRIGGER_PATH = '/api/__scheduled';

/** Only a POST carrying the local-only CRON_TRIGGER_TOKEN runs the jobs; without the variable the path is an ordinary 404. */
export function scheduledTriggerAllowed(request: Request, env: Pick<Bindings, 'CRON_TRIGGER_TOKEN'>): boolean {
  const token = env.CRON_TRIGGER_TOKEN;
  return request.method === 'POST' && !!token && token.length >= 16 && request.headers.get('x-cron-trigger') === token;
}

export interface ScheduledSummary {
  ok: string[];
  failed: { job: string; error: string }[];
}

const logLine = (fields: Record<string, unknown>) => JSON.stringify(fields);

/**
 * Runs every job; never rejects. A job that fails is logged (`scheduled.failed`) and the others
 * still run; the closing `scheduled.done` line says which ran, so a trigger never passes silently.
 */
export async function runScheduled(env: Bindings, now = new Date()): Promise<ScheduledSummary> {
  const names = Object.keys(JOBS);
  let db: Db;
  try {
    db = await createDb(env);
  } catch (error) {
    const failed = names.map((job) => ({ job, error: `no database: ${String(error)}` }));
    console.error(logLine({ level: 'error', event: 'scheduled.failed', job: '*', error: failed[0]?.error }));
    return { ok: [], failed };
  }
  const results = await Promise.allSettled(Object.values(JOBS).map((job) => job(env, db, now)));
  const summary: ScheduledSummary = { ok: [], failed: [] };
  results.forEach((result, index) => {
    const job = names[index];
    if (result.status === 'fulfilled') {
      summary.ok.push(job);
      return;
    }
    const reason = result.reason as { stack?: string } | undefined;
    const error = String(result.reason);
    summary.failed.push({ job, error });
    console.error(logLine({ level: 'error', event: 'scheduled.failed', job, error, stack: reason?.stack }));
  });
  console.log(
    logLine({
      level: 'info',
      event: 'scheduled.done',
      at: now.toISOString(),
      ok: summary.ok.length,
      failed: summary.failed.map((f) => f.job),
    }),
  );
  return summary;
}
