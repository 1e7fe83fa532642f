// Relative imports (not @contract/*): the unit-test project has no path alias.
/*
 * The assessment editor's validation rules as pure functions over a draft, so they
 * are unit-tested apart from React. Validation itself is the contract's (the server runs the
 * same schema): `draftErrors` maps the draft to the payload and asks the contract.
 */
import {
  assessmentFieldErrors,
  MIN_MCQ_OPTIONS,
  NEW_QUESTION_OPTION_COUNT,
} from '../../../worker/contract/admin-courses';
import {
  DEFAULT_ASSESSMENT_TIME_LIMIT_MINUTES,
  DEFAULT_PASSING_SCORE,
  DEFAULT_QUESTION_POINTS,
  MAX_ATTEMPTS,
  type QuestionType,
} from '../../../worker/contract/course';

export interface DraftOption {
  /** Stable React key; `id` is the server's and may be missing for new options. */
  key: string;
  id?: string;
  text: string;
}

export interface DraftQuestion {
  key: string;
  id?: string;
  question: string;
  type: QuestionType;
  points: number | '';
  required: boolean;
  explanation: string;
  options: DraftOption[];
  /** MCQ: the correct option's text. TRUE_FALSE: 'true' | 'false' | ''. */
  correctAnswer: string;
}

export interface AssessmentDraft {
  title: string;
  description: string;
  passingScore: number | '';
  timeLimit: number | '';
  maxAttempts: number;
  shuffleQuestions: boolean;
  questions: DraftQuestion[];
}

let counter = 0;
const key = () => `k${++counter}-${Math.random().toString(36).slice(2, 8)}`;

/** A new question is an MCQ with 4 empty options. */
export function newQuestion(): DraftQuestion {
  return {
    key: key(),
    question: '',
    type: 'MCQ',
    points: DEFAULT_QUESTION_POINTS,
    required: true,
    explanation: '',
    options: Array.from({ length: NEW_QUESTION_OPTION_COUNT }, () => ({ key: key(), text: '' })),
    correctAnswer: '',
  };
}

export function newAssessment(title = ''): AssessmentDraft {
  return {
    title,
    description: '',
    passingScore: DEFAULT_PASSING_SCORE,
    timeLimit: DEFAULT_ASSESSMENT_TIME_LIMIT_MINUTES,
    maxAttempts: MAX_ATTEMPTS,
    shuffleQuestions: false,
    questions: [newQuestion()],
  };
}

/** A stored assessment (component data) as an editable draft. */
export function draftFromData(data: Record<string, unknown>): AssessmentDraft {
  const d = data as {
    title?: string;
    description?: string;
    passingScore?: number;
    timeLimit?: number;
    maxAttempts?: number;
    shuffleQuestions?: boolean;
    questions?: {
      id?: string;
      question?: string;
      type?: QuestionType;
      points?: number;
      required?: boolean;
      explanation?: string;
      options?: { id?: string; text?: string; isCorrect?: boolean }[];
      correctAnswer?: string;
    }[];
  };
  return {
    title: d.title ?? '',
    description: d.description ?? '',
    passingScore: d.passingScore ?? DEFAULT_PASSING_SCORE,
    timeLimit: d.timeLimit ?? DEFAULT_ASSESSMENT_TIME_LIMIT_MINUTES,
    maxAttempts: d.maxAttempts ?? MAX_ATTEMPTS,
    shuffleQuestions: d.shuffleQuestions ?? false,
    questions: (d.questions ?? []).map((q) => {
      const options = (q.options ?? []).map((o) => ({ key: key(), id: o.id, text: o.text ?? '' }));
      const flagged = (q.options ?? []).find((o) => o.isCorrect)?.text;
      return {
        key: key(),
        id: q.id,
        question: q.question ?? '',
        type: q.type ?? 'MCQ',
        points: q.points ?? DEFAULT_QUESTION_POINTS,
        required: q.required ?? true,
        explanation: q.explanation ?? '',
        options: q.type === 'TRUE_FALSE' ? [] : options,
        correctAnswer: q.correctAnswer ?? flagged ?? '',
      };
    }),
  };
}

const mapQuestion = (
  draft: AssessmentDraft,
  index: number,
  change: (q: DraftQuestion) => DraftQuestion,
): AssessmentDraft => ({
  ...draft,
  questions: draft.questions.map((q, i) => (i === index ? change(q) : q)),
});

