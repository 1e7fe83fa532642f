import { COMPLIANCE_MESSAGES, EVENT_KINDS, eventBody, exemptionBody, type EventKind } from '@contract/compliance';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { css } from 'styled-system/css';
import * as v from 'valibot';
import { hasErrorCode } from '../../api/client';
import { complianceWrites } from '../../api/compliance-queries';
import { runWrite } from '../../api/writes';
import { dayInputValue } from '../../format';
import { focusFirstInvalid, Select, TextField, type SelectOption } from '../../ui';
import { FormDialog, type FormDialogProps } from '../form-dialog';
import { t } from '../../i18n';
import { declaredText, errorText, fieldErrors, issueErrors } from '../../i18n/error-text';
import { EVENT_KIND_IDS } from '../../i18n/labels';
import { textBinding } from './shared/text-binding';

/** A requirement the person is covered by, as the dialogs offer it (by its course). */
export type CoveredRequirement = SelectOption;

const KIND_OPTIONS = (): readonly SelectOption<EventKind>[] =>
  EVENT_KINDS.map((kind) => ({ value: kind, label: t(EVENT_KIND_IDS[kind]) }));

type Errors = Partial<Record<'requirementId' | 'reason' | 'until' | 'kind' | 'note' | 'occurredOn', string>>;

const issuesToErrors = (issues: readonly v.BaseIssue<unknown>[]): Errors => issueErrors(issues);

const tomorrow = () => dayInputValue(new Date(Date.now() + 24 * 3600 * 1000));

interface PersonDialogProps {
  open: boolean;
  userId: string;
  name: string;
  requirements: readonly CoveredRequirement[];
  onClose: () => void;
  onDone: (message: string) => void;
}

/** The one-choice case needs no choosing: a person with one requirement gets it selected. */
const onlyChoice = (requirements: readonly CoveredRequirement[]) =>
  requirements.length === 1 ? requirements[0].value : '';

/**
 * Shared by both dialogs: field state, the contract check before sending, the server's messages on
 * their fields, and a refresh of every compliance answer after a change.
 */
function usePersonForm<F extends Record<string, string>>(
  open: boolean,
  initial: () => F,
  send: (values: F) => Promise<unknown>,
  onDone: () => void,
  fallback: string,
) {
  const [values, setValues] = useState<F>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const fieldsRef = useRef<HTMLDivElement>(null);
  const mutation = useMutation({
    mutationFn: send,
    // The write names what it changes (web/api/compliance-queries.ts) and refreshes it before this.
    onSuccess: () => onDone(),
    onError: (e) => {
      // A refusal about a field the form shows goes on that field only; anything else (the person
      // is no longer covered, a retired requirement) above the form.
      const onField = hasErrorCode(e, 'VALIDATION_FAILED') && Object.keys(e.fields).some((key) => key in initial());
      if (onField) {
        setErrors(fieldErrors(e.fields));
        focusFirstInvalid(fieldsRef.current);
      }
      setError(onField ? null : errorText(e, fallback));
    },
  });
  const { reset } = mutation;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `initial` is a new function each render; the dialog resets when it opens
  useEffect(() => {
    if (!open) return;
    setValues(initial());
    setErrors({});
    setError(null);
    reset();
    // `initial` is a new function each render; the dialog resets when it opens.
  }, [open, reset]);
  const set = (key: keyof F & string, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  /** Shows the contract's messages and answers false when the values do not pass. */
  const check = (schema: v.GenericSchema, body: unknown, extra: Errors = {}) => {
    const parsed = v.safeParse(schema, body);
    const found = { ...(parsed.success ? {} : issuesToErrors(parsed.issues)), ...extra };
    setError(null);
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      focusFirstInvalid(fieldsRef.current);
      return false;
    }
    return true;
  };
  return { values, set, errors, error, check, fieldsRef, mutation };
}

/**
 * The frame both dialogs share: a form dialog whose title is also its submit button, and the
 * requirement the step applies to as the first field, above the dialog's own fields.
 */
