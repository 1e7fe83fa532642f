import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { LearnerComponent } from '@contract/courses';
import {
  COURSE_MESSAGES,
  componentAfter,
  courseProgressMachine,
  type CourseLoadOutput,
} from '../../statecharts/course-progress.machine';
import { learnerQueries } from '../api/learner-queries';
import { queryClient } from '../api/query-client';
import { readsOf, useMachineView } from './machine-view';
import { errorText } from '../i18n/error-text';

/**
 * The course status last seen in this browser session, per course: the machine compares it with
 * the fresh status to notice a course that became COMPLETED while the learner was working on it
 * (the learner passes the post-assessment on another page, then comes back).
 */
const SEEN_KEY = 'course-status-seen';
function readSeen(courseId: string): string | null {
  try {
    return (JSON.parse(sessionStorage.getItem(SEEN_KEY) ?? '{}') as Record<string, string>)[courseId] ?? null;
  } catch {
    return null;
  }
}
function writeSeen(courseId: string, status: string) {
  try {
    const all = JSON.parse(sessionStorage.getItem(SEEN_KEY) ?? '{}') as Record<string, string>;
    all[courseId] = status;
    sessionStorage.setItem(SEEN_KEY, JSON.stringify(all));
  } catch {
    /* storage blocked: completion is then only noticed within one page visit */
  }
}

/**
 * Notes the course's status as seen when this browser session has none for it (the assessment page): a learner
 * may leave the course page the Worker rendered before the app took it over (Start pressed at once on a slow
 * phone), and a completion is announced, with its certificate, only against a status seen before it. A
 * completed course is not noted: a late answer could be this attempt's own completion.
 */
export async function noteCourseSeen(courseId: string): Promise<void> {
  if (readSeen(courseId) !== null) return;
  try {
    const progress = await queryClient.fetchQuery(learnerQueries.courseProgress(courseId));
    const status = progress?.courseProgress.status;
    if (status && status !== 'COMPLETED' && readSeen(courseId) === null) writeSeen(courseId, status);
  } catch {
    // Nothing noted: the course page loads as usual, without the completion dialog.
  }
}

/** Remember that the learner is working on a course (the material page; the assessment page notes it with noteCourseSeen). */
export function markCourseSeen(courseId: string, status: string) {
  writeSeen(courseId, status);
}

const browserCourseMachine = courseProgressMachine.provide({
  actors: {
    loadCourse: fromPromise<CourseLoadOutput, { courseId: string }>(async ({ input }) => {
      try {
        const [course, progress] = await Promise.all([
          queryClient.fetchQuery(learnerQueries.course(input.courseId)),
          queryClient.fetchQuery(learnerQueries.courseProgress(input.courseId)),
        ]);
        return { course, progress };
      } catch (error) {
        throw new Error(errorText(error, COURSE_MESSAGES.loadFailed));
      }
    }),
  },
});

const COURSE_READS = readsOf<SnapshotFrom<typeof browserCourseMachine>>()({
  context: ['course', 'courseProgress', 'componentProgresses', 'lastSeenStatus', 'error'],
  matches: ['loading', 'failed'],
});

/**
 * The component after this one, read fresh (completing invalidated the course's progress); null
 * when this was the last one, or when the read fails (the course page then shows where things stand).
 */
export async function nextComponentAfter(courseId: string, componentId: string): Promise<LearnerComponent | null> {
  try {
    const [course, progress] = await Promise.all([
      queryClient.fetchQuery(learnerQueries.course(courseId)),
      queryClient.fetchQuery(learnerQueries.courseProgress(courseId)),
    ]);
    return componentAfter(
      {
        course,
        courseProgress: progress?.courseProgress ?? null,
        componentProgresses: progress?.componentProgresses ?? [],
      },
      componentId,
    );
  } catch {
    return null;
  }
}

/** A query's answer when the cache holds a fresh one (what `fetchQuery` would answer without asking). */
function freshAnswer<T>(client: QueryClient, queryKey: readonly unknown[]): T | undefined {
  const query = client.getQueryCache().find<T>({ queryKey, exact: true });
  const staleTime = client.getDefaultOptions().queries?.staleTime;
  if (!query || query.state.data === undefined) return undefined;
  return query.isStaleByTime(typeof staleTime === 'number' ? staleTime : 0) ? undefined : query.state.data;
}

/**
 * The course and the learner's progress when both are fresh in the cache (the page arrived with
 * them from the Worker, worker/routes/learner-pages.ts): the machine starts ready, so the first
 * render shows the course (the Worker's copy), not the loading block. The cache of the render's
 * provider: on the server, the request's own (web/ssr/learner-server.tsx).
 */
function loadedCourse(client: QueryClient, courseId: string): CourseLoadOutput | null {
  const course = freshAnswer<CourseLoadOutput['course']>(client, learnerQueries.course(courseId).queryKey);
  const progress = freshAnswer<CourseLoadOutput['progress']>(client, learnerQueries.courseProgress(courseId).queryKey);
  return course && progress !== undefined ? { course, progress } : null;
}

export function useCourseProgress(courseId: string, onCompleted: (courseTitle: string) => void) {
  const client = useQueryClient();
  const actorRef = useActorRef(browserCourseMachine, {
    input: { courseId, lastSeenStatus: readSeen(courseId), loaded: loadedCourse(client, courseId) },
  });
  const view = useMachineView(actorRef, COURSE_READS);
  useEffect(() => {
    const sub = actorRef.on('course.completed', (event) => onCompleted(event.courseTitle));
    return () => sub.unsubscribe();
  }, [actorRef, onCompleted]);
  const seen = view.context.lastSeenStatus;
  useEffect(() => {
    if (seen) writeSeen(courseId, seen);
  }, [courseId, seen]);
  return [view, actorRef.send] as const;
}
