/**
 * A timed assessment attempt: load the questions and the learner's record, show an intro (nothing
 * is started until the learner presses Start, so opening the page never uses up an attempt or
 * starts the server clock), start the attempt, answer with a countdown driven by the SERVER
 * deadline, autosave every answer as it is given, submit (by hand or automatically at zero) and
 * show the graded result. An open attempt is resumed at once without the intro (its clock is
 * already running); a passed assessment opens in review.
 * Effects are placeholder actors; web/state/assessment.tsx provides the real ones.
 */
export declare const LOW_TIME_SECONDS = 300;
export declare const DUPLICATE_RETRY_MS = 1000;
export declare const AUTOSAVE_RETRY_MS = 2000;
export declare const AUTO_SUBMIT_RETRY_MS = 3000;
export declare const ASSESSMENT_MESSAGES: {
    readonly loadFailed: "Failed to load assessment. Please try again.";
    readonly submitFailed: "Failed to submit assessment. Please try again.";
    readonly reviewFailed: "Failed to load review data";
    readonly duplicateWait: "Loading assessment... Please wait.";
    readonly noOptions: "This question has no available options. Please contact your instructor or administrator.";
};
export interface AssessmentQuestion {
    id: string;
    question: string;
    type: 'MCQ' | 'TRUE_FALSE';
    points?: number;
    options: {
        id: string;
        text: string;
    }[];
}
export interface AssessmentInfo {
    title: string;
    timeLimit: number;
    passingScore: number;
    maxAttempts: number | null;
    questions: AssessmentQuestion[];
}
export interface AttemptInfo {
    attemptId: string;
    attemptNumber: number;
    startedAt: string;
    deadline: string;
    /** Answers saved on the server for a resumed attempt. */
    answers?: Record<string, string>;
}
export interface AttemptResult {
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
        correctAnswer: string | null;
        explanation?: string | null;
    }[];
    attemptsRemaining?: number;
    message?: string;
}
/** The learner's submitted attempts at this assessment, as the intro shows them. */
export interface AttemptHistory {
    usedAttempts: number;
    /** null when the assessment sets no maximum. */
    remainingAttempts: number | null;
    /** The latest submitted attempt. */
    lastAttempt: {
        attemptId: string;
        attemptNumber: number;
        score: number;
        passed: boolean;
    } | null;
}
export interface LoadOutput {
    assessment: AssessmentInfo;
    /** The learner's passed attempt when the component is already completed: the page opens in review. */
    passedAttemptId: string | null;
    /** An attempt started and not submitted whose time is not over: it is resumed at once, with no intro. */
    openAttemptId: string | null;
    history: AttemptHistory;
}
export type SubmitReason = 'manual' | 'timeout';
export interface AssessmentContext {
    componentId: string;
    assessment: AssessmentInfo | null;
    history: AttemptHistory;
    attempt: AttemptInfo | null;
    answers: Record<string, string>;
    /** Answers given but not yet confirmed saved by the server. */
    unsaved: Record<string, string>;
    /** Answers sent by the save in flight. */
    saving: Record<string, string>;
    remainingSeconds: number | null;
    submitReason: SubmitReason;
    result: AttemptResult | null;
    reviewAttemptId: string | null;
    error: string | null;
}
export type AssessmentEvent = {
    type: 'attempt.start';
} | {
    type: 'attempt.review';
} | {
    type: 'answer.select';
    questionId: string;
    answer: string;
} | {
    type: 'attempt.submit';
} | {
    type: 'timer.tick';
    now: number;
} | {
    type: 'assessment.retry';
} | {
    type: 'attempt.retake';
};
export interface AssessmentInput {
    componentId: string;
}
/** Pure rule: the question can be answered (an MCQ without options is exempt from the submit rule). */
export declare const isAnswerable: (q: AssessmentQuestion) => boolean;
/** Pure rule: submit is enabled only when every answerable question has an answer. */
export declare function allAnswered(questions: readonly AssessmentQuestion[], answers: Readonly<Record<string, string>>): boolean;
/** Whole seconds left until the server deadline, never negative. */
export declare function secondsUntil(deadline: string, now: number): number;
export declare const EMPTY_HISTORY: AttemptHistory;
/** Pure rule for the intro: Start is offered while attempts remain (the server enforces the same limit). */
export declare const hasAttemptsRemaining: (history: AttemptHistory) => boolean;
export declare const assessmentMachine: import("xstate").StateMachine<AssessmentContext, {
    type: "attempt.start";
} | {
    type: "attempt.review";
} | {
    type: "answer.select";
    questionId: string;
    answer: string;
} | {
    type: "attempt.submit";
} | {
    type: "timer.tick";
    now: number;
} | {
    type: "assessment.retry";
} | {
    type: "attempt.retake";
}, {
    [x: string]: import("xstate").ActorRefFromLogic<import("xstate").PromiseActorLogic<LoadOutput, {
        componentId: string;
    }, import("xstate").EventObject> | import("xstate").PromiseActorLogic<AttemptInfo, {
        componentId: string;
    }, import("xstate").EventObject> | import("xstate").PromiseActorLogic<void, {
        attemptId: string;
        answers: Record<string, string>;
    }, import("xstate").EventObject> | import("xstate").PromiseActorLogic<AttemptResult, {
        attemptId: string;
        answers: Record<string, string>;
        reason: SubmitReason;
    }, import("xstate").EventObject> | import("xstate").PromiseActorLogic<AttemptResult, {
        attemptId: string;
    }, import("xstate").EventObject> | import("xstate").CallbackActorLogic<{
        type: "noop";
    }, import("xstate").NonReducibleUnknown, import("xstate").EventObject>> | undefined;
}, {
    src: "loadAssessment";
    logic: import("xstate").PromiseActorLogic<LoadOutput, {
        componentId: string;
    }, import("xstate").EventObject>;
    id: string | undefined;
} | {
    src: "startAttempt";
    logic: import("xstate").PromiseActorLogic<AttemptInfo, {
        componentId: string;
    }, import("xstate").EventObject>;
    id: string | undefined;
} | {
    src: "saveAnswers";
    logic: import("xstate").PromiseActorLogic<void, {
        attemptId: string;
        answers: Record<string, string>;
    }, import("xstate").EventObject>;
    id: string | undefined;
} | {
    src: "submitAttempt";
    logic: import("xstate").PromiseActorLogic<AttemptResult, {
        attemptId: string;
        answers: Record<string, string>;
        reason: SubmitReason;
    }, import("xstate").EventObject>;
    id: string | undefined;
} | {
    src: "loadAttemptResult";
    logic: import("xstate").PromiseActorLogic<AttemptResult, {
        attemptId: string;
    }, import("xstate").EventObject>;
    id: string | undefined;
} | {
    src: "ticker";
    logic: import("xstate").CallbackActorLogic<{
        type: "noop";
    }, import("xstate").NonReducibleUnknown, import("xstate").EventObject>;
    id: string | undefined;
}, {
    type: "setError";
    params: {
        message: string;
    };
} | {
    type: "clearError";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "storeAssessment";
    params: {
        output: LoadOutput;
    };
} | {
    type: "reviewLastAttempt";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "recordInHistory";
    params: {
        result: AttemptResult;
    };
} | {
    type: "storeAttempt";
    params: {
        attempt: AttemptInfo;
    };
} | {
    type: "recordAnswer";
    params: {
        questionId: string;
        answer: string;
    };
} | {
    type: "takeUnsaved";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "restoreUnsaved";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "clearSaving";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "updateRemaining";
    params: {
        now: number;
    };
} | {
    type: "markTimeout";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "markManual";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "storeResult";
    params: {
        result: AttemptResult;
    };
} | {
    type: "setServerError";
    params: {
        error: unknown;
        fallback: string;
    };
}, {
    type: "hasPassedAttempt";
    params: {
        output: LoadOutput;
    };
} | {
    type: "hasOpenAttempt";
    params: {
        output: LoadOutput;
    };
} | {
    type: "canStart";
    params: unknown;
} | {
    type: "hasFailedLastAttempt";
    params: unknown;
} | {
    type: "isDuplicateKey";
    params: {
        error: unknown;
    };
} | {
    type: "canSubmit";
    params: unknown;
} | {
    type: "isExpired";
    params: {
        now: number;
    };
} | {
    type: "isTimeLow";
    params: {
        now: number;
    };
} | {
    type: "hasUnsaved";
    params: unknown;
} | {
    type: "isAutoSubmit";
    params: unknown;
} | {
    type: "hasAttemptsLeft";
    params: unknown;
}, "duplicateRetry" | "autosaveRetry" | "autoSubmitRetry", "result" | "loading" | "submitting" | "failed" | "reviewLoading" | "starting" | "intro" | "waitingToRetry" | "submitFailed" | "reviewing" | {
    answering: {
        clock: "plenty" | "low";
        autosave: "saving" | "idle" | "retryWait";
    };
}, "busy" | "timeLow" | "duplicateWait", AssessmentInput, import("xstate").NonReducibleUnknown, import("xstate").EventObject, import("xstate").MetaObject, {
    id: "assessment";
    states: {
        readonly loading: {};
        readonly intro: {};
        readonly starting: {};
        readonly waitingToRetry: {};
        readonly answering: {
            states: {
                readonly clock: {
                    states: {
                        readonly plenty: {};
                        readonly low: {};
                    };
                };
                readonly autosave: {
                    states: {
                        readonly idle: {};
                        readonly saving: {};
                        readonly retryWait: {};
                    };
                };
            };
        };
        readonly submitting: {};
        readonly submitFailed: {};
        readonly result: {};
        readonly reviewLoading: {};
        readonly reviewing: {};
        readonly failed: {};
    };
}, import("xstate").MetaObject>;
export type AssessmentMachine = typeof assessmentMachine;
