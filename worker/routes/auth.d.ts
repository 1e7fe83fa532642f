import type { AppEnv } from '../env';
export declare const auth: import("hono/hono-base").HonoBase<AppEnv, {
    "/login": {
        $post: {
            input: {
                json: {
                    username: string;
                    password: string;
                };
            };
            output: {
                token: string;
                type: "Bearer";
                id: string;
                username: string;
                email: string;
                firstName: string | null;
                lastName: string | null;
                name: string;
                role: "ADMIN" | "USER";
                roles: ("ADMIN" | "USER")[];
                userType: "ADMIN" | "USER";
                isAdmin: boolean;
                domains: {
                    id: string;
                    name: string;
                }[];
                department: string | null;
                jobTitle: string | null;
                profileImage: string | null;
                mustChangePassword: boolean;
                permissions: {
                    moduleManagement: boolean;
                    userManagement: boolean;
                    domainConfiguration: boolean;
                    reportGeneration: boolean;
                    aiContentGeneration: boolean;
                    systemConfiguration: boolean;
                } | null;
                lastLogin: string | null;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/logout": {
        $post: {
            input: {};
            output: {
                message: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/user": {
        $get: {
            input: {};
            output: {
                id: string;
                username: string;
                email: string;
                firstName: string | null;
                lastName: string | null;
                name: string;
                role: "ADMIN" | "USER";
                roles: ("ADMIN" | "USER")[];
                userType: "ADMIN" | "USER";
                isAdmin: boolean;
                domains: {
                    id: string;
                    name: string;
                }[];
                department: string | null;
                jobTitle: string | null;
                profileImage: string | null;
                mustChangePassword: boolean;
                permissions: {
                    moduleManagement: boolean;
                    userManagement: boolean;
                    domainConfiguration: boolean;
                    reportGeneration: boolean;
                    aiContentGeneration: boolean;
                    systemConfiguration: boolean;
                } | null;
                lastLogin: string | null;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/password": {
        $put: {
            input: {
                json: {
                    currentPassword: string;
                    newPassword: string;
                };
            };
            output: {
                message: string;
                token: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/forgot-password": {
        $post: {
            input: {
                json: {
                    email: string;
                };
            };
            output: {
                message: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/reset-password/validate": {
        $get: {
            input: {
                query: {
                    token: string | string[];
                };
            };
            output: {
                valid: true;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/reset-password": {
        $post: {
            input: {
                json: {
                    token: string;
                    password: string;
                };
            };
            output: {
                message: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/", "/reset-password">;
