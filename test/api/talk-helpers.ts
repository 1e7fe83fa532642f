import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { PNG_DATA_URL, personSession } from './evaluation-helpers';
import { api, db, DEFAULT_PASSWORD, schema } from './helpers';

/** Arrange steps of the toolbox talk API tests (issue 29). */

let seq = 0;
export const uniqueTitle = (title: string) => `${title} ${++seq}-${crypto.randomUUID().slice(0, 6)}`;

/** A topic in the library, made through the admin route. */
export async function createTopic(adminToken: string, title = uniqueTitle('Working at height')) {
  const res = await api('POST', '/api/v2/admin/talk-topics', {
    token: adminToken,
    body: { title, body: 'Check your harness.\nClip on before you step out.', languages: ['en', 'es'] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.topic as { id: string; title: string };
}

/** A person given the foreman capability by an administrator. */
export async function foremanSession(adminToken: string) {
  const foreman = await personSession({ firstName: 'Fran', lastName: 'Foreman', jobTitle: 'Site foreman' });
  const res = await api('PUT', `/api/v2/admin/talk-leaders/${foreman.user.id}`, {
    token: adminToken,
    body: { leadsTalks: true },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return foreman;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A talk of three lines (the second signed on someone's behalf) started 20 minutes ago. */
export function talkBody(
  topicId: string,
  attendees: { id: string; name: string }[],
  over: Record<string, unknown> = {},
) {
  return {
    id: crypto.randomUUID(),
    topicId,
    startedAt: minutesAgo(20),
    signedOffAt: minutesAgo(5),
    attendees: attendees.map((person, i) =>
      i === 1
        ? {
            method: 'on-behalf',
            userId: person.id,
            name: person.name,
            reason: 'Bandaged hand',
            signedAt: minutesAgo(9),
          }
        : {
            method: 'signature',
            userId: person.id,
            name: person.name,
            signature: PNG_DATA_URL,
            signedAt: minutesAgo(10),
          },
    ),
    foreman: { method: 'password', password: DEFAULT_PASSWORD },
    ...over,
  };
}

/** How many rows a talk id left behind (a refused talk leaves none). */
export async function storedTalk(id: string) {
  const [talks, lines] = await Promise.all([
    db.select().from(schema.talks).where(eq(schema.talks.id, id)),
    db.select().from(schema.talkAttendees).where(eq(schema.talkAttendees.talkId, id)),
  ]);
  return { talks: talks.length, lines: lines.length };
}
