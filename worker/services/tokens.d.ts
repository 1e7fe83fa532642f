/** A working shift: long enough not to interrupt training, short enough to limit a stolen token. */
export declare const SESSION_TTL_SECONDS: number;
export interface SessionClaims {
    sub: string;
    /** The user's token version at issue time; a password change bumps it and retires older tokens. */
    ver: number;
    jti: string;
    exp: number;
}
export declare function signSession(secret: string, userId: string, tokenVersion: number): Promise<string>;
export declare function verifySession(secret: string, token: string): Promise<SessionClaims | null>;
