/**
 * Texts of the admin content screens (courses, components, materials, captions, assessments,
 * announcements, Think) that the Worker and the shared contract write in English: validation
 * messages, refusals that name their reason (a course that cannot be published, a SCORM package
 * that cannot be played), material types and language names. English shows them as written; other
 * languages show the admin-content catalog's text for the same message, with its values (a file
 * name, a count) carried over. A message the table does not know falls back to the screen's own
 * translated text (API errors) or to the English text (field messages).
 */
import { ANNOUNCEMENT_MESSAGES } from '@contract/announcements';
import { CAPTION_MESSAGES } from '@contract/captions';
import { MESSAGES, type Material } from '@contract/admin-content';
import { INTERVENTION_MESSAGES } from '@contract/admin-people';
import { languageMessages } from '@contract/delivery-language';
import { SCORM_MESSAGES } from '@contract/scorm';
import { THINK_MESSAGES } from '@contract/think';
import { ApiClientError, errorMessage } from '../../api/client';
import { currentLocale, formatLocale, isRtl, t, type MessageId, type MessageValues } from '../../i18n';

/** Fixed English messages and their catalog ids. */
const EXACT: ReadonlyArray<readonly [string, MessageId]> = [
  [MESSAGES.title, 'admin.editor.v.title'],
  [MESSAGES.book, 'admin.editor.v.book'],
  [MESSAGES.timeLimit, 'admin.editor.v.timeLimit'],
  [MESSAGES.passingScore, 'admin.editor.v.passingScore'],
  [MESSAGES.assessmentTitle, 'admin.editor.v.assessmentTitle'],
  [MESSAGES.questionsRequired, 'admin.editor.v.questionsRequired'],
  [MESSAGES.questionText, 'admin.editor.v.questionText'],
  [MESSAGES.options, 'admin.editor.v.options'],
  [MESSAGES.optionsDistinct, 'admin.editor.v.optionsDistinct'],
  [MESSAGES.correctAnswer, 'admin.editor.v.correctAnswer'],
  [MESSAGES.trueFalse, 'admin.editor.v.trueFalse'],
  [MESSAGES.points, 'admin.editor.v.points'],
  [MESSAGES.maxAttempts, 'admin.editor.v.maxAttempts'],
  [MESSAGES.material, 'admin.component.v.material'],
  [MESSAGES.uploadMissing, 'admin.upload.v.missing'],
  [MESSAGES.materialTitle, 'admin.materials.v.title'],
  [MESSAGES.invalidFileType, 'admin.upload.v.fileType'],
  ['The selected book does not exist', 'admin.editor.v.bookGone'],
  ['The selected material no longer exists', 'admin.component.v.materialGone'],
  ['Question type must be MCQ or TRUE_FALSE', 'admin.editor.v.questionType'],
  ['A published course cannot be edited. Take it down first.', 'admin.courses.e.publishedEdit'],
  ['A published course cannot be deleted. Take it down first.', 'admin.courses.e.publishedDelete'],
  ['Add at least one component before publishing this course.', 'admin.courses.e.noComponents'],
  ['This course has been published: its components can be edited, but not added, removed or reordered.', 'admin.component.e.everPublished'],
  ['A component cannot change its type. Delete it and add a new one instead.', 'admin.component.e.typeChange'],
  [languageMessages.invalid, 'admin.languages.v.invalid'],
  [languageMessages.familyCourseNotFound, 'admin.languages.v.notFound'],
  [languageMessages.sameCourse, 'admin.languages.v.sameCourse'],
  [languageMessages.otherBook, 'admin.languages.v.otherBook'],
  [languageMessages.languageTaken, 'admin.languages.v.taken'],
  [CAPTION_MESSAGES.fileMissing, 'admin.captions.v.fileMissing'],
  [CAPTION_MESSAGES.wrongExtension, 'admin.captions.v.wrongExtension'],
  [CAPTION_MESSAGES.notVtt, 'admin.captions.v.notVtt'],
  [CAPTION_MESSAGES.notUtf8, 'admin.captions.v.notUtf8'],
  [CAPTION_MESSAGES.tooLarge, 'admin.captions.v.tooLarge'],
  [CAPTION_MESSAGES.languageRequired, 'admin.captions.v.languageRequired'],
  [CAPTION_MESSAGES.languageInvalid, 'admin.captions.v.languageInvalid'],
  [CAPTION_MESSAGES.labelTooLong, 'admin.captions.v.labelTooLong'],
  [CAPTION_MESSAGES.notVideo, 'admin.captions.v.notVideo'],
  [CAPTION_MESSAGES.exists, 'admin.captions.v.exists'],
  [CAPTION_MESSAGES.tooMany, 'admin.captions.v.tooMany'],
  [SCORM_MESSAGES.notZip, 'admin.upload.scorm.notZip'],
  [SCORM_MESSAGES.broken, 'admin.upload.scorm.broken'],
  [SCORM_MESSAGES.noManifest, 'admin.upload.scorm.noManifest'],
  [SCORM_MESSAGES.badManifest, 'admin.upload.scorm.badManifest'],
  [SCORM_MESSAGES.version, 'admin.upload.scorm.version'],
  [SCORM_MESSAGES.noLaunch, 'admin.upload.scorm.noLaunch'],
  [SCORM_MESSAGES.tooManyFiles, 'admin.upload.scorm.tooManyFiles'],
  [SCORM_MESSAGES.tooLargeExpanded, 'admin.upload.scorm.tooLargeExpanded'],
  [SCORM_MESSAGES.tooLargeZip, 'admin.upload.scorm.tooLargeZip'],
  [INTERVENTION_MESSAGES.reasonRequired, 'admin.assessments.v.reason'],
  [INTERVENTION_MESSAGES.score, 'admin.assessments.v.score'],
  [INTERVENTION_MESSAGES.notAllowed, 'admin.assessments.e.notAllowed'],
  [INTERVENTION_MESSAGES.notFound, 'admin.assessments.e.notFound'],
  [ANNOUNCEMENT_MESSAGES.authorName, 'admin.announcements.v.authorName'],
  [ANNOUNCEMENT_MESSAGES.content, 'admin.announcements.v.content'],
  [ANNOUNCEMENT_MESSAGES.priority, 'admin.announcements.v.priority'],
  [ANNOUNCEMENT_MESSAGES.expiresAt, 'admin.announcements.v.expiresAt'],
  [THINK_MESSAGES.response, 'admin.think.v.response'],
];
const exact = new Map<string, MessageId>(EXACT);

