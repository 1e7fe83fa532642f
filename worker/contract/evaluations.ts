import * as v from 'valibot';
import { signingProofString } from './signing-proofs';
import { idString, oneToMany, requiredString, wholeNumber, requiredText } from './common';
import { REFUSALS } from './errors';
import type { SignatureMethod } from './offscreen';
import {
  type ACKNOWLEDGEMENT_METHODS,
  EVALUATION_OUTCOMES,
  ITEM_RESULTS,
  QUALIFICATION_KINDS,
  type TEMPLATE_STATUSES,
} from './offscreen';

/**
 * Practical evaluations (issue 28): the admin's versioned checklist templates, evaluations signed
 * on the evaluator's device (sent again from an offline queue: idempotent by the device's id), the
 * trainee's acknowledgement, and the authorisation a "competent" outcome grants.
 */

export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
export type QualificationKind = (typeof QUALIFICATION_KINDS)[number];
export type ItemResult = (typeof ITEM_RESULTS)[number];
export type EvaluationOutcome = (typeof EVALUATION_OUTCOMES)[number];
export type AcknowledgementMethod = (typeof ACKNOWLEDGEMENT_METHODS)[number];

export const EVALUATION_LIMITS = {
  items: 50,
  photos: 10,
  /** Bytes of one photo (the device resizes first; this bounds what R2 keeps). */
  photoBytes: 10 * 1024 * 1024,
  /** Bytes of the drawn signature's PNG, decoded. */
  signatureBytes: 300 * 1024,
  /** How far back a device-made evaluation may be dated (an evaluator offline for a long shift, not a month). */
  conductedWithinDays: 30,
  textLength: 500,
  noteLength: 2000,
  validityDays: 36_500,
} as const;

/** The photo types a device may send (it re-encodes the camera's picture to one of these). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The e-signature's stated meaning, frozen on the record (21 CFR 11-style: what the signer meant). */
export const SIGNATURE_MEANINGS: Record<EvaluationOutcome, string> = {
  COMPETENT: 'Evaluated and found competent',
  NOT_YET_COMPETENT: 'Evaluated and found not yet competent',
};

// ---- Admin: templates ----

const qualificationBody = v.nullable(
  v.object({
    kind: v.picklist(QUALIFICATION_KINDS, REFUSALS['template.qualificationKind']),
    id: v.pipe(v.string(REFUSALS['template.qualificationNotFound']), idString),
  }),
);

const templateItemBody = v.object({
  text: requiredText(REFUSALS['template.itemText'], EVALUATION_LIMITS.textLength, REFUSALS['template.itemTextLength']),
  critical: v.optional(v.boolean(), false),
});

export const templateBody = v.object({
  name: requiredText(REFUSALS['template.nameRequired'], 200, REFUSALS['template.nameLength']),
  description: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(EVALUATION_LIMITS.noteLength, REFUSALS['template.descriptionLength'])),
    '',
  ),
  grants: requiredText(REFUSALS['template.grantsRequired'], 200, REFUSALS['template.grantsLength']),
  validityDays: v.nullable(wholeNumber(1, EVALUATION_LIMITS.validityDays, REFUSALS['template.validity'])),
  evaluatorQualification: v.optional(qualificationBody, null),
  items: oneToMany(templateItemBody, EVALUATION_LIMITS.items, REFUSALS['template.itemsCount']),
});
export type TemplateBody = v.InferOutput<typeof templateBody>;

export interface TemplateItemDto {
  id: string;
  text: string;
  critical: boolean;
}

export interface EvaluatorQualification {
  kind: QualificationKind;
  id: string;
  /** What it names, for the screens ("Forklift theory", "Reach truck", "First aid certificate"). */
  name: string | null;
}

/** One template version as the admin screens read it. */
export interface TemplateDto {
  id: string;
  familyId: string;
  version: number;
  status: TemplateStatus;
  name: string;
  description: string;
  grants: string;
  validityDays: number | null;
  evaluatorQualification: EvaluatorQualification | null;
  items: TemplateItemDto[];
  publishedAt: string | null;
  updatedAt: string;
  /** Whether this version is its family's current one (the latest published). */
  current: boolean;
}

/** GET .../evaluation-templates: the latest version of each family (the list's row). */
export interface TemplateListResponse {
  templates: TemplateDto[];
}

/** GET .../evaluation-templates/{id}: the version and its family's versions (newest first). */
export interface TemplateResponse {
  template: TemplateDto;
  versions: { id: string; version: number; status: TemplateStatus; publishedAt: string | null }[];
}

// ---- Evaluator ----

