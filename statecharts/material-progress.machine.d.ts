import { type ComponentStatus } from '../worker/contract/rules/progress';
/**
 * Viewing a learning material (learner spec section 4): mark it started when NOT_STARTED, report
 * progress in 10 % steps (an embedded viewer counts 100 % once loaded), complete it at 100 %,
 * and send the time spent every 30 s and once more when the learner leaves. Time-report failures
 * are only logged. Effects are placeholder actors provided by web/state/material.tsx.
 */
export declare const TIME_REPORT_INTERVAL_MS = 30000;
export declare const MATERIAL_MESSAGES: {
    readonly completeFailed: "Failed to complete material";
};
export interface MaterialInput {
    componentId: string;
    status: ComponentStatus;
    progressPercentage: number;
}
export interface MaterialContext {
    componentId: string;
    status: ComponentStatus;
    /** Highest 10 % step reached in this visit (or before). */
    progress: number;
    /** Highest step the server has been told about. */
    reportedProgress: number;
    unsentSeconds: number;
    sendingSeconds: number;
    finishRequested: boolean;
    error: string | null;
}
export type MaterialEvent = {
    type: 'material.progress';
    percentage: number;
}
/** An embedded viewer (PDF, document) finished loading: it counts as fully viewed. */
 | {
    type: 'material.loaded';
}
/** "Complete & Continue". */
 | {
    type: 'material.finish';
}
/** The learner leaves the page (route change, tab hidden or closed): flush the time. */
 | {
    type: 'material.leave';
}
/** The tab became visible again after a leave. */
 | {
    type: 'material.return';
} | {
    type: 'time.tick';
};
export type MaterialEmitted = {
    type: 'material.finished';
};
export declare const materialProgressMachine: import("xstate").StateMachine<MaterialContext, {
    type: "material.progress";
    percentage: number;
} | {
    type: "material.loaded";
} | {
    type: "material.finish";
} | {
    type: "material.leave";
} | {
    type: "material.return";
} | {
    type: "time.tick";
}, {
    [x: string]: import("xstate").ActorRefFromLogic<import("xstate").PromiseActorLogic<void, {
        componentId: string;
    }, import("xstate").EventObject> | import("xstate").PromiseActorLogic<void, {
        componentId: string;
        progressPercentage: number;
    }, import("xstate").EventObject> | import("xstate").PromiseActorLogic<void, {
        componentId: string;
    }, import("xstate").EventObject> | import("xstate").PromiseActorLogic<void, {
        componentId: string;
        seconds: number;
    }, import("xstate").EventObject> | import("xstate").CallbackActorLogic<import("xstate").EventObject, import("xstate").NonReducibleUnknown, import("xstate").EventObject>> | undefined;
}, {
    src: "startComponent";
    logic: import("xstate").PromiseActorLogic<void, {
        componentId: string;
    }, import("xstate").EventObject>;
    id: string | undefined;
} | {
    src: "reportProgress";
    logic: import("xstate").PromiseActorLogic<void, {
        componentId: string;
        progressPercentage: number;
    }, import("xstate").EventObject>;
    id: string | undefined;
} | {
    src: "completeMaterial";
    logic: import("xstate").PromiseActorLogic<void, {
        componentId: string;
    }, import("xstate").EventObject>;
    id: string | undefined;
} | {
    src: "sendTime";
    logic: import("xstate").PromiseActorLogic<void, {
        componentId: string;
        seconds: number;
    }, import("xstate").EventObject>;
    id: string | undefined;
} | {
    src: "secondTicker";
    logic: import("xstate").CallbackActorLogic<import("xstate").EventObject, import("xstate").NonReducibleUnknown, import("xstate").EventObject>;
    id: string | undefined;
}, {
    type: "clearError";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "raiseProgress";
    params: {
        percentage: number;
    };
} | {
    type: "markReported";
    params: {
        progress: number;
    };
} | {
    type: "requestFinish";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "setCompleteError";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "markCompleted";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "markStarted";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "announceFinished";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "countSecond";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "takeUnsentTime";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "clearSendingTime";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "restoreUnsentTime";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "logFailure";
    params: {
        what: string;
        error: unknown;
    };
}, {
    type: "fullyViewed";
    params: unknown;
} | {
    type: "needsStart";
    params: unknown;
} | {
    type: "wasCompleted";
    params: unknown;
} | {
    type: "hasUnreported";
    params: unknown;
} | {
    type: "finishRequested";
    params: unknown;
} | {
    type: "hasUnsentTime";
    params: unknown;
}, "timeReport", {
    progress: "checking" | "finished" | "starting" | "completing" | "completed" | "completeFailed" | {
        viewing: "idle" | "reporting";
    };
    time: "left" | "flushing" | "flushSending" | {
        active: "counting" | "sending";
    };
}, "fullyViewed" | "completing", MaterialInput, import("xstate").NonReducibleUnknown, MaterialEmitted, import("xstate").MetaObject, {
    id: "material";
    states: {
        readonly progress: {
            states: {
                readonly checking: {};
                readonly starting: {};
                readonly viewing: {
                    states: {
                        readonly idle: {};
                        readonly reporting: {};
                    };
                };
                readonly completing: {};
                readonly completeFailed: {};
                readonly completed: {};
                readonly finished: {};
            };
        };
        readonly time: {
            states: {
                readonly active: {
                    states: {
                        readonly counting: {};
                        readonly sending: {};
                    };
                };
                readonly flushing: {};
                readonly flushSending: {};
                readonly left: {};
            };
        };
    };
}, import("xstate").MetaObject>;
