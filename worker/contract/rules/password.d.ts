/** The password policy of both specs, applied on every password set (reset, change, admin-generated). */
export declare const PASSWORD_MIN_LENGTH = 8;
export declare const BANNED_PASSWORD_TERMS: readonly ["safety", "password", "secure", "ehs", "osha"];
export declare const PASSWORD_MESSAGES: {
    readonly required: "Password must be at least 8 characters";
    readonly length: "Password must be at least 8 characters";
    readonly classes: "Password must include uppercase, lowercase, number, and special character";
    readonly banned: "Password cannot contain common safety terms";
    readonly confirmRequired: "Please confirm your password";
    readonly mismatch: "Passwords do not match";
};
/** Returns the first policy message the password breaks, or null when it is acceptable. */
export declare function passwordPolicyError(password: string): string | null;
/** Confirmation check used by the reset and change forms. */
export declare function passwordConfirmError(password: string, confirm: string): string | null;
