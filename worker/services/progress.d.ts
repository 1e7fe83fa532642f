import type { ComponentProgress, CourseProgress, LearnerMaterialData } from '../contract/learner';
import type { Db } from '../db/client';
import { componentProgress, components, courseProgress, courses } from '../db/schema';
import type { AuthUser } from '../env';
export type CourseProgressRow = typeof courseProgress.$inferSelect;
export type ComponentProgressRow = typeof componentProgress.$inferSelect;
export type ComponentRow = typeof components.$inferSelect;
/** The course's components in learning order. */
export declare function courseComponents(db: Db, courseId: string): Promise<ComponentRow[]>;
export declare function componentProgressMap(db: Db, userId: string, courseId: string): Promise<Map<string, ComponentProgressRow>>;
/**
 * Recomputes a learner's course progress from the component progress rows and stores it:
 * overall percentage by the documented weights, status ENROLLED / IN_PROGRESS / COMPLETED
 * (COMPLETED exactly at 100, with completedAt), and the certificate once the course is completed.
 *
 * It always reflects the present state: after an admin resets an assessment, a completed course
 * no longer reads COMPLETED (an already issued certificate stays; it states what was once earned).
 * Returns null when the learner is not enrolled.
 */
export declare function recomputeCourseProgress(db: Db, userId: string, courseId: string, now?: Date, 
/** True when the learner caused it: lastAccessedAt moves. An admin action or the cron leaves it. */
options?: {
    accessed?: boolean;
}): Promise<CourseProgressRow | null>;
/** UTC day of a timestamp, the key of learning_activity. */
export declare const activityDay: (now: Date) => string;
/**
 * The statement that records learning activity for today (the reports' streak), to put in a
 * batch with the write it belongs to. `seconds` adds to the day's time.
 */
export declare function learningActivityUpsert(db: Db, userId: string, now: Date, seconds?: number): import("drizzle-orm/sqlite-core").SQLiteInsertBase<import("drizzle-orm/sqlite-core").SQLiteTableWithColumns<{
    name: "learning_activity";
    schema: undefined;
    columns: {
        userId: import("drizzle-orm/sqlite-core").SQLiteColumn<{
            name: "user_id";
            tableName: "learning_activity";
            dataType: "string";
            columnType: "SQLiteText";
            data: string;
            driverParam: string;
            notNull: true;
            hasDefault: false;
            isPrimaryKey: false;
            isAutoincrement: false;
            hasRuntimeDefault: false;
            enumValues: [string, ...string[]];
            baseColumn: never;
            identity: undefined;
            generated: undefined;
        }, {}, {
            length: number | undefined;
        }>;
        day: import("drizzle-orm/sqlite-core").SQLiteColumn<{
            name: "day";
            tableName: "learning_activity";
            dataType: "string";
            columnType: "SQLiteText";
            data: string;
            driverParam: string;
            notNull: true;
            hasDefault: false;
            isPrimaryKey: false;
            isAutoincrement: false;
            hasRuntimeDefault: false;
            enumValues: [string, ...string[]];
            baseColumn: never;
            identity: undefined;
            generated: undefined;
        }, {}, {
            length: number | undefined;
        }>;
        seconds: import("drizzle-orm/sqlite-core").SQLiteColumn<{
            name: "seconds";
            tableName: "learning_activity";
            dataType: "number";
            columnType: "SQLiteInteger";
            data: number;
            driverParam: number;
            notNull: true;
            hasDefault: true;
            isPrimaryKey: false;
            isAutoincrement: false;
            hasRuntimeDefault: false;
            enumValues: undefined;
            baseColumn: never;
            identity: undefined;
            generated: undefined;
        }, {}, {}>;
    };
    dialect: "sqlite";
}>, "async", D1Result<unknown>, undefined, false, never>;
export type CourseRow = typeof courses.$inferSelect;
export interface DomainInfo {
    id: string;
    name: string;
}
/** Whether the course's book is one of the user's (admins have every book). */
export declare function inUserBooks(db: Db, user: Pick<AuthUser, 'id' | 'role'>, domainId: string): Promise<boolean>;
export declare function findCourseWithDomain(db: Db, courseId: string): Promise<{
    course: CourseRow;
    domain: DomainInfo;
} | null>;
export declare function findEnrollment(db: Db, userId: string, courseId: string): Promise<CourseProgressRow | undefined>;
export interface ComponentContext {
    component: ComponentRow;
    course: CourseRow;
    domain: DomainInfo;
    enrollment: CourseProgressRow;
    components: ComponentRow[];
    progress: Map<string, ComponentProgressRow>;
    /** This component's progress row (created on demand for a component added after enrollment). */
    row: ComponentProgressRow;
}
export declare const COMPONENT_NOT_FOUND = "Component not found";
export declare const ENROLL_FIRST = "Enroll in the course to access content";
export declare const COURSE_NOT_AVAILABLE = "Course is not available";
export declare const COMPONENT_LOCKED_MESSAGE = "Complete previous components first";
/**
 * Everything a learner's write to a component needs, with the access rules applied once:
 * 404 when the component is not in a course the learner may see, 403 when the course is
 * unpublished or the learner is not enrolled.
 */
export declare function componentContext(db: Db, user: Pick<AuthUser, 'id' | 'role'>, componentId: string): Promise<ComponentContext>;
/** Sequential unlocking, enforced: 409 COMPONENT_LOCKED. */
export declare function assertUnlocked(ctx: Pick<ComponentContext, 'components' | 'progress' | 'component'>): void;
export declare function componentTitle(component: Pick<ComponentRow, 'data' | 'type'>): string;
/** What a learner sees of a material component. */
export declare function learnerMaterialData(component: Pick<ComponentRow, 'data' | 'materialId'>): LearnerMaterialData;
export declare function toComponentProgress(row: ComponentProgressRow, component: ComponentRow): ComponentProgress;
/**
 * CourseProgress DTOs for a user, optionally for one course, in one query each for the rows,
 * the component counts and the certificates.
 */
export declare function courseProgressDtos(db: Db, userId: string, courseId?: string): Promise<CourseProgress[]>;
