import { useQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { DEFAULT_PASSING_SCORE } from '@contract/course';
import type { AttemptResult } from '@contract/assessments';
import { learnerQueries } from '../api/learner-queries';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { LoadingBlock } from '../ui/spinner';
import { AttemptReview } from './learner-attempt-review';
import { t } from '../i18n';
import { formatPercent } from '../format';
import { errorText } from '../i18n/error-text';

export interface ReviewDialogProps {
  /** The assessment component to review, or null when closed. */
  component: { id: string; title: string } | null;
  onClose: () => void;
}

/** The course page's review of a passed assessment: the latest graded attempt with per-question detail. */
export function ReviewDialog({ component, onClose }: ReviewDialogProps) {
  const componentId = component?.id ?? null;
  const review = useQuery({ ...learnerQueries.review(componentId ?? ''), enabled: componentId !== null });
  const result: AttemptResult | null = review.data ?? null;
  const error = review.isError ? errorText(review.error, t('assessment.reviewFailed')) : null;
  return (
    <Dialog
      open={component !== null}
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={t('review.title', { title: component?.title ?? '' })}
      footer={
        <Button variant="outline" palette="neutral" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      {error ? (
        <Alert status="error">{error}</Alert>
      ) : !result ? (
        <LoadingBlock label={t('review.loading')} />
      ) : (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          <p className={css({ display: 'flex', gap: '3', alignItems: 'baseline', flexWrap: 'wrap' })}>
            <strong className={css({ fontSize: 'xl', color: result.passed ? 'success.fg' : 'error.fg' })}>
              {result.passed ? t('review.passed') : t('review.failed')}
            </strong>
            <span
              className={css({
                fontSize: 'xl',
                fontWeight: 'bold',
                color: result.score >= DEFAULT_PASSING_SCORE ? 'success.fg' : 'error.fg',
              })}
            >
              {formatPercent(result.score)}
            </span>
            <span className={css({ color: 'fg.muted' })}>
              {t('review.summary', {
                correct: result.correctAnswers,
                count: result.totalQuestions,
                attempt: result.attemptNumber,
              })}
            </span>
          </p>
          <AttemptReview result={result} />
        </div>
      )}
    </Dialog>
  );
}
