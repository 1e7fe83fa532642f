/** Anything that may describe a signed-in user: the login response, the stored user, a DB row. */
export interface RoleBearer {
  role?: string | null;
  roles?: readonly (string | null | undefined)[] | null;
  userType?: string | null;
  isAdmin?: boolean | null;
}

/**
 * The one admin-recognition rule: ADMIN in the role list, the role or the userType,
 * compared case-insensitively (so "admin" and "SUPER_ADMIN" count), or an isAdmin flag set to true.
 */
export function isAdminUser(user: RoleBearer | null | undefined): boolean {
  if (!user) return false;
  if (user.isAdmin === true) return true;
  const values = [user.role, user.userType, ...(user.roles ?? [])];
  return values.some((value) => typeof value === 'string' && value.toUpperCase().includes('ADMIN'));
}
