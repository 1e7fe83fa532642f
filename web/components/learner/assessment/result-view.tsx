import { CircleCheck, CircleX, RotateCcw } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { stack } from 'styled-system/patterns';
import type { GradedAttempt } from '../../../../statecharts/assessment.machine';
import { AttemptReview } from '../../learner-attempt-review';
import { formatPercent } from '../../../format';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { t } from '../../../i18n';
import { scoreColor } from './score-color';

/** The graded attempt (after Submit, or a past attempt under review): outcome, score and each question's answer. */
export function ResultView(props: {
  focusRef: RefObject<HTMLElement | null>;
  result: GradedAttempt;
  title: string;
  review: boolean;
  back: ReactNode;
  courseId: string;
  canRetake: boolean;
  onRetake: () => void;
}) {
  const { result } = props;
  const score = Math.round(result.score * 100) / 100;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5', maxW: '4xl', mx: 'auto', w: 'full' })}>
      {props.back}
      <Card className={stack({ align: 'center', gap: '3', p: { base: '5', md: '8' }, textAlign: 'center' })}>
        {result.passed ? (
          <CircleCheck aria-hidden className={css({ w: '14', h: '14', color: 'success.solid' })} />
        ) : (
          <CircleX aria-hidden className={css({ w: '14', h: '14', color: 'error.solid' })} />
        )}
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {props.review ? t('assessment.review', { title: props.title }) : props.title}
        </p>
        {/* Focus lands here after Submit: a screen reader hears "Passed, Score 85%", the ring frames both. */}
        <div
          ref={props.focusRef as RefObject<HTMLDivElement>}
          tabIndex={-1}
          role="group"
          aria-labelledby="result-outcome result-score"
          data-focus-target
          data-testid="assessment-score"
          className={stack({ align: 'center', gap: '1', px: '4', py: '1', rounded: 'lg' })}
        >
          <h1
            id="result-outcome"
            className={css({ fontSize: '3xl', fontWeight: 'bold', color: result.passed ? 'success.fg' : 'error.fg' })}
          >
            {result.passed ? t('assessment.passed') : t('assessment.failed')}
          </h1>
          <p id="result-score" className={css({ fontSize: '4xl', fontWeight: 'bold', color: scoreColor(score) })}>
            <span className={css({ srOnly: true })}>{t('assessment.score')} </span>
            {formatPercent(score)}
          </p>
        </div>
        <p className={css({ color: 'fg.muted' })}>
          {t('assessment.correct', { correct: result.correctAnswers, total: result.totalQuestions })}
        </p>
        {!result.passed && result.attemptsRemaining !== undefined ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {result.attemptsRemaining > 0
              ? t('assessment.attemptsLeft', { count: result.attemptsRemaining })
              : t('assessment.noAttemptsTitle')}
          </p>
        ) : null}
        <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'center', mt: '2' })}>
          <Button asChild variant={props.canRetake ? 'outline' : 'solid'}>
            <Link href={`/course/${props.courseId}`}>{t('assessment.back')}</Link>
          </Button>
          {props.canRetake ? (
            <Button leftIcon={<RotateCcw aria-hidden />} palette="accent" onClick={props.onRetake}>
              {t('assessment.reattempt')}
            </Button>
          ) : null}
        </div>
      </Card>

      <section aria-labelledby="answers-title" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <h2 id="answers-title" className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
          {t('assessment.questionReview')}
        </h2>
        <AttemptReview result={result} />
      </section>
    </div>
  );
}
