/**
 * The catalog ids of the contract's closed values (a compliance status, a feedback type, a
 * priority): screens show a value through these tables, never through its English label.
 */
import type { ComplianceStatus } from '@contract/rules/compliance';
import type { EventKind } from '@contract/compliance';
import type { ComponentType } from '@contract/course';
import type { DeliveryLanguage } from '@contract/delivery-language';
import type { PerformanceLabel } from '@contract/reports';
import type { FeedbackStatus, FeedbackType } from '@contract/think';
import { formatNumber } from '../format';
import { currentLocale, isRtl, t, type MessageId } from './index';

export const COMPLIANCE_STATUS_IDS: Record<ComplianceStatus, MessageId> = {
  pending: 'compliance.status.pending',
  compliant: 'compliance.status.compliant',
  'due-soon': 'compliance.status.due-soon',
  overdue: 'compliance.status.overdue',
  exempt: 'compliance.status.exempt',
};

export const REQUIREMENT_ACTION_IDS: Record<'start' | 'continue' | 'review' | 'recertify', MessageId> = {
  start: 'requirement.action.start',
  continue: 'requirement.action.continue',
  review: 'requirement.action.review',
  recertify: 'requirement.action.recertify',
};

/** The date a requirement shows, by the kind of date it is (web/state/requirement-display.ts). */
export const REQUIREMENT_DATE_IDS: Record<'Due by' | 'Overdue since' | 'Valid until', MessageId> = {
  'Due by': 'requirement.date.dueBy',
  'Overdue since': 'requirement.date.overdueSince',
  'Valid until': 'requirement.date.validUntil',
};

export const COMPONENT_TYPE_IDS: Record<ComponentType, MessageId> = {
  PRE_ASSESSMENT: 'component.type.PRE_ASSESSMENT',
  MATERIAL: 'component.type.MATERIAL',
  CLASSROOM: 'component.type.CLASSROOM',
  POST_ASSESSMENT: 'component.type.POST_ASSESSMENT',
};

/** A material's kind in the reader's language, as learners read it (no standard name such as "SCORM"). */
const MATERIAL_KIND_IDS: Record<'PDF' | 'VIDEO' | 'PPT' | 'SCORM', MessageId> = {
  PDF: 'material.kind.PDF',
  VIDEO: 'material.kind.VIDEO',
  PPT: 'material.kind.PPT',
  SCORM: 'material.kind.SCORM',
};
export const materialKindLabel = (type: string): string =>
  type in MATERIAL_KIND_IDS ? t(MATERIAL_KIND_IDS[type as keyof typeof MATERIAL_KIND_IDS]) : type;

/**
 * A list position in the reader's language ("1." in English, "(1)" in Arabic, where a bare "1." in a
 * right-to-left line shows as ".1"), isolated from the words that follow it in right-to-left
 * languages (left-to-right ones keep the plain text that tests and screen readers match).
 */
export function itemNumber(position: number): string {
  const text = t('common.itemNumber', { number: formatNumber(position) });
  return isRtl(currentLocale()) ? `\u2068${text}\u2069` : text;
}

export const FEEDBACK_TYPE_IDS: Record<FeedbackType, MessageId> = {
  QUERY: 'feedback.type.QUERY',
  COMPLAINT: 'feedback.type.COMPLAINT',
  NEW_IDEA: 'feedback.type.NEW_IDEA',
};

export const FEEDBACK_STATUS_IDS: Record<FeedbackStatus, MessageId> = {
  OPEN: 'feedback.status.OPEN',
  IN_PROGRESS: 'feedback.status.IN_PROGRESS',
  RESOLVED: 'feedback.status.RESOLVED',
};

export const FEEDBACK_RESPONSE_IDS: Record<'Responded' | 'Pending', MessageId> = {
  Responded: 'feedback.response.Responded',
  Pending: 'feedback.response.Pending',
};

export const PRIORITY_IDS: Record<'URGENT' | 'HIGH' | 'MEDIUM' | 'LOW', MessageId> = {
  URGENT: 'announcement.priority.URGENT',
  HIGH: 'announcement.priority.HIGH',
  MEDIUM: 'announcement.priority.MEDIUM',
  LOW: 'announcement.priority.LOW',
};

export const PERFORMANCE_IDS: Record<PerformanceLabel, MessageId> = {
  Excellent: 'reports.performance.Excellent',
  Great: 'reports.performance.Great',
  Good: 'reports.performance.Good',
  Passed: 'reports.performance.Passed',
};

const DELIVERY_LANGUAGE_IDS: Record<DeliveryLanguage, MessageId> = {
  en: 'language.name.en',
  es: 'language.name.es',
  hi: 'language.name.hi',
  ar: 'language.name.ar',
};

export const EVENT_KIND_IDS: Record<EventKind, MessageId> = {
  INCIDENT: 'admin.record.kind.INCIDENT',
  NEAR_MISS: 'admin.record.kind.NEAR_MISS',
  UNSAFE_PRACTICE: 'admin.record.kind.UNSAFE_PRACTICE',
  NEW_EQUIPMENT: 'admin.record.kind.NEW_EQUIPMENT',
  NEW_PROCESS: 'admin.record.kind.NEW_PROCESS',
  OTHER: 'admin.record.kind.OTHER',
};

/** A course version's language by name ("Spanish", "español"), the tag itself when unknown. */
export function languageLabel(code: string | null | undefined): string {
  const tag = code ?? 'en';
  return tag in DELIVERY_LANGUAGE_IDS ? t(DELIVERY_LANGUAGE_IDS[tag as DeliveryLanguage]) : tag;
}
