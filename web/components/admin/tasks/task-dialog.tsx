import { taskBody, type TaskDto } from '@contract/tasks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import * as v from 'valibot';
import { hasErrorCode } from '../../../api/client';
import { siteQueries } from '../../../api/site-queries';
import { taskWrites, type TaskInput } from '../../../api/task-queries';
import { useWrite } from '../../../api/writes';
import { focusFirstInvalid, Select, TextField } from '../../../ui';
import { FormDialog } from '../../form-dialog';
import { siteOptions } from '../site-options';
import { choiceOf, emptyEvidence, piecesOf, TaskEvidencePicker, type TaskEvidenceChoice } from './task-evidence-picker';
import { t } from '../../../i18n';
import { errorText, fieldErrors, issueErrors } from '../../../i18n/error-text';

type TaskField = 'name' | 'description' | 'siteId' | 'evidence';
type TaskErrors = Partial<Record<TaskField, string>>;

interface TaskForm {
  name: string;
  description: string;
  /** '' for any site. */
  siteId: string;
  evidence: TaskEvidenceChoice;
}

/** A Select cannot hold an empty value: this one stands for "any site". */
const ANY_SITE = '*';
const FIELDS: readonly TaskField[] = ['name', 'description', 'siteId', 'evidence'];

const emptyForm = (): TaskForm => ({ name: '', description: '', siteId: '', evidence: emptyEvidence() });
const formOf = (task: TaskDto): TaskForm => ({
  name: task.name,
  description: task.description,
  siteId: task.siteId ?? '',
  evidence: choiceOf(task.evidence),
});
const payloadOf = (form: TaskForm): TaskInput => ({
  name: form.name,
  description: form.description,
  siteId: form.siteId || null,
  evidence: piecesOf(form.evidence),
});

/** The contract's issues on their fields; any about a piece (`evidence.2.everyDays`) goes under the evidence. */
const issuesToErrors = (issues: readonly v.BaseIssue<unknown>[]): TaskErrors => {
  const errors: Record<string, string | undefined> = issueErrors(issues);
  const evidence = Object.entries(errors).find(([key]) => key.startsWith('evidence'))?.[1];
  return { ...errors, evidence } as TaskErrors;
};

/**
 * Add task / Edit task: a name, an optional description and site, and the evidence it needs (all
 * together). Checked with the contract's schema before sending (a task with no evidence is refused
 * here with the server's own words); the server's messages land on their fields.
 */
export function TaskDialog({
  open,
  task,
  onClose,
  onSaved,
}: {
  open: boolean;
  task: TaskDto | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [form, setForm] = useState<TaskForm>(emptyForm);
  const [errors, setErrors] = useState<TaskErrors>({});
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const sites = useQuery({ ...siteQueries.list(), enabled: open });
  const save = useWrite(taskWrites.save, {
    onSuccess: () => onSaved(task ? t('admin.tasks.updated') : t('admin.tasks.created')),
    onError: (e) => {
      // A refusal about a field is shown on that field; anything else (a taken name) above the form.
      const onField =
        hasErrorCode(e, 'VALIDATION_FAILED') && Object.keys(e.fields).some((key) => FIELDS.includes(key as TaskField));
      if (onField) {
        setErrors(fieldErrors(e.fields));
        focusFirstInvalid(formRef.current);
      }
      setError(onField ? null : errorText(e, task ? t('admin.tasks.updateFailed') : t('admin.tasks.createFailed')));
    },
  });
  const { reset } = save;

  useEffect(() => {
    if (!open) return;
    setForm(task ? formOf(task) : emptyForm());
    setErrors({});
    setError(null);
    reset();
  }, [open, task, reset]);

  const set = (key: Exclude<TaskField, 'evidence'>, value: string) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const setEvidence = (evidence: TaskEvidenceChoice) => {
    setForm((current) => ({ ...current, evidence }));
    setErrors((current) => ({ ...current, evidence: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = payloadOf(form);
    const parsed = v.safeParse(taskBody, body);
    setError(null);
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.issues));
      focusFirstInvalid(formRef.current);
      return;
    }
    save.mutate({ id: task ? task.id : null, body });
  };

  const siteChoices = siteOptions(sites.data?.sites, form.siteId, { value: ANY_SITE, label: t('admin.tasks.anySite') });
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={task ? t('admin.tasks.editTitle') : t('admin.tasks.addTitle')}
      description={t('admin.tasks.dialogText')}
      size="lg"
      formId="task-form"
      submitLabel={task ? t('admin.tasks.save') : t('admin.tasks.addButton')}
      busy={save.isPending}
      error={error}
      onSubmit={submit}
    >
      <div ref={formRef} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' })}>
          <TextField
            label={t('admin.tasks.col.name')}
            required
            value={form.name}
            placeholder={t('admin.tasks.namePlaceholder')}
            error={errors.name}
            onChange={(e) => set('name', e.target.value)}
          />
          <Select
            label={t('admin.tasks.col.site')}
            options={siteChoices}
            value={form.siteId || ANY_SITE}
            helperText={t('admin.tasks.siteHelp')}
            onValueChange={(id) => set('siteId', id === ANY_SITE ? '' : id)}
            error={errors.siteId}
          />
        </div>
        <TextField
          label={t('admin.tasks.description')}
          multiline
          rows={2}
          value={form.description}
          error={errors.description}
          onChange={(e) => set('description', e.target.value)}
        />
        <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <legend className={css({ fontSize: 'md', fontWeight: 'semibold', color: 'fg.default' })}>
            {t('admin.tasks.evidence.legend')}
          </legend>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('admin.tasks.evidence.help')}</p>
          <TaskEvidencePicker open={open} value={form.evidence} onChange={setEvidence} error={errors.evidence} />
        </fieldset>
      </div>
    </FormDialog>
  );
}
