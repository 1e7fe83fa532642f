/**
 * Enrolling in a course (learner spec section 4): enroll, wait 1 s, show the success banner for
 * about 3 s, then ask the page to reload the course. The enroll call is a placeholder actor.
 */
export declare const ENROLL_WAIT_MS = 1000;
export declare const ENROLL_BANNER_MS = 3000;
export declare const ENROLLMENT_MESSAGES: {
    readonly success: "Successfully enrolled in this course! Your progress will now be tracked.";
    readonly failed: "Failed to enroll";
};
export interface EnrollmentContext {
    courseId: string;
    enrolledAtStart: boolean;
    error: string | null;
}
export type EnrollmentEvent = {
    type: 'course.enroll';
};
export type EnrollmentEmitted = {
    type: 'course.reload';
};
export declare const enrollmentMachine: import("xstate").StateMachine<EnrollmentContext, EnrollmentEvent, {
    [x: string]: import("xstate").ActorRefFromLogic<import("xstate").PromiseActorLogic<void, {
        courseId: string;
    }, import("xstate").EventObject>> | undefined;
}, {
    src: "enroll";
    logic: import("xstate").PromiseActorLogic<void, {
        courseId: string;
    }, import("xstate").EventObject>;
    id: string | undefined;
}, {
    type: "setError";
    params: {
        error: unknown;
    };
} | {
    type: "clearError";
    params: import("xstate").NonReducibleUnknown;
} | {
    type: "requestReload";
    params: import("xstate").NonReducibleUnknown;
}, {
    type: "startsEnrolled";
    params: unknown;
}, "enrollWait" | "bannerTime", "enrolled" | "banner" | "waiting" | "deciding" | "notEnrolled" | "enrolling", "banner" | "busy", {
    courseId: string;
    enrolled: boolean;
}, import("xstate").NonReducibleUnknown, EnrollmentEmitted, import("xstate").MetaObject, {
    id: "enrollment";
    states: {
        readonly deciding: {};
        readonly notEnrolled: {};
        readonly enrolling: {};
        readonly waiting: {};
        readonly banner: {};
        readonly enrolled: {};
    };
}, import("xstate").MetaObject>;
