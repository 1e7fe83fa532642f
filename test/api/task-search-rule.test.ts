import { beforeAll, describe, expect, it } from 'vitest';
import { lapsesWithin, type TaskQualification } from '../../worker/contract/rules/task-qualification';
import { TEAM_QUALIFIED_LISTS, type TeamQualifiedResponse } from '../../worker/contract/tasks';
import { drizzleOver } from '../../worker/db/client';
import { seededRandom } from '../../worker/services/grading';
import { teamQualified, type TaskSearch } from '../../worker/services/task-search';
import { createUser, env } from './helpers';
import { at, createTask, DAY, dayAt, hold, pieces, type Pieces, signedInAdmin, tag } from './task-fixtures';

/**
 * The task search decides its lists in SQL (services/task-search.ts), the rule decides each listed
 * person's status (contract/rules/task-qualification.ts): they must never drift. Over generated
 * evidence of every kind (course certificates, authorisations, credentials, a toolbox talk every N
 * days; held, expiring, expired, revoked, issued after the day, pending, missing, a revoked newer
 * record over a valid older one), on several days, judged both ways the SQL judges (person by
 * person for a crew, from the pieces' side for a big team), every listed person's rule status must
 * match the list they are in, and the counts the lists.
 */

let admin: string;
let adminId: string;
beforeAll(async () => {
  ({ id: adminId, token: admin } = await signedInAdmin());
});

type Hold = Parameters<typeof hold>[3];

/** One person's evidence: each piece one of its ways to stand, days counted from DAY. */
function evidenceOf(next: () => number): Hold[] {
  const pick = <T>(choices: readonly T[]) => choices[Math.floor(next() * choices.length)];
  const dated = pick([
    { issuedAt: at(-100), expiresAt: at(300) }, // held
    { issuedAt: at(-300), expiresAt: at(5) }, // expiring within 7 days
    { issuedAt: at(-300), expiresAt: at(20) }, // expiring within 30 days
    { issuedAt: at(-400), expiresAt: at(-2) }, // expired
    { issuedAt: at(-100), expiresAt: at(300), revokedAt: at(-1) }, // revoked
    { issuedAt: at(3), expiresAt: at(400) }, // issued after the day
  ]);
  const certificate = pick([false, dated, dated, dated] as const);
  const authorisation = pick([false, { ...dated }, { issuedAt: at(-50), expiresAt: at(40) }] as const);
  const credential = pick([
    false,
    { issuedOn: dayAt(-200), expiresOn: dayAt(400) },
    { issuedOn: dayAt(-200), expiresOn: dayAt(6) },
    { issuedOn: dayAt(-200), expiresOn: dayAt(-1) },
    { issuedOn: dayAt(-200), expiresOn: null },
    { issuedOn: dayAt(-10), expiresOn: dayAt(400), status: 'PENDING' as const },
    { issuedOn: dayAt(2), expiresOn: dayAt(400) },
  ] as const);
  // Talks every 90 days (task one) or 10 days (task two): attended recently, long ago, near its lapse.
  const talk = pick([
    false,
    { startedAt: at(-3) },
    { startedAt: at(-85) },
    { startedAt: at(-95) },
    { startedAt: at(-9) },
  ] as const);
  const records: Hold[] = [{ certificate, authorisation, credential, talk }];
  // Sometimes an older valid record under a newer revoked one (the rule reads the unrevoked one).
  if (next() < 0.15)
    records.push({
      certificate: { issuedAt: at(-20), expiresAt: at(200), revokedAt: at(-5), cycle: 2 },
      authorisation: false,
      credential: false,
      talk: false,
    });
  return records;
}

/** The rule's verdict on each listed person, against the list SQL put them in. */
function expectAgreement(answer: TeamQualifiedResponse, day: string, size: number) {
  for (const person of answer.qualified) expect(person.status, person.username).not.toBe('NOT_QUALIFIED');
  for (const person of answer.notQualified) expect(person.status, person.username).toBe('NOT_QUALIFIED');
  const lapses = (days: number) =>
    answer.qualified
      .filter((p) => lapsesWithin({ validUntil: p.validUntil } as TaskQualification, day, days))
      .map((p) => p.id);
  expect(answer.lapsingWithin7Days.map((p) => p.id)).toEqual(lapses(7));
  expect(answer.lapsingWithin30Days.map((p) => p.id)).toEqual(lapses(30));
  expect(answer.counts.qualified + answer.counts.notQualified).toBe(size);
  for (const list of TEAM_QUALIFIED_LISTS)
    if ((answer.list ?? list) === list && answer.page === 1 && answer.counts[list] <= answer.pageSize)
      expect(answer[list], list).toHaveLength(answer.counts[list]);
}

async function generatedTeam(seed: number, size: number) {
  const next = seededRandom(String(seed));
  const t = tag();
  const sup = await createUser({ username: `sup_${t}`, firstName: 'Sup', lastName: t });
  const mid = await createUser({ username: `mid_${t}`, firstName: 'Mid', lastName: t, managerId: sup.id });
  const people = [mid];
  for (let i = 0; i < size - 1; i++)
    people.push(
      await createUser({
        username: `p${i}_${t}`,
        firstName: `P${String(Math.floor(next() * 1000)).padStart(3, '0')}`,
        lastName: t,
        managerId: i % 3 ? sup.id : mid.id,
      }),
    );
  return { next, sup, people };
}

describe('the task search lists and the task rule', () => {
  it('agree over generated evidence of every kind, on several days, judged both ways', async () => {
    const p: Pieces = await pieces();
    const { next, sup, people } = await generatedTeam(20261128, 60);
    for (const person of people) for (const records of evidenceOf(next)) await hold(adminId, person.id, p, records);
    const four = await createTask(admin, { name: `Four pieces ${tag()}`, evidence: p.evidence });
    const two = await createTask(admin, {
      name: `Course and a talk every 10 days ${tag()}`,
      evidence: [p.evidence[0], { kind: 'talk', topicId: p.topicId, everyDays: 10 }],
    });
    const db = drizzleOver(env.DB);
    let qualifiedSeen = 0;
    for (const task of [four, two])
      for (const day of [DAY, dayAt(4), dayAt(19), dayAt(-3)])
        for (const page of [1, 2]) {
          const ask: TaskSearch = { supervisorId: sup.id, taskId: task.id, day, page };
          const list = page === 2 ? ('notQualified' as const) : undefined;
          const crew = await teamQualified(db, { ...ask, list, setWiseFrom: Number.MAX_SAFE_INTEGER });
          const big = await teamQualified(db, { ...ask, list, setWiseFrom: 0 });
          expect(big, `${task.id} ${day} ${page}`).toEqual(crew);
          // The statements holding one way's arms only (chosen by the team's size last time) agree too.
          for (const way of ['crew', 'big'] as const)
            expect(await teamQualified(db, { ...ask, list, way }), `${way} ${day} ${page}`).toEqual(crew);
          expectAgreement(crew, day, people.length);
          qualifiedSeen += crew.qualified.length;
        }
    // The generated data reaches every list (else the agreement proves little).
    expect(qualifiedSeen).toBeGreaterThan(5);
  });
});
