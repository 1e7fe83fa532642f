import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { DEFAULT_PASSING_SCORE } from '@contract/course';
import type { AttemptResult } from '@contract/learner';
import { errorMessage } from '../api/client';
import { learnerApi } from '../api/learner';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { LoadingBlock } from '../ui/spinner';
import { AttemptReview } from './learner-attempt-review';

export interface ReviewDialogProps {
  /** The assessment component to review, or null when closed. */
  component: { id: string; title: string } | null;
  onClose: () => void;
}

/** The course page's review of a passed assessment: the latest graded attempt with per-question detail. */
export function ReviewDialog({ component, onClose }: ReviewDialogProps) {
  const [result, setResult] = useState<AttemptResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const componentId = component?.id ?? null;
  useEffect(() => {
    if (!componentId) return;
    let active = true;
    setResult(null);
    setError(null);
    (async () => {
      const latest = await learnerApi.latestAttempt(componentId);
      if (!latest.hasAttempt) throw new Error('No submitted attempt to review');
      return learnerApi.attempt(latest.attemptId);
    })()
      .then((r) => active && setResult(r))
      .catch((e) => active && setError(errorMessage(e, 'Failed to load review data')));
    return () => {
      active = false;
    };
  }, [componentId]);
  return (
    <Dialog
      open={component !== null}
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={`Review: ${component?.title ?? ''}`}
      footer={<Button variant="outline" palette="neutral" onClick={onClose}>Close</Button>}
    >
      {error ? (
        <Alert status="error">{error}</Alert>
      ) : !result ? (
        <LoadingBlock label="Loading review..." />
      ) : (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          <p className={css({ display: 'flex', gap: '3', alignItems: 'baseline', flexWrap: 'wrap' })}>
            <strong className={css({ fontSize: 'xl', color: result.passed ? 'success.fg' : 'error.fg' })}>{result.passed ? 'Passed' : 'Failed'}</strong>
            <span className={css({ fontSize: 'xl', fontWeight: 'bold', color: result.score >= DEFAULT_PASSING_SCORE ? 'success.fg' : 'error.fg' })}>{Math.round(result.score * 100) / 100}%</span>
            <span className={css({ color: 'fg.muted' })}>
              {result.correctAnswers} of {result.totalQuestions} correct · attempt {result.attemptNumber}
            </span>
          </p>
          <AttemptReview result={result} />
        </div>
      )}
    </Dialog>
  );
}
