import type { AppEnv } from './env';
export declare const app: import("hono/hono-base").HonoBase<AppEnv, {
    "/api/health": {
        $get: {
            input: {};
            output: {
                ok: true;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} | import("hono/types").MergeSchemaPath<{
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
}, "/api/auth"> | import("hono/types").MergeSchemaPath<{
    "/config": {
        $get: {
            input: {};
            output: {
                appName: string;
                adminPhone: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/courses": {
        $get: {
            input: {
                query: {
                    limit: string | string[];
                };
            };
            output: {
                courses: {
                    domain: {
                        id: string;
                        name: string;
                    };
                    id: string;
                    title: string;
                    description: string | null;
                    icon: string;
                    componentCount: number;
                }[];
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/api/public"> | import("hono/types").MergeSchemaPath<{
    "/": {
        $get: {
            input: {
                query: {
                    page: string | string[];
                    limit: string | string[];
                    showAll: string | string[];
                    search: string | string[];
                    sortBy: "domain" | "recent" | "alphabetical";
                };
            };
            output: {
                courses: {
                    id: string;
                    title: string;
                    description: string | null;
                    domain: {
                        id: string;
                        name: string;
                    };
                    icon: string;
                    timeLimit: number | null;
                    passingScore: number;
                    status: "PUBLISHED";
                    componentCount: number;
                    createdAt: string;
                    publishedAt: string | null;
                    enrollmentStatus: "enrolled" | "not_enrolled";
                    isLocked: boolean;
                    canEnroll: boolean;
                }[];
                pagination: {
                    page: number;
                    totalPages: number;
                    totalItems: number;
                    itemsPerPage: number;
                };
            };
            outputFormat: "json";
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
                course: {
                    id: string;
                    title: string;
                    description: string | null;
                    domain: {
                        id: string;
                        name: string;
                    };
                    icon: string;
                    timeLimit: number | null;
                    passingScore: number;
                    status: "PUBLISHED";
                    componentCount: number;
                    createdAt: string;
                    publishedAt: string | null;
                    enrollmentStatus: "enrolled" | "not_enrolled";
                    isLocked: boolean;
                    canEnroll: boolean;
                    components: ({
                        id: string;
                        type: "PRE_ASSESSMENT" | "POST_ASSESSMENT";
                        order: number;
                        orderIndex: number;
                        required: boolean;
                        data: {
                            title: string;
                            description: string | null;
                            timeLimit: number;
                            passingScore: number;
                            maxAttempts: number;
                            questionCount: number;
                        };
                    } | {
                        id: string;
                        type: "MATERIAL";
                        order: number;
                        orderIndex: number;
                        required: boolean;
                        data: {
                            title: string;
                            description: string | null;
                            materialId: string | null;
                            type: import("./contract/course").MaterialType | null;
                        };
                    })[];
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/api/v2/user/courses"> | import("hono/types").MergeSchemaPath<{
    "/courses": {
        $get: {
            input: {};
            output: {
                progresses: {
                    id: string;
                    courseId: string;
                    courseTitle: string;
                    courseDomain: string;
                    domain: {
                        id: string;
                        name: string;
                    };
                    status: import("./contract/rules/progress").CourseStatus;
                    overallProgress: number;
                    totalComponents: number;
                    completedComponents: number;
                    enrollmentDate: string;
                    startedDate: string | null;
                    completedAt: string | null;
                    lastAccessedAt: string | null;
                    certificateId: string | null;
                }[];
                count: number;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/courses/:id": {
        $get: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                courseProgress: {
                    id: string;
                    courseId: string;
                    courseTitle: string;
                    courseDomain: string;
                    domain: {
                        id: string;
                        name: string;
                    };
                    status: import("./contract/rules/progress").CourseStatus;
                    overallProgress: number;
                    totalComponents: number;
                    completedComponents: number;
                    enrollmentDate: string;
                    startedDate: string | null;
                    completedAt: string | null;
                    lastAccessedAt: string | null;
                    certificateId: string | null;
                };
                componentProgresses: {
                    id: string;
                    componentId: string;
                    componentTitle: string;
                    componentType: import("./contract/course").ComponentType;
                    order: number;
                    status: import("./contract/rules/progress").ComponentStatus;
                    progressPercentage: number;
                    score: number | null;
                    attempts: number;
                    timeSpentSeconds: number;
                    startedAt: string | null;
                    completedAt: string | null;
                    lastAccessedAt: string | null;
                    required: boolean;
                }[];
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/courses/:id/enroll": {
        $post: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                message: string;
                progress: {
                    id: string;
                    courseId: string;
                    courseTitle: string;
                    courseDomain: string;
                    domain: {
                        id: string;
                        name: string;
                    };
                    status: import("./contract/rules/progress").CourseStatus;
                    overallProgress: number;
                    totalComponents: number;
                    completedComponents: number;
                    enrollmentDate: string;
                    startedDate: string | null;
                    completedAt: string | null;
                    lastAccessedAt: string | null;
                    certificateId: string | null;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/components/:id/start": {
        $post: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                message: string;
                progress: {
                    id: string;
                    componentId: string;
                    componentTitle: string;
                    componentType: import("./contract/course").ComponentType;
                    order: number;
                    status: import("./contract/rules/progress").ComponentStatus;
                    progressPercentage: number;
                    score: number | null;
                    attempts: number;
                    timeSpentSeconds: number;
                    startedAt: string | null;
                    completedAt: string | null;
                    lastAccessedAt: string | null;
                    required: boolean;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/components/:id/progress": {
        $put: {
            input: {
                param: {
                    id: string;
                };
            } & {
                json: {
                    progressPercentage: number;
                };
            };
            output: {
                message: string;
                progress: {
                    id: string;
                    componentId: string;
                    componentTitle: string;
                    componentType: import("./contract/course").ComponentType;
                    order: number;
                    status: import("./contract/rules/progress").ComponentStatus;
                    progressPercentage: number;
                    score: number | null;
                    attempts: number;
                    timeSpentSeconds: number;
                    startedAt: string | null;
                    completedAt: string | null;
                    lastAccessedAt: string | null;
                    required: boolean;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/components/:id/complete": {
        $post: {
            input: {
                param: {
                    id: string;
                };
            } & {
                json: {
                    score?: number | null | undefined;
                };
            };
            output: {
                message: string;
                progress: {
                    id: string;
                    componentId: string;
                    componentTitle: string;
                    componentType: import("./contract/course").ComponentType;
                    order: number;
                    status: import("./contract/rules/progress").ComponentStatus;
                    progressPercentage: number;
                    score: number | null;
                    attempts: number;
                    timeSpentSeconds: number;
                    startedAt: string | null;
                    completedAt: string | null;
                    lastAccessedAt: string | null;
                    required: boolean;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/components/:id/time": {
        $put: {
            input: {
                param: {
                    id: string;
                };
            } & {
                json: {
                    additionalSeconds: number;
                };
            };
            output: {
                message: string;
                progress: {
                    id: string;
                    componentId: string;
                    componentTitle: string;
                    componentType: import("./contract/course").ComponentType;
                    order: number;
                    status: import("./contract/rules/progress").ComponentStatus;
                    progressPercentage: number;
                    score: number | null;
                    attempts: number;
                    timeSpentSeconds: number;
                    startedAt: string | null;
                    completedAt: string | null;
                    lastAccessedAt: string | null;
                    required: boolean;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/api/v2/user/progress"> | import("hono/types").MergeSchemaPath<{
    "/incomplete": {
        $get: {
            input: {};
            output: {
                hasIncomplete: boolean;
                incompleteAttempts: {
                    attemptId: string;
                    componentId: string;
                    componentTitle: string;
                    courseId: string;
                    courseTitle: string;
                    startedAt: string;
                    elapsedMinutes: number;
                    attemptNumber: number;
                    deadline: string;
                }[];
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/attempts/:attemptId": {
        $get: {
            input: {
                param: {
                    attemptId: string;
                };
            };
            output: {
                attemptId: string;
                attemptNumber: number;
                score: number;
                passed: boolean;
                correctAnswers: number;
                totalQuestions: number;
                detailedResults: {
                    questionId: string;
                    question: string;
                    isCorrect: boolean;
                    userAnswer: string | null;
                    correctAnswer: string;
                    explanation: string | null;
                }[];
                attemptsRemaining: number;
                message: string;
                passingScore: number;
                componentId: string;
                courseId: string;
                submittedAt: string;
                submitReason: import("./contract/learner").SubmitReason;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/attempts/:attemptId/answers": {
        $put: {
            input: {
                param: {
                    attemptId: string;
                };
            } & {
                json: {
                    questionId: string;
                    answer: string | null;
                } | {
                    answers: {
                        [x: string]: string | null;
                    };
                };
            };
            output: {
                message: string;
                attemptId: string;
                answers: {
                    [x: string]: string;
                };
                deadline: string;
                serverTime: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/attempts/:attemptId/submit": {
        $post: {
            input: {
                param: {
                    attemptId: string;
                };
            } & {
                json: Record<string, string>;
            };
            output: {
                attemptId: string;
                attemptNumber: number;
                score: number;
                passed: boolean;
                correctAnswers: number;
                totalQuestions: number;
                detailedResults: {
                    questionId: string;
                    question: string;
                    isCorrect: boolean;
                    userAnswer: string | null;
                    correctAnswer: string;
                    explanation: string | null;
                }[];
                attemptsRemaining: number;
                message: string;
                passingScore: number;
                componentId: string;
                courseId: string;
                submittedAt: string;
                submitReason: import("./contract/learner").SubmitReason;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/attempts/:attemptId/auto-submit": {
        $post: {
            input: {
                param: {
                    attemptId: string;
                };
            } & {
                json: Record<string, string>;
            };
            output: {
                attemptId: string;
                attemptNumber: number;
                score: number;
                passed: boolean;
                correctAnswers: number;
                totalQuestions: number;
                detailedResults: {
                    questionId: string;
                    question: string;
                    isCorrect: boolean;
                    userAnswer: string | null;
                    correctAnswer: string;
                    explanation: string | null;
                }[];
                attemptsRemaining: number;
                message: string;
                passingScore: number;
                componentId: string;
                courseId: string;
                submittedAt: string;
                submitReason: import("./contract/learner").SubmitReason;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:componentId/questions": {
        $get: {
            input: {
                param: {
                    componentId: string;
                };
            };
            output: {
                title: string;
                description: string | null;
                timeLimit: number;
                passingScore: number;
                maxAttempts: number;
                questions: {
                    id: string;
                    question: string;
                    type: import("./contract/course").QuestionType;
                    points: number;
                    options: {
                        id: string;
                        text: string;
                    }[];
                }[];
                openAttemptId: string | null;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:componentId/start": {
        $post: {
            input: {
                param: {
                    componentId: string;
                };
            };
            output: {
                attemptId: string;
                attemptNumber: number;
                startedAt: string;
                deadline: string;
                message: string;
                resumed: boolean;
                answers: {
                    [x: string]: string;
                };
                serverTime: string;
                remainingSeconds: number;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:componentId/attempts": {
        $get: {
            input: {
                param: {
                    componentId: string;
                };
            };
            output: {
                attempts: {
                    attemptId: string;
                    attemptNumber: number;
                    score: number | null;
                    passed: boolean | null;
                    startedAt: string;
                    submittedAt: string | null;
                    timeTakenSeconds: number | null;
                }[];
                totalAttempts: number;
                remainingAttempts: number;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:componentId/latest-attempt": {
        $get: {
            input: {
                param: {
                    componentId: string;
                };
            };
            output: {
                hasAttempt: false;
                canRetry: boolean;
                remainingAttempts: number;
            } | {
                hasAttempt: true;
                attemptId: string;
                attemptNumber: number;
                score: number;
                passed: boolean;
                canRetry: boolean;
                remainingAttempts: number;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/api/v2/user/assessments"> | import("hono/types").MergeSchemaPath<{
    "/": {
        $get: {
            input: {};
            output: {
                summaryMetrics: {
                    totalCoursesEnrolled: number;
                    totalCoursesCompleted: number;
                    averageAssessmentScore: number;
                    totalTimeSpentSeconds: number;
                    learningStreak: number;
                };
                courseProgressDetails: {
                    courseId: string;
                    courseTitle: string;
                    domainName: string | null;
                    status: import("./contract/reports").ReportCourseStatus;
                    preAssessmentScore: number | null;
                    postAssessmentScore: number | null;
                    improvement: number | null;
                    timeSpentSeconds: number;
                    lastAccessedDate: string | null;
                    certificateId: string | null;
                    certificateNumber: string | null;
                    certificateUrl: string | null;
                }[];
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/api/v2/user/reports"> | import("hono/types").MergeSchemaPath<{
    "/": {
        $get: {
            input: {
                query: {
                    query?: string | undefined;
                    search?: string | undefined;
                };
            };
            output: {
                id: string;
                title: string;
                description: string | null;
                type: import("./contract/course").MaterialType;
                fileName: string;
                fileSize: number;
                contentType: string;
                fileUrl: string;
                driveFileId: string | null;
                driveFileUrl: string;
                createdAt: string;
                updatedAt: string;
            }[];
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/upload": {
        $post: {
            input: {};
            output: {
                id: string;
                title: string;
                description: string | null;
                type: import("./contract/course").MaterialType;
                fileName: string;
                fileSize: number;
                contentType: string;
                fileUrl: string;
                driveFileId: string | null;
                driveFileUrl: string;
                createdAt: string;
                updatedAt: string;
            };
            outputFormat: "json";
            status: 201;
        };
    };
} & {
    "/presign": {
        $post: {
            input: {
                json: {
                    fileName: string;
                    contentType: string;
                    size: number;
                };
            };
            output: {
                uploadUrl: string;
                key: string;
                method: "PUT";
                headers: {
                    'content-type': string;
                };
                expiresIn: number;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/complete": {
        $post: {
            input: {
                json: {
                    key: string;
                    fileName?: string | undefined;
                    title: string;
                    description: string | null;
                };
            };
            output: {
                id: string;
                title: string;
                description: string | null;
                type: import("./contract/course").MaterialType;
                fileName: string;
                fileSize: number;
                contentType: string;
                fileUrl: string;
                driveFileId: string | null;
                driveFileUrl: string;
                createdAt: string;
                updatedAt: string;
            };
            outputFormat: "json";
            status: 201;
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
                id: string;
                title: string;
                description: string | null;
                type: import("./contract/course").MaterialType;
                fileName: string;
                fileSize: number;
                contentType: string;
                fileUrl: string;
                driveFileId: string | null;
                driveFileUrl: string;
                createdAt: string;
                updatedAt: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:id/file": {
        $get: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {};
            outputFormat: string;
            status: import("hono/utils/http-status").StatusCode;
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
                id: string;
                title: string;
                description: string | null;
                type: import("./contract/course").MaterialType;
                fileName: string;
                fileSize: number;
                contentType: string;
                fileUrl: string;
                driveFileId: string | null;
                driveFileUrl: string;
                createdAt: string;
                updatedAt: string;
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
                id: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/api/v2/materials"> | import("hono/types").MergeSchemaPath<{
    "/verify/:number": {
        $get: {
            input: {
                param: {
                    number: string;
                };
            };
            output: {
                valid: boolean;
                status: import("./contract/certificates").CertificateStatusValue;
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
                status: import("./contract/certificates").CertificateStatusValue;
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
                status: import("./contract/certificates").CertificateStatusValue;
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
                status: import("./contract/certificates").CertificateStatusValue;
                revokedAt: string | null;
                message: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/api/v2/certificates"> | import("hono/types").MergeSchemaPath<{
    "/public/submit": {
        $post: {
            input: {
                json: {
                    isAnonymous: boolean;
                    type: "QUERY" | "COMPLAINT" | "NEW_IDEA";
                    subject: string;
                    description: string;
                };
            };
            output: {
                message: "Your submission has been received successfully.";
                id: string;
            };
            outputFormat: "json";
            status: 201;
        };
    };
} & {
    "/submit": {
        $post: {
            input: {
                json: {
                    isAnonymous: boolean;
                    type: "QUERY" | "COMPLAINT" | "NEW_IDEA";
                    subject: string;
                    description: string;
                };
            };
            output: {
                message: "Your submission has been received successfully.";
                id: string;
            };
            outputFormat: "json";
            status: 201;
        };
    };
} & {
    "/user/submissions": {
        $get: {
            input: {};
            output: {
                id: string;
                type: import("./contract/think").FeedbackType;
                subject: string;
                description: string;
                isAnonymous: boolean;
                anonymous: boolean;
                userName: string | null;
                status: import("./contract/think").FeedbackStatus;
                adminResponse: string | null;
                respondedBy: string | null;
                respondedAt: string | null;
                createdAt: string;
            }[];
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/admin/all": {
        $get: {
            input: {};
            output: {
                id: string;
                type: import("./contract/think").FeedbackType;
                subject: string;
                description: string;
                isAnonymous: boolean;
                anonymous: boolean;
                userName: string | null;
                status: import("./contract/think").FeedbackStatus;
                adminResponse: string | null;
                respondedBy: string | null;
                respondedAt: string | null;
                createdAt: string;
            }[];
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/admin/:id/respond": {
        $post: {
            input: {
                param: {
                    id: string;
                };
            } & {
                json: {
                    response: string;
                    status?: "IN_PROGRESS" | "OPEN" | "RESOLVED" | undefined;
                };
            };
            output: {
                message: "Response submitted successfully";
                submission: {
                    id: string;
                    type: import("./contract/think").FeedbackType;
                    subject: string;
                    description: string;
                    isAnonymous: boolean;
                    anonymous: boolean;
                    userName: string | null;
                    status: import("./contract/think").FeedbackStatus;
                    adminResponse: string | null;
                    respondedBy: string | null;
                    respondedAt: string | null;
                    createdAt: string;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/admin/:id/status": {
        $put: {
            input: {
                param: {
                    id: string;
                };
            } & {
                json: {
                    status: "IN_PROGRESS" | "OPEN" | "RESOLVED";
                };
            };
            output: {
                message: "Status updated successfully";
                submission: {
                    id: string;
                    type: import("./contract/think").FeedbackType;
                    subject: string;
                    description: string;
                    isAnonymous: boolean;
                    anonymous: boolean;
                    userName: string | null;
                    status: import("./contract/think").FeedbackStatus;
                    adminResponse: string | null;
                    respondedBy: string | null;
                    respondedAt: string | null;
                    createdAt: string;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/api/think"> | import("hono/types").MergeSchemaPath<{
    "/active": {
        $get: {
            input: {};
            output: {
                id: string;
                title: string;
                content: string;
                authorName: string;
                priority: import("./contract/announcements").Priority;
                isActive: boolean;
                active: boolean;
                expiresAt: string | null;
                expired: boolean;
                createdAt: string;
            }[];
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/admin/all": {
        $get: {
            input: {};
            output: {
                id: string;
                title: string;
                content: string;
                authorName: string;
                priority: import("./contract/announcements").Priority;
                isActive: boolean;
                active: boolean;
                expiresAt: string | null;
                expired: boolean;
                createdAt: string;
            }[];
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/admin/stats": {
        $get: {
            input: {};
            output: {
                totalActive: number;
                urgentCount: number;
                highCount: number;
                mediumCount: number;
                lowCount: number;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/admin/create": {
        $post: {
            input: {
                json: {
                    title: string;
                    authorName: string;
                    content: string;
                    priority: "URGENT" | "HIGH" | "MEDIUM" | "LOW";
                    expiresAt: string | null;
                    isActive: boolean;
                };
            };
            output: {
                message: "Announcement created successfully";
                announcement: {
                    id: string;
                    title: string;
                    content: string;
                    authorName: string;
                    priority: import("./contract/announcements").Priority;
                    isActive: boolean;
                    active: boolean;
                    expiresAt: string | null;
                    expired: boolean;
                    createdAt: string;
                };
            };
            outputFormat: "json";
            status: 201;
        };
    };
} & {
    "/admin/:id/toggle": {
        $put: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                message: string;
                announcement: {
                    id: string;
                    title: string;
                    content: string;
                    authorName: string;
                    priority: import("./contract/announcements").Priority;
                    isActive: boolean;
                    active: boolean;
                    expiresAt: string | null;
                    expired: boolean;
                    createdAt: string;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/admin/:id": {
        $put: {
            input: {
                param: {
                    id: string;
                };
            } & {
                json: {
                    title: string;
                    authorName: string;
                    content: string;
                    priority: "URGENT" | "HIGH" | "MEDIUM" | "LOW";
                    expiresAt: string | null;
                    isActive: boolean;
                };
            };
            output: {
                message: "Announcement updated successfully";
                announcement: {
                    id: string;
                    title: string;
                    content: string;
                    authorName: string;
                    priority: import("./contract/announcements").Priority;
                    isActive: boolean;
                    active: boolean;
                    expiresAt: string | null;
                    expired: boolean;
                    createdAt: string;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/admin/:id": {
        $delete: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                message: "Announcement deleted successfully";
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/api/announcements"> | import("hono/types").MergeSchemaPath<{
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
                role: import("./contract/admin-people").Role;
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
                    role: import("./contract/admin-people").Role;
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
                role: import("./contract/admin-people").Role;
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
                role: import("./contract/admin-people").Role;
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
}, "/api/users"> | import("hono/types").MergeSchemaPath<{
    "/": {
        $get: {
            input: {
                query: {
                    query?: string | undefined;
                    search?: string | undefined;
                };
            };
            output: {
                id: string;
                name: string;
                description: string | null;
            }[];
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/search": {
        $get: {
            input: {
                query: {
                    query?: string | undefined;
                    search?: string | undefined;
                };
            };
            output: {
                id: string;
                name: string;
                description: string | null;
            }[];
            outputFormat: "json";
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
                id: string;
                name: string;
                description: string | null;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/": {
        $post: {
            input: {
                json: {
                    name: string;
                    description: string | null;
                };
            };
            output: {
                id: string;
                name: string;
                description: string | null;
            };
            outputFormat: "json";
            status: 201;
        };
    };
} & {
    "/:id": {
        $put: {
            input: {
                param: {
                    id: string;
                };
            } & {
                json: {
                    name: string;
                    description: string | null;
                };
            };
            output: {
                id: string;
                name: string;
                description: string | null;
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
                id: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/api/domains"> | import("hono/types").MergeSchemaPath<{
    "/": {
        $get: {
            input: {
                query: {
                    page: string | string[];
                    limit: string | string[];
                    search?: string | undefined;
                    status?: "DRAFT" | "PUBLISHED" | undefined;
                    domainId?: string | undefined;
                };
            };
            output: {
                courses: {
                    id: string;
                    title: string;
                    description: string | null;
                    domainId: string;
                    domain: {
                        id: string;
                        name: string;
                    };
                    icon: string;
                    timeLimit: number | null;
                    passingScore: number | null;
                    status: "DRAFT" | "PUBLISHED";
                    hasBeenPublished: boolean;
                    componentCount: number;
                    allowBrowse: boolean;
                    certificateValidityDays: number;
                    publishedAt: string | null;
                    createdAt: string;
                    updatedAt: string;
                }[];
                pagination: {
                    page: number;
                    totalPages: number;
                    totalItems: number;
                    itemsPerPage: number;
                };
            };
            outputFormat: "json";
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
                components: {
                    id: string;
                    courseId: string;
                    type: import("./contract/course").ComponentType;
                    order: number;
                    orderIndex: number;
                    required: boolean;
                    materialId: string | null;
                    data: {
                        [x: string]: import("hono/utils/types").JSONValue;
                    };
                    createdAt: string;
                    updatedAt: string;
                }[];
                id: string;
                title: string;
                description: string | null;
                domainId: string;
                domain: {
                    id: string;
                    name: string;
                };
                icon: string;
                timeLimit: number | null;
                passingScore: number | null;
                status: "DRAFT" | "PUBLISHED";
                hasBeenPublished: boolean;
                componentCount: number;
                allowBrowse: boolean;
                certificateValidityDays: number;
                publishedAt: string | null;
                createdAt: string;
                updatedAt: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/": {
        $post: {
            input: {
                json: {
                    title: string;
                    description: string | null;
                    domainId: string;
                    icon: string;
                    timeLimit: number | null;
                    passingScore: number | null;
                };
            };
            output: {
                id: string;
                title: string;
                description: string | null;
                domainId: string;
                domain: {
                    id: string;
                    name: string;
                };
                icon: string;
                timeLimit: number | null;
                passingScore: number | null;
                status: "DRAFT" | "PUBLISHED";
                hasBeenPublished: boolean;
                componentCount: number;
                allowBrowse: boolean;
                certificateValidityDays: number;
                publishedAt: string | null;
                createdAt: string;
                updatedAt: string;
            };
            outputFormat: "json";
            status: 201;
        };
    };
} & {
    "/:id": {
        $put: {
            input: {
                json: {
                    title: string;
                    description: string | null;
                    domainId: string;
                    icon: string;
                    timeLimit: number | null;
                    passingScore: number | null;
                };
            } & {
                param: {
                    id: string;
                };
            };
            output: {
                id: string;
                title: string;
                description: string | null;
                domainId: string;
                domain: {
                    id: string;
                    name: string;
                };
                icon: string;
                timeLimit: number | null;
                passingScore: number | null;
                status: "DRAFT" | "PUBLISHED";
                hasBeenPublished: boolean;
                componentCount: number;
                allowBrowse: boolean;
                certificateValidityDays: number;
                publishedAt: string | null;
                createdAt: string;
                updatedAt: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:id/publish": {
        $post: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                message: string;
                course: {
                    id: string;
                    title: string;
                    description: string | null;
                    domainId: string;
                    domain: {
                        id: string;
                        name: string;
                    };
                    icon: string;
                    timeLimit: number | null;
                    passingScore: number | null;
                    status: "DRAFT" | "PUBLISHED";
                    hasBeenPublished: boolean;
                    componentCount: number;
                    allowBrowse: boolean;
                    certificateValidityDays: number;
                    publishedAt: string | null;
                    createdAt: string;
                    updatedAt: string;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:id/takedown": {
        $post: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                message: string;
                course: {
                    id: string;
                    title: string;
                    description: string | null;
                    domainId: string;
                    domain: {
                        id: string;
                        name: string;
                    };
                    icon: string;
                    timeLimit: number | null;
                    passingScore: number | null;
                    status: "DRAFT" | "PUBLISHED";
                    hasBeenPublished: boolean;
                    componentCount: number;
                    allowBrowse: boolean;
                    certificateValidityDays: number;
                    publishedAt: string | null;
                    createdAt: string;
                    updatedAt: string;
                };
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:id/clone": {
        $post: {
            input: {
                param: {
                    id: string;
                };
            };
            output: {
                id: string;
                title: string;
                description: string | null;
                domainId: string;
                domain: {
                    id: string;
                    name: string;
                };
                icon: string;
                timeLimit: number | null;
                passingScore: number | null;
                status: "DRAFT" | "PUBLISHED";
                hasBeenPublished: boolean;
                componentCount: number;
                allowBrowse: boolean;
                certificateValidityDays: number;
                publishedAt: string | null;
                createdAt: string;
                updatedAt: string;
            };
            outputFormat: "json";
            status: 201;
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
                id: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:courseId/components": {
        $get: {
            input: {
                param: {
                    courseId: string;
                };
            };
            output: {
                components: {
                    id: string;
                    courseId: string;
                    type: import("./contract/course").ComponentType;
                    order: number;
                    orderIndex: number;
                    required: boolean;
                    materialId: string | null;
                    data: {
                        [x: string]: import("hono/utils/types").JSONValue;
                    };
                    createdAt: string;
                    updatedAt: string;
                }[];
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:courseId/components/reorder": {
        $put: {
            input: {
                json: {
                    componentOrders: {
                        componentId: string;
                        newOrder: number;
                    }[];
                };
            } & {
                param: {
                    courseId: string;
                };
            };
            output: {
                message: string;
                components: {
                    id: string;
                    courseId: string;
                    type: import("./contract/course").ComponentType;
                    order: number;
                    orderIndex: number;
                    required: boolean;
                    materialId: string | null;
                    data: {
                        [x: string]: import("hono/utils/types").JSONValue;
                    };
                    createdAt: string;
                    updatedAt: string;
                }[];
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:courseId/components/:componentId": {
        $get: {
            input: {
                param: {
                    courseId: string;
                } & {
                    componentId: string;
                };
            };
            output: {
                id: string;
                courseId: string;
                type: import("./contract/course").ComponentType;
                order: number;
                orderIndex: number;
                required: boolean;
                materialId: string | null;
                data: {
                    [x: string]: import("hono/utils/types").JSONValue;
                };
                createdAt: string;
                updatedAt: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:courseId/components": {
        $post: {
            input: {
                json: {
                    type: "PRE_ASSESSMENT" | "MATERIAL" | "POST_ASSESSMENT";
                    required: boolean;
                    data: {
                        [x: string]: unknown;
                    };
                };
            } & {
                param: {
                    courseId: string;
                };
            };
            output: {
                id: string;
                courseId: string;
                type: import("./contract/course").ComponentType;
                order: number;
                orderIndex: number;
                required: boolean;
                materialId: string | null;
                data: {
                    [x: string]: import("hono/utils/types").JSONValue;
                };
                createdAt: string;
                updatedAt: string;
            };
            outputFormat: "json";
            status: 201;
        };
    };
} & {
    "/:courseId/components/:componentId": {
        $put: {
            input: {
                json: {
                    type?: "PRE_ASSESSMENT" | "MATERIAL" | "POST_ASSESSMENT" | undefined;
                    required?: boolean | undefined;
                    data?: {
                        [x: string]: unknown;
                    } | undefined;
                };
            } & {
                param: {
                    courseId: string;
                } & {
                    componentId: string;
                };
            };
            output: {
                id: string;
                courseId: string;
                type: import("./contract/course").ComponentType;
                order: number;
                orderIndex: number;
                required: boolean;
                materialId: string | null;
                data: {
                    [x: string]: import("hono/utils/types").JSONValue;
                };
                createdAt: string;
                updatedAt: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:courseId/components/:componentId": {
        $delete: {
            input: {
                param: {
                    courseId: string;
                } & {
                    componentId: string;
                };
            };
            output: {
                message: string;
                id: string;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/api/v2/admin/courses"> | import("hono/types").MergeSchemaPath<{
    "/attempts": {
        $get: {
            input: {
                query: {
                    status: "PASSED" | "FAILED" | "ALL";
                    domainId: string | string[];
                    courseId: string | string[];
                    userId: string | string[];
                    search: string | string[];
                    page: string | string[];
                    size: string | string[];
                };
            };
            output: {
                attempts: {
                    id: string;
                    userId: string;
                    username: string;
                    email: string;
                    componentId: string;
                    componentTitle: string;
                    courseId: string;
                    courseTitle: string;
                    domainId: string;
                    domainName: string;
                    attemptNumber: number;
                    maxAttempts: number;
                    score: number | null;
                    passed: boolean;
                    startedAt: string;
                    submittedAt: string | null;
                    progressStatus: "NOT_STARTED" | "IN_PROGRESS" | "COMPLETED" | "FAILED" | null;
                    progressScore: number | null;
                    remainingAttempts: number;
                    canAdminIntervene: boolean;
                    markedByAdmin: boolean;
                }[];
                totalItems: number;
                totalPages: number;
                currentPage: number;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/summary": {
        $get: {
            input: {};
            output: {
                totalAttempts: number;
                passedAttempts: number;
                failedAttempts: number;
                topFailingComponents: {
                    componentTitle: string;
                    failedAttempts: number;
                    componentId: string;
                    courseTitle: string;
                }[];
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/audit-log": {
        $get: {
            input: {
                query: {
                    page: string | string[];
                    size: string | string[];
                };
            };
            output: {
                entries: {
                    before: null;
                    after: null;
                    id: string;
                    actorId: string;
                    actorUsername: string;
                    action: string;
                    targetUserId: string | null;
                    targetUsername: string | null;
                    entityType: string | null;
                    entityId: string | null;
                    reason: string | null;
                    createdAt: string;
                }[];
                totalItems: number;
                totalPages: number;
                currentPage: number;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:componentId/users/:userId/reset": {
        $post: {
            input: {
                param: {
                    componentId: string;
                    userId: string;
                };
            } & {
                json: {
                    reason: string;
                };
            };
            output: {
                message: "Assessment attempts have been reset successfully";
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/:componentId/users/:userId/pass": {
        $post: {
            input: {
                param: {
                    componentId: string;
                    userId: string;
                };
            } & {
                query: {
                    score: string | string[];
                };
            } & {
                json: {
                    reason: string;
                };
            };
            output: {
                message: "Assessment has been marked as passed successfully";
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/api/v2/admin/assessments"> | import("hono/types").MergeSchemaPath<{
    "/stats": {
        $get: {
            input: {};
            output: {
                activeUsers: number;
                totalDomains: number;
                totalAssignments: number;
                pendingActions: number;
                totalCourses: number;
            };
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/recent-progress": {
        $get: {
            input: {};
            output: {
                progress: number;
                username: string;
                courseName: string;
                timestamp: string;
            }[];
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/recent-courses": {
        $get: {
            input: {};
            output: {
                id: string;
                title: string;
                domain: string;
                status: "DRAFT" | "PUBLISHED";
                createdAt: string;
            }[];
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
} & {
    "/top-performers": {
        $get: {
            input: {};
            output: {
                username: string;
                completedCourses: number;
                totalCourses: number;
            }[];
            outputFormat: "json";
            status: import("hono/utils/http-status").ContentfulStatusCode;
        };
    };
}, "/api/v2/admin/dashboard"> | import("hono/types").MergeSchemaPath<{
    "/lookup": {
        $get: {
            input: {};
            output: {};
            outputFormat: string;
            status: import("hono/utils/http-status").StatusCode;
        };
    };
} & {
    "/:number": {
        $get: {
            input: {
                param: {
                    number: string;
                };
            };
            output: {};
            outputFormat: string;
            status: import("hono/utils/http-status").StatusCode;
        };
    };
}, "/certificate/verify">, "/", string>;
export type AppType = typeof app;
