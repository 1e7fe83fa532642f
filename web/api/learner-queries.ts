/**
 * The learner's reads as query options and writes with what they change: the one way screens
 * (`useQuery(learnerQueries.course(id))`) and statechart effects (`queryClient.fetchQuery(...)`,
 * `runWrite(...)`) reach the learner API, so a machine's read and a screen's list share one copy.
 */
import { queryOptions } from '@tanstack/react-query';
import type { CourseProgressListItem } from '@contract/progress';
import type { ScormCommitBody } from '@contract/scorm';
import { certificatesApi } from './certificates';
import { learnerRequirementsApi } from './compliance';
import { learnerApi, type CourseListParams } from './learner';
import { queryClient } from './query-client';
import { reportsApi } from './reports';
import { progressReads, queryKeys } from './query-keys';
import { defineWrite } from './writes';

/**
 * One page of the learner's course list for `usePagedList` (My Courses, under queryKeys.learner.courses):
 * the courses as `items`, with the tabs' counts and the book options beside them.
 */
export const fetchCoursePage = (params: CourseListParams, signal: AbortSignal) =>
  learnerApi.courses(params, signal).then((body) => ({ ...body, items: body.courses }));

export const learnerQueries = {
  course: (courseId: string) =>
    queryOptions({ queryKey: queryKeys.learner.course(courseId), queryFn: () => learnerApi.course(courseId) }),
  /** null when the learner is not enrolled. */
  courseProgress: (courseId: string) =>
    queryOptions({
      queryKey: queryKeys.learner.progress.course(courseId),
      queryFn: () => learnerApi.courseProgress(courseId),
    }),
  progresses: () => queryOptions({ queryKey: queryKeys.learner.progress.list, queryFn: () => learnerApi.progresses() }),
  questions: (componentId: string) =>
    queryOptions({
      queryKey: queryKeys.learner.assessment.questions(componentId),
      queryFn: () => learnerApi.questions(componentId),
    }),
  attempts: (componentId: string) =>
    queryOptions({
      queryKey: queryKeys.learner.assessment.attempts(componentId),
      queryFn: () => learnerApi.attempts(componentId),
    }),
  attempt: (attemptId: string) =>
    queryOptions({ queryKey: queryKeys.learner.attempt(attemptId), queryFn: () => learnerApi.attempt(attemptId) }),
  incomplete: () => queryOptions({ queryKey: queryKeys.learner.incomplete, queryFn: () => learnerApi.incomplete() }),
  materialFile: (materialId: string) =>
    queryOptions({
      queryKey: queryKeys.learner.materialFile(materialId),
      queryFn: () => learnerApi.material(materialId),
    }),
  /** The learner's required courses, worst first (the dashboard, My Courses and the course page). */
  requirements: () =>
    queryOptions({
      queryKey: queryKeys.learner.requirements,
      queryFn: ({ signal }) => learnerRequirementsApi.list(signal),
    }),
  /** Every certificate the learner holds or held, newest first (My certificates). */
  certificates: () =>
    queryOptions({
      queryKey: queryKeys.learner.certificates.list,
      queryFn: ({ signal }) => certificatesApi.mine(signal),
    }),
  certificate: (courseId: string) =>
    queryOptions({
      queryKey: queryKeys.learner.certificates.course(courseId),
      queryFn: () => certificatesApi.forCourse(courseId),
    }),
  /** The latest graded attempt at an assessment (the course page's review). */
  review: (componentId: string) =>
    queryOptions({
      queryKey: queryKeys.learner.review(componentId),
      queryFn: async () => {
        const latest = await learnerApi.latestAttempt(componentId);
        if (!latest.hasAttempt) throw new Error('No submitted attempt to review');
        return queryClient.fetchQuery(learnerQueries.attempt(latest.attemptId));
      },
    }),
  reports: () => queryOptions({ queryKey: queryKeys.learner.reports, queryFn: ({ signal }) => reportsApi.get(signal) }),
  dashboard: () => queryOptions({ queryKey: queryKeys.learner.dashboard, queryFn: loadDashboard }),
  /** A SCORM launch is read afresh each time the player opens: it carries the package's last saved state. */
  scormLaunch: (componentId: string) =>
    queryOptions({
      queryKey: queryKeys.learner.scorm(componentId),
      queryFn: () => learnerApi.scormLaunch(componentId),
      gcTime: 0,
    }),
};

export interface DashboardCertificate {
  certificateId: string;
  certificateNumber: string;
  status?: 'ACTIVE' | 'EXPIRED' | 'REVOKED';
}

export interface DashboardData {
  progresses: CourseProgressListItem[];
  /** Certificates by course id, from the per-course check; a failed check counts as none. */
  certificates: Record<string, DashboardCertificate | null>;
}

const MAX_COMPLETED_CARDS = 6;

