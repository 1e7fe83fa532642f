import * as v from 'valibot';
import { signingProofString } from './signing-proofs';
import { idString, oneToMany, requiredString, wholeNumber, requiredText } from './common';
import { REFUSALS } from './errors';
import type { SignatureMethod } from './offscreen';
import { traineeQuery } from './evaluations';
import type { ATTENDANCE_METHODS, INVITATION_STATUSES, SESSION_STATUSES } from './session-values';

/**
 * Classroom sessions (issue 29): scheduling with capacity and an ordered waitlist, invitations,
 * the rotating check-in code, the trainer's roster, the password-signed sign-off and amendments.
 */

export type SessionStatus = (typeof SESSION_STATUSES)[number];
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
export type AttendanceMethod = (typeof ATTENDANCE_METHODS)[number];

export const SESSION_LIMITS = {
  capacity: 500,
  trainers: 10,
  invitees: 500,
  outline: 5000,
  reason: 500,
  /** A classroom session is a day's training at most. */
  hours: 24,
  /** Check-in opens this long before the start (people arrive early) and closes at the end. */
  checkInEarlyMinutes: 30,
  /** The check-in code changes every window; a code is accepted until `codeGraceSeconds` after its window ends. */
  codeWindowSeconds: 30,
  codeGraceSeconds: 10,
} as const;

/** What the trainer's password signature means, frozen on the session. */
export const SIGN_OFF_MEANING = 'I conducted this session and these people attended';

const isoTime = (message: string) => v.pipe(v.string(message), v.isoTimestamp(message));

export const sessionBody = v.object({
  title: requiredText(REFUSALS['session.titleRequired'], 200, REFUSALS['session.titleLength']),
  componentId: v.optional(v.nullable(idString), null),
  trainerIds: oneToMany(idString, SESSION_LIMITS.trainers, REFUSALS['session.trainersRequired']),
  location: requiredText(REFUSALS['session.locationRequired'], 200, REFUSALS['session.locationLength']),
  /** An active site (issue 30), optional: refused as `site.unknown` when unknown or retired. */
  siteId: v.optional(v.nullable(idString), null),
  startsAt: isoTime(REFUSALS['session.startsAt']),
  endsAt: isoTime(REFUSALS['session.endsAt']),
  capacity: wholeNumber(1, SESSION_LIMITS.capacity, REFUSALS['session.capacity']),
  outline: v.optional(
    v.pipe(
      v.string(REFUSALS['session.outlineLength']),
      v.trim(),
      v.maxLength(SESSION_LIMITS.outline, REFUSALS['session.outlineLength']),
    ),
    '',
  ),
  materialId: v.optional(v.nullable(idString), null),
});
export type SessionBody = v.InferOutput<typeof sessionBody>;

export const inviteBody = v.object({
  userIds: v.optional(oneToMany(idString, SESSION_LIMITS.invitees, REFUSALS['session.inviteCount'])),
  requirementId: v.optional(idString),
});

export const checkInBody = v.object({
  code: v.pipe(requiredString(REFUSALS['session.codeRequired']), v.maxLength(300, REFUSALS['session.codeInvalid'])),
});

const reasonText = v.pipe(v.string(), v.trim(), v.maxLength(SESSION_LIMITS.reason, REFUSALS['session.reasonLength']));

export const attendanceBody = v.object({
  present: v.boolean(REFUSALS['session.presentRequired']),
  reason: v.optional(reasonText, ''),
});

export const signOffBody = v.pipe(
  v.object({
    password: v.optional(v.string(), ''),
    /** Instead of the password: a re-authentication at the trainer's company provider (issue 32 item 5). */
    signingProof: v.optional(signingProofString),
  }),
  v.check((body) => body.password !== '' || body.signingProof !== undefined, REFUSALS['session.passwordRequired']),
);

export const sessionUserParam = v.object({ id: idString, userId: idString });

/**
 * The roster's and the schedule form's person search (walk-ins, invitations, trainers): the same
 * search terms, and the same refusal, as the evaluation's trainee picker.
 */
export const sessionPeopleQuery = traineeQuery;

export interface SessionPerson {
  id: string;
  name: string;
  username: string;
  jobTitle: string | null;
}

export interface SessionSummary {
  id: string;
  title: string;
  componentId: string | null;
  location: string;
  /** The site it is held at, when named (a retired site's name stays). */
  site: null | { id: string; name: string };
  startsAt: string;
  endsAt: string;
  capacity: number;
  outline: string;
  material: null | { id: string | null; title: string; version: string };
  status: SessionStatus;
  trainers: SessionPerson[];
  accepted: number;
  waitlisted: number;
  /** `method`/`provider`: the password, or a re-authentication at the named company provider (issue 32). */
  signedOff: null | {
    by: string;
    name: string;
    at: string;
    meaning: string;
    method: SignatureMethod;
    provider: string | null;
  };
}

export interface RosterEntry extends SessionPerson {
  invitation: InvitationStatus | null;
  waitlistPosition: number | null;
  attendance: null | { present: boolean; method: AttendanceMethod; at: string; by: string; reason: string | null };
}

export interface SessionDetail extends SessionSummary {
  roster: RosterEntry[];
  amendments: { userId: string; before: unknown; after: unknown; reason: string; by: string; at: string }[];
}

export interface SessionListResponse {
  sessions: SessionSummary[];
}
/** Active people found by username, name or department (20 at most). */
export interface SessionPeopleResponse {
  people: { id: string; name: string; username: string; department: string | null; jobTitle: string | null }[];
}
export interface SessionResponse {
  session: SessionDetail;
}

export interface MySession extends SessionSummary {
  invitation: InvitationStatus;
  /** The learner's place among those still waiting (1 = next to get a freed place); null unless waitlisted. */
  waitlistPosition: number | null;
  attended: boolean;
}
export interface MySessionsResponse {
  sessions: MySession[];
}

/** GET /api/v2/admin/sessions/sites: the active sites a session may name. */
export interface SessionSitesResponse {
  sites: { id: string; name: string }[];
}

export interface CheckInCodeResponse {
  code: string;
  expiresAt: string;
}
