import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { COURSE_MESSAGES as MESSAGES, type AdminComponent } from '@contract/admin-courses';
import { SCORM_DEFAULT_MINIMUM_SECONDS, SCORM_MAX_MINIMUM_SECONDS, scormMinimumSeconds } from '@contract/rules/scorm';
import type { Material } from '@contract/materials';
import { isAssessmentType, type ComponentType } from '@contract/course';
import { listMaterials } from '../../api/admin-content';
import { courseWrites } from '../../api/course-queries';
import { runWrite } from '../../api/writes';
import { hasErrorCode } from '../../api/client';
import { t, type MessageId } from '../../i18n';
import { isolate, materialTypeLabel } from './content-text';
import { queryKeys } from '../../api/query-keys';
import { Alert, Button, Checkbox, Dialog, LoadingBlock, Select, TextField } from '../../ui';
import { AssessmentEditor } from './assessment-editor';
import { ClassroomFields, classroomData, classroomErrors, type ClassroomDraft } from './classroom-fields';
import { draftErrors, draftFromData, draftToData, newAssessment, type AssessmentDraft } from './assessment-draft';
import { formatFileSize } from '../../format';
import { errorText, declaredText, fieldErrors } from '../../i18n/error-text';

const COMPONENT_LABEL_IDS: Record<ComponentType, MessageId> = {
  PRE_ASSESSMENT: 'admin.component.type.PRE_ASSESSMENT',
  MATERIAL: 'admin.component.type.MATERIAL',
  CLASSROOM: 'admin.component.type.CLASSROOM',
  POST_ASSESSMENT: 'admin.component.type.POST_ASSESSMENT',
};

