import type { SessionUser } from './auth';
import type { CertificateStatusValue, OwnCertificate } from './certificates';
import type { LearnerRequirementsResponse } from './compliance';
import type { CourseProgressListResponse } from './progress';
import type { MySessionsResponse } from './sessions';

/**
 * The learner pages the Worker renders for a live cookie session (routes/learner-pages.ts), and the
 * data it embeds in them: the same answers the API routes give, so the client seeds its query cache
 * with them (web/api/page-data.ts) and does not ask again.
 */
export type LearnerPage = 'dashboard' | 'my-courses' | 'course' | 'certificates';

/**
 * The newest D1 bookmark the client holds, copied into a cookie so that a page load (which cannot
 * send the API's X-D1-Bookmark header) reads at least what this browser last wrote. It names a
 * position in the database, nothing about the person: the shared cache ignores it like `locale`.
 */
export const BOOKMARK_COOKIE = 'd1-bookmark';

/** A completed course's certificate as the dashboard's cards show it (null: none issued). */
export interface CompletedCourseCertificate {
  certificateId: string;
  certificateNumber: string;
  status: CertificateStatusValue;
}

export interface LearnerPageData {
  page: LearnerPage;
  /** The signed-in user, as GET /api/auth/user answers. */
  user: SessionUser;
  /** The D1 bookmark the page's reads saw: the client's next API call is at least as fresh. */
  bookmark: string | null;
  progressList?: CourseProgressListResponse;
  requirements?: LearnerRequirementsResponse;
  /** By course id: the latest certificate of each completed course. */
  completedCertificates?: Record<string, CompletedCourseCertificate | null>;
  certificates?: OwnCertificate[];
  /** The classroom sessions the learner is invited to (the dashboard's My sessions). */
  mySessions?: MySessionsResponse;
}
