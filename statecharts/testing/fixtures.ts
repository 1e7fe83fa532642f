import { fromCallback, type AnyStateMachine, type AnyStateNode, type EventObject } from 'xstate';
import type { LoginResponse, SessionUser } from '../../worker/contract/auth';
import type { ComponentProgress, CourseProgress } from '../../worker/contract/progress';
import type { LearnerComponent } from '../../worker/contract/courses';
import type { CourseWithComponents } from '../course-progress.machine';

/** Fixtures shared by the machine tests and their graph walks. */

/** A promise that never settles: the actor stays in flight until the test says otherwise. */
export const never = <T>() => new Promise<T>(() => {});

/** An actor that never answers and never finishes (stands in for promise and callback actors alike). */
const silent = fromCallback(() => () => {});

/**
 * The machine with every actor replaced by a silent one and the given actions stubbed, so a graph
 * walk drives it only with the done, error and delay events it sends itself.
 */
export function inert<TMachine extends AnyStateMachine>(
  machine: TMachine,
  actions: Record<string, (...args: never[]) => void> = {},
): TMachine {
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, silent]));
  return machine.provide({ actors, actions } as never) as TMachine;
}

function invokeId(machine: AnyStateMachine, src: string, stateKey?: string): string {
  const walk = (node: AnyStateNode): AnyStateNode[] => [
    node,
    ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(walk),
  ];
  const found = walk(machine.root)
    .filter((n) => !stateKey || n.key === stateKey)
    .flatMap((n) => n.invoke)
    .find((inv) => inv.src === src);
  if (!found) throw new Error(`no invoke of ${src}${stateKey ? ` in ${stateKey}` : ''}`);
  return found.id;
}

/** The event an invoked actor's success sends (found by its source, optionally in one state). */
export const done = (machine: AnyStateMachine, src: string, output?: unknown, stateKey?: string): EventObject =>
  ({ type: `xstate.done.actor.${invokeId(machine, src, stateKey)}`, output }) as EventObject;

/** The event an invoked actor's failure sends. */
export const fail = (machine: AnyStateMachine, src: string, message: string, stateKey?: string): EventObject =>
  ({ type: `xstate.error.actor.${invokeId(machine, src, stateKey)}`, error: new Error(message) }) as EventObject;

// ---------------------------------------------------------------------------------------------
// Users

export const learner: SessionUser = {
  id: 'u-1',
  username: 'learner',
  email: 'learner@example.com',
  firstName: 'Lee',
  lastName: 'Arner',
  name: 'Lee Arner',
  role: 'USER',
  roles: ['USER'],
  userType: 'USER',
  isAdmin: false,
  domains: [],
  department: null,
  jobTitle: null,
  language: null,
  profileImage: null,
  mustChangePassword: false,
  permissions: null,
  leadsTalks: false,
  lastLogin: null,
};
export const admin: SessionUser = {
  ...learner,
  id: 'a-1',
  username: 'admin',
  role: 'ADMIN',
  roles: ['ADMIN'],
  userType: 'ADMIN',
  isAdmin: true,
};
export const mustChange: SessionUser = { ...learner, id: 'u-2', username: 'newbie', mustChangePassword: true };
export const loginResponse = (user: SessionUser, token = 'tok-new'): LoginResponse => ({
  ...user,
  token,
  type: 'Bearer',
});

// ---------------------------------------------------------------------------------------------
// A course: pre-assessment, material, post-assessment

const assessmentData = (title: string) => ({
  title,
  description: null,
  timeLimit: 10,
  passingScore: 70,
  maxAttempts: 3,
  questionCount: 5,
});
export const components: LearnerComponent[] = [
  { id: 'pre', type: 'PRE_ASSESSMENT', order: 1, orderIndex: 1, required: true, data: assessmentData('Pre') },
  {
    id: 'mat',
    type: 'MATERIAL',
    order: 2,
    orderIndex: 2,
    required: true,
    data: { title: 'Guide', description: null, materialId: 'm1', type: 'PDF' },
  },
  { id: 'post', type: 'POST_ASSESSMENT', order: 3, orderIndex: 3, required: true, data: assessmentData('Post') },
];
export const course: CourseWithComponents = {
  id: 'c1',
  title: 'PASS',
  description: 'd',
  domain: { id: 'd1', name: 'Fire Safety' },
  icon: '',
  timeLimit: 30,
  passingScore: 70,
  status: 'PUBLISHED',
  componentCount: 3,
  createdAt: '',
  publishedAt: '',
  enrollmentStatus: 'enrolled',
  isLocked: false,
  canEnroll: true,
  language: 'en',
  components,
};
export const courseProgress = (status: CourseProgress['status'], overallProgress: number): CourseProgress => ({
  id: 'p',
  courseId: 'c1',
  courseTitle: 'PASS',
  courseDomain: 'Fire Safety',
  domain: { id: 'd1', name: 'Fire Safety' },
  status,
  overallProgress,
  totalComponents: 3,
  completedComponents: 0,
  enrollmentDate: '',
  startedDate: null,
  completedAt: null,
  lastAccessedAt: null,
  certificateId: null,
  language: 'en',
});
export const componentProgress = (
  componentId: string,
  status: ComponentProgress['status'],
  attempts = 0,
): ComponentProgress => ({
  id: componentId,
  componentId,
  componentTitle: componentId,
  componentType: 'MATERIAL',
  order: 1,
  status,
  progressPercentage: status === 'COMPLETED' ? 100 : 0,
  score: null,
  attempts,
  timeSpentSeconds: 0,
  startedAt: null,
  completedAt: null,
  lastAccessedAt: null,
  required: true,
});
