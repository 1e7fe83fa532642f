import * as v from 'valibot';
import { signingProofString } from './signing-proofs';
import { idString, oneToMany, requiredString, requiredText } from './common';
import { REFUSALS } from './errors';
import { LANGUAGES } from './language';
import type { FOREMAN_SIGN_METHODS, TALK_SIGN_METHODS } from './offscreen';

/**
 * Toolbox talks (issue 29): the admin's library of talk topics, and talks a foreman signs off for a
 * crew on their device (sent again from an offline queue: idempotent by the device's id, like
 * evaluations). Who may lead a talk: docs/decisions/2026-11-28-toolbox-talks.md.
 */

export type TalkSignMethod = (typeof TALK_SIGN_METHODS)[number];
export type ForemanSignMethod = (typeof FOREMAN_SIGN_METHODS)[number];

export const TALK_LIMITS = {
  titleLength: 200,
  /** One page of text, read out at the start of a shift. */
  bodyLength: 6000,
  attendees: 100,
  nameLength: 200,
  reasonLength: 300,
  /** Bytes of one drawn signature's PNG, decoded (as for an evaluation's acknowledgement). */
  signatureBytes: 300 * 1024,
  /** A whole submission: up to 100 lines of drawn signatures (a phone's PNG is 20-60 KB) is more than the API's 1 MB. */
  bodyBytes: 8 * 1024 * 1024,
  /** A topic's PDF handout: a short one (a page or two), under the API's 1 MB body limit so this route's message answers. */
  topicPdfBytes: 800 * 1024,
  /** How far back a device-made talk may be dated (a crew offline for a long shift, not a month). */
  startedWithinDays: 30,
  /**
   * Days a signature made on one's own phone waits for its talk: a talk that could still join it started
   * before it, so it is refused 30 days after that start (startedWithinDays); later it can never join.
   */
  selfSignatureDays: 30,
} as const;

/** The meaning of the foreman's signature, printed on the sheet. */
export const FOREMAN_MEANING = 'I led this toolbox talk and these people attended';

// ---- Admin: topics ----

export const talkTopicBody = v.object({
  title: requiredText(REFUSALS['talkTopic.title'], TALK_LIMITS.titleLength, REFUSALS['talkTopic.titleLength']),
  body: requiredText(REFUSALS['talkTopic.body'], TALK_LIMITS.bodyLength, REFUSALS['talkTopic.bodyLength']),
  languages: oneToMany(
    v.picklist(LANGUAGES, REFUSALS['talkTopic.languages']),
    LANGUAGES.length,
    REFUSALS['talkTopic.languages'],
  ),
});

export type TalkTopicBody = v.InferOutput<typeof talkTopicBody>;

export interface TalkTopicDto {
  id: string;
  title: string;
  body: string;
  languages: string[];
  /** The size of the topic's PDF handout, null without one (GET /api/v2/talks/topics/{id}/pdf). */
  pdfBytes: number | null;
  createdAt: string;
  updatedAt: string;
  retiredAt: string | null;
}

export interface TalkTopicsResponse {
  topics: TalkTopicDto[];
}

export interface TalkTopicResponse {
  topic: TalkTopicDto;
}

/** An administrator gives or takes the foreman capability. */
export const talkLeaderBody = v.object({ leadsTalks: v.boolean(REFUSALS['talk.leaderFlag']) });

// ---- The foreman's submission ----

/** A drawn signature: a PNG data URL (its decoded size is checked by the Worker). */
const SIGNATURE_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;
const signature = v.pipe(
  v.string(REFUSALS['talk.signatureInvalid']),
  v.maxLength(Math.ceil((TALK_LIMITS.signatureBytes * 4) / 3) + 32, REFUSALS['talk.signatureTooLarge']),
  v.regex(SIGNATURE_DATA_URL, REFUSALS['talk.signatureInvalid']),
);
const instant = (message: string) => v.pipe(v.string(message), v.isoTimestamp(message));

const attendeeBody = v.variant(
  'method',
  [
    // Signed on the foreman's device: a drawn signature and the typed name.
    v.object({
      method: v.literal('signature'),
      userId: v.optional(v.nullable(idString), null),
      name: v.pipe(requiredString(REFUSALS['talk.attendeeName']), v.maxLength(TALK_LIMITS.nameLength)),
      signature,
      signedAt: instant(REFUSALS['talk.signedAt']),
    }),
    // The foreman signs for someone who cannot (gloves, injury): both names and the reason are kept.
    v.object({
      method: v.literal('on-behalf'),
      userId: v.optional(v.nullable(idString), null),
      name: v.pipe(requiredString(REFUSALS['talk.attendeeName']), v.maxLength(TALK_LIMITS.nameLength)),
      reason: v.pipe(
        requiredString(REFUSALS['talk.onBehalfReason']),
        v.maxLength(TALK_LIMITS.reasonLength, REFUSALS['talk.onBehalfReason']),
      ),
      signedAt: instant(REFUSALS['talk.signedAt']),
    }),
  ],
  REFUSALS['talk.attendeeMethod'],
);

