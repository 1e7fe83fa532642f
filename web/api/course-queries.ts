/**
 * Writes to courses (admin Course Management and its editor), each with what it changes: the
 * courses table, a course's detail (its components), the pickers' option lists and a book's
 * language versions all read under queryKeys.admin.courses.all.
 */
import {
  cloneCourse,
  createComponent,
  createCourse,
  deleteComponent,
  deleteCourse,
  publishCourse,
  reorderComponents,
  setCourseFamily,
  takedownCourse,
  updateComponent,
  updateCourse,
  type ComponentPayload,
  type CourseFamilyPayload,
  type CoursePayload,
} from './admin-content';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

const courseReads = [queryKeys.admin.courses.all];

export const courseWrites = {
  create: defineWrite({ run: (body: CoursePayload) => createCourse(body), invalidates: () => courseReads }),
  update: defineWrite({
    run: ({ id, body }: { id: string; body: CoursePayload }) => updateCourse(id, body),
    invalidates: () => courseReads,
  }),
  /** Publish, take down or clone, from the table's row actions. */
  act: defineWrite({
    run: ({ id, kind }: { id: string; kind: 'publish' | 'takedown' | 'clone' }): Promise<unknown> =>
      kind === 'publish' ? publishCourse(id) : kind === 'takedown' ? takedownCourse(id) : cloneCourse(id),
    invalidates: () => courseReads,
  }),
  remove: defineWrite({ run: (id: string) => deleteCourse(id), invalidates: () => courseReads }),
  /** The course's delivery language and family (the editor's Languages tab). */
  setFamily: defineWrite({
    run: ({ id, body }: { id: string; body: CourseFamilyPayload }) => setCourseFamily(id, body),
    invalidates: () => courseReads,
  }),
  /** Adds a component (no `componentId`) or changes one. */
  saveComponent: defineWrite({
    run: ({ courseId, componentId, body }: { courseId: string; componentId: string | null; body: ComponentPayload }) =>
      componentId === null
        ? createComponent(courseId, body)
        : updateComponent(courseId, componentId, { required: body.required, data: body.data }),
    invalidates: () => courseReads,
  }),
  reorderComponents: defineWrite({
    run: ({ courseId, orderedIds }: { courseId: string; orderedIds: readonly string[] }) =>
      reorderComponents(courseId, orderedIds),
    invalidates: () => courseReads,
  }),
  removeComponent: defineWrite({
    run: ({ courseId, componentId }: { courseId: string; componentId: string }) =>
      deleteComponent(courseId, componentId),
    invalidates: () => courseReads,
  }),
};
