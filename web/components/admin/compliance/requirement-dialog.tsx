import { requirementBody } from '@contract/compliance';
import { DEFAULT_DUE_SOON_DAYS, DEFAULT_DUE_WITHIN_DAYS } from '@contract/rules/compliance';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import * as v from 'valibot';
import { listDomains, pageCourses } from '../../../api/admin-content';
import { hasErrorCode } from '../../../api/client';
import { siteQueries } from '../../../api/site-queries';
import type { RequirementDto, RequirementInput } from '../../../api/compliance';
import { complianceWrites } from '../../../api/compliance-queries';
import { queryKeys } from '../../../api/query-keys';
import { useWrite } from '../../../api/writes';
import { dayInputValue } from '../../../format';
import { focusFirstInvalid, Select, TextField, type SelectOption } from '../../../ui';
import { FormDialog } from '../../form-dialog';
import { AudiencePreview } from './audience-preview';
import { siteOptions } from '../site-options';
import { EvidencePicker, evidenceOf, type EvidenceChoice } from './evidence-picker';
import { t } from '../../../i18n';
import { errorText, fieldErrors, issueErrors } from '../../../i18n/error-text';
import { textBinding } from '../shared/text-binding';

type RequirementField =
  | 'bookId'
  | 'courseId'
  | 'department'
  | 'jobTitle'
  | 'siteId'
  | 'dueWithinDays'
  | 'dueSoonDays'
  | 'activeFrom'
  | 'evidence';
type RequirementErrors = Partial<Record<RequirementField, string>>;

interface RequirementForm {
  bookId: string;
  courseId: string;
  department: string;
  jobTitle: string;
  /** '' for any site (issue 30). */
  siteId: string;
  dueWithinDays: string;
  dueSoonDays: string;
  activeFrom: string;
  /** Evaluations and credentials needed beside the course. */
  evidence: EvidenceChoice;
}

/** A Select cannot hold an empty value: this one stands for "no course". */
const NO_COURSE = '-';
/** ... and this one for "any site". */
const ANY_SITE = '*';

const emptyForm = (): RequirementForm => ({
  bookId: '',
  courseId: '',
  department: '',
  jobTitle: '',
  siteId: '',
  dueWithinDays: String(DEFAULT_DUE_WITHIN_DAYS),
  dueSoonDays: String(DEFAULT_DUE_SOON_DAYS),
  activeFrom: dayInputValue(),
  evidence: { templateIds: [], credentialTypeIds: [] },
});

const formOf = (r: RequirementDto): RequirementForm => ({
  bookId: r.bookId,
  courseId: r.courseId ?? '',
  department: r.department ?? '',
  jobTitle: r.jobTitle ?? '',
  siteId: r.siteId ?? '',
  dueWithinDays: String(r.dueWithinDays),
  dueSoonDays: String(r.dueSoonDays),
  activeFrom: r.activeFrom.slice(0, 10),
  evidence: {
    templateIds: r.evidence.flatMap((p) => (p.kind === 'evaluation' ? [p.templateId] : [])),
    credentialTypeIds: r.evidence.flatMap((p) => (p.kind === 'credential' ? [p.credentialTypeId] : [])),
  },
});

function payloadOf(form: RequirementForm): RequirementInput {
  // Blank days are left out (the server's defaults apply); anything typed is sent as typed, so the contract judges it.
  const days = (key: 'dueWithinDays' | 'dueSoonDays') => (form[key].trim() === '' ? {} : { [key]: Number(form[key]) });
  return {
    bookId: form.bookId,
    courseId: form.courseId,
    evidence: evidenceOf(form.evidence),
    department: form.department.trim() || null,
    jobTitle: form.jobTitle.trim() || null,
    siteId: form.siteId || null,
    ...days('dueWithinDays'),
    ...days('dueSoonDays'),
    activeFrom: form.activeFrom || null,
  };
}

/** The contract's issues on their fields; one about the evidence as a whole (nothing chosen, two courses) goes under the evidence. */
const issuesToErrors = (issues: readonly v.BaseIssue<unknown>[]): RequirementErrors => {
  const errors: Record<string, string | undefined> = issueErrors(issues);
  const evidence = Object.entries(errors).find(([key]) => key === '_' || key.startsWith('evidence'))?.[1];
  return { ...errors, evidence } as RequirementErrors;
};

/**
 * Add requirement / Edit requirement: a book, one of its courses and / or evaluations and credentials
 * (all needed together), an optional audience (department,
 * job title) with the live count of the people it covers, the due periods and the first day it applies. Checked with the contract's schema
 * before sending; the server's messages land on their fields.
 */
