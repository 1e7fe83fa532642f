/** Anything that may describe a signed-in user: the login response, the stored user, a DB row. */
export interface RoleBearer {
    role?: string | null;
    roles?: readonly (string | null | undefined)[] | null;
    userType?: string | null;
    isAdmin?: boolean | null;
}
/**
 * The one admin-recognition rule of both specs: ADMIN in the role list, the role or the userType,
 * compared case-insensitively (so "admin" and "SUPER_ADMIN" count), or an isAdmin flag set to true.
 */
export declare function isAdminUser(user: RoleBearer | null | undefined): boolean;
