import type { AdminPermissions } from '@contract/auth';
import { holdsAdminPermission } from '@contract/rules/roles';
import { selectUser } from '../../statecharts/session.machine';
import { useSession } from '../state/session';

/** A permission flag an admin route requires (`requireAdmin(flag)` in worker/middleware/auth.ts). */
export type AdminFlag = keyof AdminPermissions;

/**
 * Whether the signed-in administrator may use a screen whose API routes need one of `flags` (an
 * empty list: any administrator). Menus offer only what would not answer 403; the server still decides.
 */
export function useAdminPermission(): (flags: readonly AdminFlag[]) => boolean {
  const user = useSession(selectUser);
  return (flags) => flags.length === 0 || flags.some((flag) => holdsAdminPermission(user, flag));
}
