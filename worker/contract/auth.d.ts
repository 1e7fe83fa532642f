import * as v from 'valibot';
export interface DomainRef {
    id: string;
    name: string;
}
/** GET /api/auth/user; POST /api/auth/login adds token and type. */
export interface SessionUser {
    id: string;
    username: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    name: string;
    role: 'ADMIN' | 'USER';
    roles: ('ADMIN' | 'USER')[];
    userType: 'ADMIN' | 'USER';
    isAdmin: boolean;
    domains: DomainRef[];
    department: string | null;
    jobTitle: string | null;
    profileImage: string | null;
    mustChangePassword: boolean;
    permissions: AdminPermissions | null;
    lastLogin: string | null;
}
export interface LoginResponse extends SessionUser {
    token: string;
    type: 'Bearer';
}
export declare const ADMIN_PERMISSION_KEYS: readonly ["moduleManagement", "userManagement", "domainConfiguration", "reportGeneration", "aiContentGeneration", "systemConfiguration"];
export type AdminPermissions = Record<(typeof ADMIN_PERMISSION_KEYS)[number], boolean>;
export declare const loginBody: v.ObjectSchema<{
    readonly username: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>;
    readonly password: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<"Password is required">, "">, v.NonEmptyAction<string, "Password is required">]>;
}, undefined>;
export declare const forgotPasswordBody: v.ObjectSchema<{
    readonly email: v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.EmailAction<string, "Please enter a valid email address">]>;
}, undefined>;
export declare const resetPasswordBody: v.ObjectSchema<{
    readonly token: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>;
    readonly password: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<"Password must be at least 8 characters">, "">, v.CheckAction<string, (issue: v.CheckIssue<string>) => string>]>;
}, undefined>;
export declare const resetTokenQuery: v.ObjectSchema<{
    readonly token: v.OptionalSchema<v.StringSchema<undefined>, "">;
}, undefined>;
export declare const changePasswordBody: v.ObjectSchema<{
    readonly currentPassword: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<"Current password is required">, "">, v.NonEmptyAction<string, "Current password is required">]>;
    readonly newPassword: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<"Password must be at least 8 characters">, "">, v.CheckAction<string, (issue: v.CheckIssue<string>) => string>]>;
}, undefined>;