/** A component type's name in the interface language ("Pre-Assessment", "Material", "Post-Assessment"). */
export const componentLabel = (type: ComponentType): string => t(COMPONENT_LABEL_IDS[type]);

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
    editing
      ? editing.type === 'MATERIAL' || editing.type === 'CLASSROOM'
        ? newAssessment()
        : draftFromData(editing.data)
      : newAssessment(
          target && target.mode === 'add' && isAssessmentType(target.type) ? componentLabel(target.type) : '',
        ),
  );
  const [required, setRequired] = useState(editing ? editing.required : true);
  const [materialId, setMaterialId] = useState(editing ? String(editing.data.materialId ?? '') : '');
  const [materialTitle, setMaterialTitle] = useState(editing ? String(editing.data.title ?? '') : '');
  const [classroom, setClassroom] = useState<ClassroomDraft>(() => ({
    title: editing ? String(editing.data.title ?? '') : '',
    description: editing ? String(editing.data.description ?? '') : '',
  }));
  // SCORM only: the minimum time before a pass counts (blank keeps the default).
  const [scormMinimum, setScormMinimum] = useState(
    editing && typeof editing.data.scormMinimumSeconds === 'number' ? String(editing.data.scormMinimumSeconds) : '',
  );
  // The picker offers the newest 100 materials (one page; the client asks for no unbounded list).
  const materialsQuery = useQuery({
    queryKey: queryKeys.admin.materials.options,
    queryFn: ({ signal }) => listMaterials(undefined, signal),
    enabled: target !== null && type === 'MATERIAL',
  });
  const materials: Material[] | null = materialsQuery.data ?? (materialsQuery.isError ? [] : null);
  const materialsError = materialsQuery.isError ? t('admin.component.materialsFailed') : null;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [showErrors, setShowErrors] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Once the admin has tried to save, messages follow the edits live.
  useEffect(() => {
    if (showErrors && isAssessmentType(type)) setErrors(fieldErrors(draftErrors(draft)) as Record<string, string>);
    if (showErrors && type === 'CLASSROOM') setErrors(classroomErrors(classroom));
  }, [draft, classroom, showErrors, type]);

  const selectedType = materials?.find((m) => m.id === materialId)?.type ?? null;
  const save = async () => {
    if (!target) return;
    let data: Record<string, unknown>;
    if (type === 'MATERIAL') {
      if (!materialId) {
        setErrors({ materialId: declaredText(MESSAGES.material) });
        setShowErrors(true);
        return;
      }
      const minimum = scormMinimum.trim();
      if (minimum && !/^\d{1,4}$/.test(minimum)) {
        setErrors({ scormMinimumSeconds: t('admin.component.scormMinimumRange') });
        setShowErrors(true);
        return;
      }
      data = {
        materialId,
        ...(materialTitle.trim() ? { title: materialTitle.trim() } : {}),
        ...(minimum && selectedType === 'SCORM' ? { scormMinimumSeconds: Number(minimum) } : {}),
      };
    } else if (type === 'CLASSROOM') {
      const found = classroomErrors(classroom);
      setErrors(found);
      setShowErrors(true);
      if (Object.keys(found).length > 0) return;
      data = classroomData(classroom);
    } else {
      const found = fieldErrors(draftErrors(draft)) as Record<string, string>;
      setErrors(found);
      setShowErrors(true);
      if (Object.keys(found).length > 0) {
        setError(t('admin.component.fixFields'));
        return;
      }
      data = draftToData(draft);
    }
    setBusy(true);
    setError(null);
    try {
      const saved = await runWrite(courseWrites.saveComponent, {
        courseId,
        componentId: target.mode === 'add' ? null : target.component.id,
        body: { type, required, data },
      });
      onSaved(saved);
    } catch (e) {
      console.error('Component save failed', e);
      if (hasErrorCode(e, 'VALIDATION_FAILED') && Object.keys(e.fields).length > 0)
        setErrors(fieldErrors(e.fields) as Record<string, string>);
      setError(errorText(e, t('admin.component.saveFailed')));
      setBusy(false);
    }
  };

  const selected = materials?.find((m) => m.id === materialId);
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      title={
        target?.mode === 'edit'
          ? t('admin.component.editTitle', { type: componentLabel(type) })
          : t('admin.component.addTitle', { type: componentLabel(type) })
      }
      size={isAssessmentType(type) ? 'xl' : 'md'}
      footer={
        <>
          <Button variant="outline" palette="neutral" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={busy}>
            {target?.mode === 'edit' ? t('admin.component.save') : t('admin.component.add')}
          </Button>
        </>
      }
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {error ? <Alert status="error">{error}</Alert> : null}
        {type === 'MATERIAL' ? (
          materials === null ? (
            <LoadingBlock label={t('admin.component.loadingMaterials')} />
          ) : (
            <>
              {materialsError ? <Alert status="error">{materialsError}</Alert> : null}
              {materials.length === 0 && !materialsError ? (
                <Alert status="info">{t('admin.component.noMaterials')}</Alert>
              ) : null}
              <Select
                label={t('admin.component.material')}
                required
                placeholder={t('admin.component.selectMaterial')}
                options={materials.map((m) => ({
                  label: t('admin.component.materialOption', {
                    title: isolate(m.title),
                    type: materialTypeLabel(m.type),
                  }),
                  value: m.id,
                }))}
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
              <TextField
                label={t('admin.component.titleShown')}
                placeholder={selected?.title ?? t('admin.component.titleDefault')}
                value={materialTitle}
                onChange={(e) => setMaterialTitle(e.target.value)}
              />
              {selected?.type === 'SCORM' ? (
                <TextField
                  label={t('admin.component.scormMinimum')}
                  inputMode="numeric"
                  min={0}
                  max={SCORM_MAX_MINIMUM_SECONDS}
                  placeholder={String(SCORM_DEFAULT_MINIMUM_SECONDS)}
                  value={scormMinimum}
                  error={errors.scormMinimumSeconds}
                  disabled={Boolean(selected.scorm?.typicalLearningSeconds)}
                  helperText={
                    selected.scorm?.typicalLearningSeconds
                      ? t('admin.component.scormMinimumFromManifest', {
                          seconds: scormMinimumSeconds(selected.scorm.typicalLearningSeconds, null),
                        })
                      : t('admin.component.scormMinimumHelp', { seconds: SCORM_DEFAULT_MINIMUM_SECONDS })
                  }
                  onChange={(e) => setScormMinimum(e.target.value)}
                />
              ) : null}
            </>
          )
        ) : type === 'CLASSROOM' ? (
          <ClassroomFields draft={classroom} onChange={setClassroom} errors={errors} disabled={busy} />
        ) : (
          <AssessmentEditor draft={draft} onChange={setDraft} errors={showErrors ? errors : {}} disabled={busy} />
        )}
        <Checkbox checked={required} onCheckedChange={setRequired}>
          {t('admin.component.required')}
        </Checkbox>
      </div>
    </Dialog>
  );
}
