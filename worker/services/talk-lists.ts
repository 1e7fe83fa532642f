import { desc, eq, sql } from 'drizzle-orm';
import type { TalkSummary } from '../contract/talks';
import type { Db } from '../db/client';
import { talkAttendees, talks } from '../db/schema';
import { talkNumber } from './talks';

/*
 * Talks as lists (issue 29): the ones a foreman led (their /talks screen), and the ones a person is
 * on the sheet of (their own record and the admin's training record). One query each, newest first.
 */

const LIST_LIMIT = 200;

const lineCount = sql<number>`(SELECT count(*) FROM talk_attendees ta WHERE ta.talk_id = ${talks.id})`;

type TalkHead = Pick<typeof talks.$inferSelect, 'id' | 'topicTitle' | 'foremanName' | 'startedAt' | 'signedOffAt'>;

const summary = (
  talk: TalkHead,
  attendeeCount: number,
  line: { method: TalkSummary['method']; signedByName: string | null } | null,
): TalkSummary => ({
  id: talk.id,
  number: talkNumber(talk.id),
  topicTitle: talk.topicTitle,
  foremanName: talk.foremanName,
  startedAt: talk.startedAt,
  signedOffAt: talk.signedOffAt,
  attendeeCount: Number(attendeeCount),
  method: line?.method ?? null,
  signedByName: line?.signedByName ?? null,
  sheetUrl: `/api/v2/talks/${talk.id}/sheet.pdf`,
});

const head = {
  id: talks.id,
  topicTitle: talks.topicTitle,
  foremanName: talks.foremanName,
  startedAt: talks.startedAt,
  signedOffAt: talks.signedOffAt,
};

/** The talks a foreman led. */
export async function talksLedBy(db: Db, foremanId: string): Promise<TalkSummary[]> {
  const rows = await db
    .select({ ...head, attendeeCount: lineCount })
    .from(talks)
    .where(eq(talks.foremanId, foremanId))
    .orderBy(desc(talks.startedAt))
    .limit(LIST_LIMIT);
  return rows.map((row) => summary(row, row.attendeeCount, null));
}

/** The talks a person is on the sheet of, with how their own line was signed. */
export async function talksAttendedBy(db: Db, userId: string): Promise<TalkSummary[]> {
  const rows = await db
    .select({
      ...head,
      attendeeCount: lineCount,
      method: talkAttendees.method,
      signedByName: talkAttendees.signedByName,
    })
    .from(talkAttendees)
    .innerJoin(talks, eq(talks.id, talkAttendees.talkId))
    .where(eq(talkAttendees.userId, userId))
    .orderBy(desc(talks.startedAt))
    .limit(LIST_LIMIT);
  return rows.map((row) => summary(row, row.attendeeCount, row));
}
