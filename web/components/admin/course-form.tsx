import { css } from 'styled-system/css';
import { DEFAULT_COURSE_ICON, COURSE_MESSAGES as MESSAGES, type AdminCourse } from '@contract/admin-courses';
import { CERTIFICATE_VALIDITY_YEARS } from '@contract/certificates';
import type { Domain } from '@contract/domains';
import type { CoursePayload } from '../../api/admin-content';
import { t } from '../../i18n';
import { Select, TextField } from '../../ui';
import { declaredText } from '../../i18n/error-text';
import { ScoreField } from './shared/score-field';

/** Form state: numbers as typed text, so "empty" is representable (sent as null). */
export interface CourseFormValues {
  title: string;
  description: string;
  domainId: string;
  icon: string;
  timeLimit: string;
  passingScore: string;
  /** '1', '2' or '3' years, or 'never' (certificates do not expire). */
  certificateValidity: string;
}

export type CourseFormErrors = Partial<Record<keyof CourseFormValues, string>>;

export const emptyCourseForm = (): CourseFormValues => ({
  title: '',
  description: '',
  domainId: '',
  icon: DEFAULT_COURSE_ICON,
  timeLimit: '',
  passingScore: '',
  certificateValidity: '1',
});

export const courseFormFrom = (course: AdminCourse): CourseFormValues => ({
  title: course.title,
  description: course.description ?? '',
  domainId: course.domainId,
  icon: course.icon || DEFAULT_COURSE_ICON,
  timeLimit: course.timeLimit == null ? '' : String(course.timeLimit),
  passingScore: course.passingScore == null ? '' : String(course.passingScore),
  certificateValidity: course.certificateValidityYears === null ? NEVER : String(course.certificateValidityYears),
});

const NEVER = 'never';

/** The editor's validity choices: 1, 2 or 3 years, then no expiry. */
const validityOptions = () => [
  ...CERTIFICATE_VALIDITY_YEARS.map((years) => ({
    value: String(years),
    label: t('admin.editor.validity.years', { count: years }),
  })),
  { value: NEVER, label: t('admin.editor.validity.never') },
];

/** Inputs clamp: time limit at least 0, passing score within 0 to 100. */
export function clampNumberText(text: string, min: number, max = Number.POSITIVE_INFINITY): string {
  if (text.trim() === '') return '';
  const value = Math.round(Number(text));
  if (!Number.isFinite(value)) return '';
  return String(Math.min(max, Math.max(min, value)));
}

export function validateCourseForm(values: CourseFormValues): CourseFormErrors {
  const errors: CourseFormErrors = {};
  if (!values.title.trim()) errors.title = declaredText(MESSAGES.title);
  if (!values.domainId) errors.domainId = declaredText(MESSAGES.book);
  if (values.timeLimit !== '' && !(Number(values.timeLimit) >= 0)) errors.timeLimit = declaredText(MESSAGES.timeLimit);
  if (values.passingScore !== '' && !(Number(values.passingScore) >= 0 && Number(values.passingScore) <= 100))
    errors.passingScore = declaredText(MESSAGES.passingScore);
  return errors;
}

/** Empty limits are sent as null; the icon falls back to the default course icon. */
export function coursePayload(values: CourseFormValues): CoursePayload {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    domainId: values.domainId,
    icon: values.icon.trim() || DEFAULT_COURSE_ICON,
    timeLimit: values.timeLimit === '' ? null : Number(values.timeLimit),
    passingScore: values.passingScore === '' ? null : Number(values.passingScore),
    certificateValidityYears:
      values.certificateValidity === NEVER ? null : (Number(values.certificateValidity) as 1 | 2 | 3),
  };
}

export interface CourseFieldsProps {
  values: CourseFormValues;
  onChange: (values: CourseFormValues) => void;
  errors: CourseFormErrors;
  domains: readonly Domain[];
  readOnly?: boolean;
  onErrorsChange?: (errors: CourseFormErrors) => void;
}

export function CourseFields({ values, onChange, errors, domains, readOnly, onErrorsChange }: CourseFieldsProps) {
  const set = (patch: Partial<CourseFormValues>) => {
    onChange({ ...values, ...patch });
    // A field's message goes away as soon as it is edited.
    if (onErrorsChange && Object.keys(patch).some((key) => errors[key as keyof CourseFormValues])) {
      const next = { ...errors };
      for (const key of Object.keys(patch)) delete next[key as keyof CourseFormValues];
      onErrorsChange(next);
    }
  };
  const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' });
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <TextField
        label={t('admin.editor.field.title')}
        required
        value={values.title}
        readOnly={readOnly}
        error={errors.title}
        onChange={(e) => set({ title: e.target.value })}
      />
      <TextField
        label={t('admin.editor.field.description')}
        multiline
        value={values.description}
        readOnly={readOnly}
        onChange={(e) => set({ description: e.target.value })}
      />
      <Select
        label={t('admin.editor.field.books')}
        required
        placeholder={t('admin.editor.field.selectBook')}
        options={domains.map((d) => ({ label: d.name, value: d.id }))}
        value={values.domainId}
        disabled={readOnly}
        error={errors.domainId}
        onValueChange={(domainId) => set({ domainId })}
      />
      <div className={grid}>
        <TextField
          label={t('admin.editor.field.timeLimit')}
          type="number"
          inputMode="numeric"
          min={0}
          placeholder={t('admin.editor.field.noLimit')}
          value={values.timeLimit}
          readOnly={readOnly}
          error={errors.timeLimit}
          onChange={(e) => set({ timeLimit: clampNumberText(e.target.value, 0) })}
        />
        <ScoreField
          label={t('admin.editor.field.passingScore')}
          placeholder={t('admin.editor.field.notSet')}
          value={values.passingScore}
          readOnly={readOnly}
          error={errors.passingScore}
          onChange={(e) => set({ passingScore: clampNumberText(e.target.value, 0, 100) })}
        />
      </div>
      <Select
        label={t('admin.editor.field.certificateValidity')}
        options={validityOptions()}
        value={values.certificateValidity}
        disabled={readOnly}
        helperText={t('admin.editor.validity.help')}
        onValueChange={(certificateValidity) => set({ certificateValidity })}
      />
      <TextField
        label={t('admin.editor.field.icon')}
        dir="ltr"
        value={values.icon}
        readOnly={readOnly}
        helperText={t('admin.editor.field.iconHelp')}
        onChange={(e) => set({ icon: e.target.value })}
      />
    </div>
  );
}
