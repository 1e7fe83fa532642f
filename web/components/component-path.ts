import type { ComponentType } from '@contract/course';

/**
 * The page of one component: the material viewer or the assessment. A classroom session has no page
 * of its own (it happens in a room): the course page says what to do and when.
 */
export const componentPath = (courseId: string, component: { id: string; type: ComponentType }) =>
  component.type === 'CLASSROOM'
    ? `/course/${courseId}`
    : `/course/${courseId}/${component.type === 'MATERIAL' ? 'material' : 'assessment'}/${component.id}`;
