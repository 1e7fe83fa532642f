/**
 * The certificate dialog (learner spec: "Certificate dialog" and section 4 "Certificate"): load
 * the learner's certificate of a course (generating it first when none exists), preview the PDF,
 * and about 2 s after the preview is ready download it automatically, once per opening. Effects
 * are placeholder actors and actions; web/state/certificate-dialog.tsx provides the real ones.
 */
export declare const CERTIFICATE_DIALOG_MESSAGES: {
    readonly fetchFailed: "Failed to fetch certificate";
    readonly downloadFailed: "Failed to download certificate";
    readonly autoDownloaded: "Certificate has been automatically downloaded to your device!";
};
/** Automatic download delay after the preview is ready (learner spec section 9). */
export declare const AUTO_DOWNLOAD_DELAY_MS = 2000;
export interface DialogCertificate {
    certificateId: string;
    certificateNumber: string;
    issuedDate: string;
    expiryDate: string;
    status?: string;
}
export interface CertificateDialogContext {
    courseId: string | null;
    courseName: string;
    certificate: DialogCertificate | null;
    /** Object URL of the fetched PDF, owned by this opening; released on close. */
    previewUrl: string | null;
    error: string | null;
    notice: string | null;
    /** Set by any successful download, so the automatic one never repeats a download. */
    downloaded: boolean;
    /** True when this opening had to generate the certificate. */
    generated: boolean;
}
export type CertificateDialogEvent = {
    type: 'dialog.open';
    courseId: string;
    courseName: string;
} | {
    type: 'dialog.close';
} | {
    type: 'dialog.retry';
} | {
    type: 'certificate.download';
} | {
    type: 'certificate.openInNewTab';
} | {
    type: 'notice.dismiss';
};
export declare const certificateDialogMachine: import("xstate").StateMachine<CertificateDialogContext, {
    type: "dialog.open";
    courseId: string;
    courseName: string;
} | {
    type: "dialog.close";
} | {
    type: "dialog.retry";
} | {
    type: "certificate.download";
} | {
    type: "certificate.openInNewTab";
} | {
    type: "notice.dismiss";
}, {
    [x: string]: import("xstate").ActorRefFromLogic<import("xstate").PromiseActorLogic<DialogCertificate | null, {
        courseId: string;
    }, import("xstate").EventObject> | import("xstate").PromiseActorLogic<DialogCertificate, {
        courseId: string;
    }, import("xstate").EventObject> | import("xstate").PromiseActorLogic<string, {
        certificateId: string;
    }, import("xstate").EventObject> | import("xstate").PromiseActorLogic<void, {
        certificateId: string;
        certificateNumber: string;
    }, import("xstate").EventObject>> | undefined;
}, {
    src: "fetchCertificate";
    logic: import("xstate").PromiseActorLogic<DialogCertificate | null, {
        courseId: string;
    }, import("xstate").EventObject>;
    id: string | undefined;
} | {
    src: "generateCertificate";
    logic: import("xstate").PromiseActorLogic<DialogCertificate, {
        courseId: string;
    }, import("xstate").EventObject>;
    id: string | undefined;
} | {
    src: "loadPreview";
    logic: import("xstate").PromiseActorLogic<string, {
        certificateId: string;
    }, import("xstate").EventObject>;
    id: string | undefined;
} | {
    src: "downloadCertificate";
    logic: import("xstate").PromiseActorLogic<void, {
        certificateId: string;
        certificateNumber: string;
    }, import("xstate").EventObject>;
    id: string | undefined;
}, {
    type: "openInNewTab";
    params: {
        url: string | null;
    };
} | {
    type: "releasePreview";
    params: {
        url: string | null;
    };
}, {
    type: "exists";
    params: {
        certificate: DialogCertificate | null;
    };
} | {
    type: "notYetDownloaded";
    params: unknown;
}, "autoDownloadDelay", "closed" | {
    open: "checking" | "failed" | "loadingPreview" | "generating" | {
        ready: "done" | "idle" | "downloading" | "autoDownloading";
    };
}, "open" | "busy" | "downloading", import("xstate").NonReducibleUnknown, import("xstate").NonReducibleUnknown, import("xstate").EventObject, import("xstate").MetaObject, {
    id: "certificateDialog";
    states: {
        readonly closed: {};
        readonly open: {
            states: {
                readonly checking: {};
                readonly generating: {};
                readonly loadingPreview: {};
                readonly ready: {
                    states: {
                        readonly idle: {};
                        readonly autoDownloading: {};
                        readonly downloading: {};
                        readonly done: {};
                    };
                };
                readonly failed: {};
            };
        };
    };
}, import("xstate").MetaObject>;
