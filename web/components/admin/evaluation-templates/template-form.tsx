import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { css } from 'styled-system/css';
import { wrap } from 'styled-system/patterns';
import type { TemplateDto, TemplateInput } from '../../../api/evaluation-template-queries';
import { t } from '../../../i18n';
import { Button, Checkbox, IconButton, Select, TextField, type SelectOption } from '../../../ui';
import { DAYS_PER_YEAR } from './template-labels';

/** The editor's working copy of a template version (what the form shows and changes). */
export interface TemplateDraft {
  name: string;
  description: string;
  grants: string;
  validityUnit: 'years' | 'days' | 'never';
  validityValue: string;
  qualificationKind: '' | 'course' | 'evaluation' | 'credential';
  qualificationId: string;
  /** `key` keeps a row's identity while rows move (item ids change with every version). */
  items: { key: string; text: string; critical: boolean }[];
}

let nextKey = 0;
const newKey = () => `item-${++nextKey}`;

export const emptyDraft = (): TemplateDraft => ({
  name: '',
  description: '',
  grants: '',
  validityUnit: 'years',
  validityValue: '3',
  qualificationKind: '',
  qualificationId: '',
  items: [{ key: newKey(), text: '', critical: false }],
});

export function draftOf(template: TemplateDto): TemplateDraft {
  const days = template.validityDays;
  const kind = template.evaluatorQualification?.kind;
  return {
    name: template.name,
    description: template.description,
    grants: template.grants,
    validityUnit: days === null ? 'never' : days % DAYS_PER_YEAR === 0 ? 'years' : 'days',
    validityValue: days === null ? '3' : String(days % DAYS_PER_YEAR === 0 ? days / DAYS_PER_YEAR : days),
    qualificationKind: kind ?? '',
    qualificationId: template.evaluatorQualification?.id ?? '',
    items: template.items.map((item) => ({ key: newKey(), text: item.text, critical: item.critical })),
  };
}

/** The request body the draft stands for (the server checks it again). */
export function bodyOf(draft: TemplateDraft): TemplateInput {
  const amount = Number(draft.validityValue);
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    grants: draft.grants.trim(),
    validityDays:
      draft.validityUnit === 'never' ? null : draft.validityUnit === 'years' ? amount * DAYS_PER_YEAR : amount,
    evaluatorQualification:
      draft.qualificationKind && draft.qualificationId
        ? { kind: draft.qualificationKind, id: draft.qualificationId }
        : null,
    items: draft.items.map((item) => ({ text: item.text.trim(), critical: item.critical })),
  };
}

export interface TemplateFormProps {
  draft: TemplateDraft;
  onChange: (draft: TemplateDraft) => void;
  readOnly: boolean;
  errors: Partial<Record<string, string>>;
  courseOptions: readonly SelectOption[];
  templateOptions: readonly SelectOption[];
  /** Credential types, or null when this administrator cannot list them (no User Management). */
  credentialOptions: readonly SelectOption[] | null;
}

