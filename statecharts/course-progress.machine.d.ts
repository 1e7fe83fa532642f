import type { ComponentProgress, Course, CourseProgress, LearnerComponent } from '../worker/contract/learner';
import { type ComponentStatus, type LearnerCourseState } from '../worker/contract/rules/progress';
/**
 * A course and the learner's progress in it: load both (a 404 on progress = not enrolled),
 * expose per-component availability through the shared rules of contract/rules/progress.ts,
 * the continue target, and notice when the course becomes COMPLETED during the session
 * (emits 'course.completed', which opens the certificate dialog).
 */
export declare const COURSE_MESSAGES: {
    readonly loadFailed: "Failed to load course";
};
export type CourseWithComponents = Course & {
    components: LearnerComponent[];
};
export interface CourseLoadOutput {
    course: CourseWithComponents;
    /** null when the learner is not enrolled (the progress call answered 404). */
    progress: {
        courseProgress: CourseProgress;
        componentProgresses: ComponentProgress[];
    } | null;
}
export interface CourseProgressContext {
    courseId: string;
    course: CourseWithComponents | null;
    courseProgress: CourseProgress | null;
    componentProgresses: ComponentProgress[];
    /** The course status seen earlier in this session (kept by web/state across page visits). */
    lastSeenStatus: string | null;
    error: string | null;
}
export type CourseProgressEvent = {
    type: 'course.reload';
};
export type CourseProgressEmitted = {
    type: 'course.completed';
    courseId: string;
    courseTitle: string;
};
export interface ComponentView {
    component: LearnerComponent;
    title: string;
    status: ComponentStatus;
    progressPercentage: number;
    score: number | null;
    attempts: number;
    timeSpentSeconds: number;
    locked: boolean;
    /** Content is unavailable until enrollment. */
    needsEnrollment: boolean;
    /** Assessment: attempts left after a FAILED result (null for materials). */
    attemptsLeft: number | null;
}
/** Per-component view, in course order, for the component list and the stepper. */
export declare function componentViews(context: Pick<CourseProgressContext, 'course' | 'courseProgress' | 'componentProgresses'>): ComponentView[];
export declare function courseContinueTarget(context: Pick<CourseProgressContext, 'course' | 'courseProgress' | 'componentProgresses'>): LearnerComponent | null;
export declare function courseAvailableSections(context: Pick<CourseProgressContext, 'course' | 'componentProgresses'>): number;
export declare function courseState(context: Pick<CourseProgressContext, 'courseProgress'>): LearnerCourseState;
export declare const courseProgressMachine: import("xstate").StateMachine<CourseProgressContext, CourseProgressEvent, {
    [x: string]: import("xstate").ActorRefFromLogic<import("xstate").PromiseActorLogic<CourseLoadOutput, {
        courseId: string;
    }, import("xstate").EventObject>> | undefined;
}, {
    src: "loadCourse";
    logic: import("xstate").PromiseActorLogic<CourseLoadOutput, {
        courseId: string;
    }, import("xstate").EventObject>;
    id: string | undefined;
}, {
    type: "setError";
    params: {
        error: unknown;
    };
} | {
    type: "store";
    params: {
        output: CourseLoadOutput;
    };
} | {
    type: "announceCompleted";
    params: import("xstate").NonReducibleUnknown;
}, {
    type: "becameCompleted";
    params: {
        output: CourseLoadOutput;
    };
}, never, "loading" | "ready" | "failed" | "refreshing", "busy", {
    courseId: string;
    lastSeenStatus?: string | null;
}, import("xstate").NonReducibleUnknown, CourseProgressEmitted, import("xstate").MetaObject, {
    id: "courseProgress";
    states: {
        readonly loading: {};
        readonly ready: {};
        readonly refreshing: {};
        readonly failed: {};
    };
}, import("xstate").MetaObject>;
