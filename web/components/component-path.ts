import type { ComponentType } from '@contract/course';

/** The page of one component: the material viewer or the assessment. */
export const componentPath = (courseId: string, component: { id: string; type: ComponentType }) =>
  `/course/${courseId}/${component.type === 'MATERIAL' ? 'material' : 'assessment'}/${component.id}`;
