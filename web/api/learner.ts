/**
 * Learner journey calls; shapes from worker/contract/learner.ts.
 * Every call goes through the one fetch wrapper, so the bearer token and the error type are shared.
 */
import type { Material } from '@contract/materials';
import type {
  AttemptResult,
  AttemptsResponse,
  AutosaveResponse,
  IncompleteAttemptsResponse,
  LatestAttemptResponse,
  QuestionsResponse,
  StartAttemptResponse,
} from '@contract/assessments';
import type {
  ComponentProgressResponse,
  CourseProgressDetailResponse,
  CourseProgressListResponse,
  EnrollResponse,
  StartCourseResponse,
} from '@contract/progress';
import type { CourseDetailResponse, CourseListResponse, CourseListStatus, CourseSort } from '@contract/courses';
import type { ScormCommitBody, ScormCommitResponse, ScormLaunchResponse } from '@contract/scorm';
import { api, apiRequest, CSRF_HEADERS, hasErrorCode } from './client';

export interface CourseListParams {
  page?: number;
  limit?: number;
  showAll?: boolean;
  search?: string;
  sortBy?: CourseSort;
  status?: CourseListStatus | '';
  bookId?: string;
}

const enc = encodeURIComponent;

export const learnerApi = {
  // Courses
  courses: (params: CourseListParams = {}, signal?: AbortSignal) =>
    api.get<CourseListResponse>('/v2/user/courses', { query: { page: 1, limit: 20, ...params }, signal }),
  /** The course itself, with its components. */
  course: (courseId: string) => api.get<CourseDetailResponse>(`/v2/user/courses/${enc(courseId)}`),

  // Progress
  progresses: () => api.get<CourseProgressListResponse>('/v2/user/progress/courses'),
  /** null when the learner is not enrolled (404). */
  courseProgress: async (courseId: string): Promise<CourseProgressDetailResponse | null> => {
    try {
      return await api.get<CourseProgressDetailResponse>(`/v2/user/progress/courses/${enc(courseId)}`);
    } catch (error) {
      if (hasErrorCode(error, 'NOT_FOUND')) return null;
      throw error;
    }
  },
  enroll: (courseId: string) => api.post<EnrollResponse>(`/v2/user/progress/courses/${enc(courseId)}/enroll`),
  /** A required course: enrols on the server when needed and answers the component to open. */
  startCourse: (courseId: string) => api.post<StartCourseResponse>(`/v2/user/progress/courses/${enc(courseId)}/start`),
  startComponent: (componentId: string) =>
    api.post<ComponentProgressResponse>(`/v2/user/progress/components/${enc(componentId)}/start`),
  componentProgress: (componentId: string, progressPercentage: number, durationSeconds?: number) =>
    api.put<ComponentProgressResponse>(
      `/v2/user/progress/components/${enc(componentId)}/progress`,
      durationSeconds === undefined ? { progressPercentage } : { progressPercentage, durationSeconds },
    ),
  completeComponent: (componentId: string, score?: number) =>
    api.post<ComponentProgressResponse>(
      `/v2/user/progress/components/${enc(componentId)}/complete`,
      score === undefined ? {} : { score },
    ),
  /**
   * Time spent. `keepalive` lets the last report of a closing tab still reach the server;
   * the wrapper cannot set it, so this one call uses fetch directly (the cookie and the CSRF header).
   */
  componentTime: async (componentId: string, additionalSeconds: number, keepalive = false): Promise<void> => {
    if (!keepalive) {
      await api.put<ComponentProgressResponse>(`/v2/user/progress/components/${enc(componentId)}/time`, {
        additionalSeconds,
      });
      return;
    }
    await fetch(`/api/v2/user/progress/components/${enc(componentId)}/time`, {
      method: 'PUT',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', ...CSRF_HEADERS },
      body: JSON.stringify({ additionalSeconds }),
    });
  },

  // SCORM packages
  scormLaunch: (componentId: string) => api.get<ScormLaunchResponse>(`/v2/scorm/components/${enc(componentId)}/launch`),
  scormCommit: (componentId: string, body: ScormCommitBody) =>
    api.put<ScormCommitResponse>(`/v2/scorm/components/${enc(componentId)}/runtime`, body),

  // Materials
  material: (materialId: string) => api.get<Material>(`/v2/materials/${enc(materialId)}`),
  /** The file as a blob, for an object URL (the session cookie authenticates it). */
  materialFile: (materialId: string) =>
    apiRequest<Blob>(`/v2/materials/${enc(materialId)}/file`, { responseType: 'blob' }),

  // Assessments
  questions: (componentId: string) => api.get<QuestionsResponse>(`/v2/user/assessments/${enc(componentId)}/questions`),
  startAttempt: (componentId: string) =>
    api.post<StartAttemptResponse>(`/v2/user/assessments/${enc(componentId)}/start`),
  saveAnswers: (attemptId: string, answers: Record<string, string>) =>
    api.put<AutosaveResponse>(`/v2/user/assessments/attempts/${enc(attemptId)}/answers`, { answers }),
  submitAttempt: (attemptId: string, answers: Record<string, string>) =>
    api.post<AttemptResult>(`/v2/user/assessments/attempts/${enc(attemptId)}/submit`, { answers }),
  autoSubmitAttempt: (attemptId: string, answers: Record<string, string> = {}) =>
    api.post<AttemptResult>(`/v2/user/assessments/attempts/${enc(attemptId)}/auto-submit`, { answers }),
  attempts: (componentId: string) => api.get<AttemptsResponse>(`/v2/user/assessments/${enc(componentId)}/attempts`),
  latestAttempt: (componentId: string) =>
    api.get<LatestAttemptResponse>(`/v2/user/assessments/${enc(componentId)}/latest-attempt`),
  attempt: (attemptId: string) => api.get<AttemptResult>(`/v2/user/assessments/attempts/${enc(attemptId)}`),
  incomplete: () => api.get<IncompleteAttemptsResponse>('/v2/user/assessments/incomplete'),
};
