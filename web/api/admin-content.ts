/**
 * Admin content calls (admin spec section 7): books, courses, components, materials.
 * Shapes come from worker/contract/admin-content.ts.
 */
import type { AdminComponent, AdminCourse, AdminCourseDetail, Domain, Material, Pagination } from '@contract/admin-content';
import type { ComponentType } from '@contract/course';
import { api, ApiClientError, TOKEN_KEY } from './client';

export type { AdminComponent, AdminCourse, AdminCourseDetail, Domain, Material };

// ------------------------------------------------------------ books

export const listDomains = (signal?: AbortSignal) => api.get<Domain[]>('/domains', { signal });
export const searchDomains = (query: string, signal?: AbortSignal) => api.get<Domain[]>('/domains/search', { query: { query }, signal });
export const createDomain = (body: { name: string; description: string }) => api.post<Domain>('/domains', body);
export const updateDomain = (id: string, body: { name: string; description: string }) => api.put<Domain>(`/domains/${id}`, body);
export const deleteDomain = (id: string) => api.delete<{ message: string }>(`/domains/${id}`);

// ------------------------------------------------------------ courses

export interface CoursePayload {
  title: string;
  description: string;
  domainId: string;
  icon: string;
  timeLimit: number | null;
  passingScore: number | null;
}

export const listCourses = (signal?: AbortSignal) =>
  api.get<{ courses: AdminCourse[]; pagination: Pagination }>('/v2/admin/courses', { query: { page: 1, limit: 1000 }, signal }).then((r) => r.courses);
export const getCourse = (id: string, signal?: AbortSignal) => api.get<AdminCourseDetail>(`/v2/admin/courses/${id}`, { signal });
export const createCourse = (body: CoursePayload) => api.post<AdminCourse>('/v2/admin/courses', body);
export const updateCourse = (id: string, body: CoursePayload) => api.put<AdminCourse>(`/v2/admin/courses/${id}`, body);
export const publishCourse = (id: string) => api.post<{ message: string; course: AdminCourse }>(`/v2/admin/courses/${id}/publish`);
export const takedownCourse = (id: string) => api.post<{ message: string; course: AdminCourse }>(`/v2/admin/courses/${id}/takedown`);
export const cloneCourse = (id: string) => api.post<AdminCourse>(`/v2/admin/courses/${id}/clone`);
export const deleteCourse = (id: string) => api.delete<{ message: string }>(`/v2/admin/courses/${id}`);

// ------------------------------------------------------------ components

export interface ComponentPayload {
  type: ComponentType;
  required?: boolean;
  data: Record<string, unknown>;
}

export const listComponents = (courseId: string, signal?: AbortSignal) =>
  api.get<{ components: AdminComponent[] }>(`/v2/admin/courses/${courseId}/components`, { signal }).then((r) => r.components);
export const createComponent = (courseId: string, body: ComponentPayload) => api.post<AdminComponent>(`/v2/admin/courses/${courseId}/components`, body);
export const updateComponent = (courseId: string, componentId: string, body: Partial<ComponentPayload>) =>
  api.put<AdminComponent>(`/v2/admin/courses/${courseId}/components/${componentId}`, body);
export const deleteComponent = (courseId: string, componentId: string) => api.delete<{ message: string }>(`/v2/admin/courses/${courseId}/components/${componentId}`);
/** 1-based orders, as the spec sends them. */
export const reorderComponents = (courseId: string, orderedIds: readonly string[]) =>
  api.put<{ message: string; components: AdminComponent[] }>(`/v2/admin/courses/${courseId}/components/reorder`, {
    componentOrders: orderedIds.map((componentId, index) => ({ componentId, newOrder: index + 1 })),
  });

// ------------------------------------------------------------ materials

export const listMaterials = (search?: string, signal?: AbortSignal) => api.get<Material[]>('/v2/materials', { query: { search }, signal });

export function updateMaterial(id: string, body: { title: string; description: string }) {
  const form = new FormData();
  form.append('title', body.title);
  form.append('description', body.description);
  return api.put<Material>(`/v2/materials/${id}`, form);
}

export const deleteMaterial = (id: string) => api.delete<{ message: string }>(`/v2/materials/${id}`);

export interface UploadInput {
  file: File;
  title: string;
  description: string;
  type: string;
}

/**
 * Multipart upload through XMLHttpRequest, because fetch reports no upload progress.
 * Fields go before the file so the server knows them before the (streamed) file arrives.
 */
export function uploadMaterial(input: UploadInput, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<Material> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('title', input.title);
    form.append('description', input.description);
    form.append('type', input.type);
    form.append('file', input.file, input.file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v2/materials/upload');
    let token: string | null = null;
    try {
      token = localStorage.getItem(TOKEN_KEY);
    } catch {
      token = null;
    }
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: { message?: string; code?: string; fields?: Record<string, string> } & Partial<Material> = {};
      try {
        body = JSON.parse(xhr.responseText || '{}');
      } catch {
        body = {};
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as Material);
      const message = typeof body.message === 'string' && body.message ? body.message : null;
      reject(new ApiClientError(xhr.status, message ?? `Request failed with status ${xhr.status}`, body.code ?? 'HTTP_ERROR', body.fields ?? {}, message !== null));
    };
    xhr.onerror = () => reject(new ApiClientError(0, 'Cannot connect to the server. Please check your internet connection and try again.', 'NETWORK_ERROR'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
