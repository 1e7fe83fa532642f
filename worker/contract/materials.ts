import * as v from 'valibot';
import type { CaptionTrack } from './captions';
import type { ScormPackageInfo } from './scorm';
import {
  arrayOrPageQueryFields,
  optionalText,
  requiredString,
  searchText,
  type Pagination,
  requiredText,
} from './common';
import { MATERIAL_TYPES, type MaterialType } from './course';
import { REFUSALS } from './errors';

/* Materials (/api/v2/materials: library, uploads, files, captions): request schemas and response types. */

export const MATERIAL_MESSAGES = {
  uploadMissing: REFUSALS['content.uploadMissing'],
  materialTitle: REFUSALS['content.materialTitle'],
  invalidFileType: REFUSALS['content.invalidFileType'],
} as const;

/** `GET /api/v2/materials`: the plain array without `page`, `{materials, pagination}` with it. */
export const materialListQuery = v.object({
  ...arrayOrPageQueryFields(),
  /** Original clients search with `query`; both spellings filter. */
  query: searchText,
  type: v.optional(v.union([v.picklist(MATERIAL_TYPES), v.literal('')], 'Type must be PDF, VIDEO, PPT or SCORM'), ''),
});
export interface MaterialListPage {
  materials: Material[];
  pagination: Pagination;
}

export interface Material {
  id: string;
  title: string;
  description: string | null;
  type: MaterialType;
  fileName: string;
  fileSize: number;
  contentType: string;
  fileUrl: string;
  driveFileId: string | null;
  driveFileUrl: string;
  /** Caption tracks of a video (empty for other types), each URL signed like `fileUrl`. */
  captions: CaptionTrack[];
  /** A SCORM package's manifest facts (null for other types). */
  scorm: ScormPackageInfo | null;
  createdAt: string;
  updatedAt: string;
}

export const materialUpdateBody = v.object({
  title: requiredText(MATERIAL_MESSAGES.materialTitle, 200, 'Title must be at most 200 characters'),
  description: optionalText(5000),
});

export const uploadFieldsSchema = v.object({
  title: v.pipe(v.string(), v.trim(), v.maxLength(200, 'Title must be at most 200 characters')),
  description: optionalText(5000),
});

export const presignBody = v.object({
  fileName: requiredString(MATERIAL_MESSAGES.uploadMissing),
  contentType: v.optional(v.string(), ''),
  size: v.pipe(
    v.number('size is required'),
    v.integer('size must be a whole number'),
    v.minValue(1, 'The file is empty'),
  ),
});

export const completeUploadBody = v.object({
  key: requiredString('key is required'),
  fileName: v.optional(v.string()),
  title: v.optional(v.string(), ''),
  description: optionalText(5000),
});

export interface PresignResponse {
  uploadUrl: string;
  key: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresIn: number;
}

/** Extension to material type: pdf is PDF; mp4, webm, ogg are VIDEO; ppt, pptx are PPT; null for anything else. */
export function materialTypeFromFileName(fileName: string): MaterialType | null {
  const ext = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  if (ext === 'pdf') return 'PDF';
  if (ext === 'mp4' || ext === 'webm' || ext === 'ogg') return 'VIDEO';
  if (ext === 'ppt' || ext === 'pptx') return 'PPT';
  if (ext === 'zip') return 'SCORM';
  return null;
}

/** "Fire safety.v2.pdf" -> "Fire safety.v2". */
export function titleFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).trim();
}

/** Sizes as the materials table shows them: Bytes, KB, MB, GB, base 1024, 2 decimals. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  const exponent = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** exponent;
  return `${parseFloat(value.toFixed(2))} ${units[exponent]}`;
}
