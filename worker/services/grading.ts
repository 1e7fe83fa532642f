/**
 * Assessment content as the server reads it, what a learner may see of it, and the one grading
 * function every path uses (submit, auto-submit, late submit, the deadline cron).
 * Pure: no database, no clock.
 */
import type { DetailedResult, LearnerQuestion } from '../contract/assessments';
import type { AssessmentTerms, LearnerAssessmentData } from '../contract/courses';
import {
  DEFAULT_ASSESSMENT_TIME_LIMIT_MINUTES,
  DEFAULT_PASSING_SCORE,
  DEFAULT_QUESTION_POINTS,
  MAX_ATTEMPTS,
  type QuestionType,
} from '../contract/course';

export interface GradedOption {
  id: string;
  text: string;
  isCorrect: boolean;
}

export interface GradedQuestion {
  id: string;
  question: string;
  type: QuestionType;
  points: number;
  options: GradedOption[];
  /** MCQ: the correct option's text; TRUE_FALSE: "true" or "false". */
  correctAnswer: string;
  explanation: string | null;
}

export interface Assessment {
  title: string;
  description: string | null;
  timeLimit: number;
  passingScore: number;
  maxAttempts: number;
  shuffleQuestions: boolean;
  questions: GradedQuestion[];
}

const str = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : null;
const positive = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
const norm = (value: string) => value.trim().toLowerCase();

function toBoolText(value: unknown): 'true' | 'false' | null {
  if (value === true || value === false) return value ? 'true' : 'false';
  const s = str(value);
  if (s == null) return null;
  const n = norm(s);
  return n === 'true' ? 'true' : n === 'false' ? 'false' : null;
}

/**
 * Reads course_components.data of an assessment defensively: content written by older editors may
 * hold plain-text options, missing ids or missing points. Missing values take the platform
 * defaults: 70 % to pass, 30 minutes, 3 attempts, 10 points per question.
 */
export function readAssessment(
  data: Record<string, unknown> | null | undefined,
  fallback: { passingScore?: number | null } = {},
): Assessment {
  const d = data ?? {};
  const rawQuestions = Array.isArray(d.questions) ? d.questions : [];
  const questions: GradedQuestion[] = rawQuestions.map((raw, index) => {
    const q = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const id = str(q.id) ?? `q${index + 1}`;
    const type: QuestionType = q.type === 'TRUE_FALSE' ? 'TRUE_FALSE' : 'MCQ';
    const correctText = str(q.correctAnswer);
    const rawOptions = Array.isArray(q.options) ? q.options : [];
    const options: GradedOption[] = rawOptions.map((rawOption, optionIndex) => {
      if (rawOption && typeof rawOption === 'object') {
        const o = rawOption as Record<string, unknown>;
        const text = str(o.text) ?? '';
        return { id: str(o.id) ?? `${id}-o${optionIndex + 1}`, text, isCorrect: o.isCorrect === true };
      }
      const text = str(rawOption) ?? '';
      return {
        id: `${id}-o${optionIndex + 1}`,
        text,
        isCorrect: correctText != null && norm(text) === norm(correctText),
      };
    });
    if (type === 'MCQ' && correctText != null && !options.some((o) => o.isCorrect)) {
      for (const o of options) if (norm(o.text) === norm(correctText)) o.isCorrect = true;
    }
    let correctAnswer: string;
    if (type === 'TRUE_FALSE') {
      correctAnswer = toBoolText(q.correctAnswer) ?? toBoolText(options.find((o) => o.isCorrect)?.text) ?? 'true';
    } else {
      correctAnswer = options.find((o) => o.isCorrect)?.text ?? correctText ?? '';
    }
    const points =
      typeof q.points === 'number' && Number.isFinite(q.points) && q.points >= 0 ? q.points : DEFAULT_QUESTION_POINTS;
    return {
      id,
      question: str(q.question) ?? '',
      type,
      points,
      options: type === 'MCQ' ? options : [],
      correctAnswer,
      explanation: str(q.explanation),
    };
  });
  const passingScore =
    typeof d.passingScore === 'number' && d.passingScore >= 0 && d.passingScore <= 100
      ? d.passingScore
      : (fallback.passingScore ?? DEFAULT_PASSING_SCORE);
  return {
    title: str(d.title) ?? 'Assessment',
    description: str(d.description),
    timeLimit: positive(d.timeLimit, DEFAULT_ASSESSMENT_TIME_LIMIT_MINUTES),
    passingScore,
    maxAttempts: Math.floor(positive(d.maxAttempts, MAX_ATTEMPTS)),
    shuffleQuestions: d.shuffleQuestions === true,
    questions,
  };
}

