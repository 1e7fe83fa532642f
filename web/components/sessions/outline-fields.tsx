import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { css } from 'styled-system/css';
import { getCourse, listMaterials, pageCourses } from '../../api/admin-content';
import { queryKeys } from '../../api/query-keys';
import { t } from '../../i18n';
import { Select, TextField } from '../../ui';

/** What a session teaches: a course's classroom component or a stand-alone topic, and an outline (text, a material, or both). */
export interface OutlineDraft {
  courseId: string;
  componentId: string;
  text: string;
  materialId: string;
}

const NONE = 'none';

export function OutlineFields({
  draft,
  onChange,
  errors,
}: {
  draft: OutlineDraft;
  onChange: (draft: OutlineDraft) => void;
  errors: { outline?: string; componentId?: string };
}) {
  const courses = useQuery({
    queryKey: [...queryKeys.admin.courses.all, 'session-form'] as const,
    queryFn: ({ signal }) => pageCourses({ page: 1, limit: 100, search: '', status: '', domainId: '' }, signal),
  });
  const course = useQuery({
    queryKey: queryKeys.admin.courses.detail(draft.courseId),
    queryFn: ({ signal }) => getCourse(draft.courseId, signal),
    enabled: Boolean(draft.courseId),
  });
  const materials = useQuery({
    queryKey: [...queryKeys.admin.materials.options, 'session-form'] as const,
    queryFn: ({ signal }) => listMaterials('', signal),
  });
  const classroomComponents = (course.data?.components ?? []).filter((c) => c.type === 'CLASSROOM');
  // A course with one classroom step needs no choice.
  const only = classroomComponents.length === 1 ? classroomComponents[0].id : '';
  useEffect(() => {
    if (only && !draft.componentId) onChange({ ...draft, componentId: only });
  }, [only, draft, onChange]);
  return (
    <>
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4' })}>
        <Select
          label={t('sessions.form.course')}
          helperText={t('sessions.form.courseHint')}
          options={[
            { value: NONE, label: t('sessions.form.standAlone') },
            ...(courses.data?.items ?? []).map((c) => ({ value: c.id, label: c.title })),
          ]}
          value={draft.courseId || NONE}
          onValueChange={(value) =>
            onChange({ ...draft, courseId: value === NONE ? '' : (value ?? ''), componentId: '' })
          }
        />
        {draft.courseId ? (
          <Select
            label={t('sessions.form.component')}
            required
            placeholder={
              course.isSuccess && classroomComponents.length === 0 ? t('sessions.form.noClassroom') : undefined
            }
            options={classroomComponents.map((c) => ({
              value: c.id,
              label: String((c.data as { title?: string }).title ?? t('sessions.form.componentN', { n: c.order })),
            }))}
            value={draft.componentId}
            error={errors.componentId}
            onValueChange={(value) => onChange({ ...draft, componentId: value ?? '' })}
          />
        ) : null}
      </div>
      <TextField
        multiline
        label={t('sessions.form.outline')}
        helperText={t('sessions.form.outlineHint')}
        maxLength={5000}
        value={draft.text}
        error={errors.outline}
        onChange={(e) => onChange({ ...draft, text: e.target.value })}
      />
      <Select
        label={t('sessions.form.material')}
        options={[
          { value: NONE, label: t('sessions.form.noMaterial') },
          ...(materials.data ?? []).map((m) => ({ value: m.id, label: m.title })),
        ]}
        value={draft.materialId || NONE}
        onValueChange={(value) => onChange({ ...draft, materialId: value === NONE ? '' : (value ?? '') })}
      />
    </>
  );
}
