import { type UserDto } from '../contract/admin-people';
import type { DomainRef } from '../contract/auth';
import { users } from '../db/schema';
import type { AppEnv } from '../env';
type UserRow = typeof users.$inferSelect;
export declare function toUserDto(row: UserRow, userDomainList: DomainRef[]): UserDto;
export declare const usersRoutes: import("hono/hono-base").HonoBase<AppEnv, {
    "/": {
        $get: {
            input: {
                query: {
                    search: string | string[];
                    role: "" | "ADMIN" | "USER";
                    domainId: string | string[];
                };
            };
            output: {
                id: string;
                username: string;
                email: string;
                firstName: string | null;
                lastName: string | null;
                role: import("../contract/admin-people").Role;
                domains: {
                    id: string;
                    name: string;
                }[];
                department: string | null;
                jobTitle: string | null;
                passwordCreatedAt: string;
                mustChangePassword: boolean;
                createdAt: string;
            }[];
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/": {
        $post: {
            input: {
                json: {
                    username: string;
                    email: string;
                    role: "ADMIN" | "USER";
                    firstName: string | null;
                    lastName: string | null;
                };
            };
            output: {
                user: {
                    id: string;
                    username: string;
                    email: string;
                    firstName: string | null;
                    lastName: string | null;
                    role: import("../contract/admin-people").Role;
                    domains: {
                        id: string;
                        name: string;
                    }[];
                    department: string | null;
                    jobTitle: string | null;
                    passwordCreatedAt: string;
                    mustChangePassword: boolean;
                    createdAt: string;
                };
                password: string;
            };
            outputFormat: "json";
            status: 201;
        };
    };
} & {
    "/bulk": {
        $post: {
            input: {};
            output: ({
                username: string;
                email: string;
                status: "success";
                id: string;
                password: string;
            } | {
                username: string;
                email: string;
                status: "error";
                message: string;
            })[];
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/bulk": {
        $delete: {
            input: {
                json: {
                    userIds: string[];
                };
            };
            output: {
                message: string;
                deleted: number;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/domains/assign": {
        $put: {
            input: {
                json: {
                    userIds: string[];
                    domainIds: string[];
                };
            };
            output: {
                message: string;
                updated: number;
                skipped: number;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/export": {
        $get: {
            input: {};
            output: string;
            outputFormat: "body";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:id": {
        $get: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                permissions: {
                    moduleManagement: boolean;
                    userManagement: boolean;
                    domainConfiguration: boolean;
                    reportGeneration: boolean;
                    aiContentGeneration: boolean;
                    systemConfiguration: boolean;
                } | null;
                lastLogin: string | null;
                id: string;
                username: string;
                email: string;
                firstName: string | null;
                lastName: string | null;
                role: import("../contract/admin-people").Role;
                domains: {
                    id: string;
                    name: string;
                }[];
                department: string | null;
                jobTitle: string | null;
                passwordCreatedAt: string;
                mustChangePassword: boolean;
                createdAt: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:id": {
        $put: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                permissions: {
                    moduleManagement: boolean;
                    userManagement: boolean;
                    domainConfiguration: boolean;
                    reportGeneration: boolean;
                    aiContentGeneration: boolean;
                    systemConfiguration: boolean;
                } | null;
                lastLogin: string | null;
                id: string;
                username: string;
                email: string;
                firstName: string | null;
                lastName: string | null;
                role: import("../contract/admin-people").Role;
                domains: {
                    id: string;
                    name: string;
                }[];
                department: string | null;
                jobTitle: string | null;
                passwordCreatedAt: string;
                mustChangePassword: boolean;
                createdAt: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:id": {
        $delete: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                message: string;
                deleted: number;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/", "/:id">;
export {};