/** An assessment's terms before any question: what the course page and the intro show. */
export function assessmentTerms(a: Assessment): AssessmentTerms {
  return {
    title: a.title,
    description: a.description,
    timeLimit: a.timeLimit,
    passingScore: a.passingScore,
    maxAttempts: a.maxAttempts,
    questionCount: a.questions.length,
  };
}

/** The learner's summary of an assessment component: counts, never questions. */
export function learnerAssessmentSummary(a: Assessment): LearnerAssessmentData {
  return { ...assessmentTerms(a), questions: a.questions.map((q) => ({ id: q.id })) };
}

/** A deterministic PRNG (mulberry32 over an FNV-1a hash of the seed). */
export function seededRandom(seed: string): () => number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  let state = h >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  const out = [...items];
  const random = seededRandom(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The seed of one attempt's shuffle: the same before start (questions preview) and during the
 * attempt, so the order a learner first sees is the order stored on the attempt.
 */
export const shuffleSeed = (userId: string, componentId: string, attemptNumber: number) =>
  `${userId}:${componentId}:${attemptNumber}`;

/** Question ids in the order this attempt shows them. */
export function questionOrderFor(a: Assessment, seed: string): string[] {
  const ids = a.questions.map((q) => q.id);
  return a.shuffleQuestions ? seededShuffle(ids, seed) : ids;
}

/**
 * Questions without any correctness data, in `order` (ids missing from it, e.g. added after the
 * attempt started, go last), options shuffled too when the assessment shuffles.
 */
export function learnerQuestions(a: Assessment, order: readonly string[] | null, seed: string): LearnerQuestion[] {
  const position = new Map((order ?? []).map((id, index) => [id, index]));
  const sorted = order
    ? [...a.questions].sort((x, y) => (position.get(x.id) ?? Infinity) - (position.get(y.id) ?? Infinity))
    : a.questions;
  return sorted.map((q) => {
    const options =
      q.type === 'TRUE_FALSE'
        ? [
            { id: 'true', text: 'True' },
            { id: 'false', text: 'False' },
          ]
        : q.options.map((o) => ({ id: o.id, text: o.text }));
    return {
      id: q.id,
      question: q.question,
      type: q.type,
      points: q.points,
      options: a.shuffleQuestions && q.type === 'MCQ' ? seededShuffle(options, `${seed}:${q.id}`) : options,
    };
  });
}

export interface Grade {
  score: number;
  passed: boolean;
  correctAnswers: number;
  totalQuestions: number;
  detailedResults: DetailedResult[];
}

/** An MCQ with no options cannot be answered, so it is left out of grading (neither right nor wrong). */
const isGradable = (q: GradedQuestion) => q.type === 'TRUE_FALSE' || q.options.length > 0;

/**
 * Grades answers keyed by question id. MCQ: option id or option text (trimmed, case-insensitive);
 * TRUE_FALSE: "true"/"false". Unanswered counts as incorrect. Score 0-100 weighted by points,
 * 2 decimals (equal weights if every question is worth 0 points).
 */
export function gradeAnswers(a: Assessment, answers: Readonly<Record<string, string>>): Grade {
  const gradable = a.questions.filter(isGradable);
  const allZero = gradable.every((q) => q.points === 0);
  let totalPoints = 0;
  let earned = 0;
  let correctAnswers = 0;
  const detailedResults: DetailedResult[] = gradable.map((q) => {
    const given = answers[q.id];
    const raw = typeof given === 'string' && given.trim() !== '' ? given : null;
    let isCorrect = false;
    let userAnswer: string | null = raw;
    if (raw != null) {
      if (q.type === 'TRUE_FALSE') {
        const value = toBoolText(raw);
        userAnswer = value ?? raw;
        isCorrect = value === q.correctAnswer;
      } else {
        const chosen = q.options.find((o) => o.id === raw) ?? q.options.find((o) => norm(o.text) === norm(raw));
        userAnswer = chosen?.text ?? raw;
        isCorrect = chosen?.isCorrect === true;
      }
    }
    const weight = allZero ? 1 : q.points;
    totalPoints += weight;
    if (isCorrect) {
      earned += weight;
      correctAnswers += 1;
    }
    return {
      questionId: q.id,
      question: q.question,
      isCorrect,
      userAnswer,
      correctAnswer: q.correctAnswer,
      explanation: q.explanation,
    };
  });
  const score = totalPoints > 0 ? Math.round((earned * 10000) / totalPoints) / 100 : 0;
  return { score, passed: score >= a.passingScore, correctAnswers, totalQuestions: gradable.length, detailedResults };
}
