import { sql, type SQL } from 'drizzle-orm';
import type { DeliveryLanguage } from '../contract/delivery-language';
import { courses as courseTable } from '../db/schema';

/**
 * Which version of a course family a learner is shown in the list, as a rank (lower first): a
 * version they are enrolled in (their progress lives there), then the version in their language,
 * then English, then any; ties by id. Without a user (the public landing page) and a language,
 * the English version stands for its family. The list keeps a course when no published version of its
 * family ranks before it, so each family appears once.
 */
function versionRank(alias: SQL, userId: string | null, language: DeliveryLanguage | null): SQL {
  const enrolled = userId
    ? sql`EXISTS (SELECT 1 FROM course_progress vp WHERE vp.user_id = ${userId} AND vp.course_id = ${alias}.id)`
    : sql`0`;
  return sql`(CASE WHEN ${enrolled} THEN 0
    WHEN ${alias}.language = ${language ?? ''} THEN 1 WHEN ${alias}.language = 'en' THEN 2 ELSE 3 END)`;
}

export function preferredVersion(userId: string | null, language: DeliveryLanguage | null): SQL {
  const mine = versionRank(sql.raw('"courses"'), userId, language);
  const other = versionRank(sql.raw('ov'), userId, language);
  return sql`(${courseTable.familyId} IS NULL OR NOT EXISTS (SELECT 1 FROM courses ov
    WHERE ov.family_id = ${courseTable.familyId} AND ov.id <> ${courseTable.id} AND ov.status = 'PUBLISHED'
      AND (${other} < ${mine} OR (${other} = ${mine} AND ov.id < ${courseTable.id}))))`;
}
