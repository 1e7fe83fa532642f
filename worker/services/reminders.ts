/**
 * Reminders of required training, sent by the daily cron: each learner hears about an item 30 and
 * 7 days before its due date (or certificate expiry) and once when it is overdue; admins get a
 * weekly digest of overdue people. Every reminder is recorded (learner, course, due date, kind)
 * before its mail is queued, so a second run the same day, or a run on every following day,
 * never sends it again; a new cycle brings a new due date and so new reminders.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Language } from '../contract/language';
import { DAY_MS } from '../contract/rules/compliance';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { insertChunks } from '../db/in-list';
import { reminders, users } from '../db/schema';
import { cellsByUser, type CellResult } from './compliance-status';
import { coverageFacts, coveredUserIds, requiredCourseTitles } from './compliance';
import { formatDay, languageOf, t, tp } from '../i18n';
import { sendMail, type Mail, type MailDeps } from './mail';

export type ReminderKind = 'D30' | 'D7' | 'OVERDUE';

/** Which reminder an item is due for now, if any: the nearest threshold only (a late first run sends one, not both). */
export function reminderKind(cell: Pick<CellResult, 'status' | 'dueAt'>, now: Date): ReminderKind | null {
  if (cell.status === 'exempt' || !cell.dueAt) return null;
  if (cell.status === 'overdue') return 'OVERDUE';
  const left = Date.parse(cell.dueAt) - now.getTime();
  if (left <= 0) return 'OVERDUE';
  if (left <= 7 * DAY_MS) return 'D7';
  if (left <= 30 * DAY_MS) return 'D30';
  return null;
}

const CHUNK = 200;
const day = (iso: string) => iso.slice(0, 10);

function itemLine(language: Language, title: string, cell: CellResult, kind: ReminderKind): string {
  const params = { course: title, date: formatDay(language, cell.dueAt!) };
  if (kind === 'OVERDUE') return t(language, 'mail.reminder.overdue', params);
  return cell.status === 'due-soon' || cell.status === 'compliant'
    ? t(language, 'mail.reminder.expires', params)
    : t(language, 'mail.reminder.due', params);
}

/** A reminder mail listing `items`, in the person's preferred language (English when unset). */
export function reminderMail(
  config: Pick<AppConfig, 'appName' | 'publicUrl'>,
  person: { email: string; firstName: string | null; username: string; language: string | null },
  items: { cell: CellResult; kind: ReminderKind }[],
  titles: Map<string, string>,
): { to: string; subject: string; text: string } {
  const overdue = items.some((i) => i.kind === 'OVERDUE');
  const app = config.appName;
  const language = languageOf(person.language);
  const link = config.publicUrl
    ? `\n\n${t(language, 'mail.reminder.open', { url: `${config.publicUrl.replace(/\/+$/, '')}/dashboard` })}`
    : '';
  return {
    to: person.email,
    subject: t(language, overdue ? 'mail.reminder.subjectOverdue' : 'mail.reminder.subjectDue', { app }),
    text: `${t(language, 'mail.hello', { name: person.firstName || person.username })}\n\n${t(language, overdue ? 'mail.reminder.introOverdue' : 'mail.reminder.introDue')}\n${items
      .map(({ cell, kind }) =>
        itemLine(language, titles.get(cell.key) ?? t(language, 'mail.reminder.unknownCourse'), cell, kind),
      )
      .join('\n')}${link}\n`,
  };
}

/**
 * Queues today's learner reminders, walking the covered people in chunks. Returns how many
 * reminders were recorded (one mail per learner per run lists them all).
 */
export async function sendLearnerReminders(
  deps: MailDeps & { config: Pick<AppConfig, 'appName' | 'publicUrl'> },
  db: Db,
  now = new Date(),
): Promise<number> {
  const titles = await requiredCourseTitles(db);
  const iso = now.toISOString();
  let after = '';
  let recorded = 0;
  for (;;) {
    const ids = await coveredUserIds(db, {}, now, after, CHUNK);
    if (ids.length === 0) break;
    after = ids[ids.length - 1];
    const facts = await coverageFacts(db, { userIdRange: [ids[0], after] }, now);
    for (const [userId, cells] of cellsByUser(facts, now)) {
      const due = [...cells.values()]
        .map((cell) => ({ cell, kind: reminderKind(cell, now) }))
        .filter((x): x is { cell: CellResult; kind: ReminderKind } => x.kind != null);
      if (due.length === 0) continue;
      // Recording first: an item already reminded of (this run or an earlier one) is skipped.
      const claimed: { courseId: string; kind: string }[] = [];
      for (const part of insertChunks(due, 5)) {
        claimed.push(
          ...(await db
            .insert(reminders)
            .values(
              part.map(({ cell, kind }) => ({
                userId,
                // The cell's key: its course, or the requirement when it needs no course.
                courseId: cell.key,
                dueAt: cell.dueAt!,
                kind,
                sentAt: iso,
              })),
            )
            .onConflictDoNothing()
            .returning({ courseId: reminders.courseId, kind: reminders.kind })),
        );
      }
      if (claimed.length === 0) continue;
      recorded += claimed.length;
      const person = await db
        .select({ email: users.email, firstName: users.firstName, username: users.username, language: users.language })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deactivatedAt)))
        .get();
      if (!person) continue;
      const items = due.filter(({ cell, kind }) => claimed.some((c) => c.courseId === cell.key && c.kind === kind));
      await sendMail(deps, db, { ...reminderMail(deps.config, person, items, titles), userId, kind: 'REMINDER' });
    }
  }
  return recorded;
}

