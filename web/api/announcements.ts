/** Announcement calls (both specs, section 7). */
import type { AnnouncementBody, AnnouncementDto, AnnouncementStats } from '@contract/announcements';
import { api } from './client';

export type { AnnouncementDto, AnnouncementStats } from '@contract/announcements';

export const announcementsApi = {
  active: (signal?: AbortSignal) => api.get<AnnouncementDto[]>('/announcements/active', { signal }),
  all: (signal?: AbortSignal) => api.get<AnnouncementDto[]>('/announcements/admin/all', { signal }),
  stats: (signal?: AbortSignal) => api.get<AnnouncementStats>('/announcements/admin/stats', { signal }),
  create: (body: AnnouncementBody) => api.post<{ message: string; announcement: AnnouncementDto }>('/announcements/admin/create', body),
  update: (id: string, body: AnnouncementBody) => api.put<{ message: string; announcement: AnnouncementDto }>(`/announcements/admin/${id}`, body),
  toggle: (id: string) => api.put<{ message: string; announcement: AnnouncementDto }>(`/announcements/admin/${id}/toggle`),
  remove: (id: string) => api.delete<{ message: string }>(`/announcements/admin/${id}`),
};
