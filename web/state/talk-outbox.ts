/**
 * The foreman's device outbox for toolbox talks: every change to a talk is written to IndexedDB at
 * once (a reload, a closed tab or a flat battery resumes at the same line), and a talk the foreman
 * has signed off is sent when there is a connection: at once, on the browser's "online" event, and
 * every half minute while one waits. One send at a time per talk; the device made the talk's id, so
 * a send repeated after a lost answer stores nothing twice (the server answers the stored record).
 */
import type { TalkBody } from '@contract/talks';
import { ApiClientError } from '../api/client';
import { talkWrites } from '../api/talk-queries';
import { runWrite } from '../api/writes';
import { t } from '../i18n';
import { errorText } from '../i18n/error-text';
import { deleteTalk, listTalks, saveTalk, type StoredTalk } from './talk-store';

export interface TalkOutboxState {
  foremanId: string | null;
  loaded: boolean;
  talks: readonly StoredTalk[];
  /** Ids of talks being sent right now. */
  sending: readonly string[];
}

/** An answer that says no (the foreman must look), not a lost connection. */
const isRefusal = (error: unknown) =>
  error instanceof ApiClientError && error.status >= 400 && error.status < 500 && ![408, 429].includes(error.status);

const RETRY_MS = 30_000;

/** What the server receives for a signed-off talk: the signed lines only, in the order they were put on the sheet. */
export function bodyOf(talk: StoredTalk): TalkBody {
  return {
    id: talk.id,
    topicId: talk.topicId,
    startedAt: talk.startedAt,
    signedOffAt: talk.signedOffAt ?? new Date().toISOString(),
    attendees: talk.lines
      .filter((line) => line.signedAt)
      .map((line) =>
        line.signature
          ? {
              method: 'signature' as const,
              userId: line.userId,
              name: line.name,
              signature: line.signature,
              signedAt: line.signedAt!,
            }
          : {
              method: 'on-behalf' as const,
              userId: line.userId,
              name: line.name,
              reason: line.reason ?? '',
              signedAt: line.signedAt!,
            },
      ),
    foreman: { method: 'signature', signature: talk.foremanSignature ?? '' },
  };
}

class TalkOutbox {
  private listeners = new Set<() => void>();
  private state: TalkOutboxState = { foremanId: null, loaded: false, talks: [], sending: [] };
  private watching = false;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  talk(id: string): StoredTalk | undefined {
    return this.state.talks.find((talk) => talk.id === id);
  }

  /** Reads this foreman's talks from the device (sent ones from an earlier visit are dropped), then sends what waits. */
  async open(foremanId: string): Promise<void> {
    if (this.state.foremanId === foremanId) return;
    this.state = { foremanId, loaded: false, talks: [], sending: [] };
    this.notify();
    this.watch();
    const stored = await listTalks(foremanId);
    if (this.state.foremanId !== foremanId) return;
    const sent = stored.filter((talk) => talk.stage === 'sent');
    await Promise.all(sent.map((talk) => deleteTalk(talk.id)));
    this.set({ loaded: true, talks: stored.filter((talk) => talk.stage !== 'sent') });
    void this.flush();
  }

  /** Writes a talk (new or changed) to the device first, then to the screen. */
  async put(talk: StoredTalk): Promise<void> {
    const next = { ...talk, updatedAt: new Date().toISOString() };
    await saveTalk(next);
    const others = this.state.talks.filter((x) => x.id !== talk.id);
    this.set({ talks: [...others, next].sort((a, b) => a.startedAt.localeCompare(b.startedAt)) });
  }

  /** The foreman signs off: the talk is closed on the device and sent when it can be. */
  async signOff(id: string, foremanSignature: string): Promise<void> {
    const talk = this.talk(id);
    if (talk?.stage !== 'draft') return;
    await this.put({
      ...talk,
      stage: 'signed',
      foremanSignature,
      signedOffAt: new Date().toISOString(),
      refusal: null,
    });
    void this.flush();
  }

  async discard(id: string): Promise<void> {
    await deleteTalk(id);
    this.set({ talks: this.state.talks.filter((talk) => talk.id !== id) });
  }

  /** Sends every signed talk not already on its way (a refused one waits for the foreman). */
  async flush(): Promise<void> {
    // Offline, a write would wait paused in the query client's mutation cache: the "online" event sends instead.
    if (typeof navigator !== 'undefined' && !navigator.onLine) return;
    const waiting = this.state.talks.filter(
      (talk) => talk.stage === 'signed' && !talk.refusal && !this.state.sending.includes(talk.id),
    );
    await Promise.all(waiting.map((talk) => this.send(talk)));
  }

  private async send(talk: StoredTalk) {
    this.set({ sending: [...this.state.sending, talk.id] });
    try {
      await runWrite(talkWrites.submit, bodyOf(talk));
      await this.put({ ...talk, stage: 'sent' });
    } catch (error) {
      // Without a signal the talk simply waits; a refusal is kept on the device for the foreman to see.
      if (isRefusal(error)) await this.put({ ...talk, refusal: errorText(error, t('talks.send.failed')) });
    } finally {
      this.set({ sending: this.state.sending.filter((id) => id !== talk.id) });
    }
  }

  private set(patch: Partial<TalkOutboxState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }

  private watch() {
    if (this.watching || typeof window === 'undefined') return;
    this.watching = true;
    window.addEventListener('online', () => void this.flush());
    setInterval(() => {
      if (navigator.onLine && this.state.talks.some((talk) => talk.stage === 'signed')) void this.flush();
    }, RETRY_MS);
  }
}

export const talkOutbox = new TalkOutbox();
