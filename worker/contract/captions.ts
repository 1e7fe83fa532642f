import * as v from 'valibot';
import { idString, stripBidiControls } from './common';
import { REFUSALS } from './errors';

/*
 * Caption tracks of a video material: WebVTT files, one per language. The rules live here so the
 * Worker enforces them and the admin screen explains them before a byte is sent.
 */

/** A caption file is text; a long training video's captions are well under this. */
export const CAPTION_MAX_BYTES = 512 * 1024;

/** At most this many tracks per video (a language picker past this is no longer usable). */
export const MAX_CAPTIONS_PER_MATERIAL = 20;

export const CAPTION_MESSAGES = {
  fileMissing: REFUSALS['caption.fileMissing'],
  wrongExtension: REFUSALS['caption.wrongExtension'],
  notVtt: REFUSALS['caption.notVtt'],
  notUtf8: REFUSALS['caption.notUtf8'],
  tooLarge: REFUSALS['caption.tooLarge'],
  languageRequired: REFUSALS['caption.languageRequired'],
  languageInvalid: REFUSALS['caption.languageInvalid'],
  labelTooLong: REFUSALS['caption.labelTooLong'],
  notVideo: REFUSALS['caption.notVideo'],
  exists: REFUSALS['caption.exists'],
  tooMany: `A video can have at most ${MAX_CAPTIONS_PER_MATERIAL} caption tracks`,
  notFound: 'Caption track not found',
} as const;

/** One caption track as the API describes it; `url` is signed for the caller like the video's own file link. */
export interface CaptionTrack {
  id: string;
  /** BCP 47 language tag in canonical form (`en`, `en-GB`, `pt-BR`). */
  language: string;
  label: string;
  fileName: string;
  fileSize: number;
  url: string;
  createdAt: string;
}

/** The canonical form of a BCP 47 tag (`EN-gb` -> `en-GB`), or null when it is not a well-formed language tag. */
export function canonicalLanguageTag(input: string): string | null {
  const tag = input.trim();
  // The primary language subtag is an ISO 639 code (2 or 3 letters); the browser's own parser checks the rest.
  if (tag.length === 0 || tag.length > 35 || !/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(tag)) return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/** The language's own name for itself ("English", "Español", "हिन्दी", "العربية"), or the tag when unknown. */
export function defaultCaptionLabel(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: 'language' }).of(tag);
    if (name && name !== tag) return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
  } catch {
    // An unknown tag keeps itself as its label.
  }
  return tag;
}

/**
 * The fields of a caption upload. `label` defaults to the language's own name. Control and bidi
 * control characters are removed from the label: it is shown in the player's menu.
 */
export const captionFields = v.object({
  language: v.pipe(
    v.optional(v.string(CAPTION_MESSAGES.languageRequired), ''),
    v.trim(),
    v.nonEmpty(CAPTION_MESSAGES.languageRequired),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const tag = canonicalLanguageTag(dataset.value);
      if (!tag) {
        addIssue({ message: CAPTION_MESSAGES.languageInvalid });
        return NEVER;
      }
      return tag;
    }),
  ),
  label: v.pipe(
    v.optional(v.string(), ''),
    v.transform((value) =>
      stripBidiControls(value)
        // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters in a caption label become spaces
        .replace(/[\u0000-\u001f\u007f]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
    v.maxLength(60, CAPTION_MESSAGES.labelTooLong),
  ),
});

export const captionParams = v.object({ id: idString, captionId: idString });

/**
 * Whether bytes are a WebVTT file as the WebVTT spec's parser accepts it: UTF-8 (an optional BOM),
 * starting with "WEBVTT" followed by the end of the file, a space, a tab or a line break.
 * Answers the reason when they are not.
 */
export function webVttProblem(bytes: Uint8Array): 'notUtf8' | 'notVtt' | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return 'notUtf8';
  }
  return /^\uFEFF?WEBVTT(?:$|[ \t\r\n])/.test(text) ? null : 'notVtt';
}
