import { type UserReport } from '../contract/reports';
import type { Db } from '../db/client';
/**
 * The learner's report in one round trip of five grouped reads (no per-course queries), so its
 * cost depends on this learner's rows only, not on the number of users or courses.
 */
export declare function buildUserReport(db: Db, userId: string, now?: Date): Promise<UserReport>;
