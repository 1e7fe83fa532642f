import * as v from 'valibot';
import type { CourseVersion, DeliveryLanguage } from './delivery-language';
import {
  DEFAULT_PAGE_SIZE,
  idString,
  optionalText,
  pageQueryFields,
  requiredString,
  wholeNumber,
  requiredText,
  type Pagination,
} from './common';
import {
  COMPONENT_TYPES,
  COURSE_STATUSES,
  DEFAULT_ASSESSMENT_TIME_LIMIT_MINUTES,
  DEFAULT_PASSING_SCORE,
  DEFAULT_QUESTION_POINTS,
  MAX_ATTEMPTS,
  QUESTION_TYPES,
  type AssessmentData,
  type ComponentType,
  type Question,
} from './course';
import { CERTIFICATE_VALIDITY_YEARS, type CertificateValidityYears } from './certificates';
import { REFUSALS } from './errors';
import { SCORM_MAX_MINIMUM_SECONDS } from './rules/scorm';

/*
 * Admin courses (/api/v2/admin/courses: courses, components, languages): request schemas, response
 * types and the assessment rules, shared by the Worker (to enforce) and the admin client (to show each
 * message next to its field).
 */

export const DEFAULT_COURSE_ICON = '/default-course-icon.png';
export const NEW_QUESTION_OPTION_COUNT = 4;
export const MIN_MCQ_OPTIONS = 2;

export const COURSE_MESSAGES = {
  title: REFUSALS['content.title'],
  book: REFUSALS['content.book'],
  timeLimit: REFUSALS['content.timeLimit'],
  passingScore: REFUSALS['content.passingScore'],
  assessmentTitle: REFUSALS['content.assessmentTitle'],
  questionsRequired: REFUSALS['content.questionsRequired'],
  questionText: REFUSALS['content.questionText'],
  options: REFUSALS['content.options'],
  optionsDistinct: REFUSALS['content.optionsDistinct'],
  correctAnswer: REFUSALS['content.correctAnswer'],
  trueFalse: REFUSALS['content.trueFalse'],
  points: REFUSALS['content.points'],
  maxAttempts: REFUSALS['content.maxAttempts'],
  certificateValidity: REFUSALS['content.certificateValidity'],
  material: REFUSALS['content.material'],
} as const;

// ---------------------------------------------------------------- courses

/** A number field where '' and null mean "no limit"; strings from forms are accepted. */
const nullableNumber = (message: string, min: number, max: number) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.number(message), v.string(message)], message)), null),
    v.transform((value) => (value === null || value === '' ? null : Number(value))),
    v.nullable(
      v.pipe(
        v.number(message),
        v.check((n: number) => Number.isFinite(n), message),
        v.integer(message),
        v.minValue(min, message),
        v.maxValue(max, message),
      ),
    ),
  );

export const courseBody = v.object({
  title: requiredText(COURSE_MESSAGES.title, 200, 'Title must be at most 200 characters'),
  description: optionalText(5000),
  domainId: requiredString(COURSE_MESSAGES.book),
  icon: v.pipe(
    v.optional(v.nullable(v.string()), null),
    v.transform((value) => (value == null || value.trim() === '' ? DEFAULT_COURSE_ICON : value.trim())),
    v.maxLength(2000, 'Icon URL is too long'),
  ),
  timeLimit: nullableNumber(COURSE_MESSAGES.timeLimit, 0, 100_000),
  passingScore: nullableNumber(COURSE_MESSAGES.passingScore, 0, 100),
  /** 1, 2 or 3 years, or null: certificates do not expire. Absent: unchanged (a new course: 1 year). */
  certificateValidityYears: v.optional(
    v.nullable(v.picklist(CERTIFICATE_VALIDITY_YEARS, COURSE_MESSAGES.certificateValidity)),
  ),
});
export type CourseBody = v.InferInput<typeof courseBody>;

/**
 * `GET /api/v2/admin/courses`: paged, searched and filtered on the server. The admin client of
 * the original system loads everything with `limit=1000`, so the cap is 1000 here.
 */
export const adminCourseListQuery = v.object({
  ...pageQueryFields(DEFAULT_PAGE_SIZE, 1000),
  status: v.optional(v.union([v.picklist(COURSE_STATUSES), v.literal('')], 'Status must be DRAFT or PUBLISHED'), ''),
  domainId: v.optional(v.union([idString, v.literal('')]), ''),
});

