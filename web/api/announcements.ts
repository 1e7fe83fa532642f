/** Announcement calls: the learners' active list and the admin's management. */
import type { AnnouncementBody, AnnouncementDto, AnnouncementStats } from '@contract/announcements';
import { api } from './client';
import { getPage, type PageParams } from './paging';

export type { AnnouncementDto, AnnouncementStats } from '@contract/announcements';

export const announcementsApi = {
  active: (signal?: AbortSignal) => api.get<AnnouncementDto[]>('/announcements/active', { signal }),
  page: (params: PageParams, signal?: AbortSignal) =>
    getPage<AnnouncementDto>('/announcements/admin/all', 'announcements', { ...params }, signal),
  stats: (signal?: AbortSignal) => api.get<AnnouncementStats>('/announcements/admin/stats', { signal }),
  create: (body: AnnouncementBody) =>
    api.post<{ message: string; announcement: AnnouncementDto }>('/announcements/admin/create', body),
  update: (id: string, body: AnnouncementBody) =>
    api.put<{ message: string; announcement: AnnouncementDto }>(`/announcements/admin/${id}`, body),
  toggle: (id: string) =>
    api.put<{ message: string; announcement: AnnouncementDto }>(`/announcements/admin/${id}/toggle`),
  remove: (id: string) => api.delete<{ message: string }>(`/announcements/admin/${id}`),
};
