/** Shapes stored in course_components.data, shared by the Worker, the seed and the client. */
export declare const COMPONENT_TYPES: readonly ["PRE_ASSESSMENT", "MATERIAL", "POST_ASSESSMENT"];
export type ComponentType = (typeof COMPONENT_TYPES)[number];
export declare const QUESTION_TYPES: readonly ["MCQ", "TRUE_FALSE"];
export type QuestionType = (typeof QUESTION_TYPES)[number];
export declare const MATERIAL_TYPES: readonly ["PDF", "VIDEO", "PPT"];
export type MaterialType = (typeof MATERIAL_TYPES)[number];
export declare const MAX_ATTEMPTS = 3;
export declare const DEFAULT_PASSING_SCORE = 70;
export declare const DEFAULT_ASSESSMENT_TIME_LIMIT_MINUTES = 30;
export declare const DEFAULT_QUESTION_POINTS = 10;
export interface QuestionOption {
    id: string;
    text: string;
    isCorrect: boolean;
}
export interface Question {
    id: string;
    question: string;
    type: QuestionType;
    points: number;
    required: boolean;
    explanation?: string;
    /** MCQ only. */
    options: QuestionOption[];
    /** MCQ: the correct option's text. TRUE_FALSE: "true" or "false". */
    correctAnswer: string;
}
export interface AssessmentData {
    title: string;
    description?: string;
    passingScore: number;
    timeLimit: number;
    maxAttempts: number;
    shuffleQuestions: boolean;
    questions: Question[];
}
export interface MaterialData {
    title: string;
    description?: string;
    materialId: string;
    /** The material's type, copied for display (PDF, VIDEO, PPT). */
    type: MaterialType;
}
