import { describe, expect, it } from 'vitest';
import {
  addOption,
  addQuestion,
  draftErrors,
  draftFromData,
  draftToData,
  newAssessment,
  removeOption,
  renameOption,
  setCorrectAnswer,
  setQuestionType,
  updateQuestion,
} from './assessment-draft';

describe('assessment editor rules', () => {
  it('starts with defaults and a new question that is an MCQ with 4 empty options', () => {
    const draft = newAssessment('Pre-check');
    expect(draft).toMatchObject({ passingScore: 70, timeLimit: 30, shuffleQuestions: false, maxAttempts: 3 });
    expect(draft.questions).toHaveLength(1);
    expect(draft.questions[0]).toMatchObject({ type: 'MCQ', points: 10, required: true, correctAnswer: '' });
    expect(draft.questions[0].options.map((o) => o.text)).toEqual(['', '', '', '']);
    expect(addQuestion(draft).questions[1].options).toHaveLength(4);
  });

  it('adds options one at a time and removes them only while more than 2 remain', () => {
    let draft = newAssessment('T');
    draft = addOption(draft, 0);
    expect(draft.questions[0].options).toHaveLength(5);
    draft = removeOption(removeOption(removeOption(draft, 0, 0), 0, 0), 0, 0);
    expect(draft.questions[0].options).toHaveLength(2);
    expect(removeOption(draft, 0, 0).questions[0].options).toHaveLength(2);
  });

  it('keeps the correct answer when the correct option is renamed, and only then', () => {
    let draft = newAssessment('T');
    draft = renameOption(draft, 0, 0, 'Water');
    draft = renameOption(draft, 0, 1, 'CO2');
    draft = setCorrectAnswer(draft, 0, 'CO2');
    draft = renameOption(draft, 0, 1, 'Carbon dioxide');
    expect(draft.questions[0].correctAnswer).toBe('Carbon dioxide');
    draft = renameOption(draft, 0, 0, 'Foam');
    expect(draft.questions[0].correctAnswer).toBe('Carbon dioxide');
    const data = draftToData(draft) as { questions: { options: { text: string; isCorrect: boolean }[] }[] };
    expect(data.questions[0].options.filter((o) => o.isCorrect).map((o) => o.text)).toEqual(['Carbon dioxide']);
  });

  it('clears the answer when the correct option is removed', () => {
    let draft = newAssessment('T');
    for (const [i, text] of ['A', 'B', 'C'].entries()) draft = renameOption(draft, 0, i, text);
    draft = setCorrectAnswer(draft, 0, 'C');
    draft = removeOption(draft, 0, 2);
    expect(draft.questions[0].correctAnswer).toBe('');
  });

  it('switches a question to TRUE_FALSE without options and back to an MCQ with 4 empty options', () => {
    let draft = setQuestionType(newAssessment('T'), 0, 'TRUE_FALSE');
    expect(draft.questions[0]).toMatchObject({ type: 'TRUE_FALSE', options: [], correctAnswer: '' });
    draft = setQuestionType(draft, 0, 'MCQ');
    expect(draft.questions[0].options).toHaveLength(4);
  });

  it('shows each validation message on its field', () => {
    let draft = newAssessment('');
    draft = setQuestionType(addQuestion(draft), 1, 'TRUE_FALSE');
    draft = { ...draft, passingScore: 101, timeLimit: -1 };
    draft = renameOption(draft, 0, 0, 'Only one');
    expect(draftErrors(draft)).toEqual({
      title: 'Assessment title is required',
      passingScore: 'Passing score must be between 0 and 100',
      timeLimit: 'Time limit must be positive',
      'questions.0.question': 'Question text is required',
      'questions.0.options': 'At least 2 options are required',
      'questions.0.correctAnswer': 'Correct answer is required',
      'questions.1.question': 'Question text is required',
      'questions.1.correctAnswer': 'Please select True or False as the correct answer',
    });
    expect(draftErrors({ ...newAssessment('T'), questions: [] })).toEqual({
      questions: 'At least one question is required',
    });
  });

  it('round-trips stored data, keeping question and option ids', () => {
    const stored = {
      title: 'Post',
      passingScore: 80,
      timeLimit: 15,
      maxAttempts: 3,
      shuffleQuestions: true,
      questions: [
        {
          id: 'q1',
          question: 'Q?',
          type: 'MCQ',
          points: 5,
          required: true,
          options: [
            { id: 'o1', text: 'A', isCorrect: false },
            { id: 'o2', text: 'B', isCorrect: true },
          ],
          correctAnswer: 'B',
        },
        {
          id: 'q2',
          question: 'T?',
          type: 'TRUE_FALSE',
          points: 10,
          required: true,
          options: [],
          correctAnswer: 'false',
          explanation: 'Because.',
        },
      ],
    };
    const draft = updateQuestion(draftFromData(stored), 1, { points: 20 });
    expect(draftErrors(draft)).toEqual({});
    const data = draftToData(draft) as { questions: Record<string, unknown>[] };
    expect(data.questions[0]).toMatchObject({
      id: 'q1',
      correctAnswer: 'B',
      options: [
        { id: 'o1', text: 'A', isCorrect: false },
        { id: 'o2', text: 'B', isCorrect: true },
      ],
    });
    expect(data.questions[1]).toMatchObject({ id: 'q2', points: 20, correctAnswer: 'false', explanation: 'Because.' });
  });
});
