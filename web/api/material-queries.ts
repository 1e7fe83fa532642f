/**
 * Writes to the material library (admin Materials), each with what it changes: the materials table,
 * the pickers' option list and a video's caption tracks all read under queryKeys.admin.materials.all.
 */
import {
  deleteCaption,
  deleteMaterial,
  updateMaterial,
  uploadCaption,
  uploadMaterial,
  type UploadInput,
} from './admin-content';
import { queryKeys } from './query-keys';
import { defineWrite } from './writes';

const materialReads = [queryKeys.admin.materials.all];

/** An upload reports its progress and can be cancelled. */
interface Transfer {
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

export const materialWrites = {
  upload: defineWrite({
    run: ({ input, onProgress, signal }: Transfer & { input: UploadInput }) =>
      uploadMaterial(input, onProgress, signal),
    invalidates: () => materialReads,
  }),
  update: defineWrite({
    run: ({ id, body }: { id: string; body: Parameters<typeof updateMaterial>[1] }) => updateMaterial(id, body),
    invalidates: () => materialReads,
  }),
  remove: defineWrite({ run: (id: string) => deleteMaterial(id), invalidates: () => materialReads }),
  /** A caption track of a video (its list is under the materials prefix, with the table's count). */
  addCaption: defineWrite({
    run: ({
      materialId,
      input,
      onProgress,
      signal,
    }: Transfer & { materialId: string; input: { file: File; language: string; label: string } }) =>
      uploadCaption(materialId, input, onProgress, signal),
    invalidates: () => materialReads,
  }),
  removeCaption: defineWrite({
    run: ({ materialId, captionId }: { materialId: string; captionId: string }) => deleteCaption(materialId, captionId),
    invalidates: () => materialReads,
  }),
};
