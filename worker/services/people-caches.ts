import type { Db } from '../db/client';
import { forgetAdminSnapshots } from './admin-snapshots';
import { clearComplianceCache } from './compliance-snapshot';

/**
 * What a change to people or their books makes stale: the compliance snapshots (who is covered)
 * and the admin figures (dashboard counts). Statements for the change's own batch, so the change
 * and the forgetting land together.
 */
export const forgetPeopleCaches = (db: Db) => [clearComplianceCache(db), forgetAdminSnapshots(db)] as const;
