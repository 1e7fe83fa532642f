import { type AttemptResult, type SubmitReason } from '../contract/learner';
import type { Db } from '../db/client';
import { attempts } from '../db/schema';
import { type Assessment } from './grading';
export type AttemptRow = typeof attempts.$inferSelect;
export declare const ATTEMPT_NOT_FOUND = "Attempt not found";
export declare const ALREADY_SUBMITTED_MESSAGE = "This attempt has already been submitted";
/** The moment after which the learner's input is no longer taken: deadline plus a short grace. */
export declare function closesAt(attempt: Pick<AttemptRow, 'deadlineAt'>): number | null;
export declare function isPastGrace(attempt: Pick<AttemptRow, 'deadlineAt'>, now: Date): boolean;
/** The assessment an attempt belongs to, read with the course's pass mark as the fallback. */
export declare function loadAssessment(db: Db, componentId: string): Promise<{
    assessment: Assessment;
    courseId: string;
    componentTitle: string;
} | null>;
/** How many attempts the learner has used on a component (open ones included). */
export declare function usedAttempts(db: Db, userId: string, componentId: string): Promise<{
    count: number;
    maxNumber: number;
    passed: boolean;
}>;
export declare function resultMessage(passed: boolean, passingScore: number, remaining: number): string;
/** AttemptResult of a submitted attempt, from what was stored at submission. */
export declare function toAttemptResult(attempt: AttemptRow, passingScore: number, remaining: number): AttemptResult;
/**
 * Grades and closes an open attempt. The state change is conditional (`submitted_at IS NULL`) and
 * the component update only applies when this very submission won, all in one batch: two racing
 * submits grade once. Returns null when the attempt was already closed.
 */
export declare function closeAttempt(db: Db, attempt: AttemptRow, assessment: Assessment, answers: Record<string, string>, reason: SubmitReason, now: Date, 
/** False when the cron closes it: the learner was not there, so the day is no learning day. */
learnerActive?: boolean): Promise<AttemptResult | null>;
/** Open attempts whose deadline plus grace has passed, oldest first. */
export declare function overdueAttempts(db: Db, now: Date, limit?: number): Promise<AttemptRow[]>;
/**
 * Closes every overdue attempt on its saved answers (reason DEADLINE): the browser may never come
 * back, the learner's attempt must still end with a result. Returns how many were closed.
 */
export declare function closeOverdueAttempts(db: Db, now: Date): Promise<number>;