export const talkBody = v.object({
  id: v.pipe(v.string(REFUSALS['talk.idInvalid']), v.uuid(REFUSALS['talk.idInvalid'])),
  topicId: v.pipe(v.string(REFUSALS['talk.topicNotFound']), idString),
  startedAt: instant(REFUSALS['talk.startedAt']),
  signedOffAt: instant(REFUSALS['talk.signedOffAt']),
  attendees: v.pipe(
    v.array(attendeeBody, REFUSALS['talk.noAttendees']),
    v.minLength(1, REFUSALS['talk.noAttendees']),
    v.maxLength(TALK_LIMITS.attendees, REFUSALS['talk.tooManyAttendees']),
  ),
  foreman: v.variant(
    'method',
    [
      v.object({
        method: v.literal('password'),
        password: v.pipe(v.string(REFUSALS['talk.passwordRequired']), v.nonEmpty(REFUSALS['talk.passwordRequired'])),
      }),
      // Instead of the password: a re-authentication at the foreman's company provider (issue 32 item 5).
      v.object({ method: v.literal('provider'), proof: signingProofString }),
      v.object({ method: v.literal('signature'), signature }),
    ],
    REFUSALS['talk.foremanSignature'],
  ),
});
export type TalkBody = v.InferOutput<typeof talkBody>;

export interface TalkAttendeeDto {
  position: number;
  userId: string | null;
  name: string;
  jobTitle: string | null;
  method: TalkSignMethod;
  signedByName: string | null;
  reason: string | null;
  signedAt: string;
  hasSignature: boolean;
}

export interface TalkRecord {
  id: string;
  topicId: string;
  topicTitle: string;
  topicBody: string;
  foremanId: string;
  foremanName: string;
  foremanMethod: ForemanSignMethod;
  /** The company provider the foreman re-authenticated at, when foremanMethod is 'provider'. */
  foremanProvider: string | null;
  meaning: string;
  startedAt: string;
  signedOffAt: string;
  receivedAt: string;
  attendees: TalkAttendeeDto[];
  sheetUrl: string;
}

export interface TalkResponse {
  talk: TalkRecord;
}

/** One talk in a list: the foreman's talks led, a person's talks attended, the training record's talks. */
export interface TalkSummary {
  id: string;
  number: string;
  topicTitle: string;
  foremanName: string;
  startedAt: string;
  signedOffAt: string;
  attendeeCount: number;
  /** For an attendee's list: how their own line was signed. */
  method: TalkSignMethod | null;
  signedByName: string | null;
  sheetUrl: string;
}

export interface TalksResponse {
  talks: TalkSummary[];
}

/** `as=foreman`: the talks the caller led; `as=attendee`: the talks the caller is on the sheet of. */
export const talksQuery = v.object({ as: v.optional(v.picklist(['foreman', 'attendee']), 'foreman') });

/** What a foreman's device caches for offline use: the topics it may read out, and whether the caller may lead. */
export interface ForemanTopicsResponse {
  topics: Pick<TalkTopicDto, 'id' | 'title' | 'body' | 'languages' | 'pdfBytes'>[];
}

// ---- Signing on one's own phone (the QR on the foreman's device) ----

/** What the QR names besides the talk's id: the topic and the foreman, both checked by the server. */
export const selfSignBody = v.object({
  topicId: v.pipe(v.string(REFUSALS['talk.qrInvalid']), idString),
  foremanId: v.pipe(v.string(REFUSALS['talk.qrInvalid']), idString),
});
export type SelfSignBody = v.InferOutput<typeof selfSignBody>;

/**
 * The caller's own signature of a talk: `open` (not signed yet), `pending` (signed, waiting for the
 * foreman's device to send the talk; expires at `expiresAt`), `recorded` (on the stored talk's sheet).
 */
export interface SelfSignatureResponse {
  talk: { id: string; topicTitle: string; foremanName: string };
  state: 'open' | 'pending' | 'recorded';
  signedAt: string | null;
  expiresAt: string | null;
}

/** The foreman's device asks with the talk's topic (only signatures made for it can join). */
export const selfSignaturesQuery = v.object({ topicId: v.pipe(v.string(REFUSALS['talk.qrInvalid']), idString) });

/** The foreman's device, when online: who signed this talk on their own phone so far. */
export interface OwnPhoneSignaturesResponse {
  people: { userId: string; name: string; signedAt: string }[];
}

export const crewQuery = v.object({
  query: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, REFUSALS['evaluation.queryLength'])), ''),
});
