/**
 * Course fixtures for API tests: a whole course inserted straight into D1 (and its material file
 * into R2), with the answer key returned so tests can pass or fail assessments on purpose.
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AssessmentData, MaterialData, Question } from '../../worker/contract/course';
import { api, createDomain, createUser, db, env, login, schema } from './helpers';

export interface AssessmentFixture {
  componentId: string;
  orderIndex: number;
  questionIds: string[];
  /** Correct answers keyed by question id (MCQ by option text, TRUE_FALSE "true"/"false"). */
  answers: Record<string, string>;
  /** One wrong answer per question. */
  wrongAnswers: Record<string, string>;
  /** The option ids of the correct MCQ options, keyed by question id (MCQ only). */
  correctOptionIds: Record<string, string>;
  data: AssessmentData;
}

export interface MaterialFixture {
  componentId: string;
  orderIndex: number;
  materialId: string;
  storageKey: string;
  bytes: Uint8Array;
  contentType: string;
}

export interface CourseFixture {
  courseId: string;
  domainId: string;
  title: string;
  pre?: AssessmentFixture;
  material?: MaterialFixture;
  post?: AssessmentFixture;
  /** A classroom session component (completed only through services/classroom-completion.ts). */
  classroom?: { componentId: string; orderIndex: number };
  /** Component ids in learning order. */
  componentIds: string[];
}

export type ComponentKind = 'PRE_ASSESSMENT' | 'MATERIAL' | 'CLASSROOM' | 'POST_ASSESSMENT';

export interface CreateCourseOptions {
  /** An existing book; a new one is created when omitted. */
  domainId?: string;
  title?: string;
  description?: string;
  status?: 'DRAFT' | 'PUBLISHED';
  allowBrowse?: boolean;
  publishedAt?: string;
  createdAt?: string;
  /** Which components, in order (default: pre, material, post). */
  components?: ComponentKind[];
  /** Assessment settings applied to both assessments. */
  shuffleQuestions?: boolean;
  timeLimit?: number;
  passingScore?: number;
  maxAttempts?: number;
}

let seq = 0;
const uid = () => crypto.randomUUID();

/**
 * Three questions per assessment: an MCQ worth 10 points, a TRUE_FALSE worth 10 points and an MCQ
 * worth 20 points, so a learner who gets only the last one right scores exactly 50.
 */
function assessment(
  kind: 'PRE' | 'POST',
  options: CreateCourseOptions,
): {
  data: AssessmentData;
  answers: Record<string, string>;
  wrong: Record<string, string>;
  optionIds: Record<string, string>;
} {
  const q1 = `${kind.toLowerCase()}-q1-${uid().slice(0, 8)}`;
  const q2 = `${kind.toLowerCase()}-q2-${uid().slice(0, 8)}`;
  const q3 = `${kind.toLowerCase()}-q3-${uid().slice(0, 8)}`;
  const mcq = (id: string, question: string, texts: string[], correct: number, points: number): Question => ({
    id,
    question,
    type: 'MCQ',
    points,
    required: true,
    explanation: `Because ${texts[correct]} is right.`,
    options: texts.map((text, i) => ({ id: `${id}-opt${i + 1}`, text, isCorrect: i === correct })),
    correctAnswer: texts[correct],
  });
  const questions: Question[] = [
    mcq(q1, 'Which extinguisher is used on electrical fires?', ['Water', 'CO2', 'Foam', 'Wet chemical'], 1, 10),
    {
      id: q2,
      question: 'Hard hats must be worn in marked zones.',
      type: 'TRUE_FALSE',
      points: 10,
      required: true,
      explanation: 'Site rule 4.',
      options: [],
      correctAnswer: 'true',
    },
    mcq(
      q3,
      'What is the first step after discovering a fire?',
      ['Raise the alarm', 'Collect belongings', 'Finish the task', 'Open windows'],
      0,
      20,
    ),
  ];
  return {
    data: {
      title: kind === 'PRE' ? 'Pre-assessment' : 'Final assessment',
      description: `${kind} check`,
      passingScore: options.passingScore ?? 70,
      timeLimit: options.timeLimit ?? 30,
      maxAttempts: options.maxAttempts ?? 3,
      shuffleQuestions: options.shuffleQuestions ?? false,
      questions,
    },
    answers: { [q1]: 'CO2', [q2]: 'true', [q3]: 'Raise the alarm' },
    wrong: { [q1]: 'Water', [q2]: 'false', [q3]: 'Open windows' },
    optionIds: { [q1]: `${q1}-opt2`, [q3]: `${q3}-opt1` },
  };
}

