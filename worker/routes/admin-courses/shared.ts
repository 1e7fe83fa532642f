import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import {
  classroomDataSchema,
  assessmentDataSchema,
  fieldErrors,
  materialDataSchema,
  normalizeAssessment,
  type AdminComponent,
  type AdminCourse,
  type courseBody,
} from '../../contract/admin-courses';
import { validityColumns, validityYearsOf } from '../../contract/certificates';
import { idString } from '../../contract/common';
import type { ComponentType } from '../../contract/course';
import { DELIVERY_LANGUAGES, type CourseVersion } from '../../contract/delivery-language';
import { components, courses, domains, materials } from '../../db/schema';
import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { materialFileUrl } from '../../services/material-links';
import { REFUSALS, refusalText } from '../../contract/errors';

/** The other versions of a course's family, in the order of DELIVERY_LANGUAGES. */
export async function familyVersions(db: Db, course: Pick<AdminCourse, 'id' | 'familyId'>): Promise<CourseVersion[]> {
  if (!course.familyId) return [];
  const rows = await db
    .select({ id: courses.id, language: courses.language, title: courses.title })
    .from(courses)
    .where(and(eq(courses.familyId, course.familyId), sql`${courses.id} <> ${course.id}`));
  return rows.sort((a, b) => DELIVERY_LANGUAGES.indexOf(a.language) - DELIVERY_LANGUAGES.indexOf(b.language));
}

type CourseInput = v.InferOutput<typeof courseBody>;

export const courseParam = v.object({ courseId: idString });
export const componentParams = v.object({ courseId: idString, componentId: idString });

export const EVER_PUBLISHED = REFUSALS['component.everPublished'];

const courseColumns = {
  id: courses.id,
  title: courses.title,
  description: courses.description,
  domainId: courses.domainId,
  domainName: domains.name,
  icon: courses.icon,
  timeLimit: courses.timeLimit,
  passingScore: courses.passingScore,
  status: courses.status,
  hasBeenPublished: courses.hasBeenPublished,
  allowBrowse: courses.allowBrowse,
  certificateValidityDays: courses.certificateValidityDays,
  certificateNeverExpires: courses.certificateNeverExpires,
  publishedAt: courses.publishedAt,
  createdAt: courses.createdAt,
  updatedAt: courses.updatedAt,
  language: courses.language,
  familyId: courses.familyId,
  componentCount: sql<number>`(SELECT count(*) FROM course_components cc WHERE cc.course_id = ${courses.id})`.mapWith(
    Number,
  ),
};
type CourseRow = Awaited<ReturnType<ReturnType<typeof selectCourses>['all']>>[number];

export function selectCourses(db: Db) {
  return db.select(courseColumns).from(courses).innerJoin(domains, eq(domains.id, courses.domainId));
}

export function toCourse(row: CourseRow): AdminCourse {
  const { domainName, certificateNeverExpires: _stored, ...rest } = row;
  return { ...rest, certificateValidityYears: validityYearsOf(row), domain: { id: row.domainId, name: domainName } };
}

/** The course columns a create or edit writes: the validity choice becomes its two columns (absent: unchanged). */
export function courseValues({ certificateValidityYears, ...fields }: CourseInput) {
  return certificateValidityYears === undefined ? fields : { ...fields, ...validityColumns(certificateValidityYears) };
}

export async function loadCourse(db: Db, id: string): Promise<AdminCourse> {
  const row = await selectCourses(db).where(eq(courses.id, id)).get();
  if (!row) throw new ApiError('NOT_FOUND', REFUSALS['course.notFound']);
  return toCourse(row);
}

type ComponentRow = typeof components.$inferSelect;

export function toComponent(row: ComponentRow): AdminComponent {
  return {
    id: row.id,
    courseId: row.courseId,
    type: row.type,
    order: row.orderIndex,
    orderIndex: row.orderIndex,
    required: row.required,
    materialId: row.materialId,
    data: row.data,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function loadComponent(db: Db, courseId: string, componentId: string): Promise<ComponentRow> {
  const row = await db
    .select()
    .from(components)
    .where(and(eq(components.id, componentId), eq(components.courseId, courseId)))
    .get();
  if (!row) throw new ApiError('NOT_FOUND', 'Component not found');
  return row;
}

export async function assertDomainExists(db: Db, domainId: string) {
  const domain = await db.select({ id: domains.id }).from(domains).where(eq(domains.id, domainId)).get();
  if (!domain)
    throw new ApiError('VALIDATION_FAILED', REFUSALS['content.bookGone'], {
      fields: { domainId: REFUSALS['content.bookGone'] },
    });
}

/** Validates a component's `data` for its type; messages and `fields` paths are relative to `data` (`questions.0.options`). */
export async function prepareData(
  db: Db,
  type: ComponentType,
  data: Record<string, unknown>,
): Promise<{ data: Record<string, unknown>; materialId: string | null }> {
  if (type === 'MATERIAL') {
    const result = v.safeParse(materialDataSchema, data);
    if (!result.success)
      throw new ApiError('VALIDATION_FAILED', result.issues[0].message, { fields: fieldErrors(result.issues) });
    const material = await db.select().from(materials).where(eq(materials.id, result.output.materialId)).get();
    if (!material)
      throw new ApiError('VALIDATION_FAILED', REFUSALS['content.materialGone'], {
        fields: { materialId: REFUSALS['content.materialGone'] },
      });
    const fileUrl = materialFileUrl(material.id);
    return {
      materialId: material.id,
      data: {
        materialId: material.id,
        title: result.output.title ?? material.title,
        ...(result.output.description ? { description: result.output.description } : {}),
        ...(material.type === 'SCORM' && result.output.scormMinimumSeconds !== undefined
          ? { scormMinimumSeconds: result.output.scormMinimumSeconds }
          : {}),
        type: material.type,
        driveFileId: null,
        driveFileUrl: fileUrl,
        fileUrl,
      },
    };
  }
  if (type === 'CLASSROOM') {
    const result = v.safeParse(classroomDataSchema, data);
    if (!result.success)
      throw new ApiError('VALIDATION_FAILED', result.issues[0].message, { fields: fieldErrors(result.issues) });
    const { title, description } = result.output;
    return { materialId: null, data: { title, ...(description ? { description } : {}) } };
  }
  const result = v.safeParse(assessmentDataSchema, data);
  if (!result.success)
    throw new ApiError('VALIDATION_FAILED', result.issues[0].message, { fields: fieldErrors(result.issues) });
  return {
    materialId: null,
    data: normalizeAssessment(result.output, () => crypto.randomUUID()) as unknown as Record<string, unknown>,
  };
}

/** Why a course cannot be published yet, or null. */
export function publishProblem(rows: ComponentRow[]): string | null {
  if (rows.length === 0) return REFUSALS['course.noComponents'];
  for (const row of rows) {
    const title = String((row.data as { title?: unknown }).title ?? row.type);
    if (row.type === 'MATERIAL') {
      if (!row.materialId) return refusalText('course.noMaterial', { title });
      continue;
    }
    // A classroom component was validated when it was saved; its sessions are scheduled apart.
    if (row.type === 'CLASSROOM') continue;
    const result = v.safeParse(assessmentDataSchema, row.data);
    if (!result.success)
      return refusalText('course.incompleteAssessment', { title, problem: result.issues[0].message });
  }
  return null;
}

/** What a course's audit entry keeps of it. */
export function courseAudit(course: { title: string; status: string; domainId: string; language: string }) {
  return { title: course.title, status: course.status, domainId: course.domainId, language: course.language };
}
