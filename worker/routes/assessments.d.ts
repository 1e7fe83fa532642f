import type { AppEnv } from '../env';
export declare const assessments: import("hono/hono-base").HonoBase<AppEnv, {
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
                submitReason: import("../contract/learner").SubmitReason;
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
                submitReason: import("../contract/learner").SubmitReason;
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
                submitReason: import("../contract/learner").SubmitReason;
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
                    type: import("../contract/course").QuestionType;
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
}, "/", "/:componentId/latest-attempt">;
