import type { ComponentType } from '@contract/course';

/** What each component type is called on the learner's screens. */
export const TYPE_LABEL: Record<ComponentType, string> = { PRE_ASSESSMENT: 'Pre-Assessment', MATERIAL: 'Learning Material', POST_ASSESSMENT: 'Post-Assessment' };

/** The page of one component: the material viewer or the assessment. */
export const componentPath = (courseId: string, component: { id: string; type: ComponentType }) =>
  `/course/${courseId}/${component.type === 'MATERIAL' ? 'material' : 'assessment'}/${component.id}`;
