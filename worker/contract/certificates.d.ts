import * as v from 'valibot';
/** Request and response shapes of /api/v2/certificates and the public verification page. */
export declare const CERTIFICATE_STATUSES: readonly ["ACTIVE", "EXPIRED", "REVOKED"];
export type CertificateStatusValue = (typeof CERTIFICATE_STATUSES)[number];
/** `CERT-<year>-<6 digits>` (api-responses.md). */
export declare const CERTIFICATE_NUMBER_PATTERN: RegExp;
export declare const certificateMessages: {
    readonly notFound: "Certificate not found";
    /** The public page's 404 text (admin spec section 8). */
    readonly notFoundPage: "Certificate not found. Please check the certificate number.";
    readonly courseNotFound: "Course not found";
    readonly notCompleted: "Certificate can only be generated for a completed course. Complete every component of this course first.";
    readonly generated: "Certificate generated successfully";
    readonly existing: "Certificate already exists";
    readonly revoked: "Certificate revoked";
    readonly alreadyRevoked: "This certificate has already been revoked";
    readonly reasonRequired: "A reason for the revocation is required";
};
export declare const courseIdParam: v.ObjectSchema<{
    readonly courseId: v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.TrimAction, v.NonEmptyAction<string, "Course not found">, v.MaxLengthAction<string, 100, undefined>]>;
}, undefined>;
export declare const certificateIdParam: v.ObjectSchema<{
    readonly certificateId: v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.TrimAction, v.NonEmptyAction<string, "Certificate not found">, v.MaxLengthAction<string, 100, undefined>]>;
}, undefined>;
/** Anything is accepted as the number (an unknown one answers 404), but not unbounded input. */
export declare const certificateNumberParam: v.ObjectSchema<{
    readonly number: v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.TrimAction, v.NonEmptyAction<string, "Certificate not found">, v.MaxLengthAction<string, 64, undefined>]>;
}, undefined>;
export declare const revokeBody: v.ObjectSchema<{
    readonly reason: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<"A reason for the revocation is required">, "">, v.StringSchema<"A reason for the revocation is required">, v.TrimAction, v.NonEmptyAction<string, "A reason for the revocation is required">, v.MaxLengthAction<string, 500, "The reason must be at most 500 characters">]>;
}, undefined>;
export type RevokeBody = v.InferOutput<typeof revokeBody>;
/** The certificate fields every certificate answer carries. Dates are ISO-8601 UTC timestamps. */
export interface CertificateInfo {
    certificateId: string;
    certificateNumber: string;
    courseId: string;
    courseName: string;
    userName: string;
    issuedDate: string;
    expiryDate: string;
    status: CertificateStatusValue;
    revokedAt: string | null;
}
/** GET /user/{courseId} */
export type UserCertificateResponse = ({
    exists: true;
} & CertificateInfo) | {
    exists: false;
};
/** POST /generate/{courseId} */
export type GenerateCertificateResponse = CertificateInfo & {
    message: string;
};
/** POST /{certificateId}/revoke (admin) */
export type RevokeCertificateResponse = CertificateInfo & {
    message: string;
};
/** GET /verify/{number}: public, no session. */
export interface VerifyCertificateResponse {
    valid: boolean;
    status: CertificateStatusValue;
    certificateNumber: string;
    userName: string;
    courseName: string;
    domainName: string | null;
    issuedDate: string;
    expiryDate: string;
    revokedAt: string | null;
}
/** The public verification link a certificate's QR code opens. */
export declare function verificationUrl(origin: string, certificateNumber: string): string;
/** File name the dashboard saves a download under (learner spec section 7). */
export declare function certificateFileName(certificateNumber: string | null | undefined): string;
/** The headline of a verification result (admin spec section 2). */
export declare function verificationHeadline(result: Pick<VerifyCertificateResponse, 'valid' | 'status'>): {
    tone: 'success' | 'warning' | 'error';
    title: 'Valid Certificate' | 'Expired Certificate' | 'Invalid Certificate';
};
