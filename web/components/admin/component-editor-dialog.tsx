import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { MATERIAL_TYPE_LABELS, MESSAGES, type AdminComponent, type Material } from '@contract/admin-content';
import type { ComponentType } from '@contract/course';
import { createComponent, listMaterials, updateComponent } from '../../api/admin-content';
import { errorMessage, hasErrorCode } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { Alert, Button, Checkbox, Dialog, LoadingBlock, Select, TextField } from '../../ui';
import { AssessmentEditor } from './assessment-editor';
import { draftErrors, draftFromData, draftToData, newAssessment, type AssessmentDraft } from './assessment-draft';
import { formatFileSize } from '../../format';

export const COMPONENT_LABELS: Record<ComponentType, string> = { PRE_ASSESSMENT: 'Pre-Assessment', MATERIAL: 'Material', POST_ASSESSMENT: 'Post-Assessment' };

export type ComponentEditorTarget = { mode: 'add'; type: ComponentType } | { mode: 'edit'; component: AdminComponent };

export interface ComponentEditorDialogProps {
  courseId: string;
  target: ComponentEditorTarget | null;
  onClose: () => void;
  onSaved: (component: AdminComponent) => void;
}

/** Add or edit one component: the assessment editor, or the material picker. */
export function ComponentEditorDialog({ courseId, target, onClose, onSaved }: ComponentEditorDialogProps) {
  const type = target ? (target.mode === 'add' ? target.type : target.component.type) : 'PRE_ASSESSMENT';
  // The form starts from the target at mount: the list gives every opening its own key, so a new
  // opening never shows (or accepts typing into) the previous opening's draft before a reset.
  const editing = target?.mode === 'edit' ? target.component : null;
  const [draft, setDraft] = useState<AssessmentDraft>(() =>
    editing ? (editing.type === 'MATERIAL' ? newAssessment() : draftFromData(editing.data)) : newAssessment(target && target.mode === 'add' && target.type !== 'MATERIAL' ? COMPONENT_LABELS[target.type] : ''),
  );
  const [required, setRequired] = useState(editing ? editing.required : true);
  const [materialId, setMaterialId] = useState(editing ? String(editing.data.materialId ?? '') : '');
  const [materialTitle, setMaterialTitle] = useState(editing ? String(editing.data.title ?? '') : '');
  // The picker offers the newest 100 materials (one page; the client asks for no unbounded list).
  const materialsQuery = useQuery({ queryKey: queryKeys.admin.materials.options, queryFn: ({ signal }) => listMaterials(undefined, signal), enabled: target !== null && type === 'MATERIAL' });
  const materials: Material[] | null = materialsQuery.data ?? (materialsQuery.isError ? [] : null);
  const materialsError = materialsQuery.isError ? 'Failed to load materials' : null;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [showErrors, setShowErrors] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Once the admin has tried to save, messages follow the edits live.
  useEffect(() => {
    if (showErrors && type !== 'MATERIAL') setErrors(draftErrors(draft));
  }, [draft, showErrors, type]);

  const save = async () => {
    if (!target) return;
    let data: Record<string, unknown>;
    if (type === 'MATERIAL') {
      if (!materialId) {
        setErrors({ materialId: MESSAGES.material });
        setShowErrors(true);
        return;
      }
      data = { materialId, ...(materialTitle.trim() ? { title: materialTitle.trim() } : {}) };
    } else {
      const found = draftErrors(draft);
      setErrors(found);
      setShowErrors(true);
      if (Object.keys(found).length > 0) {
        setError('Please fix the highlighted fields.');
        return;
      }
      data = draftToData(draft);
    }
    setBusy(true);
    setError(null);
    try {
      const saved = target.mode === 'add' ? await createComponent(courseId, { type, required, data }) : await updateComponent(courseId, target.component.id, { required, data });
      onSaved(saved);
    } catch (e) {
      console.error('Component save failed', e);
      if (hasErrorCode(e, 'VALIDATION_FAILED') && Object.keys(e.fields).length > 0) setErrors({ ...e.fields });
      setError(errorMessage(e, 'Failed to save the component. Please try again.'));
      setBusy(false);
    }
  };

  const selected = materials?.find((m) => m.id === materialId);
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      title={`${target?.mode === 'edit' ? 'Edit' : 'Add'} ${COMPONENT_LABELS[type]}`}
      size={type === 'MATERIAL' ? 'md' : 'xl'}
      footer={
        <>
          <Button variant="outline" palette="neutral" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={busy}>
            {target?.mode === 'edit' ? 'Save Component' : 'Add Component'}
          </Button>
        </>
      }
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {error ? <Alert status="error">{error}</Alert> : null}
        {type === 'MATERIAL' ? (
          materials === null ? (
            <LoadingBlock label="Loading materials..." />
          ) : (
            <>
              {materialsError ? <Alert status="error">{materialsError}</Alert> : null}
              {materials.length === 0 && !materialsError ? <Alert status="info">No materials yet. Upload one on the Materials page first.</Alert> : null}
              <Select
                label="Material"
                required
                placeholder="Select a material"
                options={materials.map((m) => ({ label: `${m.title} (${MATERIAL_TYPE_LABELS[m.type]})`, value: m.id }))}
                value={materialId}
                error={errors.materialId}
                onValueChange={(value) => {
                  setMaterialId(value);
                  setErrors({});
                }}
              />
              {selected ? (
                <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                  {selected.fileName} · {formatFileSize(selected.fileSize)}
                </p>
              ) : null}
              <TextField label="Title shown to learners" placeholder={selected?.title ?? 'Defaults to the material title'} value={materialTitle} onChange={(e) => setMaterialTitle(e.target.value)} />
            </>
          )
        ) : (
          <AssessmentEditor draft={draft} onChange={setDraft} errors={showErrors ? errors : {}} disabled={busy} />
        )}
        <Checkbox checked={required} onCheckedChange={setRequired}>
          Required to complete the course
        </Checkbox>
      </div>
    </Dialog>
  );
}
