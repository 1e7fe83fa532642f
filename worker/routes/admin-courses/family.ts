import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AdminCourseDetail } from '../../contract/admin-courses';
import { idParam } from '../../contract/common';
import { courseFamilyBody, languageMessages } from '../../contract/delivery-language';
import { isUniqueViolation } from '../../db/errors';
import { courses } from '../../db/schema';
import type { AppEnv } from '../../env';
import { purgePublicCourses } from '../../middleware/edge-cache';
import { forgetAdminSnapshots } from '../../services/admin-snapshots';
import { auditInsert } from '../../services/audit';
import { ApiError } from '../../errors';
import { validate } from '../../validate';
import { courseComponents } from '../../services/progress';
import { clearComplianceCache } from '../../services/compliance-snapshot';
import { familyVersions, loadCourse, toComponent } from './shared';

/**
 * A course's delivery language and course family. Guarded by the router (index.ts).
 */
export const courseFamilyRoutes = new Hono<AppEnv>()
  /**
   * The course's delivery language and course family. Allowed on a published course too: the rows
   * learners already made keep the language they were delivered in. Linking puts the course in the
   * family of `familyWith` (which starts one if it has none); one version per language, one book.
   * Compliance follows the family, so the matrix snapshots are cleared in the same batch.
   */
  .put('/:id/family', validate('param', idParam), validate('json', courseFamilyBody), async (c) => {
    const { language, familyWith } = c.req.valid('json');
    const db = c.var.db;
    const course = await loadCourse(db, c.req.valid('param').id);
    const invalid = (message: string) =>
      new ApiError('VALIDATION_FAILED', message, { fields: { familyWith: message } });
    let familyId = course.familyId;
    // Linking with a course on its own starts a family: that course joins it too (its own id is the family's).
    let startFamily: { id: string; language: string } | null = null;
    if (familyWith === null) familyId = null;
    else if (familyWith !== undefined) {
      if (familyWith === course.id) throw invalid(languageMessages.sameCourse);
      const target = await db
        .select({ id: courses.id, domainId: courses.domainId, familyId: courses.familyId, language: courses.language })
        .from(courses)
        .where(eq(courses.id, familyWith))
        .get();
      if (!target) throw invalid(languageMessages.familyCourseNotFound);
      if (target.domainId !== course.domainId) throw invalid(languageMessages.otherBook);
      familyId = target.familyId ?? target.id;
      if (!target.familyId) startFamily = { id: target.id, language: target.language };
    }
    if (familyId) {
      const taken = await db
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.familyId, familyId), eq(courses.language, language), sql`${courses.id} <> ${course.id}`))
        .get();
      if (taken || startFamily?.language === language) {
        throw new ApiError('FAMILY_LANGUAGE_TAKEN', languageMessages.languageTaken, {
          fields: { language: languageMessages.languageTaken },
        });
      }
    }
    const now = new Date().toISOString();
    // A family left with one version dissolves: a course on its own has no family.
    const left = course.familyId && course.familyId !== familyId ? course.familyId : null;
    try {
      await db.batch([
        db.update(courses).set({ language, familyId, updatedAt: now }).where(eq(courses.id, course.id)),
        ...(startFamily
          ? [db.update(courses).set({ familyId: startFamily.id, updatedAt: now }).where(eq(courses.id, startFamily.id))]
          : []),
        ...(left
          ? [
              db
                .update(courses)
                .set({ familyId: null, updatedAt: now })
                .where(
                  and(
                    eq(courses.familyId, left),
                    sql`(SELECT count(*) FROM courses f WHERE f.family_id = ${left}) = 1`,
                  ),
                ),
            ]
          : []),
        clearComplianceCache(db),
        forgetAdminSnapshots(db),
        auditInsert(db, {
          actor: c.var.user,
          action: 'COURSE_FAMILY_CHANGED',
          entityType: 'COURSE',
          entityId: course.id,
          before: { language: course.language, familyId: course.familyId },
          after: { language, familyId },
        }),
      ]);
    } catch (error) {
      // Two admins linking the same language at once: the unique index decides.
      if (isUniqueViolation(error))
        throw new ApiError('FAMILY_LANGUAGE_TAKEN', languageMessages.languageTaken, {
          fields: { language: languageMessages.languageTaken },
        });
      throw error;
    }
    await purgePublicCourses(c);
    const updated = await loadCourse(db, course.id);
    const [rows, versions] = await Promise.all([courseComponents(db, course.id), familyVersions(db, updated)]);
    return c.json({ ...updated, components: rows.map(toComponent), versions } satisfies AdminCourseDetail);
  });
