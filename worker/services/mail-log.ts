import { desc, eq } from 'drizzle-orm';
import type { MailDto, MailLogResponse } from '../contract/outbox';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

/** What the outbox screen and a person's mail log show of a message (never its body). */
export const MAIL_COLUMNS = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  kind: mailOutbox.kind,
  userId: mailOutbox.userId,
  error: mailOutbox.error,
  tries: mailOutbox.tries,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
  nextTryAt: mailOutbox.nextTryAt,
};

/** The last messages to one person (their training record's mail log), newest first. */
export async function mailLogOf(db: Db, userId: string): Promise<MailLogResponse> {
  const messages = await db
    .select(MAIL_COLUMNS)
    .from(mailOutbox)
    .where(eq(mailOutbox.userId, userId))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(100);
  return { messages: messages as MailDto[] };
}
