/**
 * The foreman's device store (IndexedDB through `idb`): talks in progress and signed ones waiting
 * for a connection, with every drawn signature, and the copies of the topics and crew read while
 * there was a signal. Kept per foreman, so a shared phone shows each person only their own.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export interface TalkLine {
  /** The line's own id on the device (a list key that survives removing a line above it). */
  key: string;
  /** The crew member's account, or null for someone named by hand (a visitor, an agency worker). */
  userId: string | null;
  name: string;
  /** A drawn signature (PNG data URL), or null when the foreman signed on their behalf. */
  signature: string | null;
  /** On behalf: why the person could not sign (the foreman's name is recorded by the server). */
  reason: string | null;
  signedAt: string | null;
}

export interface StoredTalk {
  id: string;
  foremanId: string;
  topicId: string;
  topicTitle: string;
  startedAt: string;
  lines: TalkLine[];
  /** draft: people still signing; signed: closed by the foreman, waiting to be sent; sent: on the server. */
  stage: 'draft' | 'signed' | 'sent';
  foremanSignature: string | null;
  signedOffAt: string | null;
  /** The server's refusal of a signed talk (the foreman must look), null otherwise. */
  refusal: string | null;
  updatedAt: string;
}

interface TalkDb extends DBSchema {
  talks: { key: string; value: StoredTalk; indexes: { byForeman: string } };
  cache: { key: string; value: unknown };
}

let opened: Promise<IDBPDatabase<TalkDb>> | null = null;

function db() {
  opened ??= openDB<TalkDb>('ehs-talks', 1, {
    upgrade(database) {
      database.createObjectStore('talks', { keyPath: 'id' }).createIndex('byForeman', 'foremanId');
      database.createObjectStore('cache');
    },
  });
  return opened;
}

export async function listTalks(foremanId: string): Promise<StoredTalk[]> {
  const all = await (await db()).getAllFromIndex('talks', 'byForeman', foremanId);
  return all.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}

export async function saveTalk(talk: StoredTalk): Promise<void> {
  await (await db()).put('talks', talk);
}

export async function deleteTalk(id: string): Promise<void> {
  await (await db()).delete('talks', id);
}

export async function readTalkCache<T>(key: string): Promise<T | undefined> {
  return (await (await db()).get('cache', key)) as T | undefined;
}

export async function writeTalkCache(key: string, value: unknown): Promise<void> {
  await (await db()).put('cache', value, key);
}
