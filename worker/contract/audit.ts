/** What an audit entry is about: one upper-case name per kind of record. */
export const AUDIT_ENTITY_TYPES = [
  'USER',
  'COURSE',
  'COMPONENT',
  'MATERIAL',
  'CERTIFICATE',
  'ATTEMPT',
  'REQUIREMENT',
  'BOOK',
  'ANNOUNCEMENT',
  'MAIL',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/**
 * Every action an audit entry may name: a closed list, so the audit log's filter and any report
 * on it know all of them. One entry per admin write to people, content, requirements or results.
 */
export const AUDIT_ACTIONS = [
  'USER_CREATED',
  'USER_UPDATED',
  'USER_DELETED',
  'USER_DEACTIVATED',
  'USER_REACTIVATED',
  'USER_BOOKS_ASSIGNED',
  'USER_BOOKS_CHANGED',
  'COURSE_CREATED',
  'COURSE_UPDATED',
  'COURSE_PUBLISHED',
  'COURSE_TAKEN_DOWN',
  'COURSE_DELETED',
  'COURSE_FAMILY_CHANGED',
  'COMPONENT_ADDED',
  'COMPONENT_UPDATED',
  'COMPONENT_REMOVED',
  'COMPONENTS_REORDERED',
  'ASSESSMENT_RESET',
  'ASSESSMENT_MARK_PASSED',
  'CERTIFICATE_REVOKED',
  'REQUIREMENT_CREATED',
  'REQUIREMENT_UPDATED',
  'REQUIREMENT_RETIRED',
  'REQUIREMENT_EXEMPTION_GRANTED',
  'REQUIREMENT_EVENT_RECORDED',
  'REMINDER_SENT',
  'MAIL_RETRIED',
  'REQUIREMENT_BOOK_ASSIGNED',
  'REQUIREMENT_ENROLLED',
  'MATERIAL_ADDED',
  'MATERIAL_UPDATED',
  'MATERIAL_DELETED',
  'CAPTION_ADDED',
  'CAPTION_REMOVED',
  'BOOK_CREATED',
  'BOOK_UPDATED',
  'BOOK_DELETED',
  'ANNOUNCEMENT_CREATED',
  'ANNOUNCEMENT_UPDATED',
  'ANNOUNCEMENT_DELETED',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
