/**
 * Reminders before an approved external credential expires, sent by the daily cron like the course
 * reminders: one e-mail 30 days ahead and one 7 days ahead, each recorded in `reminders` (the
 * credential as `credential:<id>`, its expiry day, the kind) before its mail is queued, so no run
 * sends the same one twice. A credential already renewed (a later approved one of the same type
 * that outlasts it) needs no reminder.
 */
import { sql } from 'drizzle-orm';
import { addDays, dayOf } from '../contract/credentials';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { reminders } from '../db/schema';
import { formatDay, languageOf, t } from '../i18n';
import { sendMail, type MailDeps } from './mail';

export type CredentialReminderKind = 'CREDENTIAL_D30' | 'CREDENTIAL_D7';

/** The nearest threshold only: a first run 5 days ahead sends the 7-day reminder, not both. */
export function credentialReminderKind(expiresOn: string, today: string): CredentialReminderKind | null {
  if (expiresOn < today) return null;
  if (expiresOn <= addDays(today, 7)) return 'CREDENTIAL_D7';
  if (expiresOn <= addDays(today, 30)) return 'CREDENTIAL_D30';
  return null;
}

const BATCH = 200;

interface Due {
  id: string;
  user_id: string;
  expires_on: string;
  type_name: string;
  email: string;
  first_name: string | null;
  username: string;
  language: string | null;
}

/** Queues today's credential reminders; returns how many were sent. */
export async function sendCredentialReminders(
  deps: MailDeps & { config: Pick<AppConfig, 'appName' | 'publicUrl'> },
  db: Db,
  now = new Date(),
): Promise<number> {
  const today = dayOf(now);
  const horizon = addDays(today, 30);
  const due = await db.all<Due>(sql`
    SELECT c.id, c.user_id, c.expires_on, t.name AS type_name, u.email, u.first_name, u.username, u.language
    FROM credentials c
    JOIN credential_types t ON t.id = c.type_id
    JOIN users u ON u.id = c.user_id
    WHERE c.status = 'APPROVED' AND c.expires_on IS NOT NULL
      AND c.expires_on >= ${today} AND c.expires_on <= ${horizon}
      AND u.deactivated_at IS NULL
      AND NOT EXISTS (
        SELECT 1 FROM credentials n
        WHERE n.user_id = c.user_id AND n.type_id = c.type_id AND n.status = 'APPROVED' AND n.id <> c.id
          AND (n.expires_on IS NULL OR n.expires_on > c.expires_on)
      )
      AND NOT EXISTS (
        SELECT 1 FROM reminders r
        WHERE r.user_id = c.user_id AND r.course_id = 'credential:' || c.id AND r.due_at = c.expires_on
          AND r.kind = CASE WHEN c.expires_on <= ${addDays(today, 7)} THEN 'CREDENTIAL_D7' ELSE 'CREDENTIAL_D30' END
      )
    ORDER BY c.expires_on, c.id
    LIMIT ${BATCH}`);
  let sent = 0;
  for (const row of due) {
    const kind = credentialReminderKind(row.expires_on, today);
    if (!kind) continue;
    // Recording first: a reminder already sent (this run or an earlier one) is skipped.
    const claimed = await db
      .insert(reminders)
      .values({
        userId: row.user_id,
        courseId: `credential:${row.id}`,
        dueAt: row.expires_on,
        kind,
        sentAt: now.toISOString(),
      })
      .onConflictDoNothing()
      .returning({ kind: reminders.kind });
    if (claimed.length === 0) continue;
    const language = languageOf(row.language);
    const params = { app: deps.config.appName, type: row.type_name, date: formatDay(language, row.expires_on) };
    const link = deps.config.publicUrl
      ? `\n\n${t(language, 'mail.credentialReminder.open', { url: `${deps.config.publicUrl.replace(/\/+$/, '')}/my-credentials` })}`
      : '';
    await sendMail(deps, db, {
      userId: row.user_id,
      kind: 'REMINDER',
      to: row.email,
      subject: t(language, 'mail.credentialReminder.subject', params),
      text: `${t(language, 'mail.hello', { name: row.first_name || row.username })}\n\n${t(language, 'mail.credentialReminder.body', params)}${link}\n`,
    });
    sent += 1;
  }
  return sent;
}