export interface AdminCourse {
  id: string;
  title: string;
  description: string | null;
  domainId: string;
  domain: { id: string; name: string };
  icon: string;
  timeLimit: number | null;
  passingScore: number | null;
  status: 'DRAFT' | 'PUBLISHED';
  hasBeenPublished: boolean;
  componentCount: number;
  allowBrowse: boolean;
  certificateValidityDays: number;
  /** How long its certificates are valid: 1, 2 or 3 years, or null when they do not expire. */
  certificateValidityYears: CertificateValidityYears;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The language this course version is delivered in. */
  language: DeliveryLanguage;
  /** Shared by the versions of one course family; null for a course on its own. */
  familyId: string | null;
}

export interface AdminCourseListPage {
  courses: AdminCourse[];
  pagination: Pagination;
}

export interface AdminComponent {
  id: string;
  courseId: string;
  type: ComponentType;
  order: number;
  orderIndex: number;
  required: boolean;
  materialId: string | null;
  data: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export interface AdminCourseDetail extends AdminCourse {
  components: AdminComponent[];
  /** The other versions of the course's family (any status), in language order. */
  versions: CourseVersion[];
}

// ---------------------------------------------------------------- components and assessments

const bounded = (fallback: number, min: number, max: number, message: string) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.number(message), v.string(message)], message)), fallback),
    v.transform((value: number | string | null): number => (value === null || value === '' ? fallback : Number(value))),
    v.number(message),
    v.check((n: number) => Number.isFinite(n), message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

const optionSchema = v.object({
  id: v.optional(v.nullable(v.string())),
  text: v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((t) => (t ?? '').trim()),
  ),
  isCorrect: v.optional(v.boolean(), false),
});

const questionSchema = v.pipe(
  v.object({
    id: v.optional(v.nullable(v.string())),
    question: requiredString(COURSE_MESSAGES.questionText),
    type: v.optional(v.picklist(QUESTION_TYPES, REFUSALS['content.questionType']), 'MCQ'),
    points: bounded(DEFAULT_QUESTION_POINTS, 1, 1000, COURSE_MESSAGES.points),
    required: v.optional(v.boolean(), true),
    explanation: optionalText(5000),
    options: v.optional(v.array(optionSchema), []),
    correctAnswer: v.pipe(
      v.optional(v.nullable(v.string()), ''),
      v.transform((t) => (t ?? '').trim()),
    ),
  }),
  // Cross-field rules of an assessment (options, correct answer), each reported on its own field.
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const q = dataset.value;
    if (q.type === 'TRUE_FALSE') {
      if (q.correctAnswer.toLowerCase() !== 'true' && q.correctAnswer.toLowerCase() !== 'false') {
        addIssue({ message: COURSE_MESSAGES.trueFalse, path: [pathItem(q, 'correctAnswer')] });
      }
      return;
    }
    const texts = q.options.map((o) => o.text).filter((t) => t !== '');
    if (texts.length < MIN_MCQ_OPTIONS) {
      addIssue({ message: COURSE_MESSAGES.options, path: [pathItem(q, 'options')] });
    } else if (new Set(texts.map((t) => t.toLowerCase())).size !== texts.length) {
      addIssue({ message: COURSE_MESSAGES.optionsDistinct, path: [pathItem(q, 'options')] });
    }
    const correct = mcqCorrectAnswer(q.options, q.correctAnswer);
    if (!correct) addIssue({ message: COURSE_MESSAGES.correctAnswer, path: [pathItem(q, 'correctAnswer')] });
  }),
);

/** A valibot path item for a key of an already-typed object (for issues added by rawCheck). */
function pathItem(input: Record<string, unknown>, key: string) {
  return { type: 'object' as const, origin: 'value' as const, input, key, value: input[key] };
}

/** The MCQ's correct option text: the named correctAnswer if it is one of the options, else the single option flagged isCorrect. */
export function mcqCorrectAnswer(
  options: readonly { text: string; isCorrect?: boolean }[],
  correctAnswer: string,
): string | null {
  const texts = options.map((o) => o.text.trim()).filter((t) => t !== '');
  const named = correctAnswer.trim();
  if (named !== '') return texts.includes(named) ? named : null;
  const flagged = options.filter((o) => o.isCorrect && o.text.trim() !== '');
  return flagged.length === 1 ? flagged[0].text.trim() : null;
}

