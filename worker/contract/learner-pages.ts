import type { SessionUser } from './auth';
import type { CertificateStatusValue, OwnCertificate } from './certificates';
import type { LearnerRequirementsResponse } from './compliance';
import type { CourseDetailResponse, CourseListResponse, CourseListStatus, CourseSort } from './courses';
import type { CourseProgressDetailResponse, CourseProgressListResponse } from './progress';
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

/** My Courses' page size: whole rows of its one-, two- and three-column grids. */
export const MY_COURSES_PAGE_SIZE = 24;

/**
 * My Courses' list parameters as the address holds them, in the shape the client's `usePagedList`
 * appends to the list's query key (web/pages/learner/my-courses.tsx): the Worker reads the same
 * page the client would, and the client finds it under the same key.
 */
export interface CourseListPageParams {
  showAll: boolean;
  status: '' | CourseListStatus;
  bookId: string;
  sortBy: '' | CourseSort;
  page: number;
  limit: number;
  search: string;
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
  /** My Courses: the page of the list the address asks for, as GET /api/v2/user/courses answers it. */
  courseList?: { params: CourseListPageParams; answer: CourseListResponse };
  /** The course page: the course, as GET /api/v2/user/courses/{id} answers it. */
  course?: CourseDetailResponse;
  /** The course page: the learner's progress in it (null: not enrolled, the API's 404). */
  courseProgress?: CourseProgressDetailResponse | null;
}
