import type { AppEnv } from '../env';
export declare function bearerToken(header: string | undefined): string | null;
/**
 * Requires a valid, unrevoked session. The user row and the revocation check come back in one
 * query, so a deleted user, a changed password or a logout takes effect on the very next call.
 */
export declare const requireAuth: import("hono").MiddlewareHandler<AppEnv, string, {}, Response>;
/** Requires an administrator; use after requireAuth. */
export declare const requireAdmin: import("hono").MiddlewareHandler<AppEnv, string, {}, Response>;
