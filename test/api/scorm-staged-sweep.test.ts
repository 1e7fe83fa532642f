import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import { insertScormMaterial } from '../../worker/services/materials';
import type { Storage } from '../../worker/services/storage';
import { storageFor } from '../../worker/services/storage';
import { createAdmin, db, env, login, schema } from './helpers';
import { demoFiles, form, storedKeys, upload } from './scorm-helpers';

// Issue 27 leftover (the soak's "no stored object without a row"): a SCORM package's files are
// stored before its material row exists. A Worker that dies in between (an aborted upload, a
// restart) runs no cleanup; the staging record written before the first file lets the cron delete
// them after an hour. These tests kill the upload mid-write and run the cron as the runtime does.

vi.setConfig({ testTimeout: 30_000 });

const HOUR = 60 * 60 * 1000;

/** The Worker's scheduled() entry point, as the cron trigger calls it, at `at`. */
async function cronAt(at: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: '* * * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/**
 * The real storage, except that after `okPuts` files every write hangs for ever: the Worker is
 * gone mid-expansion (no catch, no cleanup runs). Resolves once `okPuts` files are stored.
 */
function dyingStorage(okPuts: number) {
  const real = storageFor(env);
  let puts = 0;
  let done = 0;
  let stored!: () => void;
  const storedEnough = new Promise<void>((resolve) => {
    stored = resolve;
  });
  const storage: Storage = {
    ...real,
    put: async (key, body, options) => {
      puts += 1;
      if (puts > okPuts) return new Promise<never>(() => {});
      const info = await real.put(key, body, options);
      done += 1;
      if (done === okPuts) stored();
      return info;
    },
  };
  return { storage, storedEnough };
}

/** Starts a package upload that dies after two files are stored; answers the new material's id. */
async function uploadKilledMidWrite() {
  const admin = await createAdmin();
  const { storage, storedEnough } = dyingStorage(2);
  const zip = zipSync(demoFiles());
  // Never settles: the Worker that ran it is dead.
  void insertScormMaterial(db, storage, admin, {
    fileName: 'killed.zip',
    bytes: zip,
    title: 'Killed',
    description: null,
  });
  await storedEnough;
  const staged = await db.select().from(schema.stagedPackages).all();
  const materialId = staged.find((row) => row.files.includes('imsmanifest.xml'))?.materialId;
  if (!materialId) throw new Error('no staging record');
  return materialId;
}

const filesOf = async (materialId: string) =>
  (await storedKeys()).filter((key) => key.startsWith(`materials/${materialId}/scorm/`));

describe('SCORM files stored by a Worker that died before the material row', () => {
  it('are deleted by the cron an hour later, leaving no object without a row', async () => {
    const materialId = await uploadKilledMidWrite();
    expect(await filesOf(materialId)).toHaveLength(2);
    expect(await db.select().from(schema.materials).where(eq(schema.materials.id, materialId)).get()).toBeUndefined();

    // Within the hour the upload may still be running: nothing is touched.
    await cronAt(Date.now() + 10 * 60 * 1000);
    expect(await filesOf(materialId)).toHaveLength(2);

    await cronAt(Date.now() + HOUR + 60_000);
    expect(await filesOf(materialId)).toEqual([]);
    expect(
      await db.select().from(schema.stagedPackages).where(eq(schema.stagedPackages.materialId, materialId)).get(),
    ).toBeUndefined();
  });

  it('leaves a finished upload alone: its batch ends the staging, the sweep keeps its files', async () => {
    const admin = await createAdmin();
    const token = await login(admin);
    const res = await upload(form('finished.zip', zipSync(demoFiles())), token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id as string;
    expect(
      await db.select().from(schema.stagedPackages).where(eq(schema.stagedPackages.materialId, id)).get(),
    ).toBeUndefined();
    await cronAt(Date.now() + 2 * HOUR);
    expect((await filesOf(id)).sort()).toEqual(Object.keys(demoFiles()).map((f) => `materials/${id}/scorm/${f}`));
  });
});