/** A published template the caller may evaluate with (cached on the device for offline use). */
export interface EvaluatorTemplate {
  id: string;
  familyId: string;
  version: number;
  name: string;
  description: string;
  grants: string;
  validityDays: number | null;
  items: TemplateItemDto[];
}

export interface EvaluatorTemplatesResponse {
  templates: EvaluatorTemplate[];
}

export const traineeQuery = v.object({
  query: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, REFUSALS['evaluation.queryLength'])), ''),
});

export interface TraineeDto {
  id: string;
  name: string;
  username: string;
  department: string | null;
  jobTitle: string | null;
}

export interface TraineesResponse {
  people: TraineeDto[];
}

const uuid = v.pipe(v.string(REFUSALS['evaluation.idInvalid']), v.uuid(REFUSALS['evaluation.idInvalid']));

const itemResultBody = v.object({
  itemId: v.pipe(v.string(REFUSALS['evaluation.unknownItem']), idString),
  result: v.picklist(ITEM_RESULTS, REFUSALS['evaluation.itemResult']),
  note: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(EVALUATION_LIMITS.textLength, REFUSALS['evaluation.noteLength'])),
    '',
  ),
});

/** A base64url part of a sealed signature (worker/contract/signature-envelope.ts). */
const envelopePart = (max: number) =>
  v.pipe(
    v.string(REFUSALS['evaluation.envelopeUnreadable']),
    v.nonEmpty(REFUSALS['evaluation.envelopeUnreadable']),
    v.maxLength(max, REFUSALS['evaluation.envelopeUnreadable']),
    v.regex(/^[A-Za-z0-9_-]+$/, REFUSALS['evaluation.envelopeUnreadable']),
  );

const envelopeBody = v.object(
  {
    keyId: v.pipe(
      v.string(REFUSALS['evaluation.envelopeUnreadable']),
      v.uuid(REFUSALS['evaluation.envelopeUnreadable']),
    ),
    wrappedKey: envelopePart(1024),
    iv: envelopePart(32),
    ciphertext: envelopePart(2048),
  },
  REFUSALS['evaluation.envelopeUnreadable'],
);

export const evaluationBody = v.pipe(
  v.object({
    id: uuid,
    templateId: v.pipe(v.string(REFUSALS['evaluation.templateNotFound']), idString),
    traineeId: v.pipe(v.string(REFUSALS['evaluation.traineeNotFound']), idString),
    items: oneToMany(itemResultBody, EVALUATION_LIMITS.items, REFUSALS['evaluation.itemsMissing']),
    outcome: v.picklist(EVALUATION_OUTCOMES, REFUSALS['evaluation.outcome']),
    note: v.optional(
      v.pipe(v.string(), v.trim(), v.maxLength(EVALUATION_LIMITS.noteLength, REFUSALS['evaluation.noteLength'])),
      '',
    ),
    conductedAt: v.pipe(
      v.string(REFUSALS['evaluation.conductedAt']),
      v.isoTimestamp(REFUSALS['evaluation.conductedAt']),
    ),
    photoCount: v.optional(wholeNumber(0, EVALUATION_LIMITS.photos, REFUSALS['evaluation.photoCount']), 0),
    /** The e-signature typed by an online client; a device signing offline sends `passwordEnvelope`. */
    password: v.optional(
      v.pipe(
        v.string(REFUSALS['evaluation.passwordRequired']),
        v.nonEmpty(REFUSALS['evaluation.passwordRequired']),
        v.maxLength(200),
      ),
    ),
    passwordEnvelope: v.optional(envelopeBody),
    /** Instead of the password: a re-authentication at the evaluator's company provider (issue 32 item 5). */
    signingProof: v.optional(signingProofString),
    refresherCourseId: v.optional(v.nullable(idString), null),
  }),
  v.check(
    (body) => body.password !== undefined || body.passwordEnvelope !== undefined || body.signingProof !== undefined,
    REFUSALS['evaluation.passwordRequired'],
  ),
);
export type EvaluationBody = v.InferOutput<typeof evaluationBody>;

export const evaluationListQuery = v.object({
  as: v.optional(v.picklist(['trainee', 'evaluator'], REFUSALS['evaluation.listAs']), 'trainee'),
});

export const evaluationPhotoParam = v.object({ id: idString, photoId: idString });

/** What the trainee's drawn signature may be: a PNG data URL. */
const SIGNATURE_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