/** The completed courses the dashboard shows: most recently completed first, at most 6. */
export const completedOf = (progresses: readonly CourseProgressListItem[]) =>
  progresses
    .filter((p) => p.status === 'COMPLETED')
    .sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? ''))
    .slice(0, MAX_COMPLETED_CARDS);

/** The dashboard: the learner's progress list and, for each completed course, its certificate. */
async function loadDashboard(): Promise<DashboardData> {
  const { progresses } = await queryClient.fetchQuery(learnerQueries.progresses());
  const checks = await Promise.all(
    completedOf(progresses).map(async (p) => {
      try {
        const found = await queryClient.fetchQuery(learnerQueries.certificate(p.courseId));
        return [
          p.courseId,
          found.exists
            ? { certificateId: found.certificateId, certificateNumber: found.certificateNumber, status: found.status }
            : null,
        ] as const;
      } catch (error) {
        console.warn(`Certificate check failed for course ${p.courseId}`, error);
        return [p.courseId, null] as const;
      }
    }),
  );
  return { progresses, certificates: Object.fromEntries(checks) };
}

/** What grading an attempt changes: the attempt, the component's attempts, what is left open, and progress. */
const afterGrading = (attemptId: string) => [
  queryKeys.learner.attempt(attemptId),
  queryKeys.learner.assessment.all,
  queryKeys.learner.incomplete,
  ...progressReads,
];

export const learnerWrites = {
  enroll: defineWrite({
    run: (courseId: string) => learnerApi.enroll(courseId),
    invalidates: (courseId) => [queryKeys.learner.course(courseId), ...progressReads],
  }),
  startCourse: defineWrite({
    run: (courseId: string) => learnerApi.startCourse(courseId),
    invalidates: (courseId) => [queryKeys.learner.course(courseId), ...progressReads],
  }),
  startComponent: defineWrite({
    run: (componentId: string) => learnerApi.startComponent(componentId),
    invalidates: () => progressReads,
  }),
  componentProgress: defineWrite({
    run: ({
      componentId,
      percentage,
      durationSeconds,
    }: {
      componentId: string;
      percentage: number;
      durationSeconds?: number;
    }) => learnerApi.componentProgress(componentId, percentage, durationSeconds),
    invalidates: () => progressReads,
  }),
  completeComponent: defineWrite({
    run: (componentId: string) => learnerApi.completeComponent(componentId),
    invalidates: () => progressReads,
  }),
  componentTime: defineWrite({
    run: ({ componentId, seconds, keepalive }: { componentId: string; seconds: number; keepalive: boolean }) =>
      learnerApi.componentTime(componentId, seconds, keepalive),
    invalidates: () => [queryKeys.learner.progress.all, queryKeys.learner.reports],
  }),
  startAttempt: defineWrite({
    run: (componentId: string) => learnerApi.startAttempt(componentId),
    invalidates: (componentId) => [
      queryKeys.learner.assessment.questions(componentId),
      queryKeys.learner.assessment.attempts(componentId),
      queryKeys.learner.incomplete,
      ...progressReads,
    ],
  }),
  /** An autosave changes nothing another screen reads (the answers come back with the attempt). */
  saveAnswers: defineWrite({
    run: ({ attemptId, answers }: { attemptId: string; answers: Record<string, string> }) =>
      learnerApi.saveAnswers(attemptId, answers),
    invalidates: () => [],
  }),
  submitAttempt: defineWrite({
    run: ({ attemptId, answers }: { attemptId: string; answers: Record<string, string> }) =>
      learnerApi.submitAttempt(attemptId, answers),
    invalidates: ({ attemptId }) => afterGrading(attemptId),
  }),
  autoSubmitAttempt: defineWrite({
    run: ({ attemptId, answers }: { attemptId: string; answers?: Record<string, string> }) =>
      learnerApi.autoSubmitAttempt(attemptId, answers),
    invalidates: ({ attemptId }) => afterGrading(attemptId),
  }),
  scormCommit: defineWrite({
    run: ({ componentId, body }: { componentId: string; body: ScormCommitBody }) =>
      learnerApi.scormCommit(componentId, body),
    invalidates: ({ componentId }) => [queryKeys.learner.scorm(componentId), ...progressReads],
  }),
};

export const certificateWrites = {
  /** Issues the certificate of a completed course. */
  generate: defineWrite({
    run: (courseId: string) => certificatesApi.generate(courseId),
    invalidates: () => [queryKeys.learner.certificates.all, queryKeys.learner.dashboard, queryKeys.learner.reports],
  }),
};

export const requirementWrites = {
  /** Starts a new cycle of a required course: its progress starts over. */
  recertify: defineWrite({
    run: (courseId: string) => learnerRequirementsApi.recertify(courseId),
    invalidates: (courseId) => [queryKeys.learner.course(courseId), ...progressReads],
  }),
};