/** Messages with a value in them: the pattern's groups become the message's values, in order. */
const PATTERNS: ReadonlyArray<readonly [RegExp, MessageId, readonly string[]]> = [
  [/^(?:.+ )?[Mm]ust be at most (\d+) characters$/, 'admin.editor.v.maxLength', ['max']],
  [/^The launch file "(.*)" named by the manifest is not in the package\.$/s, 'admin.upload.scorm.launchMissing', ['file']],
  [/^The package contains an unsafe path \("(.*)"\): paths must stay inside the package\.$/s, 'admin.upload.scorm.traversal', ['path']],
  [/^The package contains an absolute path \("(.*)"\): paths must be relative to the package root\.$/s, 'admin.upload.scorm.absolute', ['path']],
  [/^The material component "(.*)" has no material selected\.$/s, 'admin.courses.e.noMaterial', ['title']],
  [/^The assessment "(.*)" is not complete: (.*)\.$/s, 'admin.courses.e.incomplete', ['title', 'problem']],
  [/^(\d+) training requirement\(s\) refer to this course/, 'admin.courses.e.requirements', ['count']],
  [/^(\d+) learner\(s\) have progress on this course and (\d+) certificate\(s\)/, 'admin.courses.e.records', ['learners', 'certificates']],
  [/^This material is used by (\d+) course component\(s\)/, 'admin.materials.e.inUse', ['count']],
];

function lookup(english: string): string | null {
  const id = exact.get(english);
  if (id) return t(id);
  for (const [pattern, patternId, names] of PATTERNS) {
    const match = pattern.exec(english);
    if (!match) continue;
    const values: MessageValues = {};
    names.forEach((name, index) => {
      const value = match[index + 1] ?? '';
      // A nested contract message (the assessment's first problem) is translated too.
      values[name] = /^\d+$/.test(value) ? Number(value) : name === 'problem' ? (lookup(value) ?? lookup(`${value}.`) ?? value) : value;
    });
    return t(patternId, values);
  }
  return null;
}

/** A contract or server message in the interface language (English, and unknown texts, as written). */
export function contentText(english: string): string;
export function contentText(english: string | undefined): string | undefined;
export function contentText(english: string | undefined): string | undefined {
  if (english === undefined || english === '' || currentLocale() === 'en') return english;
  return lookup(english) ?? english;
}

/** Per-field messages (a form's or the server's `fields`), each in the interface language. */
export function contentFields<K extends string>(fields: Readonly<Partial<Record<K, string>>>): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of Object.keys(fields) as K[]) out[key] = contentText(fields[key]) ?? '';
  return out;
}

/**
 * What to show for a failed call: in English the server's message; in another language the
 * catalog's text for that message when it is one of the above (a refusal with its reason), else
 * the catalog's text for the error code, else `fallback`.
 */
export function contentError(error: unknown, fallback: string): string {
  if (currentLocale() !== 'en' && error instanceof ApiClientError && error.hasServerMessage) {
    const known = lookup(error.message);
    if (known) return known;
  }
  return errorMessage(error, fallback);
}

const MATERIAL_TYPE_IDS: Record<Material['type'], MessageId> = {
  PDF: 'admin.materials.type.PDF',
  VIDEO: 'admin.materials.type.VIDEO',
  PPT: 'admin.materials.type.PPT',
  SCORM: 'admin.materials.type.SCORM',
};

/** A material type's name ("PDF", "Video", "PowerPoint", "SCORM package"). */
export function materialTypeLabel(type: string): string {
  return type in MATERIAL_TYPE_IDS ? t(MATERIAL_TYPE_IDS[type as Material['type']]) : type;
}

/** A language tag's name in the interface language ("es" is "Spanish", "español", "स्पेनिश"...); the tag itself when unknown. */
export function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames([formatLocale()], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/**
 * A value put into a sentence (a percentage, a duration, a file name) kept in one piece whatever
 * the reading direction: without it, "70% · 10 min" in an Arabic sentence is reordered, because
 * the percent sign carries left-to-right marks. First-strong isolate, as `<bdi>` does; left-to-right
 * languages need none (and keep texts that tests and screen readers match exactly).
 */
export const isolate = (text: string): string => (isRtl(currentLocale()) ? `\u2068${text}\u2069` : text);
