import {
  ANNOUNCEMENT_MESSAGES,
  announcementBody,
  PRIORITIES,
  type AnnouncementDto,
  type Priority,
} from '@contract/announcements';
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import * as v from 'valibot';
import { announcementWrites } from '../../../api/announcement-queries';
import { hasErrorCode } from '../../../api/client';
import { runWrite } from '../../../api/writes';
import { serverText, t } from '../../../i18n';
import { fieldErrors } from '../../../i18n/error-text';
import { PRIORITY_IDS } from '../../../i18n/labels';
import { Checkbox, Select, TextField, type SelectOption } from '../../../ui';
import { FormDialog } from '../../form-dialog';
import { textBinding } from '../shared/text-binding';

const priorityOptions = (): readonly SelectOption<Priority>[] =>
  PRIORITIES.map((p) => ({ value: p, label: t(PRIORITY_IDS[p]) }));

/** Which announcement the form dialog is open on: a new one, one to edit, or none (closed). */
export type AnnouncementFormState = { mode: 'create' } | { mode: 'edit'; item: AnnouncementDto } | null;

/** A datetime-local value ("2026-11-24T17:00") for an ISO timestamp, in the browser's time zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Create or edit an announcement: title, author, content, priority, expiry and whether it shows. */
export function AnnouncementForm({
  state,
  onClose,
  onSaved,
}: {
  state: AnnouncementFormState;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [values, setValues] = useState({
    title: '',
    authorName: '',
    content: '',
    priority: 'MEDIUM' as Priority,
    expiresAt: '',
    isActive: true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!state) return;
    const item = state.mode === 'edit' ? state.item : null;
    setValues({
      title: item?.title ?? '',
      authorName: item?.authorName ?? '',
      content: item?.content ?? '',
      priority: item?.priority ?? 'MEDIUM',
      expiresAt: toLocalInput(item?.expiresAt ?? null),
      isActive: item?.isActive ?? true,
    });
    setErrors({});
    setError(null);
    setBusy(false);
  }, [state]);

  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((c) => ({ ...c, [key]: value }));
    setErrors((c) => ({ ...c, [key]: '' }));
  };
  const text = textBinding(values, errors, set);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!state) return;
    // Empty expiry is sent as null; a local date-time becomes an ISO instant.
    const body = { ...values, expiresAt: values.expiresAt ? new Date(values.expiresAt).toISOString() : null };
    const parsed = v.safeParse(announcementBody, body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.issues) found[v.getDotPath(issue) ?? '_'] ??= issue.message;
      setErrors(fieldErrors(found) as Record<string, string>);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await runWrite(announcementWrites.save, { id: state.mode === 'create' ? null : state.item.id, body });
      onSaved(
        state.mode === 'create'
          ? serverText(ANNOUNCEMENT_MESSAGES.created, t('admin.announcements.createdDone'))
          : serverText(ANNOUNCEMENT_MESSAGES.updated, t('admin.announcements.updatedDone')),
      );
    } catch (e) {
      if (hasErrorCode(e, 'VALIDATION_FAILED')) setErrors(fieldErrors(e.fields) as Record<string, string>);
      setError(state.mode === 'create' ? t('admin.announcements.createFailed') : t('admin.announcements.updateFailed'));
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={state !== null}
      onClose={onClose}
      title={state?.mode === 'edit' ? t('admin.announcements.editTitle') : t('admin.announcements.createTitle')}
      formId="announcement-form"
      submitLabel={state?.mode === 'edit' ? t('admin.announcements.saveChanges') : t('admin.announcements.create')}
      busy={busy}
      error={error}
      onSubmit={submit}
    >
      <TextField label={t('admin.announcements.col.title')} required {...text('title')} />
      <TextField label={t('admin.announcements.authorName')} required {...text('authorName')} />
      <TextField multiline label={t('admin.announcements.content')} required rows={5} {...text('content')} />
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' })}>
        <Select
          label={t('admin.announcements.col.priority')}
          options={priorityOptions()}
          value={values.priority}
          onValueChange={(p) => set('priority', p)}
          error={errors.priority}
        />
        <TextField
          label={t('admin.announcements.expiresAt')}
          type="datetime-local"
          helperText={t('admin.announcements.expiresHelp')}
          {...text('expiresAt')}
        />
      </div>
      <Checkbox checked={values.isActive} onCheckedChange={(on) => set('isActive', on)}>
        {t('admin.announcements.active')}
      </Checkbox>
    </FormDialog>
  );
}
