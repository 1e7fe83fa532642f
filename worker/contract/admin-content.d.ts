import * as v from 'valibot';
import { MATERIAL_TYPES, type AssessmentData, type ComponentType, type MaterialType } from './course';
export declare const DEFAULT_COURSE_ICON = "/default-course-icon.png";
export declare const NEW_QUESTION_OPTION_COUNT = 4;
export declare const MIN_MCQ_OPTIONS = 2;
export declare const MESSAGES: {
    readonly domainName: "Domain name is required";
    readonly title: "Title is required";
    readonly book: "Books is required";
    readonly timeLimit: "Time limit must be positive";
    readonly passingScore: "Passing score must be between 0 and 100";
    readonly assessmentTitle: "Assessment title is required";
    readonly questionsRequired: "At least one question is required";
    readonly questionText: "Question text is required";
    readonly options: "At least 2 options are required";
    readonly optionsDistinct: "Options must all be different";
    readonly correctAnswer: "Correct answer is required";
    readonly trueFalse: "Please select True or False as the correct answer";
    readonly points: "Points must be a whole number of at least 1";
    readonly maxAttempts: "Attempts must be between 1 and 10";
    readonly material: "Please select a material";
    readonly uploadMissing: "Please select a file and provide a title";
    readonly materialTitle: "Please provide a title";
    readonly invalidFileType: "Invalid file type. Only PDF, videos (MP4, WebM, OGG), and PowerPoint files are allowed.";
};
export interface Domain {
    id: string;
    name: string;
    description: string | null;
}
export declare const domainBody: v.ObjectSchema<{
    readonly name: v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.MaxLengthAction<string, 120, "Book name must be at most 120 characters">]>;
    readonly description: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, null>, v.TransformAction<string | null, string | null>, v.NullableSchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MaxLengthAction<string, number, string>]>, undefined>]>;
}, undefined>;
export type DomainBody = v.InferInput<typeof domainBody>;
export declare const searchQuery: v.ObjectSchema<{
    readonly query: v.OptionalSchema<v.StringSchema<undefined>, undefined>;
    readonly search: v.OptionalSchema<v.StringSchema<undefined>, undefined>;
}, undefined>;
export declare const courseBody: v.ObjectSchema<{
    readonly title: v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.MaxLengthAction<string, 200, "Title must be at most 200 characters">]>;
    readonly description: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, null>, v.TransformAction<string | null, string | null>, v.NullableSchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MaxLengthAction<string, number, string>]>, undefined>]>;
    readonly domainId: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>;
    readonly icon: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, null>, v.TransformAction<string | null, string>, v.MaxLengthAction<string, 2000, "Icon URL is too long">]>;
    readonly timeLimit: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.UnionSchema<[v.NumberSchema<string>, v.StringSchema<string>], string>, undefined>, null>, v.TransformAction<string | number | null, number | null>, v.NullableSchema<v.SchemaWithPipe<readonly [v.NumberSchema<string>, v.CheckAction<number, string>, v.IntegerAction<number, string>, v.MinValueAction<number, number, string>, v.MaxValueAction<number, number, string>]>, undefined>]>;
    readonly passingScore: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.UnionSchema<[v.NumberSchema<string>, v.StringSchema<string>], string>, undefined>, null>, v.TransformAction<string | number | null, number | null>, v.NullableSchema<v.SchemaWithPipe<readonly [v.NumberSchema<string>, v.CheckAction<number, string>, v.IntegerAction<number, string>, v.MinValueAction<number, number, string>, v.MaxValueAction<number, number, string>]>, undefined>]>;
}, undefined>;
export type CourseBody = v.InferInput<typeof courseBody>;
export declare const courseListQuery: v.ObjectSchema<{
    readonly page: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<undefined>, string>, v.TransformAction<string, number>, v.NumberSchema<string>, v.IntegerAction<number, string>, v.MinValueAction<number, number, string>, v.MaxValueAction<number, number, string>]>;
    readonly limit: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<undefined>, string>, v.TransformAction<string, number>, v.NumberSchema<string>, v.IntegerAction<number, string>, v.MinValueAction<number, number, string>, v.MaxValueAction<number, number, string>]>;
    readonly search: v.OptionalSchema<v.StringSchema<undefined>, undefined>;
    readonly status: v.OptionalSchema<v.PicklistSchema<["DRAFT", "PUBLISHED"], undefined>, undefined>;
    readonly domainId: v.OptionalSchema<v.StringSchema<undefined>, undefined>;
}, undefined>;
export interface AdminCourse {
    id: string;
    title: string;
    description: string | null;
    domainId: string;
    domain: {
        id: string;
        name: string;
    };
    icon: string;
    timeLimit: number | null;
    passingScore: number | null;
    status: 'DRAFT' | 'PUBLISHED';
    hasBeenPublished: boolean;
    componentCount: number;
    allowBrowse: boolean;
    certificateValidityDays: number;
    publishedAt: string | null;
    createdAt: string;
    updatedAt: string;
}
export interface AdminComponent {
    id: string;
    courseId: string;
    type: ComponentType;
    order: number;
    orderIndex: number;
    required: boolean;
    materialId: string | null;
    data: Record<string, unknown>;
    createdAt: string;
    updatedAt: string;
}
export interface AdminCourseDetail extends AdminCourse {
    components: AdminComponent[];
}
export interface Pagination {
    page: number;
    totalPages: number;
    totalItems: number;
    itemsPerPage: number;
}
/** The MCQ's correct option text: the named correctAnswer if it is one of the options, else the single option flagged isCorrect. */
export declare function mcqCorrectAnswer(options: readonly {
    text: string;
    isCorrect?: boolean;
}[], correctAnswer: string): string | null;
export declare const assessmentDataSchema: v.ObjectSchema<{
    readonly title: v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.MaxLengthAction<string, 200, "Assessment title must be at most 200 characters">]>;
    readonly description: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, null>, v.TransformAction<string | null, string | null>, v.NullableSchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MaxLengthAction<string, number, string>]>, undefined>]>;
    readonly passingScore: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.UnionSchema<[v.NumberSchema<string>, v.StringSchema<string>], string>, undefined>, number>, v.TransformAction<string | number | null, number>, v.NumberSchema<string>, v.CheckAction<number, string>, v.IntegerAction<number, string>, v.MinValueAction<number, number, string>, v.MaxValueAction<number, number, string>]>;
    readonly timeLimit: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.UnionSchema<[v.NumberSchema<string>, v.StringSchema<string>], string>, undefined>, number>, v.TransformAction<string | number | null, number>, v.NumberSchema<string>, v.CheckAction<number, string>, v.IntegerAction<number, string>, v.MinValueAction<number, number, string>, v.MaxValueAction<number, number, string>]>;
    readonly maxAttempts: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.UnionSchema<[v.NumberSchema<string>, v.StringSchema<string>], string>, undefined>, number>, v.TransformAction<string | number | null, number>, v.NumberSchema<string>, v.CheckAction<number, string>, v.IntegerAction<number, string>, v.MinValueAction<number, number, string>, v.MaxValueAction<number, number, string>]>;
    readonly shuffleQuestions: v.OptionalSchema<v.BooleanSchema<undefined>, false>;
    readonly questions: v.SchemaWithPipe<readonly [v.OptionalSchema<v.ArraySchema<v.SchemaWithPipe<readonly [v.ObjectSchema<{
        readonly id: v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, undefined>;
        readonly question: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>;
        readonly type: v.OptionalSchema<v.PicklistSchema<readonly ["MCQ", "TRUE_FALSE"], "Question type must be MCQ or TRUE_FALSE">, "MCQ">;
        readonly points: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.UnionSchema<[v.NumberSchema<string>, v.StringSchema<string>], string>, undefined>, number>, v.TransformAction<string | number | null, number>, v.NumberSchema<string>, v.CheckAction<number, string>, v.IntegerAction<number, string>, v.MinValueAction<number, number, string>, v.MaxValueAction<number, number, string>]>;
        readonly required: v.OptionalSchema<v.BooleanSchema<undefined>, true>;
        readonly explanation: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, null>, v.TransformAction<string | null, string | null>, v.NullableSchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MaxLengthAction<string, number, string>]>, undefined>]>;
        readonly options: v.OptionalSchema<v.ArraySchema<v.ObjectSchema<{
            readonly id: v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, undefined>;
            readonly text: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, "">, v.TransformAction<string | null, string>]>;
            readonly isCorrect: v.OptionalSchema<v.BooleanSchema<undefined>, false>;
        }, undefined>, undefined>, readonly []>;
        readonly correctAnswer: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, "">, v.TransformAction<string | null, string>]>;
    }, undefined>, v.RawCheckAction<{
        id?: string | null | undefined;
        question: string;
        type: "MCQ" | "TRUE_FALSE";
        points: number;
        required: boolean;
        explanation: string | null;
        options: {
            id?: string | null | undefined;
            text: string;
            isCorrect: boolean;
        }[];
        correctAnswer: string;
    }>]>, undefined>, readonly []>, v.MinLengthAction<{
        id?: string | null | undefined;
        question: string;
        type: "MCQ" | "TRUE_FALSE";
        points: number;
        required: boolean;
        explanation: string | null;
        options: {
            id?: string | null | undefined;
            text: string;
            isCorrect: boolean;
        }[];
        correctAnswer: string;
    }[], 1, "At least one question is required">]>;
}, undefined>;
export type AssessmentDataInput = v.InferInput<typeof assessmentDataSchema>;
export declare const materialDataSchema: v.ObjectSchema<{
    readonly materialId: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>;
    readonly title: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, null>, v.TransformAction<string | null, string | null>, v.NullableSchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MaxLengthAction<string, number, string>]>, undefined>]>;
    readonly description: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, null>, v.TransformAction<string | null, string | null>, v.NullableSchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MaxLengthAction<string, number, string>]>, undefined>]>;
}, undefined>;
export declare const componentBody: v.ObjectSchema<{
    readonly type: v.PicklistSchema<readonly ["PRE_ASSESSMENT", "MATERIAL", "POST_ASSESSMENT"], "Component type must be PRE_ASSESSMENT, MATERIAL or POST_ASSESSMENT">;
    readonly required: v.OptionalSchema<v.BooleanSchema<undefined>, true>;
    readonly data: v.OptionalSchema<v.RecordSchema<v.StringSchema<undefined>, v.UnknownSchema, undefined>, {}>;
}, undefined>;
export type ComponentBody = v.InferInput<typeof componentBody>;
export declare const componentUpdateBody: v.ObjectSchema<{
    readonly type: v.OptionalSchema<v.PicklistSchema<readonly ["PRE_ASSESSMENT", "MATERIAL", "POST_ASSESSMENT"], "Component type must be PRE_ASSESSMENT, MATERIAL or POST_ASSESSMENT">, undefined>;
    readonly required: v.OptionalSchema<v.BooleanSchema<undefined>, undefined>;
    readonly data: v.OptionalSchema<v.RecordSchema<v.StringSchema<undefined>, v.UnknownSchema, undefined>, undefined>;
}, undefined>;
export declare const reorderBody: v.ObjectSchema<{
    readonly componentOrders: v.SchemaWithPipe<readonly [v.ArraySchema<v.ObjectSchema<{
        readonly componentId: v.SchemaWithPipe<readonly [v.StringSchema<"componentId is required">, v.NonEmptyAction<string, "componentId is required">]>;
        readonly newOrder: v.SchemaWithPipe<readonly [v.NumberSchema<"newOrder must be a number">, v.IntegerAction<number, "newOrder must be a whole number">, v.MinValueAction<number, 1, "newOrder starts at 1">]>;
    }, undefined>, "componentOrders must be a list">, v.MinLengthAction<{
        componentId: string;
        newOrder: number;
    }[], 1, "componentOrders must not be empty">]>;
}, undefined>;
export type ReorderBody = v.InferInput<typeof reorderBody>;
/** First message per dotted path, relative to the validated value (`questions.0.options`). */
export declare function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string>;
/** Assessment validation as the editor shows it: {} when valid. */
export declare function assessmentFieldErrors(data: unknown): Record<string, string>;
/**
 * The stored shape of a validated assessment: ids for every question and option, blank options
 * dropped, `isCorrect` consistent with `correctAnswer`.
 */
