import * as v from 'valibot';
export declare const FEEDBACK_TYPES: readonly ["QUERY", "COMPLAINT", "NEW_IDEA"];
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export declare const FEEDBACK_STATUSES: readonly ["OPEN", "IN_PROGRESS", "RESOLVED"];
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export declare const FEEDBACK_TYPE_LABEL: Record<FeedbackType, string>;
export declare const FEEDBACK_STATUS_LABEL: Record<FeedbackStatus, string>;
/** Chip colours of both specs: OPEN error, IN_PROGRESS warning, RESOLVED success. */
export declare const FEEDBACK_STATUS_TONE: Record<FeedbackStatus, 'error' | 'warning' | 'success'>;
/** A submission as any client sees it. It carries no user id: anonymous ones cannot be traced. */
export interface SubmissionDto {
    id: string;
    type: FeedbackType;
    subject: string;
    description: string;
    isAnonymous: boolean;
    anonymous: boolean;
    /** The author's name, or 'Anonymous' for an anonymous submission. */
    userName: string | null;
    status: FeedbackStatus;
    adminResponse: string | null;
    respondedBy: string | null;
    respondedAt: string | null;
    createdAt: string;
}
export declare const THINK_MESSAGES: {
    readonly type: "Type is required";
    readonly subject: "Subject is required";
    readonly description: "Description is required";
    readonly response: "Response is required";
    readonly status: "Status must be OPEN, IN_PROGRESS or RESOLVED";
    readonly submitted: "Your submission has been received successfully.";
    readonly responded: "Response submitted successfully";
    readonly statusUpdated: "Status updated successfully";
    readonly notFound: "Submission not found";
    readonly rateLimited: "Too many submissions from your network. Please try again later.";
};
export declare const submitBody: v.SchemaWithPipe<readonly [v.ObjectSchema<{
    readonly type: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<"Type is required">, "">, v.PicklistSchema<readonly ["QUERY", "COMPLAINT", "NEW_IDEA"], "Type is required">]>;
    readonly subject: v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.MaxLengthAction<string, 200, "Subject must be at most 200 characters">]>;
    readonly description: v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.MaxLengthAction<string, 5000, "Description must be at most 5000 characters">]>;
    readonly isAnonymous: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>;
    readonly anonymous: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>;
}, undefined>, v.TransformAction<{
    type: "QUERY" | "COMPLAINT" | "NEW_IDEA";
    subject: string;
    description: string;
    isAnonymous?: boolean | undefined;
    anonymous?: boolean | undefined;
}, {
    isAnonymous: boolean;
    type: "QUERY" | "COMPLAINT" | "NEW_IDEA";
    subject: string;
    description: string;
}>]>;
export type SubmitBody = v.InferInput<typeof submitBody>;
export declare const respondBody: v.ObjectSchema<{
    readonly response: v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.MaxLengthAction<string, 5000, "Response must be at most 5000 characters">]>;
    readonly status: v.OptionalSchema<v.PicklistSchema<readonly ["OPEN", "IN_PROGRESS", "RESOLVED"], "Status must be OPEN, IN_PROGRESS or RESOLVED">, undefined>;
}, undefined>;
export declare const statusBody: v.ObjectSchema<{
    readonly status: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<"Status must be OPEN, IN_PROGRESS or RESOLVED">, "">, v.PicklistSchema<readonly ["OPEN", "IN_PROGRESS", "RESOLVED"], "Status must be OPEN, IN_PROGRESS or RESOLVED">]>;
}, undefined>;
/** 'Responded' when an admin response exists, otherwise 'Pending'. */
export declare function responseLabel(s: Pick<SubmissionDto, 'adminResponse'>): 'Responded' | 'Pending';
/** Status after a response: the one given, else OPEN becomes IN_PROGRESS and the others stay. */
export declare function statusAfterResponse(current: FeedbackStatus, requested?: FeedbackStatus): FeedbackStatus;
