import { css, cx } from 'styled-system/css';
import { hstack } from 'styled-system/patterns';
import { ASSESSMENT_MESSAGES, type AssessmentQuestion } from '../../../../statecharts/assessment.machine';
import { Alert } from '../../../ui/alert';
import { Card } from '../../../ui/card';
import { t } from '../../../i18n';
import { itemNumber } from '../../../i18n/labels';
import { machineText } from '../../../i18n/machine-text';

/** One question of the attempt: its options as a radio group, locked while submitting or after. */
export function QuestionCard({
  question,
  index,
  value,
  disabled,
  onAnswer,
}: {
  question: AssessmentQuestion;
  index: number;
  value: string;
  disabled: boolean;
  onAnswer: (answer: string) => void;
}) {
  const name = `q-${question.id}`;
  // TRUE_FALSE answers are "true" or "false"; MCQ answers are the option text.
  const options =
    question.type === 'TRUE_FALSE'
      ? [
          { value: 'true', label: t('assessment.true') },
          { value: 'false', label: t('assessment.false') },
        ]
      : question.options.map((o) => ({ value: o.text, label: o.text }));
  return (
    <Card className={css({ p: { base: '4', md: '5' } })}>
      <fieldset
        disabled={disabled}
        className={css({ display: 'flex', flexDirection: 'column', gap: '3', border: '0', p: '0', m: '0', minW: 0 })}
      >
        <legend className={css({ fontWeight: 'semibold', color: 'fg.default', mb: '3', display: 'flex', gap: '2' })}>
          <span className={css({ color: 'brand.fg' })}>{itemNumber(index + 1)}</span>
          <bdi>{question.question}</bdi>
        </legend>
        {options.length === 0 ? (
          <Alert status="error">{machineText(ASSESSMENT_MESSAGES.noOptions)}</Alert>
        ) : (
          <div
            role="radiogroup"
            aria-label={question.question}
            className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
          >
            {options.map((option) => {
              const checked = value === option.value;
              return (
                <label
                  key={option.value}
                  className={cx(
                    hstack({
                      gap: '3',
                      p: '3',
                      rounded: 'md',
                      borderWidth: '1px',
                      cursor: 'pointer',
                      _hover: { bg: 'bg.muted' },
                      '&:has(input:focus-visible)': {
                        outline: '2px solid',
                        outlineColor: 'focusRing',
                        outlineOffset: '2px',
                      },
                    }),
                    checked
                      ? css({ borderColor: 'brand.solid', bg: 'brand.subtle' })
                      : css({ borderColor: 'border.default' }),
                  )}
                >
                  <input
                    type="radio"
                    name={name}
                    value={option.value}
                    checked={checked}
                    onChange={() => onAnswer(option.value)}
                    className={css({ accentColor: 'var(--colors-brand-solid)', w: '4', h: '4' })}
                  />
                  <bdi>{option.label}</bdi>
                </label>
              );
            })}
          </div>
        )}
      </fieldset>
    </Card>
  );
}
