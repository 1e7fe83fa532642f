import { CircleCheck, CircleX } from 'lucide-react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { itemNumber } from '../i18n/labels';
import type { GradedAttempt } from '../../statecharts/assessment.machine';
import { Card } from '../ui/card';
import { t } from '../i18n';

function displayAnswer(answer: string | null | undefined): string | null {
  if (answer === null || answer === undefined || answer === '') return null;
  if (answer === 'true') return t('assessment.true');
  if (answer === 'false') return t('assessment.false');
  return answer;
}

/** Per-question detail of a graded attempt: the learner's answer, the correct answer and the explanation. */
export function AttemptReview({ result }: { result: GradedAttempt }) {
  return (
    <ol className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      {result.detailedResults.map((detail, i) => (
        <li key={detail.questionId}>
          <Card
            className={css({
              p: '4',
              borderInlineStartWidth: '4px',
              borderInlineStartColor: detail.isCorrect ? 'success.solid' : 'error.solid',
            })}
          >
            <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-start' })}>
              {detail.isCorrect ? (
                <CircleCheck
                  aria-label={t('review.correct')}
                  className={css({ w: '5', h: '5', color: 'success.solid', flexShrink: 0 })}
                />
              ) : (
                <CircleX
                  aria-label={t('review.incorrect')}
                  className={css({ w: '5', h: '5', color: 'error.solid', flexShrink: 0 })}
                />
              )}
              <p className={css({ fontWeight: 'semibold' })}>
                {itemNumber(i + 1)} <bdi>{detail.question}</bdi>
              </p>
            </div>
            <dl
              className={grid({
                columnGap: '3',
                rowGap: '1',
                gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' },
                mt: '3',
                fontSize: 'sm',
              })}
            >
              <dt className={css({ color: 'fg.muted' })}>{t('review.yourAnswer')}</dt>
              <dd className={css({ color: detail.isCorrect ? 'success.fg' : 'error.fg', fontWeight: 'medium' })}>
                <bdi>{displayAnswer(detail.userAnswer) ?? t('review.notAnswered')}</bdi>
              </dd>
              <dt className={css({ color: 'fg.muted' })}>{t('review.correctAnswer')}</dt>
              <dd className={css({ fontWeight: 'medium' })}>
                <bdi>{displayAnswer(detail.correctAnswer) ?? '-'}</bdi>
              </dd>
            </dl>
            {detail.explanation ? (
              <p
                className={css({ mt: '2', fontSize: 'sm', color: 'fg.muted', bg: 'bg.muted', p: '3', rounded: 'md' })}
                dir="auto"
              >
                {detail.explanation}
              </p>
            ) : null}
          </Card>
        </li>
      ))}
    </ol>
  );
}
