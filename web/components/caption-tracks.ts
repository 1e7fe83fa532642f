import type { CaptionTrack } from '@contract/captions';

/*
 * Pure helpers of the video player's caption tracks and transcript (no DOM, unit-tested).
 */

/**
 * The track to offer first: the first of the reader's languages (`navigator.languages`, most
 * preferred first) that a track matches exactly, else by its primary language (`en-GB` for `en`),
 * else the first track. Null when there are none.
 */
export function pickDefaultTrack<T extends Pick<CaptionTrack, 'language'>>(
  tracks: readonly T[],
  preferred: readonly string[],
): T | null {
  if (tracks.length === 0) return null;
  const primary = (tag: string) => tag.toLowerCase().split('-')[0];
  for (const wanted of preferred) {
    const exact = tracks.find((t) => t.language.toLowerCase() === wanted.toLowerCase());
    if (exact) return exact;
    const sameLanguage = tracks.find((t) => primary(t.language) === primary(wanted));
    if (sameLanguage) return sameLanguage;
  }
  return tracks[0];
}
