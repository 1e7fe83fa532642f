/**
 * Training that happens off-screen (issue 28): the closed value lists of practical evaluations,
 * authorisations and external credentials, shared by the schema, the Worker and the client.
 * Request bodies and answers live in `evaluations.ts` and `credentials.ts`.
 */

/** A template is edited as a DRAFT; PUBLISHED is read-only (an edit makes the next version). */
export const TEMPLATE_STATUSES = ['DRAFT', 'PUBLISHED'] as const;

/** What an evaluator must hold on the day: a course certificate, an authorisation of a template family, or an approved credential type. */
export const QUALIFICATION_KINDS = ['course', 'evaluation', 'credential'] as const;

/** One observed item: passed, not yet competent, or not applicable on this day. */
export const ITEM_RESULTS = ['PASS', 'NOT_YET', 'NOT_APPLICABLE'] as const;

export const EVALUATION_OUTCOMES = ['COMPETENT', 'NOT_YET_COMPETENT'] as const;

/** How the trainee acknowledged the evaluation (docs/decisions: which and why). */
export const ACKNOWLEDGEMENT_METHODS = ['password', 'signature', 'account'] as const;

export const CREDENTIAL_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;

/**
 * What satisfies a requirement; a requirement may need several together. `ref_id` is the course id,
 * the evaluation template's family id (every version counts), the credential type id, or the talk
 * topic id (a toolbox talk on it attended within the last `every_days` days, issue 29).
 */
export const EVIDENCE_KINDS = ['course', 'evaluation', 'credential', 'talk'] as const;

/**
 * How an attendee's line of a toolbox talk was signed: drawn on the foreman's device with a typed
 * name, by the foreman on their behalf (both names kept, with the reason), or by the attendee on
 * their own phone, signed in to their account (the QR on the foreman's device; the strongest).
 */
export const TALK_SIGN_METHODS = ['signature', 'on-behalf', 'account'] as const;

/**
 * How the foreman closed the talk: their password (the e-signature), a re-authentication at their
 * company's identity provider (issue 32, the e-signature of a person without a password), or a drawn signature.
 */
export const FOREMAN_SIGN_METHODS = ['password', 'provider', 'signature'] as const;

/** How an e-signature (evaluation, roster sign-off, talk close) was given: the password, or the provider. */
export const SIGNATURE_METHODS = ['password', 'provider'] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];
