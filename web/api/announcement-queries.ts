/** Announcement writes, with what they change: the admin's table and stat cards, and the learners' active list. */
import type { AnnouncementBody } from '@contract/announcements';
import { announcementsApi } from './announcements';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

const announcementReads = [queryKeys.admin.announcements.all, queryKeys.learner.announcements];

export const announcementWrites = {
  /** Creates one (no `id`) or updates it. */
  save: defineWrite({
    run: ({ id, body }: { id: string | null; body: AnnouncementBody }) =>
      id === null ? announcementsApi.create(body) : announcementsApi.update(id, body),
    invalidates: () => announcementReads,
  }),
  toggle: defineWrite({ run: (id: string) => announcementsApi.toggle(id), invalidates: () => announcementReads }),
  remove: defineWrite({ run: (id: string) => announcementsApi.remove(id), invalidates: () => announcementReads }),
};
