import { toProgressStep } from './progress';

/**
 * Evidence of learning: a material counts as viewed only as fast as it can plausibly be viewed,
 * measured on the server's clock from the moment the learner opened it. A PDF or slide deck needs a
 * minimum time per page; a video needs its length played at twice its speed at most (and a floor,
 * so a player reporting a tiny length gains nothing). Progress reports beyond that are held back to
 * what is plausible; completion is refused until the whole material is.
 */

/**
 * Seconds a page must be shown before it counts as viewed. The learner's PDF viewer counts a page
 * only after it was mostly visible for this long, and the server holds progress back to this many
 * seconds a page since the material was opened: one number, so the two never disagree.
 */
export const MIN_SECONDS_PER_PAGE = 3;
export const MAX_PLAYBACK_RATE = 2;
export const MIN_VIDEO_SECONDS = 30;

export interface ViewingSubject {
  type: 'PDF' | 'VIDEO' | 'PPT';
  /** Pages of a PDF; null when unknown (counts as one page). */
  pages: number | null;
  /** A video's length in seconds; null when no player has reported it. */
  mediaSeconds: number | null;
}

/**
 * A PDF's progress: the pages viewed out of all its pages, in 10 % steps (what the server records
 * and the course page shows). Every page viewed is exactly 100; no pages known is 0.
 */
export function pagesViewedProgress(viewedPages: number, pageCount: number): number {
  if (!(pageCount > 0)) return 0;
  return toProgressStep((Math.min(viewedPages, pageCount) / pageCount) * 100);
}

/** Seconds of viewing the whole material needs. */
export function viewingSecondsNeeded(subject: ViewingSubject): number {
  if (subject.type === 'VIDEO') return Math.max(MIN_VIDEO_SECONDS, (subject.mediaSeconds ?? 0) / MAX_PLAYBACK_RATE);
  return Math.max(1, subject.pages ?? 1) * MIN_SECONDS_PER_PAGE;
}

/** The highest 10 % step plausible after `elapsedSeconds` since the material was opened. */
export function plausibleProgress(elapsedSeconds: number, subject: ViewingSubject): number {
  if (!(elapsedSeconds > 0)) return 0;
  return toProgressStep(Math.min(100, (elapsedSeconds / viewingSecondsNeeded(subject)) * 100));
}

/** Whole seconds still needed before the material counts as completely viewed (0 when it does). */
export function secondsUntilViewed(elapsedSeconds: number, subject: ViewingSubject): number {
  return Math.max(0, Math.ceil(viewingSecondsNeeded(subject) - Math.max(0, elapsedSeconds)));
}

/** Why a completion was refused, in words the learner can act on. */
export function notViewedMessage(remaining: number, subject: ViewingSubject): string {
  const seconds = `${remaining} more second${remaining === 1 ? '' : 's'}`;
  if (subject.type === 'VIDEO') return `Watch the video before marking it complete: at least ${seconds} to go.`;
  if (subject.type === 'PDF' && subject.pages && subject.pages > 1) {
    return `This material has ${subject.pages} pages: keep it open for at least ${seconds} before marking it complete.`;
  }
  return `Keep the material open for at least ${seconds} before marking it complete.`;
}

export const NOT_OPENED_MESSAGE = 'Open the material and view it before marking it complete.';