/** Monday of the UTC week of `now`, the key that makes the digest weekly. */
export const weekOf = (now: Date) => day(new Date(now.getTime() - ((now.getUTCDay() + 6) % 7) * DAY_MS).toISOString());

const DIGEST_LIMIT = 50;

/** One person in a digest and what each has due: the course key and its day. */
interface DigestPerson {
  name: string;
  items: { key: string; at: string }[];
}

/**
 * A weekly digest mail (the admins' overdue digest here, the supervisors' lapse digest in
 * team-digest.ts): one line a person with what each has due (the course and its day), the first
 * `limit` people, then a line counting the rest, in the recipient's language.
 */
export function digestMail(
  recipient: { id: string; email: string; language: string | null },
  digest: 'digest' | 'teamDigest',
  list: { people: DigestPerson[]; titles: Map<string, string>; week: string; limit: number },
  appName: string,
): Mail {
  const language = languageOf(recipient.language);
  const { people, titles, limit } = list;
  const lines = people.slice(0, limit).map(
    (person) =>
      `- ${person.name}: ${person.items
        .map((item) =>
          t(language, `mail.${digest}.item`, {
            course: titles.get(item.key) ?? t(language, 'mail.digest.unknownCourse'),
            date: formatDay(language, item.at),
          }),
        )
        .join('; ')}`,
  );
  const more = people.length > limit ? `\n${t(language, `mail.${digest}.more`, { count: people.length - limit })}` : '';
  return {
    userId: recipient.id,
    kind: 'DIGEST',
    to: recipient.email,
    subject: tp(language, `mail.${digest}.subject`, people.length, { app: appName }),
    text:
      people.length === 0
        ? `${t(language, 'mail.digest.nobody')}\n`
        : `${t(language, `mail.${digest}.intro`, { week: formatDay(language, list.week) })}\n${lines.join('\n')}${more}\n`,
  };
}

/**
 * Once a week (the first cron run of each UTC week): every active administrator gets the list of
 * people with overdue required training. Returns how many digests were queued.
 */
export async function sendAdminDigest(
  deps: MailDeps & { config: Pick<AppConfig, 'appName'> },
  db: Db,
  now = new Date(),
): Promise<number> {
  const week = weekOf(now);
  const admins = await db
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(
      and(
        eq(users.role, 'ADMIN'),
        isNull(users.deactivatedAt),
        sql`coalesce(json_extract(${users.permissions}, '$.reportGeneration'), 1) <> 0`,
      ),
    );
  if (admins.length === 0) return 0;
  const facts = await coverageFacts(db, {}, now);
  const cells = cellsByUser(facts, now);
  const names = new Map(facts.map((f) => [f.userId, f.userName]));
  const titles = await requiredCourseTitles(db);
  const overdue = [...cells.entries()]
    .map(([userId, userCells]) => ({
      name: names.get(userId) ?? userId,
      items: [...userCells.values()].filter((c) => c.status === 'overdue').map((c) => ({ key: c.key, at: c.dueAt! })),
    }))
    .filter((p) => p.items.length > 0)
    .sort((a, b) => a.name.localeCompare(b.name));
  let sent = 0;
  for (const admin of admins) {
    const claimed = await db
      .insert(reminders)
      .values({ userId: admin.id, courseId: '*', dueAt: week, kind: 'DIGEST', sentAt: now.toISOString() })
      .onConflictDoNothing()
      .returning({ kind: reminders.kind });
    if (claimed.length === 0) continue;
    // In the administrator's preferred language (English when unset).
    const mail = { people: overdue, titles, week, limit: DIGEST_LIMIT };
    await sendMail(deps, db, digestMail(admin, 'digest', mail, deps.config.appName));
    sent += 1;
  }
  return sent;
}
