import type { AppEnv } from '../env';
/** The one place that sets the request variables every route relies on. */
export declare const requestContext: import("hono").MiddlewareHandler<AppEnv, string, {}, Response>;
/** API answers are data, never documents: nothing may frame, script or sniff them. */
export declare const apiSecurityHeaders: import("hono").MiddlewareHandler;
/**
 * Files (PDF, video, slides) are opened as documents by the browser's own viewers, which a
 * `default-src 'none'` policy breaks (Chromium's PDF viewer shows a blank page). Their safety comes
 * from the upload checks (magic bytes), the exact Content-Type and `nosniff`; JSON keeps the policy.
 * Registered before `apiSecurityHeaders` so it runs after it on the way out.
 */
export declare const fileResponsePolicy: import("hono").MiddlewareHandler<AppEnv, string, {}, Response>;
export declare const noStore: import("hono").MiddlewareHandler<AppEnv, string, {}, Response>;
