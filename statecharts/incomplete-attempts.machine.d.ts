/**
 * Recovery of assessment attempts left open (tab closed, network lost): check on page load, show
 * the non-dismissible list, submit one or all, shrink the list, close when it is empty.
 * Effects are placeholder actors; web/state/incomplete-attempts.tsx provides the real ones.
 */
export declare const INCOMPLETE_MESSAGES: {
    readonly checkFailed: "Failed to check incomplete attempts";
    readonly submitOneFailed: "Failed to submit attempt";
    readonly submitSomeFailed: "Failed to submit some attempts";
};
export interface IncompleteAttemptRow {
    attemptId: string;
    courseTitle: string;
    componentTitle: string;
    elapsedMinutes: number;
    attemptNumber: number;
}
export interface SubmitAllOutput {
    submitted: string[];
    failed: string[];
}
export interface IncompleteContext {
    attempts: IncompleteAttemptRow[];
    submittingId: string | null;
    error: string | null;
    /** Attempts submitted from this dialog, so the page can refresh what they changed. */
    submittedCount: number;
}
export type IncompleteEvent = {
    type: 'attempt.submit';
    attemptId: string;
} | {
    type: 'attempts.submitAll';
} | {
    type: 'dialog.continue';
};
export type IncompleteEmitted = {
    type: 'attempts.resolved';
    submittedCount: number;
};
export declare const incompleteAttemptsMachine: import("xstate").StateMachine<IncompleteContext, {
    type: "attempt.submit";
    attemptId: string;
} | {
    type: "attempts.submitAll";
} | {
    type: "dialog.continue";
}, {
    [x: string]: import("xstate").ActorRefFromLogic<import("xstate").PromiseActorLogic<IncompleteAttemptRow[], import("xstate").NonReducibleUnknown, import("xstate").EventObject> | import("xstate").PromiseActorLogic<void, {
        attemptId: string;
    }, import("xstate").EventObject> | import("xstate").PromiseActorLogic<SubmitAllOutput, {
        attemptIds: string[];
    }, import("xstate").EventObject>> | undefined;
}, {
    src: "submitAttempt";
    logic: import("xstate").PromiseActorLogic<void, {
        attemptId: string;
    }, import("xstate").EventObject>;
    id: string | undefined;
} | {
    src: "checkIncomplete";
    logic: import("xstate").PromiseActorLogic<IncompleteAttemptRow[], import("xstate").NonReducibleUnknown, import("xstate").EventObject>;
    id: string | undefined;
} | {
    src: "submitAll";
    logic: import("xstate").PromiseActorLogic<SubmitAllOutput, {
        attemptIds: string[];
    }, import("xstate").EventObject>;
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
    type: "storeAttempts";
    params: {
        attempts: IncompleteAttemptRow[];
    };
} | {
    type: "markSubmitting";
    params: {
        attemptId: string;
    };
} | {
    type: "removeSubmitting";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "removeSubmitted";
    params: {
        output: SubmitAllOutput;
    };
} | {
    type: "clearSubmitting";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "logCheckFailure";
    params: {
        error: unknown;
    };
} | {
    type: "announceResolved";
    params: import("xstate").NonReducibleUnknown;
}, {
    type: "foundAttempts";
    params: {
        attempts: IncompleteAttemptRow[];
    };
} | {
    type: "isEmpty";
    params: unknown;
} | {
    type: "isLastListed";
    params: unknown;
} | {
    type: "isListed";
    params: {
        attemptId: string;
    };
} | {
    type: "someFailed";
    params: {
        output: SubmitAllOutput;
    };
}, never, "closed" | "checking" | {
    open: "list" | "submittingOne" | "submittingAll" | "rechecking";
}, "open" | "busy", import("xstate").NonReducibleUnknown, import("xstate").NonReducibleUnknown, IncompleteEmitted, import("xstate").MetaObject, {
    id: "incompleteAttempts";
    states: {
        readonly checking: {};
        readonly open: {
            states: {
                readonly list: {};
                readonly submittingOne: {};
                readonly submittingAll: {};
                readonly rechecking: {};
            };
        };
        readonly closed: {};
    };
}, import("xstate").MetaObject>;
export type IncompleteAttemptsMachine = typeof incompleteAttemptsMachine;
