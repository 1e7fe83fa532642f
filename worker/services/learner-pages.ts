import { eq } from 'drizzle-orm';
import type { DeliveryLanguage } from '../contract/delivery-language';
import type {
  CompletedCourseCertificate,
  CourseListPageParams,
  LearnerPage,
  LearnerPageData,
} from '../contract/learner-pages';
import { isAdminUser } from '../contract/rules/roles';
import type { Db } from '../db/client';
import { domains, userDomains, users } from '../db/schema';
import { ownCertificatesQuery, toCertificateInfo, toOwnCertificates, type CertificateRow } from './certificates';
import {
  courseDetailReads,
  courseListReads,
  courseProgressReads,
  toCourseDetail,
  toCourseList,
  toCourseProgressDetail,
  type CourseListInput,
} from './learner-courses';
import { learnerRequirementsReads, toLearnerRequirements, type BatchResults } from './learner-requirements';
import { anyInvitationQuery, mySessions } from './my-sessions';
import { progressListReads, toProgressList } from './progress-dtos';
import { toSessionUser } from './users';

/*
 * The data of a learner page the Worker renders (routes/learner-pages.ts): the reads the API routes
 * make for the same screens (progress list, required training, certificates) and the signed-in user
 * (GET /api/auth/user), all in one batch, which also carries the session check (one D1 round trip),
 * shaped exactly as those routes answer, so the client's cache holds the same answers.
 */

/** The signed-in user as GET /api/auth/user answers it: the row and the user's books. */
const sessionUserReads = (db: Db, userId: string) =>
  [
    db.select().from(users).where(eq(users.id, userId)).limit(1),
    db
      .select({ id: domains.id, name: domains.name })
      .from(userDomains)
      .innerJoin(domains, eq(domains.id, userDomains.domainId))
      .where(eq(userDomains.userId, userId)),
  ] as const;

/** The user's books in the order GET /api/auth/user lists them (services/users.ts domainsByUser). */
const sortedBooks = <T extends { name: string }>(books: T[]) => [...books].sort((a, b) => a.name.localeCompare(b.name));

/** What each page shows besides the user. */
const PAGE_READS: Record<
  LearnerPage,
  { progress: boolean; requirements: boolean; certificates: boolean; sessions: boolean }
> = {
  dashboard: { progress: true, requirements: true, certificates: true, sessions: true },
  'my-courses': { progress: true, requirements: true, certificates: false, sessions: false },
  // The course page reads the course and its progress (PageInput.courseId), not the whole list.
  course: { progress: false, requirements: true, certificates: false, sessions: false },
  certificates: { progress: false, requirements: false, certificates: true, sessions: false },
};

/** The dashboard's certificate check for each completed course: its latest cycle's certificate. */
function completedCertificates(rows: CertificateRow[], courseIds: string[], now: Date) {
  const latest = new Map<string, CertificateRow>();
  for (const row of rows) {
    const known = latest.get(row.courseId);
    if (!known || row.cycle > known.cycle) latest.set(row.courseId, row);
  }
  return Object.fromEntries(
    courseIds.map((courseId): [string, CompletedCourseCertificate | null] => {
      const row = latest.get(courseId);
      if (!row) return [courseId, null];
      const info = toCertificateInfo(row, now);
      return [
        courseId,
        { certificateId: info.certificateId, certificateNumber: info.certificateNumber, status: info.status },
      ];
    }),
  );
}

/** The completed courses the dashboard shows (web/api/learner-queries.ts `completedOf`: newest 6). */
const MAX_COMPLETED_CARDS = 6;

/** What a page reads besides its fixed reads: My Courses' page of the list, the course page's course. */
export interface PageInput {
  /** The list's parameters as the client keys them, validated as the API validates them, and the language. */
  courseList?: { params: CourseListPageParams; query: CourseListInput; language: DeliveryLanguage | null };
  courseId?: string;
}

