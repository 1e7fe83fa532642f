/**
 * Admin content calls: books, courses, components, materials. Shapes and request bodies come from
 * worker/contract/admin-content.ts; paged lists go through `getPage`.
 */
import type {
  AdminComponent,
  AdminCourse,
  AdminCourseDetail,
  ComponentBody,
  componentUpdateBody,
  CourseBody,
  reorderBody,
} from '@contract/admin-courses';
import type { Domain, DomainBody } from '@contract/domains';
import type { Material, materialUpdateBody, PresignResponse } from '@contract/materials';
import type { CaptionTrack } from '@contract/captions';
import type { CourseFamilyBody } from '@contract/delivery-language';
import type { InferInput } from 'valibot';
import { api, ApiClientError, codeOf, CSRF_HEADERS, hasErrorCode } from './client';
import { MAX_PAGE_SIZE } from '@contract/common';
import { getPage, type PageParams } from './paging';

export type { AdminComponent, AdminCourse, AdminCourseDetail, CaptionTrack, Domain, Material };

// ------------------------------------------------------------ books

/** Every book, unpaged (the Books filters and pickers): without `page` the list answers a plain array. */
/**
 * Book options for pickers and filters: one page of the largest size, by name. The client never
 * asks for an unbounded list; an organisation with more books finds the rest with the books page's search.
 */
export const listDomains = (signal?: AbortSignal) =>
  getPage<Domain>('/domains', 'domains', { page: 1, limit: MAX_PAGE_SIZE, search: '' }, signal).then((p) => p.items);
export const pageDomains = (params: PageParams, signal?: AbortSignal) =>
  getPage<Domain>('/domains', 'domains', { ...params }, signal);
export const createDomain = (body: DomainBody) => api.post<Domain>('/domains', body);
export const updateDomain = (id: string, body: DomainBody) => api.put<Domain>(`/domains/${id}`, body);
export const deleteDomain = (id: string) => api.delete<{ message: string }>(`/domains/${id}`);

// ------------------------------------------------------------ courses

export type CoursePayload = CourseBody;

export interface CourseFilters {
  status: '' | 'DRAFT' | 'PUBLISHED';
  domainId: string;
}

export const pageCourses = (params: PageParams & CourseFilters, signal?: AbortSignal) =>
  getPage<AdminCourse>('/v2/admin/courses', 'courses', { ...params }, signal);
export const getCourse = (id: string, signal?: AbortSignal) =>
  api.get<AdminCourseDetail>(`/v2/admin/courses/${id}`, { signal });
export const createCourse = (body: CoursePayload) => api.post<AdminCourse>('/v2/admin/courses', body);
export const updateCourse = (id: string, body: CoursePayload) => api.put<AdminCourse>(`/v2/admin/courses/${id}`, body);
export const publishCourse = (id: string) =>
  api.post<{ message: string; course: AdminCourse }>(`/v2/admin/courses/${id}/publish`);
export const takedownCourse = (id: string) =>
  api.post<{ message: string; course: AdminCourse }>(`/v2/admin/courses/${id}/takedown`);
export const cloneCourse = (id: string) => api.post<AdminCourse>(`/v2/admin/courses/${id}/clone`);
export const deleteCourse = (id: string) => api.delete<{ message: string }>(`/v2/admin/courses/${id}`);

// ------------------------------------------------------------ components

export type ComponentPayload = ComponentBody;
type ComponentUpdatePayload = InferInput<typeof componentUpdateBody>;
type ReorderPayload = InferInput<typeof reorderBody>;
type MaterialUpdatePayload = InferInput<typeof materialUpdateBody>;

export const createComponent = (courseId: string, body: ComponentPayload) =>
  api.post<AdminComponent>(`/v2/admin/courses/${courseId}/components`, body);
export const updateComponent = (courseId: string, componentId: string, body: ComponentUpdatePayload) =>
  api.put<AdminComponent>(`/v2/admin/courses/${courseId}/components/${componentId}`, body);
export const deleteComponent = (courseId: string, componentId: string) =>
  api.delete<{ message: string }>(`/v2/admin/courses/${courseId}/components/${componentId}`);
/** Orders count from 1: the first component has order 1. */
export const reorderComponents = (courseId: string, orderedIds: readonly string[]) =>
  api.put<{ message: string; components: AdminComponent[] }>(`/v2/admin/courses/${courseId}/components/reorder`, {
    componentOrders: orderedIds.map((componentId, index) => ({ componentId, newOrder: index + 1 })),
  } satisfies ReorderPayload);

// ------------------------------------------------------------ materials

