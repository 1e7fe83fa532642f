/** What an audit entry is about: one upper-case name per kind of record. */
export const AUDIT_ENTITY_TYPES = ['USER', 'COURSE', 'COMPONENT', 'MATERIAL', 'CERTIFICATE', 'ATTEMPT', 'REQUIREMENT'] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
