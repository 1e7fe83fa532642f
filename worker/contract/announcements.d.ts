import * as v from 'valibot';
export declare const PRIORITIES: readonly ["URGENT", "HIGH", "MEDIUM", "LOW"];
export type Priority = (typeof PRIORITIES)[number];
/** Chip colours of the admin spec (LOW success, MEDIUM info, HIGH warning, URGENT error). */
export declare const PRIORITY_TONE: Record<Priority, 'success' | 'info' | 'warning' | 'error'>;
export interface AnnouncementDto {
    id: string;
    title: string;
    content: string;
    authorName: string;
    priority: Priority;
    isActive: boolean;
    active: boolean;
    expiresAt: string | null;
    expired: boolean;
    createdAt: string;
}
export interface AnnouncementStats {
    totalActive: number;
    urgentCount: number;
    highCount: number;
    mediumCount: number;
    lowCount: number;
}
export declare const ANNOUNCEMENT_MESSAGES: {
    readonly title: "Title is required";
    readonly authorName: "Author name is required";
    readonly content: "Content is required";
    readonly priority: "Priority must be one of LOW, MEDIUM, HIGH, URGENT";
    readonly expiresAt: "Please enter a valid expiry date";
    readonly notFound: "Announcement not found";
    readonly created: "Announcement created successfully";
    readonly updated: "Announcement updated successfully";
    readonly deleted: "Announcement deleted successfully";
    readonly deleteConfirm: "Are you sure you want to delete this announcement? This action cannot be undone.";
};
export declare const announcementBody: v.ObjectSchema<{
    readonly title: v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.MaxLengthAction<string, 200, "Title must be at most 200 characters">]>;
    readonly authorName: v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.MaxLengthAction<string, 100, "Author name must be at most 100 characters">]>;
    readonly content: v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.MaxLengthAction<string, 10000, "Content must be at most 10000 characters">]>;
    readonly priority: v.OptionalSchema<v.PicklistSchema<readonly ["URGENT", "HIGH", "MEDIUM", "LOW"], "Priority must be one of LOW, MEDIUM, HIGH, URGENT">, "MEDIUM">;
    readonly expiresAt: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<"Please enter a valid expiry date">, undefined>, null>, v.TransformAction<string | null, string | null>, v.CheckAction<string | null, "Please enter a valid expiry date">, v.TransformAction<string | null, string | null>]>;
    readonly isActive: v.OptionalSchema<v.BooleanSchema<undefined>, true>;
}, undefined>;
export type AnnouncementBody = v.InferInput<typeof announcementBody>;
export declare const EXPIRING_SOON_DAYS = 3;
/** 'Expiring Soon': expiry more than 0 and at most 3 days away. */
export declare function isExpiringSoon(expiresAtIso: string | null | undefined, now?: number): boolean;
export declare function isExpired(expiresAtIso: string | null | undefined, now?: number): boolean;
/** Search over title, content or author name, case-insensitive (both specs). */
export declare function matchesAnnouncement(a: Pick<AnnouncementDto, 'title' | 'content' | 'authorName'>, query: string): boolean;
