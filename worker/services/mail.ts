import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { AppConfig } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The person the message is about (their training record lists it) and what kind it is. */
  userId?: string;
  kind?: 'REMINDER' | 'MANUAL_REMINDER' | 'DIGEST';
}

export interface MailDeps {
  config: Pick<AppConfig, 'mail'>;
  /** Cloudflare Email Routing's send_email binding (mode "cloudflare"). */
  email?: SendEmail;
}

/**
 * The one way the platform sends mail. Every message is first recorded as a row of `mail_outbox`;
 * the configured mail mode decides what happens next, once, inside the same request:
 * - "outbox" (local default): nothing is sent; the row (status RECORDED) and a log line are all there is.
 * - "http": POST {from,to,subject,text,html} as JSON to the configured URL (bearer token if set).
 * - "cloudflare": Cloudflare Email Routing's send_email binding `EMAIL`.
 * A failed send stays PENDING with the error and a next try: the cron retries it with a growing
 * delay (`retryDelayMinutes`) and marks it FAILED after MAIL_MAX_TRIES tries.
 */
export async function sendMail(deps: MailDeps, db: Db, mail: Mail): Promise<void> {
  const id = crypto.randomUUID();
  await db.insert(mailOutbox).values(outboxRow(deps, id, mail));
  await afterRecorded(deps, db, id, mail);
}

/** The outbox row of a message about to be sent (for a caller that batches it with other writes). */
function outboxRow(deps: MailDeps, id: string, mail: Mail) {
  return {
    id,
    to: mail.to,
    subject: mail.subject,
    bodyText: mail.text,
    bodyHtml: mail.html ?? null,
    status: deps.config.mail.mode === 'outbox' ? ('RECORDED' as const) : ('PENDING' as const),
    userId: mail.userId ?? null,
    kind: mail.kind ?? null,
  };
}

/** What follows the row: a log line in "outbox" mode, the first delivery try otherwise. */
async function afterRecorded(deps: MailDeps, db: Db, id: string, mail: Mail): Promise<void> {
  if (deps.config.mail.mode === 'outbox') {
    console.log(
      JSON.stringify({ level: 'info', event: 'mail.recorded', to: mail.to, subject: mail.subject, text: mail.text }),
    );
    return;
  }
  await deliver(deps, db, id, mail);
}

/** Tries in all (the first send included) before a message is given up as FAILED. */
export const MAIL_MAX_TRIES = 5;

/** Wait before try n+1 after n failed tries: 5, 20, 80, 320 minutes. */
export const retryDelayMinutes = (failedTries: number) => 5 * 4 ** Math.max(0, failedTries - 1);

/** How long a claimed message is left to its sender before another cron run may take it over. */
const CLAIM_MINUTES = 10;
const RETRY_BATCH = 50;

/**
 * Cron job: sends PENDING messages whose next try is due (and ones a dead request left PENDING
 * without a try). Each message is claimed by a conditional update first, so two overlapping runs
 * never send the same message twice. Returns how many were tried.
 */
export async function retryPendingMail(deps: MailDeps, db: Db, now = new Date()): Promise<number> {
  if (deps.config.mail.mode === 'outbox') return 0;
  const iso = now.toISOString();
  const stale = new Date(now.getTime() - CLAIM_MINUTES * 60_000).toISOString();
  const due = await db
    .select()
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'PENDING'),
        or(lte(mailOutbox.nextTryAt, iso), and(isNull(mailOutbox.nextTryAt), lte(mailOutbox.createdAt, stale))),
      ),
    )
    .orderBy(asc(mailOutbox.createdAt))
    .limit(RETRY_BATCH);
  let tried = 0;
  for (const row of due) {
    const lease = new Date(now.getTime() + CLAIM_MINUTES * 60_000).toISOString();
    const claimed = await db
      .update(mailOutbox)
      .set({ nextTryAt: lease })
      .where(
        and(
          eq(mailOutbox.id, row.id),
          eq(mailOutbox.status, 'PENDING'),
          row.nextTryAt == null ? isNull(mailOutbox.nextTryAt) : eq(mailOutbox.nextTryAt, row.nextTryAt),
        ),
      )
      .returning({ id: mailOutbox.id });
    if (claimed.length === 0) continue;
    tried += 1;
    await deliver(
      deps,
      db,
      row.id,
      { to: row.to, subject: row.subject, text: row.bodyText, html: row.bodyHtml ?? undefined },
      row.tries,
      now,
    );
  }
  return tried;
}