/** Inserts a published course (by default) with a pre-assessment, a PDF material and a post-assessment. */
export async function createCourse(options: CreateCourseOptions = {}): Promise<CourseFixture> {
  seq += 1;
  const domainId = options.domainId ?? (await createDomain());
  const courseId = uid();
  const title = options.title ?? `Fire Safety ${seq} ${courseId.slice(0, 4)}`;
  const status = options.status ?? 'PUBLISHED';
  const now = new Date().toISOString();
  await db.insert(schema.courses).values({
    id: courseId,
    title,
    description: options.description ?? `Course ${seq} about workplace safety`,
    domainId,
    status,
    hasBeenPublished: status === 'PUBLISHED',
    allowBrowse: options.allowBrowse ?? false,
    timeLimit: 60,
    passingScore: options.passingScore ?? 70,
    publishedAt: status === 'PUBLISHED' ? (options.publishedAt ?? now) : null,
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });

  const fixture: CourseFixture = { courseId, domainId, title, componentIds: [] };
  const kinds = options.components ?? ['PRE_ASSESSMENT', 'MATERIAL', 'POST_ASSESSMENT'];
  let orderIndex = 0;
  for (const kind of kinds) {
    orderIndex += 1;
    const componentId = uid();
    if (kind === 'MATERIAL') {
      const materialId = uid();
      const storageKey = `materials/${materialId}.pdf`;
      const bytes = new TextEncoder().encode(
        `%PDF-1.4\n% fixture ${materialId}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
      );
      await env.FILES.put(storageKey, bytes, { httpMetadata: { contentType: 'application/pdf' } });
      await db.insert(schema.materials).values({
        id: materialId,
        title: 'Fire safety handbook',
        description: 'Read it all',
        type: 'PDF',
        fileName: 'handbook.pdf',
        fileSize: bytes.byteLength,
        contentType: 'application/pdf',
        storageKey,
      });
      const data: MaterialData = { title: 'Fire safety handbook', description: 'Read it all', materialId, type: 'PDF' };
      await db
        .insert(schema.components)
        .values({ id: componentId, courseId, type: 'MATERIAL', orderIndex, materialId, data: { ...data } });
      fixture.material = { componentId, orderIndex, materialId, storageKey, bytes, contentType: 'application/pdf' };
    } else if (kind === 'CLASSROOM') {
      const data = { title: 'Hands-on practice', description: 'Bring your gloves' };
      await db.insert(schema.components).values({ id: componentId, courseId, type: 'CLASSROOM', orderIndex, data });
      fixture.classroom = { componentId, orderIndex };
    } else {
      const a = assessment(kind === 'PRE_ASSESSMENT' ? 'PRE' : 'POST', options);
      await db
        .insert(schema.components)
        .values({ id: componentId, courseId, type: kind, orderIndex, data: { ...a.data } });
      const entry: AssessmentFixture = {
        componentId,
        orderIndex,
        questionIds: a.data.questions.map((q) => q.id),
        answers: a.answers,
        wrongAnswers: a.wrong,
        correctOptionIds: a.optionIds,
        data: a.data,
      };
      if (kind === 'PRE_ASSESSMENT') fixture.pre = entry;
      else fixture.post = entry;
    }
    fixture.componentIds.push(componentId);
  }
  return fixture;
}

/** Enrolls through the API and asserts it worked. */
export async function enroll(token: string, courseId: string) {
  const res = await api('POST', `/api/v2/user/progress/courses/${courseId}/enroll`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Starts an attempt and submits `answers` through the API; returns the AttemptResult. */
export async function takeAssessment(token: string, componentId: string, answers: Record<string, string>) {
  const start = await api('POST', `/api/v2/user/assessments/${componentId}/start`, { token });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const submit = await api('POST', `/api/v2/user/assessments/attempts/${start.body.attemptId}/submit`, {
    token,
    body: { answers },
  });
  expect(submit.status, JSON.stringify(submit.body)).toBe(200);
  return submit.body;
}

/**
 * Moves the moment the learner opened a material `seconds` into the past (arrange step): the
 * server accepts viewing progress only as fast as the material can plausibly be viewed.
 */
export async function openedMaterialAgo(token: string, componentId: string, seconds: number) {
  const opened = await api('POST', `/api/v2/user/progress/components/${componentId}/start`, { token });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  await db
    .update(schema.componentProgress)
    .set({ startedAt: new Date(Date.now() - seconds * 1000).toISOString() })
    .where(and(eq(schema.componentProgress.id, opened.body.progress.id)));
}

/** Completes a material through the API (opened an hour ago, then progress to 100 %). */
export async function completeMaterial(token: string, componentId: string) {
  await openedMaterialAgo(token, componentId, 3600);
  const res = await api('PUT', `/api/v2/user/progress/components/${componentId}/progress`, {
    token,
    body: { progressPercentage: 100 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A learner of the book, signed in. */
export async function learnerFor(domainId: string) {
  const user = await createUser({ domainIds: [domainId] });
  return { user, token: await login(user) };
}

/** A published evaluation template, its own family's first version (what a requirement or a task names). */
export async function createPublishedTemplate(name: string, publishedAt: string): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(schema.evaluationTemplates).values({
    id,
    familyId: id,
    name,
    grants: name,
    validityDays: 1095,
    status: 'PUBLISHED',
    publishedAt,
  });
  return id;
}
