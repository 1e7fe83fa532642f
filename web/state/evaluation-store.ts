/**
 * The evaluator's device store (IndexedDB through `idb`): evaluations in progress and signed ones
 * waiting to be sent, their photos (as resized JPEG blobs), and the copies of the templates and
 * people read while there was a signal. Everything is kept per evaluator, so a shared phone shows
 * each person only their own.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { EvaluationSignature } from '@contract/signature-envelope';
import type { EvaluationDraft, EvaluationStage } from '../../statecharts/evaluation.machine';

export interface StoredEvaluation {
  id: string;
  evaluatorId: string;
  stage: EvaluationStage;
  draft: EvaluationDraft;
  /**
   * The e-signature while the signed record waits for a connection: the evaluator's password sealed
   * to the server's public key with this evaluation's id and content hash (never the password
   * itself; nothing on the device can open it). Removed as soon as the server has the record.
   */
  envelope: EvaluationSignature | null;
  refusal: string | null;
  updatedAt: string;
}

export interface StoredPhoto {
  id: string;
  evaluationId: string;
  blob: Blob;
}

interface EvaluationDb extends DBSchema {
  evaluations: { key: string; value: StoredEvaluation; indexes: { byEvaluator: string } };
  photos: { key: string; value: StoredPhoto; indexes: { byEvaluation: string } };
  cache: { key: string; value: unknown };
}

let opened: Promise<IDBPDatabase<EvaluationDb>> | null = null;

function db() {
  opened ??= openDB<EvaluationDb>('ehs-evaluations', 1, {
    upgrade(database) {
      database.createObjectStore('evaluations', { keyPath: 'id' }).createIndex('byEvaluator', 'evaluatorId');
      database.createObjectStore('photos', { keyPath: 'id' }).createIndex('byEvaluation', 'evaluationId');
      database.createObjectStore('cache');
    },
  });
  return opened;
}

export async function listEvaluations(evaluatorId: string): Promise<StoredEvaluation[]> {
  const all = await (await db()).getAllFromIndex('evaluations', 'byEvaluator', evaluatorId);
  return Promise.all(all.map(withoutPassword)).then((list) =>
    list.sort((a, b) => a.updatedAt.localeCompare(b.updatedAt)),
  );
}

/**
 * A record kept by an earlier version of the app held the password itself: it is erased from the
 * device at once, and a record that was waiting with it goes back to the draft to be signed again.
 */
async function withoutPassword(record: StoredEvaluation): Promise<StoredEvaluation> {
  if (!('password' in record)) return record;
  const { password: _, ...rest } = record as StoredEvaluation & { password: unknown };
  const clean: StoredEvaluation = { ...rest, envelope: rest.envelope ?? null };
  if (clean.stage === 'signed' && !clean.envelope) {
    clean.stage = 'draft';
    clean.draft = { ...clean.draft, signedAt: null };
  }
  await saveEvaluation(clean);
  return clean;
}

export async function saveEvaluation(record: StoredEvaluation): Promise<void> {
  await (await db()).put('evaluations', record);
}

/** Removes an evaluation and any photos still kept with it. */
export async function deleteEvaluation(id: string): Promise<void> {
  const tx = (await db()).transaction(['evaluations', 'photos'], 'readwrite');
  const photoKeys = await tx.objectStore('photos').index('byEvaluation').getAllKeys(id);
  await Promise.all([
    tx.objectStore('evaluations').delete(id),
    ...photoKeys.map((key) => tx.objectStore('photos').delete(key)),
    tx.done,
  ]);
}

export async function savePhoto(photo: StoredPhoto): Promise<void> {
  await (await db()).put('photos', photo);
}

export async function readPhoto(id: string): Promise<StoredPhoto | undefined> {
  return (await db()).get('photos', id);
}

export async function deletePhoto(id: string): Promise<void> {
  await (await db()).delete('photos', id);
}

export async function readCached<T>(key: string): Promise<T | undefined> {
  return (await (await db()).get('cache', key)) as T | undefined;
}

export async function writeCached(key: string, value: unknown): Promise<void> {
  await (await db()).put('cache', value, key);
}
