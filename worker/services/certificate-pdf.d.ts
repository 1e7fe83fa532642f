export interface CertificatePdfInput {
    appName: string;
    certificateNumber: string;
    userName: string;
    courseName: string;
    domainName: string | null;
    issuedAt: string;
    expiresAt: string;
    /** The public verification link the QR code (and a link annotation over it) opens. */
    verifyUrl: string;
}
export declare const PAGE_WIDTH = 841.89;
export declare const PAGE_HEIGHT = 595.28;
/** "21 November 2026" in UTC: the same on every server and every reader's screen. */
export declare function formatCertificateDate(iso: string): string;
/** Renders the one-page landscape certificate. Deterministic for the same input (dates come from the row). */
export declare function renderCertificatePdf(input: CertificatePdfInput): Promise<Uint8Array>;
