/**
 * Assessment content as the server reads it, what a learner may see of it, and the one grading
 * function every path uses (submit, auto-submit, late submit, the deadline cron).
 * Pure: no database, no clock.
 */
import type { DetailedResult, LearnerAssessmentData, LearnerQuestion } from '../contract/learner';
import { type QuestionType } from '../contract/course';
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
/**
 * Reads course_components.data of an assessment defensively: content written by older editors may
 * hold plain-text options, missing ids or missing points. Defaults follow the specs
 * (70 % to pass, 30 minutes, 3 attempts, 10 points).
 */
export declare function readAssessment(data: Record<string, unknown> | null | undefined, fallback?: {
    passingScore?: number | null;
}): Assessment;
/** The learner's summary of an assessment component: counts, never questions. */
export declare function learnerAssessmentSummary(a: Assessment): LearnerAssessmentData;
export declare function seededShuffle<T>(items: readonly T[], seed: string): T[];
/**
 * The seed of one attempt's shuffle: the same before start (questions preview) and during the
 * attempt, so the order a learner first sees is the order stored on the attempt.
 */
export declare const shuffleSeed: (userId: string, componentId: string, attemptNumber: number) => string;
/** Question ids in the order this attempt shows them. */
export declare function questionOrderFor(a: Assessment, seed: string): string[];
/**
 * Questions without any correctness data, in `order` (ids missing from it, e.g. added after the
 * attempt started, go last), options shuffled too when the assessment shuffles.
 */
export declare function learnerQuestions(a: Assessment, order: readonly string[] | null, seed: string): LearnerQuestion[];
export interface Grade {
    score: number;
    passed: boolean;
    correctAnswers: number;
    totalQuestions: number;
    detailedResults: DetailedResult[];
}
/**
 * Grades answers keyed by question id. MCQ: option id or option text (trimmed, case-insensitive);
 * TRUE_FALSE: "true"/"false". Unanswered counts as incorrect. Score 0-100 weighted by points,
 * 2 decimals (equal weights if every question is worth 0 points).
 */
export declare function gradeAnswers(a: Assessment, answers: Readonly<Record<string, string>>): Grade;
