/** Display helpers of the admin content screens: material types, language names, isolated values. */
import type { Material } from '@contract/materials';
import { currentLocale, formatLocale, isRtl, t, type MessageId } from '../../i18n';

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
