import type { Db } from '../db/client';
import { ApiError } from '../errors';
export interface RateRule {
    limit: number;
    windowSeconds: number;
    message: string;
}
export declare const RATE_RULES: {
    loginAccount: {
        limit: number;
        windowSeconds: number;
        message: string;
    };
    loginIp: {
        limit: number;
        windowSeconds: number;
        message: string;
    };
    passwordReset: {
        limit: number;
        windowSeconds: number;
        message: string;
    };
    passwordChange: {
        limit: number;
        windowSeconds: number;
        message: string;
    };
    certificateVerify: {
        limit: number;
        windowSeconds: number;
        message: string;
    };
};
/** Current count in the window (0 when the window has passed). */
export declare function peekRate(db: Db, key: string, rule: RateRule): Promise<number>;
/** Atomically counts one hit in a fixed window and returns the new count. */
export declare function hitRate(db: Db, key: string, rule: RateRule): Promise<number>;
/** Gives back one counted hit (a request that turned out not to count, e.g. a successful sign-in). */
export declare function releaseRate(db: Db, key: string): Promise<void>;
export declare function clearRate(db: Db, key: string): Promise<void>;
export declare function rateLimited(rule: RateRule): ApiError;
/** Counts a hit and throws 429 once the limit is passed. */
export declare function enforceRate(db: Db, key: string, rule: RateRule): Promise<void>;
export declare function clientIp(headers: Headers): string;
