/**
 * Cloudflare's production runtime rejects PBKDF2 above 100,000 iterations while local workerd
 * accepts more, so the count is pinned here and a test asserts it.
 */
export declare const PBKDF2_ITERATIONS = 100000;
/** `pbkdf2$sha256$<iterations>$<salt b64>$<hash b64>` */
export declare function hashPassword(password: string): Promise<string>;
export declare function verifyPassword(password: string, stored: string): Promise<boolean>;
export declare function getDummyHash(): Promise<string>;
/** A 14-character password satisfying the policy, for admin-created accounts. */
export declare function generatePassword(length?: number): string;
