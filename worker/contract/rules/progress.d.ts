import type { ComponentType } from '../course';
export type ComponentStatus = 'NOT_STARTED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';
export type CourseStatus = 'ENROLLED' | 'IN_PROGRESS' | 'COMPLETED';
export type LearnerCourseState = 'NOT_ENROLLED' | 'ENROLLED' | 'IN_PROGRESS' | 'COMPLETED';
/** Weights of api-responses.md; renormalised over the component types a course actually has. */
export declare const PROGRESS_WEIGHTS: Record<ComponentType, number>;
export declare const MATERIAL_PROGRESS_STEP = 10;
export interface ComponentLike {
    id: string;
    type: ComponentType;
    orderIndex: number;
}
export interface ComponentProgressLike {
    status: ComponentStatus;
    progressPercentage?: number | null;
}
/**
 * Overall progress 0-100. Each component type shares its weight among the components of that type;
 * a completed component counts whole, a material in progress counts by its percentage.
 */
export declare function overallProgress(components: readonly ComponentLike[], progress: ReadonlyMap<string, ComponentProgressLike>): number;
/**
 * Sequential unlocking (learner spec section 4): a NOT_STARTED component is locked unless the
 * previous component is COMPLETED; the first is always open. Started or failed components stay open.
 */
export declare function isComponentLocked(components: readonly ComponentLike[], progress: ReadonlyMap<string, ComponentProgressLike>, componentId: string): boolean;
/** "Available sections": components up to the first locked one. */
export declare function availableSections(components: readonly ComponentLike[], progress: ReadonlyMap<string, ComponentProgressLike>): number;
/** The continue button: the in-progress component, else the first non-completed one whose predecessor is completed. */
export declare function continueTarget<T extends ComponentLike>(components: readonly T[], progress: ReadonlyMap<string, ComponentProgressLike>): T | null;
/** Derived course state per learner (learner spec section 4). */
export declare function learnerCourseState(record: {
    status: string;
    overallProgress: number;
} | null | undefined): LearnerCourseState;
/** Material progress is reported in 10 % steps. */
export declare function toProgressStep(percentage: number): number;