/** Name, what a pass grants, validity, the evaluator's qualification and the observed items. */
export function TemplateForm({
  draft,
  onChange,
  readOnly,
  errors,
  courseOptions,
  templateOptions,
  credentialOptions,
}: TemplateFormProps) {
  const set = (change: Partial<TemplateDraft>) => onChange({ ...draft, ...change });
  const setItem = (index: number, change: Partial<TemplateDraft['items'][number]>) =>
    set({ items: draft.items.map((item, i) => (i === index ? { ...item, ...change } : item)) });
  const move = (index: number, by: -1 | 1) => {
    const items = [...draft.items];
    const [moved] = items.splice(index, 1);
    items.splice(index + by, 0, moved!);
    set({ items });
  };
  const kindOptions: SelectOption<'none' | 'course' | 'evaluation' | 'credential'>[] = [
    { value: 'none', label: t('admin.evalTemplates.qualification.none') },
    { value: 'course', label: t('admin.evalTemplates.qualification.course') },
    { value: 'evaluation', label: t('admin.evalTemplates.qualification.evaluation') },
    // Offered when the types can be listed, and always kept for a version that already names one.
    ...(credentialOptions !== null || draft.qualificationKind === 'credential'
      ? [{ value: 'credential' as const, label: t('admin.evalTemplates.qualification.credential') }]
      : []),
  ];
  const pickLabel = {
    course: t('admin.evalTemplates.qualification.pickCourse'),
    evaluation: t('admin.evalTemplates.qualification.pickEvaluation'),
    credential: t('admin.evalTemplates.qualification.pickCredential'),
  };
  const pickOptions = {
    course: courseOptions,
    evaluation: templateOptions,
    credential: credentialOptions ?? [],
  };
  const unitOptions: SelectOption<TemplateDraft['validityUnit']>[] = [
    { value: 'years', label: t('admin.evalTemplates.validity.unitYears') },
    { value: 'days', label: t('admin.evalTemplates.validity.unitDays') },
    { value: 'never', label: t('admin.evalTemplates.validity.never') },
  ];

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
      <div className={twoColumns}>
        <TextField
          label={t('admin.evalTemplates.field.name')}
          value={draft.name}
          required
          readOnly={readOnly}
          error={errors.name}
          onChange={(event) => set({ name: event.target.value })}
        />
        <TextField
          label={t('admin.evalTemplates.field.grants')}
          helperText={t('admin.evalTemplates.field.grantsHint')}
          value={draft.grants}
          required
          readOnly={readOnly}
          error={errors.grants}
          onChange={(event) => set({ grants: event.target.value })}
        />
      </div>
      <TextField
        label={t('admin.evalTemplates.field.description')}
        multiline
        rows={2}
        value={draft.description}
        readOnly={readOnly}
        error={errors.description}
        onChange={(event) => set({ description: event.target.value })}
      />
      <div className={twoColumns}>
        <div className={css({ display: 'flex', gap: '3', alignItems: 'flex-start' })}>
          <Select
            label={t('admin.evalTemplates.field.validity')}
            options={unitOptions}
            value={draft.validityUnit}
            disabled={readOnly}
            onValueChange={(validityUnit) => set({ validityUnit })}
            className={css({ flex: '1' })}
          />
          {draft.validityUnit === 'never' ? null : (
            <TextField
              label={
                draft.validityUnit === 'years'
                  ? t('admin.evalTemplates.validity.unitYears')
                  : t('admin.evalTemplates.validity.unitDays')
              }
              type="number"
              inputMode="numeric"
              min={1}
              value={draft.validityValue}
              readOnly={readOnly}
              error={errors.validityDays}
              onChange={(event) => set({ validityValue: event.target.value })}
              className={css({ w: '8rem' })}
            />
          )}
        </div>
        <div className={css({ display: 'flex', gap: '3', alignItems: 'flex-start', flexWrap: 'wrap' })}>
          <Select
            label={t('admin.evalTemplates.field.qualification')}
            options={kindOptions}
            value={draft.qualificationKind || 'none'}
            disabled={readOnly}
            onValueChange={(kind) => set({ qualificationKind: kind === 'none' ? '' : kind, qualificationId: '' })}
            className={css({ flex: '1', minW: '12rem' })}
          />
          {draft.qualificationKind ? (
            <Select
              label={pickLabel[draft.qualificationKind]}
              options={pickOptions[draft.qualificationKind]}
              value={draft.qualificationId}
              disabled={readOnly}
              error={errors.evaluatorQualification}
              onValueChange={(qualificationId) => set({ qualificationId })}
              className={css({ flex: '1', minW: '12rem' })}
            />
          ) : null}
        </div>
      </div>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {draft.qualificationKind
          ? t('admin.evalTemplates.qualification.hint')
          : t('admin.evalTemplates.qualification.noneHint')}
      </p>

      <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <legend className={css({ fontWeight: 'semibold', mb: '2' })}>
          {t('admin.evalTemplates.items.legend', { count: draft.items.length })}
        </legend>
        {errors.items ? <p className={css({ color: 'error.fg', fontSize: 'sm' })}>{errors.items}</p> : null}
        <ol className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '3' })}>
          {draft.items.map((item, index) => (
            <li key={item.key} className={itemRow}>
              <TextField
                label={t('admin.evalTemplates.items.label', { number: index + 1 })}
                value={item.text}
                readOnly={readOnly}
                error={errors[`items.${index}.text`]}
                onChange={(event) => setItem(index, { text: event.target.value })}
                className={css({ flex: '1 1 16rem' })}
              />
              <div className={css({ display: 'flex', alignItems: 'center', gap: '1', minH: '44px', mt: { sm: '6' } })}>
                <Checkbox
                  checked={item.critical}
                  disabled={readOnly}
                  onCheckedChange={(critical) => setItem(index, { critical })}
                  aria-label={t('admin.evalTemplates.items.criticalAria', { number: index + 1 })}
                >
                  {t('admin.evalTemplates.items.critical')}
                </Checkbox>
                {readOnly ? null : (
                  <>
                    <IconButton
                      icon={<ArrowUp />}
                      aria-label={t('admin.evalTemplates.items.up', { number: index + 1 })}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    />
                    <IconButton
                      icon={<ArrowDown />}
                      aria-label={t('admin.evalTemplates.items.down', { number: index + 1 })}
                      disabled={index === draft.items.length - 1}
                      onClick={() => move(index, 1)}
                    />
                    <IconButton
                      icon={<Trash2 />}
                      palette="danger"
                      aria-label={t('admin.evalTemplates.items.remove', { number: index + 1 })}
                      disabled={draft.items.length === 1}
                      onClick={() => set({ items: draft.items.filter((_, i) => i !== index) })}
                    />
                  </>
                )}
              </div>
            </li>
          ))}
        </ol>
        {readOnly ? null : (
          <div>
            <Button
              variant="outline"
              leftIcon={<Plus />}
              disabled={draft.items.length >= 50}
              onClick={() => set({ items: [...draft.items, { key: newKey(), text: '', critical: false }] })}
            >
              {t('admin.evalTemplates.items.add')}
            </Button>
          </div>
        )}
      </fieldset>
    </div>
  );
}

const twoColumns = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '5' });
const itemRow = wrap({
  align: 'flex-start',
  gap: '2',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.muted',
  borderRadius: 'lg',
});
