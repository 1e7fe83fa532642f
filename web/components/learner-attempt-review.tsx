import { CircleCheck, CircleX } from 'lucide-react';
import { css } from 'styled-system/css';
import type { GradedAttempt } from '../../statecharts/assessment.machine';
import { Card } from '../ui/card';

function displayAnswer(answer: string | null | undefined): string | null {
  if (answer === null || answer === undefined || answer === '') return null;
  if (answer === 'true') return 'True';
  if (answer === 'false') return 'False';
  return answer;
}

/** Per-question detail of a graded attempt: the learner's answer, the correct answer and the explanation. */
export function AttemptReview({ result }: { result: GradedAttempt }) {
  return (
    <ol className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      {result.detailedResults.map((detail, i) => (
        <li key={detail.questionId}>
          <Card className={css({ p: '4', borderInlineStartWidth: '4px', borderInlineStartColor: detail.isCorrect ? 'success.solid' : 'error.solid' })}>
            <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-start' })}>
              {detail.isCorrect ? (
                <CircleCheck aria-label="Correct" className={css({ w: '5', h: '5', color: 'success.solid', flexShrink: 0 })} />
              ) : (
                <CircleX aria-label="Incorrect" className={css({ w: '5', h: '5', color: 'error.solid', flexShrink: 0 })} />
              )}
              <p className={css({ fontWeight: 'semibold' })}>
                {i + 1}. {detail.question}
              </p>
            </div>
            <dl className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' }, columnGap: '3', rowGap: '1', mt: '3', fontSize: 'sm' })}>
              <dt className={css({ color: 'fg.muted' })}>Your answer</dt>
              <dd className={css({ color: detail.isCorrect ? 'success.fg' : 'error.fg', fontWeight: 'medium' })}>{displayAnswer(detail.userAnswer) ?? 'Not answered'}</dd>
              <dt className={css({ color: 'fg.muted' })}>Correct answer</dt>
              <dd className={css({ fontWeight: 'medium' })}>{displayAnswer(detail.correctAnswer) ?? '-'}</dd>
            </dl>
            {detail.explanation ? <p className={css({ mt: '2', fontSize: 'sm', color: 'fg.muted', bg: 'bg.muted', p: '3', rounded: 'md' })}>{detail.explanation}</p> : null}
          </Card>
        </li>
      ))}
    </ol>
  );
}
