import * as v from 'valibot';
import { arrayOrPageQueryFields, type Pagination, requiredText } from './common';
import { REFUSALS } from './errors';

export const PRIORITIES = ['URGENT', 'HIGH', 'MEDIUM', 'LOW'] as const;
export type Priority = (typeof PRIORITIES)[number];

/** Priority chip colours: LOW success, MEDIUM info, HIGH warning, URGENT error. */
export const PRIORITY_TONE: Record<Priority, 'success' | 'info' | 'warning' | 'error'> = {
  LOW: 'success',
  MEDIUM: 'info',
  HIGH: 'warning',
  URGENT: 'error',
};

export interface AnnouncementDto {
  id: string;
  title: string;
  content: string;
  authorName: string;
  priority: Priority;
  isActive: boolean;
  active: boolean;
  expiresAt: string | null;
  expired: boolean;
  createdAt: string;
}

export interface AnnouncementStats {
  totalActive: number;
  urgentCount: number;
  highCount: number;
  mediumCount: number;
  lowCount: number;
}

export const ANNOUNCEMENT_MESSAGES = {
  title: REFUSALS['content.title'],
  authorName: REFUSALS['announcement.authorName'],
  content: REFUSALS['announcement.content'],
  priority: REFUSALS['announcement.priority'],
  expiresAt: REFUSALS['announcement.expiresAt'],
  notFound: 'Announcement not found',
  created: 'Announcement created successfully',
  updated: 'Announcement updated successfully',
  deleted: 'Announcement deleted successfully',
  deleteConfirm: 'Are you sure you want to delete this announcement? This action cannot be undone.',
} as const;

/** Empty expiry is null; anything else must be a date the server can read. */
const expiresAt = v.pipe(
  v.optional(v.nullable(v.string(ANNOUNCEMENT_MESSAGES.expiresAt)), null),
  v.transform((value) => (value == null || value.trim() === '' ? null : value.trim())),
  v.check((value) => value === null || !Number.isNaN(Date.parse(value)), ANNOUNCEMENT_MESSAGES.expiresAt),
  v.transform((value) => (value === null ? null : new Date(value).toISOString())),
);

export const announcementBody = v.object({
  title: requiredText(ANNOUNCEMENT_MESSAGES.title, 200, 'Title must be at most 200 characters'),
  authorName: requiredText(ANNOUNCEMENT_MESSAGES.authorName, 100, 'Author name must be at most 100 characters'),
  content: requiredText(ANNOUNCEMENT_MESSAGES.content, 10_000, 'Content must be at most 10000 characters'),
  priority: v.optional(v.picklist(PRIORITIES, ANNOUNCEMENT_MESSAGES.priority), 'MEDIUM'),
  expiresAt,
  isActive: v.optional(v.boolean(), true),
});
export type AnnouncementBody = v.InferInput<typeof announcementBody>;

const DAY_MS = 24 * 60 * 60 * 1000;
export const EXPIRING_SOON_DAYS = 3;

/** 'Expiring Soon': expiry more than 0 and at most 3 days away. */
export function isExpiringSoon(expiresAtIso: string | null | undefined, now = Date.now()): boolean {
  if (!expiresAtIso) return false;
  const left = Date.parse(expiresAtIso) - now;
  return left > 0 && left <= EXPIRING_SOON_DAYS * DAY_MS;
}

export function isExpired(expiresAtIso: string | null | undefined, now = Date.now()): boolean {
  return !!expiresAtIso && Date.parse(expiresAtIso) <= now;
}

/** Search over title, content or author name, case-insensitive. */
export function matchesAnnouncement(
  a: Pick<AnnouncementDto, 'title' | 'content' | 'authorName'>,
  query: string,
): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [a.title, a.content, a.authorName].some((field) => field.toLowerCase().includes(q));
}

/** `GET /api/announcements/admin/all`: the plain array without `page`, `{announcements, pagination}` with it. */
export const announcementListQuery = v.object({
  ...arrayOrPageQueryFields(),
  priority: v.optional(
    v.union([v.picklist(PRIORITIES), v.literal('')], 'Priority must be LOW, MEDIUM, HIGH or URGENT'),
    '',
  ),
});
export interface AnnouncementListPage {
  announcements: AnnouncementDto[];
  pagination: Pagination;
}
