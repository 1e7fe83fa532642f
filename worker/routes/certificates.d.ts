import { type VerifyCertificateResponse } from '../contract/certificates';
import type { AppEnv } from '../env';
/** Public lookup shared by the JSON API and the Worker-rendered page; rate limited per client IP. */
export declare function verifyCertificate(c: {
    var: AppEnv['Variables'];
    req: {
        raw: Request;
    };
}, number: string): Promise<VerifyCertificateResponse | null>;
export declare const certificates: import("hono/hono-base").HonoBase<AppEnv, {
    "/verify/:number": {
        $get: {
            input: {
                param: {
                    number: string;
                };
            };
            output: {
                valid: boolean;
                status: import("../contract/certificates").CertificateStatusValue;
                certificateNumber: string;
                userName: string;
                courseName: string;
                domainName: string | null;
                issuedDate: string;
                expiryDate: string;
                revokedAt: string | null;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/user/:courseId": {
        $get: {
            input: {
                param: {
                    courseId: string;
                };
            };
            output: {
                exists: true;
                certificateId: string;
                certificateNumber: string;
                courseId: string;
                courseName: string;
                userName: string;
                issuedDate: string;
                expiryDate: string;
                status: import("../contract/certificates").CertificateStatusValue;
                revokedAt: string | null;
            } | {
                exists: false;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/generate/:courseId": {
        $post: {
            input: {
                param: {
                    courseId: string;
                };
            };
            output: {
                certificateId: string;
                certificateNumber: string;
                courseId: string;
                courseName: string;
                userName: string;
                issuedDate: string;
                expiryDate: string;
                status: import("../contract/certificates").CertificateStatusValue;
                revokedAt: string | null;
                message: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/view/:certificateId": {
        $get: {
            input: {
                param: {
                    certificateId: string;
                };
            };
            output: {};
            outputFormat: string;
            status: import("hono/utils/http-status").StatusCode;
        };
    };
} & {
    "/download/:certificateId": {
        $get: {
            input: {
                param: {
                    certificateId: string;
                };
            };
            output: {};
            outputFormat: string;
            status: import("hono/utils/http-status").StatusCode;
        };
    };
} & {
    "/:certificateId/revoke": {
        $post: {
            input: {
                param: {
                    certificateId: string;
                };
            } & {
                json: {
                    reason: string;
                };
            };
            output: {
                certificateId: string;
                certificateNumber: string;
                courseId: string;
                courseName: string;
                userName: string;
                issuedDate: string;
                expiryDate: string;
                status: import("../contract/certificates").CertificateStatusValue;
                revokedAt: string | null;
                message: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/", "/:certificateId/revoke">;