function PersonFormDialog({
  form,
  requirements,
  children,
  ...dialog
}: Pick<FormDialogProps, 'open' | 'onClose' | 'title' | 'description' | 'formId' | 'onSubmit' | 'children'> & {
  /** The parts of `usePersonForm` the frame reads (the requirement's value, errors, busy state). */
  form: {
    values: { requirementId: string };
    set: (key: 'requirementId', value: string) => void;
    errors: Errors;
    error: string | null;
    fieldsRef: RefObject<HTMLDivElement | null>;
    mutation: { isPending: boolean };
  };
  requirements: readonly CoveredRequirement[];
}) {
  const { values, set, errors } = form;
  return (
    <FormDialog {...dialog} submitLabel={dialog.title} busy={form.mutation.isPending} error={form.error}>
      <div ref={form.fieldsRef} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <Select
          label={t('admin.record.requirement')}
          required
          options={requirements}
          value={values.requirementId}
          placeholder={t('admin.record.chooseRequired')}
          onValueChange={(id) => set('requirementId', id)}
          error={errors.requirementId}
        />
        {children}
      </div>
    </FormDialog>
  );
}

/** Grant exemption: excuses the person from one requirement until a date, with the reason audit-logged. */
export function GrantExemptionDialog({ open, userId, name, requirements, onClose, onDone }: PersonDialogProps) {
  const form = usePersonForm(
    open,
    () => ({ requirementId: onlyChoice(requirements), reason: '', until: '' }),
    (values) =>
      runWrite(complianceWrites.exempt, {
        requirementId: values.requirementId,
        body: { userId, reason: values.reason.trim(), until: values.until },
      }),
    () => onDone(t('admin.record.exemptionGranted')),
    t('admin.record.exemptionFailed'),
  );
  const { values, set, errors } = form;
  const text = textBinding(values, errors, set);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Errors = values.requirementId ? {} : { requirementId: t('admin.record.chooseRequirement') };
    if (form.check(exemptionBody, { userId, reason: values.reason, until: values.until }, missing))
      form.mutation.mutate(values);
  };
  return (
    <PersonFormDialog
      open={open}
      onClose={onClose}
      title={t('admin.record.grantExemption')}
      description={t('admin.record.exemptionText', { name })}
      formId="exemption-form"
      form={form}
      requirements={requirements}
      onSubmit={submit}
    >
      <TextField multiline label={t('admin.status.reason')} required rows={3} {...text('reason')} />
      <TextField
        label={t('admin.record.exemptUntil')}
        type="date"
        required
        min={tomorrow()}
        helperText={t('admin.record.exemptUntilHelp')}
        {...text('until')}
      />
    </PersonFormDialog>
  );
}

/** Record event: an incident, near miss or change that calls for retraining; the person is due again. */
export function RecordEventDialog({ open, userId, name, requirements, onClose, onDone }: PersonDialogProps) {
  const form = usePersonForm(
    open,
    () => ({ requirementId: onlyChoice(requirements), kind: '', note: '', occurredOn: dayInputValue() }),
    (values) =>
      runWrite(complianceWrites.recordEvent, {
        requirementId: values.requirementId,
        body: { userId, kind: values.kind as EventKind, note: values.note.trim(), occurredOn: values.occurredOn },
      }),
    () => onDone(t('admin.record.eventRecorded')),
    t('admin.record.eventFailed'),
  );
  const { values, set, errors } = form;
  const text = textBinding(values, errors, set);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const extra: Errors = {};
    if (!values.requirementId) extra.requirementId = t('admin.record.chooseRequirement');
    if (values.occurredOn && values.occurredOn > dayInputValue())
      extra.occurredOn = declaredText(COMPLIANCE_MESSAGES.occurredFuture);
    if (form.check(eventBody, { userId, kind: values.kind, note: values.note, occurredOn: values.occurredOn }, extra))
      form.mutation.mutate(values);
  };
  return (
    <PersonFormDialog
      open={open}
      onClose={onClose}
      title={t('admin.record.recordEvent')}
      description={t('admin.record.eventText', { name })}
      formId="event-form"
      form={form}
      requirements={requirements}
      onSubmit={submit}
    >
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' })}>
        <Select
          label={t('admin.record.whatHappened')}
          required
          options={KIND_OPTIONS()}
          value={values.kind as EventKind | ''}
          placeholder={t('admin.record.chooseKind')}
          onValueChange={(kind) => set('kind', kind)}
          error={errors.kind}
        />
        <TextField label={t('admin.record.date')} type="date" required max={dayInputValue()} {...text('occurredOn')} />
      </div>
      <TextField
        multiline
        label={t('admin.record.note')}
        required
        rows={3}
        helperText={t('admin.record.noteHelp')}
        {...text('note')}
      />
    </PersonFormDialog>
  );
}
