import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { materials, stagedPackages } from '../db/schema';
import { deletePackageFiles, scormPrefix } from './scorm-package';
import type { Storage } from './storage';

/*
 * A SCORM package's files are stored before its material row can be written (the row is written
 * once every file is there). A Worker that dies in between (a dropped upload, a restart, a deploy)
 * runs no cleanup, so the package is recorded in `staged_packages`, with its file list, before its
 * first file is stored; the material insert deletes that record in its own batch. A record still
 * there after STALE_PACKAGE_MS belongs to a Worker that died: the cron deletes its files.
 */

/** Longer than any package upload can take (a Worker request is cut off long before). */
export const STALE_PACKAGE_MS = 60 * 60 * 1000;

/** Records the package's files as being stored; call after the checks, before the first write. */
export async function stagePackage(db: Db, materialId: string, files: string[], now = new Date()): Promise<void> {
  await db.insert(stagedPackages).values({ materialId, files, startedAt: now.toISOString() });
}

/** The statement that ends the staging, for the material insert's batch. */
export const unstagePackage = (db: Db, materialId: string) =>
  db.delete(stagedPackages).where(eq(stagedPackages.materialId, materialId));

/**
 * Deletes the stored files of packages staged longer than STALE_PACKAGE_MS ago whose material row
 * was never written, then their records; returns how many packages were swept. A record whose
 * material exists (cannot happen: one batch writes the one and deletes the other) is only dropped.
 */
export async function sweepStagedPackages(db: Db, storage: Storage, now: Date, limit = 50): Promise<number> {
  const cutoff = new Date(now.getTime() - STALE_PACKAGE_MS).toISOString();
  const stale = await db
    .select()
    .from(stagedPackages)
    .where(lt(stagedPackages.startedAt, cutoff))
    .orderBy(stagedPackages.startedAt)
    .limit(limit);
  let swept = 0;
  for (const staged of stale) {
    const material = await db
      .select({ id: materials.id })
      .from(materials)
      .where(eq(materials.id, staged.materialId))
      .get();
    if (!material) {
      // A failed delete is logged by deletePackageFiles; the record goes anyway only once all succeeded.
      const keys = staged.files.map((file) => scormPrefix(staged.materialId) + file);
      const failed = await deletePackageFiles(storage, keys);
      if (failed > 0) continue;
      swept += 1;
    }
    await db.delete(stagedPackages).where(eq(stagedPackages.materialId, staged.materialId));
  }
  return swept;
}
