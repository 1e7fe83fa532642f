import * as v from 'valibot';
import { idString } from './common';
import { REFUSALS } from './errors';

/*
 * E-signatures for people who sign in through their company's identity provider (issue 32 item 5;
 * docs/decisions/2026-11-28-provider-signatures.md). Where a sign-off asks for the password, such a
 * person re-authenticates at the provider instead and sends the signing proof it leaves.
 */

/** What a proof may sign, each with the id of the record: an evaluation, a roster sign-off, a talk close. */
export const SIGNING_PURPOSES = ['evaluation', 'session', 'talk'] as const;
export type SigningPurpose = (typeof SIGNING_PURPOSES)[number];

/** A proof lasts this long after the re-authentication: enough to press "Sign", not to keep. */
export const SIGNING_PROOF_TTL_MS = 5 * 60 * 1000;

/** `POST /api/auth/oidc/reauth`: what the person is about to sign. */
export const reauthBody = v.object({
  purpose: v.picklist(SIGNING_PURPOSES, REFUSALS['signature.purpose']),
  subjectId: idString,
});
export type ReauthBody = v.InferOutput<typeof reauthBody>;

/** The proof as a sign-off body carries it (a random token; only its hash is kept). */
export const signingProofString = v.pipe(
  v.string(REFUSALS['signature.proofUsed']),
  v.minLength(20, REFUSALS['signature.proofUsed']),
  v.maxLength(200, REFUSALS['signature.proofUsed']),
);

/** The provider's authorization address the sign-off dialog opens (in a pop-up). */
export interface ReauthStartResponse {
  url: string;
}

/** `GET /api/auth/oidc/signing-method`: how the signed-in person signs. */
export interface SigningMethodResponse {
  /** Their company's provider, when they sign in through one: the dialog offers "Confirm with <name>". */
  provider: { id: string; name: string } | null;
  /** Whether a password can sign for them (none for a person created by the provider, or when password sign-in is off). */
  password: boolean;
}

/** What the pop-up tells the sign-off dialog (BroadcastChannel SIGNING_CHANNEL): the proof, or why there is none. */
export interface SigningProofMessage {
  purpose: string;
  subjectId: string;
  proof?: string;
  error?: string;
}
export const SIGNING_CHANNEL = 'ehs-signing-proof';
