import type { ACKNOWLEDGEMENT_METHODS, CREDENTIAL_STATUSES, EVALUATION_OUTCOMES } from './offscreen';

/*
 * The training record's off-screen parts (issue 28): every practical evaluation of the person and
 * every credential they submitted, beside the certificates, as the screen, the JSON and the PDF show them.
 */

export interface TrainingRecordEvaluation {
  id: string;
  /** The template version the evaluation was made on (a later version does not change the record). */
  templateName: string;
  templateVersion: number;
  grants: string;
  /** Frozen at signing. */
  evaluatorName: string;
  /** The company provider the evaluator re-authenticated at to sign (issue 32); null: their password. */
  signatureProvider: string | null;
  outcome: (typeof EVALUATION_OUTCOMES)[number];
  /** The e-signature's stated meaning, as signed. */
  meaning: string;
  conductedAt: string;
  signedAt: string;
  /** The items marked "not yet", in the template's order. */
  failedItems: string[];
  acknowledgement: { method: (typeof ACKNOWLEDGEMENT_METHODS)[number]; name: string | null; at: string } | null;
  /** What a "competent" outcome granted. */
  authorisation: {
    number: string;
    issuedAt: string;
    /** NEVER_EXPIRES when the template's validity is open-ended. */
    expiresAt: string;
    status: 'ACTIVE' | 'EXPIRED' | 'REVOKED';
    revokedAt: string | null;
  } | null;
}

export interface TrainingRecordCredential {
  id: string;
  typeName: string;
  issuer: string | null;
  number: string | null;
  /** Calendar days (YYYY-MM-DD) as printed on the credential. */
  issuedOn: string | null;
  expiresOn: string | null;
  /** PENDING: waiting for approval; REJECTED: with `rejectReason`. */
  status: (typeof CREDENTIAL_STATUSES)[number];
  /** Past its expiry day on the day the record was made. */
  expired: boolean;
  submittedAt: string;
  /** The approver's or rejecter's name and when. */
  reviewedBy: string | null;
  reviewedAt: string | null;
  rejectReason: string | null;
}
