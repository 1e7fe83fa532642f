/** Shapes stored in course_components.data, shared by the Worker, the seed and the client. */
/** CLASSROOM: an in-person session; only a trainer's signed-off attendance completes it (never the learner). */
export const COMPONENT_TYPES = ['PRE_ASSESSMENT', 'MATERIAL', 'CLASSROOM', 'POST_ASSESSMENT'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];
export type AssessmentType = 'PRE_ASSESSMENT' | 'POST_ASSESSMENT';
/** Assessments are the types with questions and attempts (not materials, not classroom sessions). */
export const isAssessmentType = (type: string): type is AssessmentType =>
  type === 'PRE_ASSESSMENT' || type === 'POST_ASSESSMENT';
export const QUESTION_TYPES = ['MCQ', 'TRUE_FALSE'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const MATERIAL_TYPES = ['PDF', 'VIDEO', 'PPT', 'SCORM'] as const;
export const COURSE_STATUSES = ['DRAFT', 'PUBLISHED'] as const;
/** A learner's enrollment in a course. */
export const COURSE_PROGRESS_STATUSES = ['ENROLLED', 'IN_PROGRESS', 'COMPLETED'] as const;
/** A learner's progress on one component. */
export const COMPONENT_PROGRESS_STATUSES = ['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED', 'FAILED'] as const;
/** Why an attempt was closed: the learner, the timer in the browser, the deadline on the server, an admin. */
export const SUBMIT_REASONS = ['MANUAL', 'AUTO', 'DEADLINE', 'ADMIN'] as const;
export type SubmitReason = (typeof SUBMIT_REASONS)[number];
export type MaterialType = (typeof MATERIAL_TYPES)[number];

export const MAX_ATTEMPTS = 3;
export const DEFAULT_PASSING_SCORE = 70;
export const DEFAULT_ASSESSMENT_TIME_LIMIT_MINUTES = 30;
export const DEFAULT_QUESTION_POINTS = 10;

export interface QuestionOption {
  id: string;
  text: string;
  isCorrect: boolean;
}

export interface Question {
  id: string;
  question: string;
  type: QuestionType;
  points: number;
  required: boolean;
  explanation?: string;
  /** MCQ only. */
  options: QuestionOption[];
  /** MCQ: the correct option's text. TRUE_FALSE: "true" or "false". */
  correctAnswer: string;
}

export interface AssessmentData {
  title: string;
  description?: string;
  passingScore: number;
  timeLimit: number;
  maxAttempts: number;
  shuffleQuestions: boolean;
  questions: Question[];
}

export interface MaterialData {
  title: string;
  description?: string;
  materialId: string;
  /** The material's type, copied for display (PDF, VIDEO, PPT). */
  type: MaterialType;
}