export const assessmentDataSchema = v.object({
  title: requiredText(COURSE_MESSAGES.assessmentTitle, 200, 'Assessment title must be at most 200 characters'),
  description: optionalText(5000),
  passingScore: bounded(DEFAULT_PASSING_SCORE, 0, 100, COURSE_MESSAGES.passingScore),
  timeLimit: bounded(DEFAULT_ASSESSMENT_TIME_LIMIT_MINUTES, 0, 100_000, COURSE_MESSAGES.timeLimit),
  maxAttempts: bounded(MAX_ATTEMPTS, 1, 10, COURSE_MESSAGES.maxAttempts),
  shuffleQuestions: v.optional(v.boolean(), false),
  questions: v.pipe(v.optional(v.array(questionSchema), []), v.minLength(1, COURSE_MESSAGES.questionsRequired)),
});

export const materialDataSchema = v.object({
  materialId: requiredString(COURSE_MESSAGES.material),
  title: optionalText(200),
  description: optionalText(5000),
  /** SCORM only: seconds after a launch before a pass counts, when the manifest declares no typical time. */
  scormMinimumSeconds: v.optional(wholeNumber(0, SCORM_MAX_MINIMUM_SECONDS, REFUSALS['scorm.minimumRange'])),
});

/** A classroom session component: what learners read; sessions (date, place, trainer) are scheduled apart. */
export const classroomDataSchema = v.object({
  title: requiredText(REFUSALS['content.classroomTitle'], 200, REFUSALS['content.classroomTitle']),
  description: optionalText(5000),
});

export const componentBody = v.object({
  type: v.picklist(COMPONENT_TYPES, 'Component type must be PRE_ASSESSMENT, MATERIAL, CLASSROOM or POST_ASSESSMENT'),
  required: v.optional(v.boolean(), true),
  data: v.optional(v.record(v.string(), v.unknown()), {}),
});
export type ComponentBody = v.InferInput<typeof componentBody>;

export const componentUpdateBody = v.object({
  type: v.optional(
    v.picklist(COMPONENT_TYPES, 'Component type must be PRE_ASSESSMENT, MATERIAL, CLASSROOM or POST_ASSESSMENT'),
  ),
  required: v.optional(v.boolean()),
  data: v.optional(v.record(v.string(), v.unknown())),
});

export const reorderBody = v.object({
  componentOrders: v.pipe(
    v.array(
      v.object({
        componentId: v.pipe(v.string('componentId is required'), v.nonEmpty('componentId is required')),
        newOrder: v.pipe(
          v.number('newOrder must be a number'),
          v.integer('newOrder must be a whole number'),
          v.minValue(1, 'newOrder starts at 1'),
        ),
      }),
      'componentOrders must be a list',
    ),
    v.minLength(1, 'componentOrders must not be empty'),
  ),
});

/** First message per dotted path, relative to the validated value (`questions.0.options`). */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? '_';
    if (!(path in fields)) fields[path] = issue.message;
  }
  return fields;
}

/** Assessment validation as the editor shows it: {} when valid. */
export function assessmentFieldErrors(data: unknown): Record<string, string> {
  const result = v.safeParse(assessmentDataSchema, data);
  return result.success ? {} : fieldErrors(result.issues);
}

/**
 * The stored shape of a validated assessment: ids for every question and option, blank options
 * dropped, `isCorrect` consistent with `correctAnswer`.
 */
export function normalizeAssessment(
  input: v.InferOutput<typeof assessmentDataSchema>,
  newId: () => string,
): AssessmentData {
  const questions: Question[] = input.questions.map((q) => {
    const base = {
      id: q.id || newId(),
      question: q.question,
      type: q.type,
      points: q.points,
      required: q.required,
      ...(q.explanation ? { explanation: q.explanation } : {}),
    };
    if (q.type === 'TRUE_FALSE') return { ...base, options: [], correctAnswer: q.correctAnswer.toLowerCase() };
    const correct = mcqCorrectAnswer(q.options, q.correctAnswer) ?? '';
    const options = q.options
      .filter((o) => o.text !== '')
      .map((o) => ({ id: o.id || newId(), text: o.text, isCorrect: o.text === correct }));
    return { ...base, options, correctAnswer: correct };
  });
  return {
    title: input.title,
    ...(input.description ? { description: input.description } : {}),
    passingScore: input.passingScore,
    timeLimit: input.timeLimit,
    maxAttempts: input.maxAttempts,
    shuffleQuestions: input.shuffleQuestions,
    questions,
  };
}