export function RequirementDialog({
  open,
  requirement,
  onClose,
  onSaved,
}: {
  open: boolean;
  requirement: RequirementDto | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [form, setForm] = useState<RequirementForm>(emptyForm);
  const [errors, setErrors] = useState<RequirementErrors>({});
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const books = useQuery({
    queryKey: queryKeys.admin.domains.options,
    queryFn: ({ signal }) => listDomains(signal),
    enabled: open,
  });
  const courses = useQuery({
    queryKey: queryKeys.admin.courses.options(form.bookId),
    queryFn: ({ signal }) =>
      pageCourses({ page: 1, limit: 100, search: '', status: '', domainId: form.bookId }, signal),
    enabled: open && form.bookId !== '',
  });
  const save = useWrite(complianceWrites.saveRequirement, {
    onSuccess: () => {
      onSaved(requirement ? t('admin.req.updated') : t('admin.req.added'));
    },
    onError: (e) => {
      // A refusal about a field is shown on that field only; anything else (a duplicate) above the form.
      const onField = hasErrorCode(e, 'VALIDATION_FAILED') && Object.keys(e.fields).some((key) => key in emptyForm());
      if (onField) {
        setErrors(fieldErrors(e.fields));
        focusFirstInvalid(formRef.current);
      }
      setError(onField ? null : errorText(e, requirement ? t('admin.req.updateFailed') : t('admin.req.addFailed')));
    },
  });
  const { reset } = save;

  useEffect(() => {
    if (!open) return;
    setForm(requirement ? formOf(requirement) : emptyForm());
    setErrors({});
    setError(null);
    reset();
  }, [open, requirement, reset]);

  const sites = useQuery({ ...siteQueries.list(), enabled: open });
  const set = (key: Exclude<keyof RequirementForm, 'evidence'>, value: string) => {
    setForm((current) => ({
      ...current,
      [key]: value,
      ...(key === 'bookId' && value !== current.bookId ? { courseId: '' } : {}),
    }));
    setErrors((current) => ({ ...current, [key]: undefined, ...(key === 'courseId' ? { evidence: undefined } : {}) }));
  };
  const text = textBinding(form, errors, set);
  const setEvidence = (evidence: EvidenceChoice) => {
    setForm((current) => ({ ...current, evidence }));
    setErrors((current) => ({ ...current, evidence: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = payloadOf(form);
    const parsed = v.safeParse(requirementBody, body);
    setError(null);
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.issues));
      focusFirstInvalid(formRef.current);
      return;
    }
    save.mutate({ id: requirement ? requirement.id : null, body });
  };

  const bookOptions: SelectOption[] = (books.data ?? []).map((d) => ({ value: d.id, label: d.name }));
  const siteChoices = siteOptions(sites.data?.sites, form.siteId, { value: ANY_SITE, label: t('admin.req.anySite') });
  const courseOptions: (SelectOption & { draft: boolean })[] = [
    ...(courses.data?.items.length
      ? [{ value: NO_COURSE, label: t('admin.req.evidence.noCourse'), draft: false }]
      : []),
    ...(courses.data?.items ?? []).map((c) => ({
      value: c.id,
      label: c.status === 'DRAFT' ? t('admin.req.draftCourse', { title: c.title }) : c.title,
      draft: c.status === 'DRAFT',
    })),
  ];
  const courseHelp = !form.bookId
    ? t('admin.req.chooseBookFirst')
    : courses.isPending
      ? t('admin.req.loadingCourses')
      : courseOptions.length === 0
        ? t('admin.req.noCourses')
        : courseOptions.some((o) => o.draft)
          ? t('admin.req.draftHelp')
          : undefined;

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={requirement ? t('admin.req.editTitle') : t('admin.compliance.addRequirement')}
      description={t('admin.req.dialogText')}
      size="lg"
      formId="requirement-form"
      submitLabel={requirement ? t('admin.req.saveChanges') : t('admin.compliance.addRequirement')}
      busy={save.isPending}
      error={error}
      onSubmit={submit}
    >
      <div ref={formRef} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' })}>
          <Select
            label={t('admin.req.col.book')}
            required
            options={bookOptions}
            value={form.bookId}
            placeholder={books.isPending ? t('admin.req.loadingBooks') : t('admin.req.chooseBook')}
            onValueChange={(id) => set('bookId', id)}
            error={errors.bookId}
          />
          <Select
            label={t('admin.req.col.course')}
            options={courseOptions}
            value={form.courseId}
            placeholder={t('admin.req.chooseCourse')}
            disabled={!form.bookId || courseOptions.length === 0}
            helperText={courseHelp}
            onValueChange={(id) => set('courseId', id === NO_COURSE ? '' : id)}
            error={errors.courseId}
          />
          <TextField
            label={t('admin.compliance.department')}
            helperText={t('admin.req.departmentHelp')}
            {...text('department')}
          />
          <TextField
            label={t('admin.compliance.jobTitle')}
            helperText={t('admin.req.jobTitleHelp')}
            {...text('jobTitle')}
          />
          <Select
            label={t('admin.req.site')}
            options={siteChoices}
            value={form.siteId || ANY_SITE}
            helperText={t('admin.req.siteHelp')}
            onValueChange={(id) => set('siteId', id === ANY_SITE ? '' : id)}
            error={errors.siteId}
          />
          {/* The two day counts are the same kind of field: whole days from 1 to 3650. */}
          {(
            [
              ['dueWithinDays', t('admin.req.dueWithinLabel'), t('admin.req.dueWithinHelp')],
              ['dueSoonDays', t('admin.req.dueSoonLabel'), t('admin.req.dueSoonHelp')],
            ] as const
          ).map(([key, label, help]) => (
            <TextField
              key={key}
              label={label}
              type="number"
              inputMode="numeric"
              min={1}
              max={3650}
              helperText={help}
              value={form[key]}
              error={errors[key]}
              onChange={(e) => set(key, e.target.value)}
            />
          ))}
          <TextField
            label={t('admin.req.col.activeFrom')}
            type="date"
            helperText={requirement ? t('admin.req.activeFromKeep') : t('admin.req.activeFromHelp')}
            {...text('activeFrom')}
          />
        </div>
        <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <legend className={css({ fontSize: 'md', fontWeight: 'semibold', color: 'fg.default' })}>
            {t('admin.req.evidence.legend')}
          </legend>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('admin.req.evidence.help')}</p>
          <EvidencePicker open={open} value={form.evidence} onChange={setEvidence} error={errors.evidence} />
        </fieldset>
        <AudiencePreview
          bookId={form.bookId}
          department={form.department}
          jobTitle={form.jobTitle}
          siteId={form.siteId}
        />
      </div>
    </FormDialog>
  );
}