export const addQuestion = (draft: AssessmentDraft): AssessmentDraft => ({
  ...draft,
  questions: [...draft.questions, newQuestion()],
});
export const removeQuestion = (draft: AssessmentDraft, index: number): AssessmentDraft => ({
  ...draft,
  questions: draft.questions.filter((_, i) => i !== index),
});
export const updateQuestion = (
  draft: AssessmentDraft,
  index: number,
  patch: Partial<Pick<DraftQuestion, 'question' | 'points' | 'required' | 'explanation'>>,
) => mapQuestion(draft, index, (q) => ({ ...q, ...patch }));

/** Switching type: TRUE_FALSE has no options and needs 'true'/'false'; back to MCQ starts with 4 empty options. */
export const setQuestionType = (draft: AssessmentDraft, index: number, type: QuestionType) =>
  mapQuestion(draft, index, (q) => {
    if (q.type === type) return q;
    if (type === 'TRUE_FALSE') return { ...q, type, options: [], correctAnswer: '' };
    return {
      ...q,
      type,
      options: Array.from({ length: NEW_QUESTION_OPTION_COUNT }, () => ({ key: key(), text: '' })),
      correctAnswer: '',
    };
  });

/** Options are added one at a time. */
export const addOption = (draft: AssessmentDraft, index: number) =>
  mapQuestion(draft, index, (q) => ({ ...q, options: [...q.options, { key: key(), text: '' }] }));

export const canRemoveOption = (question: DraftQuestion) => question.options.length > MIN_MCQ_OPTIONS;

/** An option can be removed only while more than 2 remain; removing the correct one clears the answer. */
export const removeOption = (draft: AssessmentDraft, index: number, optionIndex: number) =>
  mapQuestion(draft, index, (q) => {
    if (!canRemoveOption(q)) return q;
    const removed = q.options[optionIndex];
    const stillThere = q.options.some((o, i) => i !== optionIndex && o.text.trim() === q.correctAnswer.trim());
    return {
      ...q,
      options: q.options.filter((_, i) => i !== optionIndex),
      correctAnswer: removed && removed.text.trim() === q.correctAnswer.trim() && !stillThere ? '' : q.correctAnswer,
    };
  });

/** Renaming the option that is the correct answer updates the correct answer. */
export const renameOption = (draft: AssessmentDraft, index: number, optionIndex: number, text: string) =>
  mapQuestion(draft, index, (q) => {
    const previous = q.options[optionIndex]?.text ?? '';
    const wasCorrect = q.correctAnswer !== '' && previous.trim() === q.correctAnswer.trim();
    return {
      ...q,
      options: q.options.map((o, i) => (i === optionIndex ? { ...o, text } : o)),
      correctAnswer: wasCorrect ? text.trim() : q.correctAnswer,
    };
  });

export const setCorrectAnswer = (draft: AssessmentDraft, index: number, answer: string) =>
  mapQuestion(draft, index, (q) => ({ ...q, correctAnswer: answer.trim() }));

/** The component `data` the server expects. */
export function draftToData(draft: AssessmentDraft): Record<string, unknown> {
  return {
    title: draft.title,
    description: draft.description,
    passingScore: draft.passingScore === '' ? null : draft.passingScore,
    timeLimit: draft.timeLimit === '' ? null : draft.timeLimit,
    maxAttempts: draft.maxAttempts,
    shuffleQuestions: draft.shuffleQuestions,
    questions: draft.questions.map((q) => ({
      ...(q.id ? { id: q.id } : {}),
      question: q.question,
      type: q.type,
      points: q.points === '' ? null : q.points,
      required: q.required,
      explanation: q.explanation,
      options:
        q.type === 'MCQ'
          ? q.options.map((o) => ({
              ...(o.id ? { id: o.id } : {}),
              text: o.text,
              isCorrect: o.text.trim() !== '' && o.text.trim() === q.correctAnswer,
            }))
          : [],
      correctAnswer: q.correctAnswer,
    })),
  };
}

/** Per-field messages, keyed like the server's `fields` (`questions.0.options`). Empty when valid. */
export function draftErrors(draft: AssessmentDraft): Record<string, string> {
  return assessmentFieldErrors(draftToData(draft));
}