/**
 * Runs the page's reads in one batch (through `batch`, which folds the session check into it) and
 * shapes the answers. Null when the user row is gone (the session check refuses that first).
 */
export async function readLearnerPage(
  db: Db,
  userId: string,
  page: LearnerPage,
  now: Date,
  input: PageInput = {},
): Promise<Omit<LearnerPageData, 'bookmark'> | null> {
  const wanted = PAGE_READS[page];
  const userReads = sessionUserReads(db, userId);
  const progressReads = wanted.progress ? progressListReads(db, userId) : [];
  const requirementReads = wanted.requirements ? learnerRequirementsReads(db, userId, now) : [];
  const certificateReads = wanted.certificates ? [ownCertificatesQuery(db, userId)] : [];
  const sessionReads = wanted.sessions ? [anyInvitationQuery(db, userId)] : [];
  const { courseList, courseId } = input;
  const listReads = courseList ? courseListReads(db, userId, courseList.query, courseList.language, false) : [];
  const courseReads = courseId ? courseDetailReads(db, userId, courseId) : [];
  const courseProgress = courseId ? courseProgressReads(db, userId, courseId) : [];
  const groups = [
    userReads,
    progressReads,
    requirementReads,
    certificateReads,
    sessionReads,
    listReads,
    courseReads,
    courseProgress,
  ];
  const statements = groups.flat() as unknown as Parameters<Db['batch']>[0];
  const results = (await db.batch(statements)) as unknown as unknown[];
  const parts: unknown[][] = [];
  let at = 0;
  for (const group of groups) {
    parts.push(results.slice(at, at + group.length));
    at += group.length;
  }
  const [[userRows, books], progress, requirements, certificates, invitations, listed, course, courseProgressed] =
    parts as [
      BatchResults<typeof userReads>,
      BatchResults<ReturnType<typeof progressListReads>>,
      BatchResults<ReturnType<typeof learnerRequirementsReads>>,
      [CertificateRow[]],
      [Awaited<ReturnType<typeof anyInvitationQuery>>],
      BatchResults<ReturnType<typeof courseListReads>>,
      BatchResults<ReturnType<typeof courseDetailReads>>,
      BatchResults<ReturnType<typeof courseProgressReads>>,
    ];
  const row = userRows[0];
  if (!row) return null;
  const data: Omit<LearnerPageData, 'bookmark'> = { page, user: toSessionUser(row, sortedBooks(books)) };
  if (wanted.progress) data.progressList = toProgressList(progress);
  if (wanted.requirements) data.requirements = toLearnerRequirements(requirements, userId, now);
  if (wanted.certificates) {
    const rows = certificates[0];
    if (page === 'certificates') data.certificates = toOwnCertificates(rows, now);
    const completed = (data.progressList?.progresses ?? [])
      .filter((p) => p.status === 'COMPLETED')
      .sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? ''))
      .slice(0, MAX_COMPLETED_CARDS)
      .map((p) => p.courseId);
    if (page === 'dashboard') data.completedCertificates = completedCertificates(rows, completed, now);
  }
  if (courseList) {
    // An administrator sees every published course: a second read, as the API route makes it.
    const admin = isAdminUser(row);
    const rows = admin
      ? await db.batch(courseListReads(db, userId, courseList.query, courseList.language, true))
      : listed;
    data.courseList = { params: courseList.params, answer: toCourseList(rows, courseList.query, admin) };
  }
  if (courseId) {
    // A course the learner may not see is refused (thrown) as the API refuses it.
    data.course = await toCourseDetail(db, { ...row, id: userId }, course);
    data.courseProgress = toCourseProgressDetail(userId, courseId, courseProgressed);
  }
  // The sessions take more reads, only for a learner with an invitation (most have none).
  if (wanted.sessions) data.mySessions = invitations[0].length ? await mySessions(db, userId) : { sessions: [] };
  return data;
}
