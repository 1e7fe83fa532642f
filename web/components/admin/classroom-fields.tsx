import { css } from 'styled-system/css';
import { t } from '../../i18n';
import { Alert, TextField } from '../../ui';

/** The editor's fields of a classroom session component: what learners read before the session. */
export interface ClassroomDraft {
  title: string;
  description: string;
}

/** The same rule as the Worker's classroomDataSchema (a title, at most 200 characters), in the admin's language. */
export function classroomErrors(draft: ClassroomDraft): Record<string, string> {
  const title = draft.title.trim();
  return title === '' || title.length > 200 ? { title: t('admin.component.v.classroomTitle') } : {};
}

export const classroomData = (draft: ClassroomDraft) => ({
  title: draft.title.trim(),
  ...(draft.description.trim() ? { description: draft.description.trim() } : {}),
});

export function ClassroomFields({
  draft,
  onChange,
  errors,
  disabled,
}: {
  draft: ClassroomDraft;
  onChange: (draft: ClassroomDraft) => void;
  errors: Record<string, string>;
  disabled: boolean;
}) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <Alert status="info">{t('admin.component.classroomHelp')}</Alert>
      <TextField
        label={t('admin.component.titleShown')}
        required
        maxLength={200}
        value={draft.title}
        error={errors.title}
        disabled={disabled}
        onChange={(e) => onChange({ ...draft, title: e.target.value })}
      />
      <TextField
        multiline
        label={t('admin.component.classroomDescription')}
        maxLength={5000}
        value={draft.description}
        disabled={disabled}
        onChange={(e) => onChange({ ...draft, description: e.target.value })}
      />
    </div>
  );
}