/**
 * An administrator's Retry of a FAILED message: the claim (FAILED to PENDING with its tries reset)
 * goes in one batch after `recordFirst` (the audit entry, written only while the row is FAILED), then one delivery try runs now; a failure
 * leaves it PENDING for the cron's backoff, as for a new message. Answers null when the message is
 * not FAILED (any more).
 */
export async function retryFailedMail(
  deps: MailDeps,
  db: Db,
  id: string,
  recordFirst: BatchItem<'sqlite'>,
): Promise<{ id: string } | null> {
  const [, claimed] = await db.batch([
    recordFirst,
    db
      .update(mailOutbox)
      .set({
        status: deps.config.mail.mode === 'outbox' ? 'RECORDED' : 'PENDING',
        tries: 0,
        nextTryAt: null,
        error: null,
      })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'FAILED')))
      .returning(),
  ]);
  const row = claimed[0];
  if (!row) return null;
  if (deps.config.mail.mode !== 'outbox')
    await deliver(deps, db, row.id, {
      to: row.to,
      subject: row.subject,
      text: row.bodyText,
      html: row.bodyHtml ?? undefined,
    });
  return { id: row.id };
}

async function deliver(
  deps: MailDeps,
  db: Db,
  id: string,
  mail: Mail,
  failedBefore = 0,
  now = new Date(),
): Promise<void> {
  const { mode, from, httpUrl, httpToken } = deps.config.mail;
  try {
    if (mode === 'http') {
      if (!httpUrl) throw new Error('MAIL_HTTP_URL is not set');
      const response = await fetch(httpUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(httpToken ? { authorization: `Bearer ${httpToken}` } : {}) },
        body: JSON.stringify({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html }),
      });
      if (!response.ok) throw new Error(`mail provider answered ${response.status}`);
    } else if (mode === 'cloudflare') {
      if (!deps.email) throw new Error('EMAIL binding is not configured');
      const { EmailMessage } = await import('cloudflare:email');
      await deps.email.send(new EmailMessage(from, mail.to, mimeMessage(from, mail)));
    }
    // A delivered message may carry a live reset link: keep the record, not the secret.
    await db
      .update(mailOutbox)
      .set({ status: 'SENT', sentAt: new Date().toISOString(), bodyText: '[delivered; body removed]', bodyHtml: null })
      .where(eq(mailOutbox.id, id));
  } catch (error) {
    // The request that asked for mail still succeeds; the outbox row shows what failed and when
    // the cron tries again, until the last try marks it FAILED.
    const tries = failedBefore + 1;
    const last = tries >= MAIL_MAX_TRIES;
    await db
      .update(mailOutbox)
      .set({
        tries,
        error: String(error),
        status: last ? 'FAILED' : 'PENDING',
        nextTryAt: last ? null : new Date(now.getTime() + retryDelayMinutes(tries) * 60_000).toISOString(),
      })
      .where(eq(mailOutbox.id, id));
    console.error(
      JSON.stringify({
        level: 'error',
        event: 'mail.failed',
        id,
        tries,
        status: last ? 'FAILED' : 'PENDING',
        error: String(error),
      }),
    );
  }
}

/**
 * A plain-text RFC 5322 message for the send_email binding. Kept by hand: four headers and a body
 * do not justify a MIME library (Cloudflare's examples use `mimetext`), and there are no
 * attachments or HTML parts to encode.
 */
function mimeMessage(from: string, mail: Mail): string {
  return [
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    `Message-ID: <${crypto.randomUUID()}@${from.split('@')[1] ?? 'localhost'}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    mail.text,
  ].join('\r\n');
}
