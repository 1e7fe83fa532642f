import type { ComponentType } from '../course';

export type ComponentStatus = 'NOT_STARTED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';
export type CourseStatus = 'ENROLLED' | 'IN_PROGRESS' | 'COMPLETED';
export type LearnerCourseState = 'NOT_ENROLLED' | 'ENROLLED' | 'IN_PROGRESS' | 'COMPLETED';

/**
 * Overall progress weights: pre-assessment 20, materials 50 (shared), classroom sessions 30 (shared),
 * post-assessment 30; renormalised over the component types a course actually has.
 */
export const PROGRESS_WEIGHTS: Record<ComponentType, number> = {
  PRE_ASSESSMENT: 20,
  MATERIAL: 50,
  CLASSROOM: 30,
  POST_ASSESSMENT: 30,
};
export const MATERIAL_PROGRESS_STEP = 10;

export interface ComponentLike {
  id: string;
  type: ComponentType;
  orderIndex: number;
}

export interface ComponentProgressLike {
  status: ComponentStatus;
  progressPercentage?: number | null;
}

/**
 * Overall progress 0-100. Each component type shares its weight among the components of that type;
 * a completed component counts whole, a material in progress counts by its percentage.
 */
export function overallProgress(
  components: readonly ComponentLike[],
  progress: ReadonlyMap<string, ComponentProgressLike>,
): number {
  if (components.length === 0) return 0;
  const byType = new Map<ComponentType, ComponentLike[]>();
  for (const component of components) byType.set(component.type, [...(byType.get(component.type) ?? []), component]);
  const totalWeight = [...byType.keys()].reduce((sum, type) => sum + PROGRESS_WEIGHTS[type], 0);
  let value = 0;
  for (const [type, list] of byType) {
    const share = PROGRESS_WEIGHTS[type] / totalWeight / list.length;
    for (const component of list) {
      const p = progress.get(component.id);
      const fraction =
        p?.status === 'COMPLETED'
          ? 1
          : type === 'MATERIAL'
            ? Math.min(100, Math.max(0, p?.progressPercentage ?? 0)) / 100
            : 0;
      value += share * fraction;
    }
  }
  const rounded = Math.round(value * 10000) / 100;
  // Only a fully completed course may read 100.
  const allDone = components.every((c) => progress.get(c.id)?.status === 'COMPLETED');
  return allDone ? 100 : Math.min(rounded, 99.99);
}

const byOrder = <T extends ComponentLike>(components: readonly T[]) =>
  [...components].sort((a, b) => a.orderIndex - b.orderIndex);

/**
 * Sequential unlocking: a NOT_STARTED component is locked unless the
 * previous component is COMPLETED; the first is always open. Started or failed components stay open.
 */
export function isComponentLocked(
  components: readonly ComponentLike[],
  progress: ReadonlyMap<string, ComponentProgressLike>,
  componentId: string,
): boolean {
  const ordered = byOrder(components);
  const index = ordered.findIndex((c) => c.id === componentId);
  if (index <= 0) return false;
  const status = progress.get(componentId)?.status ?? 'NOT_STARTED';
  if (status !== 'NOT_STARTED') return false;
  return progress.get(ordered[index - 1].id)?.status !== 'COMPLETED';
}

/** "Available sections": components up to the first locked one. */
export function availableSections(
  components: readonly ComponentLike[],
  progress: ReadonlyMap<string, ComponentProgressLike>,
): number {
  const ordered = byOrder(components);
  const firstLocked = ordered.findIndex((c) => isComponentLocked(ordered, progress, c.id));
  return firstLocked === -1 ? ordered.length : firstLocked;
}

/** The continue button: the in-progress component, else the first non-completed one whose predecessor is completed. */
export function continueTarget<T extends ComponentLike>(
  components: readonly T[],
  progress: ReadonlyMap<string, ComponentProgressLike>,
): T | null {
  const ordered = byOrder(components);
  const inProgress = ordered.find((c) => progress.get(c.id)?.status === 'IN_PROGRESS');
  if (inProgress) return inProgress;
  return (
    ordered.find(
      (c, i) =>
        progress.get(c.id)?.status !== 'COMPLETED' &&
        (i === 0 || progress.get(ordered[i - 1].id)?.status === 'COMPLETED'),
    ) ?? null
  );
}

/** Derived course state per learner: not enrolled, enrolled, in progress or completed. */
export function learnerCourseState(
  record: { status: string; overallProgress: number } | null | undefined,
): LearnerCourseState {
  if (!record) return 'NOT_ENROLLED';
  if (record.status === 'COMPLETED') return 'COMPLETED';
  if (record.overallProgress > 0) return 'IN_PROGRESS';
  return 'ENROLLED';
}

/** Material progress is reported in 10 % steps. */
export function toProgressStep(percentage: number): number {
  const clamped = Math.min(100, Math.max(0, percentage));
  return Math.floor(clamped / MATERIAL_PROGRESS_STEP) * MATERIAL_PROGRESS_STEP;
}