export const acknowledgeBody = v.variant(
  'method',
  [
    v.object({
      method: v.literal('password'),
      username: requiredString(REFUSALS['evaluation.ackCredentials']),
      password: v.pipe(requiredString(REFUSALS['evaluation.ackCredentials']), v.maxLength(200)),
    }),
    v.object({
      method: v.literal('signature'),
      name: v.pipe(
        requiredString(REFUSALS['evaluation.signatureName']),
        v.maxLength(200, REFUSALS['evaluation.signatureName']),
      ),
      signature: v.pipe(
        v.string(REFUSALS['evaluation.signatureInvalid']),
        // base64 of 300 KB is 400 KB of text, plus the prefix.
        v.maxLength(
          Math.ceil((EVALUATION_LIMITS.signatureBytes * 4) / 3) + 32,
          REFUSALS['evaluation.signatureTooLarge'],
        ),
        v.regex(SIGNATURE_DATA_URL, REFUSALS['evaluation.signatureInvalid']),
      ),
    }),
    v.object({ method: v.literal('account') }),
  ],
  REFUSALS['evaluation.ackMethod'],
);

export interface EvaluationItemDto {
  itemId: string;
  text: string;
  critical: boolean;
  result: ItemResult;
  note: string;
}

export type AuthorisationStatus = 'VALID' | 'EXPIRED' | 'REVOKED';

export interface EvaluationRecord {
  id: string;
  templateId: string;
  familyId: string;
  templateName: string;
  templateVersion: number;
  grants: string;
  traineeId: string;
  traineeName: string;
  evaluatorId: string;
  evaluatorName: string;
  /** How the evaluator signed: the password, or a re-authentication at the named company provider (issue 32). */
  signatureMethod: SignatureMethod;
  signatureProvider: string | null;
  outcome: EvaluationOutcome;
  meaning: string;
  note: string;
  conductedAt: string;
  signedAt: string;
  items: EvaluationItemDto[];
  /** The texts of the items marked NOT_YET. */
  failedItems: string[];
  photoCount: number;
  /** Signed links (they work without a header, for an <img>). */
  photos: { id: string; url: string }[];
  acknowledgement: null | { method: AcknowledgementMethod; name: string; at: string };
  authorisation: null | {
    id: string;
    number: string;
    expiresAt: string;
    status: AuthorisationStatus;
    verifyUrl: string;
  };
  /** The refresher course the trainee was enrolled in, when one was assigned. */
  refresherCourseId: string | null;
}

export interface EvaluationResponse {
  evaluation: EvaluationRecord;
}

export interface EvaluationListResponse {
  evaluations: EvaluationRecord[];
}

// ---- Authorisations ----

/** Lenient on case and spacing, strict on the characters (an unknown number is a 404 either way). */
export const authorisationNumberParam = v.object({
  number: v.pipe(
    v.string(),
    v.transform((typed) => typed.normalize('NFKC').replace(/\s+/g, '').toUpperCase()),
    v.nonEmpty(REFUSALS['authorisation.notFound']),
    v.maxLength(64, REFUSALS['authorisation.notFound']),
    v.regex(/^[A-Z0-9-]+$/, REFUSALS['authorisation.notFound']),
  ),
});

export const authorisationRevokeBody = v.object({
  reason: v.pipe(
    v.optional(v.string(REFUSALS['common.reasonRequired']), ''),
    v.string(REFUSALS['common.reasonRequired']),
    v.trim(),
    v.nonEmpty(REFUSALS['common.reasonRequired']),
    v.maxLength(500, REFUSALS['requirement.reasonLength']),
  ),
});

/** The public verification link an authorisation's QR code opens. */
export function authorisationVerifyUrl(origin: string, number: string): string {
  return `${origin.replace(/\/+$/, '')}/authorisation/verify/${encodeURIComponent(number)}`;
}

export interface AuthorisationDto {
  id: string;
  number: string;
  title: string;
  holderName: string;
  scope: string | null;
  issuedAt: string;
  expiresAt: string;
  status: AuthorisationStatus;
  revokedAt: string | null;
  revokedReason: string | null;
  evaluationId: string;
  familyId: string;
  renews: string | null;
  renewedBy: string | null;
  verifyUrl: string;
}

export interface UserAuthorisationsResponse {
  authorisations: AuthorisationDto[];
}

/** GET /api/v2/authorisations/verify/{number}: public, no session (like a certificate's). */
export interface VerifyAuthorisationResponse {
  valid: boolean;
  status: AuthorisationStatus;
  number: string;
  holderName: string;
  title: string;
  scope: string | null;
  issuedDate: string;
  expiryDate: string;
  revokedAt: string | null;
  evaluatorName: string;
  templateName: string;
  templateVersion: number;
  /** Numbers of the renewal chain, oldest first (this one included). */
  chain: string[];
  renews: string | null;
  renewedBy: string | null;
}
