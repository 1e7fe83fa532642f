import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { css, cx } from 'styled-system/css';
import { grid, hstack, stack } from 'styled-system/patterns';
import { t } from '../../i18n';
import { Button, Checkbox, IconButton, panel, Select, TextField } from '../../ui';
import type { TextFieldProps } from '../../ui/text-field';
import {
  addOption,
  addQuestion,
  canRemoveOption,
  removeOption,
  removeQuestion,
  renameOption,
  setCorrectAnswer,
  setQuestionType,
  updateQuestion,
  type AssessmentDraft,
  type DraftQuestion,
} from './assessment-draft';
import { DeleteIconButton } from './shared/row-icon-buttons';
import { ScoreField } from './shared/score-field';
import { GroupError } from './shared/group-error';

export interface AssessmentEditorProps {
  draft: AssessmentDraft;
  onChange: (draft: AssessmentDraft) => void;
  /** Messages keyed like the contract's fields (`questions.0.options`); shown next to each field. */
  errors: Record<string, string>;
  disabled?: boolean;
}

const numberOrEmpty = (text: string): number | '' => (text.trim() === '' ? '' : Number(text));
/** A number the author may clear while typing: empty text stays '' (the draft's check names it), never 0. */
function NumberField({
  onValueChange,
  ...props
}: Omit<TextFieldProps, 'type' | 'onChange'> & { onValueChange: (value: number | '') => void }) {
  return <TextField type="number" {...props} onChange={(e) => onValueChange(numberOrEmpty(e.target.value))} />;
}
/** A group's message sits just under its controls. */
const errorGap = css({ mt: '1' });
const legend = css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.default', mb: '2' });

/** The assessment editor: settings, then questions with their options. */
export function AssessmentEditor({ draft, onChange, errors, disabled }: AssessmentEditorProps) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
      <TextField
        label={t('admin.editor.assessment.title')}
        required
        value={draft.title}
        disabled={disabled}
        error={errors.title}
        onChange={(e) => onChange({ ...draft, title: e.target.value })}
      />
      <TextField
        label={t('admin.editor.assessment.instructions')}
        multiline
        value={draft.description}
        disabled={disabled}
        onChange={(e) => onChange({ ...draft, description: e.target.value })}
      />
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' })}>
        <ScoreField
          label={t('admin.editor.field.passingScore')}
          value={draft.passingScore}
          disabled={disabled}
          error={errors.passingScore}
          onChange={(e) => onChange({ ...draft, passingScore: numberOrEmpty(e.target.value) })}
        />
        <NumberField
          label={t('admin.editor.field.timeLimit')}
          min={0}
          value={draft.timeLimit}
          disabled={disabled}
          error={errors.timeLimit}
          onValueChange={(timeLimit) => onChange({ ...draft, timeLimit })}
        />
      </div>
      <Checkbox
        checked={draft.shuffleQuestions}
        disabled={disabled}
        onCheckedChange={(shuffleQuestions) => onChange({ ...draft, shuffleQuestions })}
      >
        {t('admin.editor.assessment.shuffle')}
      </Checkbox>

      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <h3 className={css({ fontSize: 'md', fontWeight: 'semibold' })}>
          {t('admin.editor.assessment.questions', { count: draft.questions.length })}
        </h3>
        <GroupError message={errors.questions} className={errorGap} />
        {draft.questions.map((question, index) => (
          <QuestionCard
            key={question.key}
            draft={draft}
            question={question}
            index={index}
            onChange={onChange}
            errors={errors}
            disabled={disabled}
          />
        ))}
        <div>
          <Button
            variant="outline"
            leftIcon={<Plus />}
            disabled={disabled}
            onClick={() => onChange(addQuestion(draft))}
          >
            {t('admin.editor.assessment.addQuestion')}
          </Button>
        </div>
      </div>
    </div>
  );
}

