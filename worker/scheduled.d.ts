import { type Db } from './db/client';
import type { Bindings } from './env';
type Job = (env: Bindings, db: Db, now: Date) => Promise<void>;
/** Attempts whose deadline (plus grace) passed are graded on their saved answers, even if the browser never returns. */
export declare const closeOverdueAttempts: Job;
/**
 * A submit or completion stores the component first and the course progress second; if the second
 * write failed, the course would never read COMPLETED (and no certificate would be issued).
 * Enrollments whose every component is completed but which are not COMPLETED are recomputed.
 */
export declare const repairCompletedCourses: Job;
/** Every job runs even when another fails; failures are logged, never swallowed silently. */
export declare const JOBS: Record<string, Job>;
export declare function runScheduled(env: Bindings, now?: Date): Promise<void>;
export {};