export declare function normalizeAssessment(input: v.InferOutput<typeof assessmentDataSchema>, newId: () => string): AssessmentData;
export interface Material {
    id: string;
    title: string;
    description: string | null;
    type: MaterialType;
    fileName: string;
    fileSize: number;
    contentType: string;
    fileUrl: string;
    driveFileId: string | null;
    driveFileUrl: string;
    createdAt: string;
    updatedAt: string;
}
export declare const materialUpdateBody: v.ObjectSchema<{
    readonly title: v.SchemaWithPipe<readonly [v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>, v.MaxLengthAction<string, 200, "Title must be at most 200 characters">]>;
    readonly description: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, null>, v.TransformAction<string | null, string | null>, v.NullableSchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MaxLengthAction<string, number, string>]>, undefined>]>;
}, undefined>;
export declare const uploadFieldsSchema: v.ObjectSchema<{
    readonly title: v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.TrimAction, v.MaxLengthAction<string, 200, "Title must be at most 200 characters">]>;
    readonly description: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, null>, v.TransformAction<string | null, string | null>, v.NullableSchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MaxLengthAction<string, number, string>]>, undefined>]>;
}, undefined>;
export declare const presignBody: v.ObjectSchema<{
    readonly fileName: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>;
    readonly contentType: v.OptionalSchema<v.StringSchema<undefined>, "">;
    readonly size: v.SchemaWithPipe<readonly [v.NumberSchema<"size is required">, v.IntegerAction<number, "size must be a whole number">, v.MinValueAction<number, 1, "The file is empty">]>;
}, undefined>;
export declare const completeUploadBody: v.ObjectSchema<{
    readonly key: v.SchemaWithPipe<readonly [v.OptionalSchema<v.StringSchema<string>, "">, v.StringSchema<string>, v.TrimAction, v.NonEmptyAction<string, string>]>;
    readonly fileName: v.OptionalSchema<v.StringSchema<undefined>, undefined>;
    readonly title: v.OptionalSchema<v.StringSchema<undefined>, "">;
    readonly description: v.SchemaWithPipe<readonly [v.OptionalSchema<v.NullableSchema<v.StringSchema<undefined>, undefined>, null>, v.TransformAction<string | null, string | null>, v.NullableSchema<v.SchemaWithPipe<readonly [v.StringSchema<undefined>, v.MaxLengthAction<string, number, string>]>, undefined>]>;
}, undefined>;
export interface PresignResponse {
    uploadUrl: string;
    key: string;
    method: 'PUT';
    headers: Record<string, string>;
    expiresIn: number;
}
export declare const MATERIAL_TYPE_LABELS: Record<MaterialType, string>;
export { MATERIAL_TYPES };
/** Extension to material type (admin spec section 5); null for anything else. */
export declare function materialTypeFromFileName(fileName: string): MaterialType | null;
/** "Fire safety.v2.pdf" -> "Fire safety.v2". */
export declare function titleFromFileName(fileName: string): string;
/** Sizes as the materials table shows them: Bytes, KB, MB, GB, base 1024, 2 decimals. */
export declare function formatFileSize(bytes: number | null | undefined): string;