function QuestionCard({
  draft,
  question,
  index,
  onChange,
  errors,
  disabled,
}: {
  draft: AssessmentDraft;
  question: DraftQuestion;
  index: number;
  onChange: (d: AssessmentDraft) => void;
  errors: Record<string, string>;
  disabled?: boolean;
}) {
  const id = useId();
  const at = (field: string) => errors[`questions.${index}.${field}`];
  const optionsError = at('options');
  const answerError = at('correctAnswer');
  return (
    <section aria-labelledby={`${id}-heading`} className={cx(panel(), stack({ gap: '4', p: { base: '3', md: '4' } }))}>
      <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' })}>
        <h4 id={`${id}-heading`} className={css({ fontWeight: 'semibold' })}>
          {t('admin.editor.assessment.question', { number: index + 1 })}
        </h4>
        <DeleteIconButton
          aria-label={t('admin.editor.assessment.removeQuestion', { number: index + 1 })}
          disabled={disabled}
          onClick={() => onChange(removeQuestion(draft, index))}
        />
      </div>
      <TextField
        label={t('admin.editor.assessment.questionText')}
        required
        multiline
        value={question.question}
        disabled={disabled}
        error={at('question')}
        onChange={(e) => onChange(updateQuestion(draft, index, { question: e.target.value }))}
      />
      <div className={grid({ gap: '4', gridTemplateColumns: { base: '1fr', sm: '2fr 1fr' }, alignItems: 'start' })}>
        <Select
          label={t('admin.editor.assessment.questionType')}
          options={[
            { label: t('admin.editor.assessment.mcq'), value: 'MCQ' },
            { label: t('admin.editor.assessment.trueFalse'), value: 'TRUE_FALSE' },
          ]}
          value={question.type}
          disabled={disabled}
          onValueChange={(type) => onChange(setQuestionType(draft, index, type as DraftQuestion['type']))}
        />
        <NumberField
          label={t('admin.editor.assessment.points')}
          min={1}
          value={question.points}
          disabled={disabled}
          error={at('points')}
          onValueChange={(points) => onChange(updateQuestion(draft, index, { points }))}
        />
      </div>

      {question.type === 'MCQ' ? (
        <fieldset aria-invalid={Boolean(optionsError || answerError) || undefined}>
          <legend className={legend}>{t('admin.editor.assessment.options')}</legend>
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            {question.options.map((option, optionIndex) => {
              const checked = option.text.trim() !== '' && option.text.trim() === question.correctAnswer;
              return (
                <div key={option.key} className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
                  <input
                    type="radio"
                    name={`${id}-correct`}
                    aria-label={t('admin.editor.assessment.optionCorrect', { number: optionIndex + 1 })}
                    checked={checked}
                    disabled={disabled || option.text.trim() === ''}
                    onChange={() => onChange(setCorrectAnswer(draft, index, option.text))}
                    className={css({ w: '4', h: '4', accentColor: 'var(--colors-brand-solid)', flexShrink: 0 })}
                  />
                  <input
                    aria-label={t('admin.editor.assessment.option', { number: optionIndex + 1 })}
                    placeholder={t('admin.editor.assessment.option', { number: optionIndex + 1 })}
                    value={option.text}
                    disabled={disabled}
                    onChange={(e) => onChange(renameOption(draft, index, optionIndex, e.target.value))}
                    className={cx(
                      css({
                        flex: '1',
                        minW: 0,
                        h: '10',
                        px: '3',
                        borderWidth: '1px',
                        borderColor: checked ? 'success.solid' : 'border.default',
                        borderRadius: 'md',
                        bg: checked ? 'success.subtle' : 'bg.surface',
                        fontSize: 'sm',
                        _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '1px' },
                      }),
                    )}
                  />
                  <IconButton
                    aria-label={t('admin.editor.assessment.removeOption', { number: optionIndex + 1 })}
                    icon={<X />}
                    size="sm"
                    disabled={disabled || !canRemoveOption(question)}
                    onClick={() => onChange(removeOption(draft, index, optionIndex))}
                  />
                </div>
              );
            })}
          </div>
          <GroupError message={optionsError} className={errorGap} />
          <GroupError message={answerError} className={errorGap} />
          <Button
            variant="ghost"
            size="sm"
            leftIcon={<Plus />}
            disabled={disabled}
            onClick={() => onChange(addOption(draft, index))}
            className={css({ mt: '2' })}
          >
            {t('admin.editor.assessment.addOption')}
          </Button>
        </fieldset>
      ) : (
        <fieldset aria-invalid={Boolean(answerError) || undefined}>
          <legend className={legend}>{t('admin.editor.assessment.correctAnswer')}</legend>
          <div className={css({ display: 'flex', gap: '6' })}>
            {(['true', 'false'] as const).map((value) => (
              <label key={value} className={hstack({ gap: '2', fontSize: 'sm', cursor: 'pointer' })}>
                <input
                  type="radio"
                  name={`${id}-tf`}
                  checked={question.correctAnswer === value}
                  disabled={disabled}
                  onChange={() => onChange(setCorrectAnswer(draft, index, value))}
                  className={css({ w: '4', h: '4', accentColor: 'var(--colors-brand-solid)' })}
                />
                {value === 'true' ? t('admin.editor.assessment.true') : t('admin.editor.assessment.false')}
              </label>
            ))}
          </div>
          <GroupError message={answerError} className={errorGap} />
        </fieldset>
      )}
      <TextField
        label={t('admin.editor.assessment.explanation')}
        multiline
        value={question.explanation}
        disabled={disabled}
        onChange={(e) => onChange(updateQuestion(draft, index, { explanation: e.target.value }))}
      />
      <Checkbox
        checked={question.required}
        disabled={disabled}
        onCheckedChange={(required) => onChange(updateQuestion(draft, index, { required }))}
      >
        {t('admin.editor.assessment.requiredQuestion')}
      </Checkbox>
    </section>
  );
}