/** Materials matching `search`, unpaged (the component editor's picker): without `page` the list answers a plain array. */
/** Material options for the component picker: the newest page of the largest size matching `search`. */
export const listMaterials = (search?: string, signal?: AbortSignal) =>
  getPage<Material>('/v2/materials', 'materials', { page: 1, limit: MAX_PAGE_SIZE, search: search ?? '' }, signal).then(
    (p) => p.items,
  );
export const pageMaterials = (params: PageParams, signal?: AbortSignal) =>
  getPage<Material>('/v2/materials', 'materials', { ...params }, signal);

export function updateMaterial(id: string, body: MaterialUpdatePayload) {
  const form = new FormData();
  form.append('title', body.title ?? '');
  form.append('description', body.description ?? '');
  return api.put<Material>(`/v2/materials/${id}`, form);
}

export const deleteMaterial = (id: string) => api.delete<{ message: string }>(`/v2/materials/${id}`);

export interface UploadInput {
  file: File;
  title: string;
  description: string;
  type: string;
}

/** One request through XMLHttpRequest, because fetch reports no upload progress. */
function xhrSend(
  method: 'POST' | 'PUT',
  url: string,
  body: XMLHttpRequestBodyInit,
  headers: Record<string, string>,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve(xhr.responseText);
      let parsed: { message?: unknown; code?: unknown; fields?: Record<string, string> } = {};
      try {
        parsed = JSON.parse(xhr.responseText || '{}');
      } catch {
        parsed = {};
      }
      const message = typeof parsed.message === 'string' && parsed.message ? parsed.message : null;
      reject(
        new ApiClientError(
          xhr.status,
          message ?? `Request failed with status ${xhr.status}`,
          codeOf(parsed.code),
          parsed.fields ?? {},
          message !== null,
        ),
      );
    };
    xhr.onerror = () =>
      reject(
        new ApiClientError(
          0,
          'Cannot connect to the server. Please check your internet connection and try again.',
          'NETWORK_ERROR',
        ),
      );
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/**
 * Uploads a material with progress. With the S3 storage backend the file goes straight from the
 * browser to the bucket (presign, PUT, complete); with R2 the presign call answers BAD_REQUEST and
 * the file is streamed through the Worker as multipart form data (fields first, then the file).
 */
export async function uploadMaterial(
  input: UploadInput,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Material> {
  let presigned: PresignResponse | null = null;
  try {
    presigned = await api.post<PresignResponse>(
      '/v2/materials/presign',
      { fileName: input.file.name, contentType: input.file.type, size: input.file.size },
      { signal },
    );
  } catch (error) {
    if (!hasErrorCode(error, 'BAD_REQUEST')) throw error;
  }
  if (presigned) {
    await xhrSend('PUT', presigned.uploadUrl, input.file, presigned.headers, onProgress, signal);
    return api.post<Material>(
      '/v2/materials/complete',
      { key: presigned.key, fileName: input.file.name, title: input.title, description: input.description },
      { signal },
    );
  }
  const form = new FormData();
  form.append('title', input.title);
  form.append('description', input.description);
  form.append('type', input.type);
  form.append('file', input.file, input.file.name);
  const text = await xhrSend(
    'POST',
    '/api/v2/materials/upload',
    form,
    { ...CSRF_HEADERS, Accept: 'application/json' },
    onProgress,
    signal,
  );
  return JSON.parse(text) as Material;
}

// ------------------------------------------------------------ caption tracks of a video

export const listCaptions = (materialId: string, signal?: AbortSignal) =>
  api.get<CaptionTrack[]>(`/v2/materials/${encodeURIComponent(materialId)}/captions`, { signal });
export const deleteCaption = (materialId: string, captionId: string) =>
  api.delete<{ message: string; id: string }>(
    `/v2/materials/${encodeURIComponent(materialId)}/captions/${encodeURIComponent(captionId)}`,
  );

/** Adds a WebVTT caption track (fields first, then the file), with upload progress. */
export async function uploadCaption(
  materialId: string,
  input: { file: File; language: string; label: string },
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<CaptionTrack> {
  const form = new FormData();
  form.append('language', input.language);
  form.append('label', input.label);
  form.append('file', input.file, input.file.name);
  const text = await xhrSend(
    'POST',
    `/api/v2/materials/${encodeURIComponent(materialId)}/captions`,
    form,
    { ...CSRF_HEADERS, Accept: 'application/json' },
    onProgress,
    signal,
  );
  return JSON.parse(text) as CaptionTrack;
}

// ---- course families (delivery language) ----
export type CourseFamilyPayload = CourseFamilyBody;
/** The course's delivery language and family: `familyWith` a course id links, null unlinks, absent keeps. */
export const setCourseFamily = (id: string, body: CourseFamilyPayload) =>
  api.put<AdminCourseDetail>(`/v2/admin/courses/${id}/family`, body);
