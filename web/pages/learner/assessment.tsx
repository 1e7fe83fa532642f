import { Clock } from 'lucide-react';
import { useEffect, useRef, type RefObject } from 'react';
import { useParams } from 'wouter';
import { IntroView } from '../../components/learner/assessment/intro-view';
import { QuestionCard } from '../../components/learner/assessment/question-card';
import { ResultView } from '../../components/learner/assessment/result-view';
import { css, cx } from 'styled-system/css';
import { hstack, wrap } from 'styled-system/patterns';
import { DEFAULT_PASSING_SCORE } from '@contract/course';
import { ASSESSMENT_MESSAGES, isAnswerable } from '../../../statecharts/assessment.machine';
import { formatClock, formatNumber, formatScore } from '../../format';
import { BackLink } from '../../components/learner/back-link';
import { PageFailure } from '../../components/learner/page-failure';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useAssessment } from '../../state/assessment';
import { noteCourseSeen } from '../../state/course-progress';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Chip } from '../../ui/chip';
import { moveFocusTo } from '../../ui/focus';
import { LoadingBlock } from '../../ui/spinner';
import { t } from '../../i18n';
import { machineText } from '../../i18n/machine-text';

/** /course/{courseId}/assessment/{componentId}: the assessment page. */
export function AssessmentPage() {
  const { courseId, componentId } = useParams<{ courseId: string; componentId: string }>();
  return <Assessment key={componentId} courseId={courseId} componentId={componentId} />;
}

/** Which of the page's screens is showing; focus follows a change from one screen to another. */
type Screen = 'loading' | 'intro' | 'failed' | 'result' | 'answering';

/**
 * Start, Submit, Re-attempt and Review replace the whole screen under the button just pressed:
 * focus goes to the new screen's heading (the questions' title after Start, the score after
 * Submit). The first screen of a visit is left to the route's focus rule (web/hooks/use-route-focus.ts).
 */
function useScreenFocus(screen: Screen, target: RefObject<HTMLElement | null>) {
  const shown = useRef<Screen | null>(null);
  useEffect(() => {
    if (screen === 'loading') return;
    const previous = shown.current;
    shown.current = screen;
    if (previous === null || previous === screen) return;
    moveFocusTo(target.current);
  }, [screen, target]);
}

function Assessment({ courseId, componentId }: { courseId: string; componentId: string }) {
  const [snapshot, send] = useAssessment(componentId);
  // The course page's completion dialog needs the course's status from before this attempt (see noteCourseSeen).
  useEffect(() => {
    void noteCourseSeen(courseId);
  }, [courseId]);
  const { assessment, attempt, answers, remainingSeconds, result, error } = snapshot.context;
  useDocumentTitle(assessment?.title ?? t('assessment.title'));
  const focusTarget = useRef<HTMLElement>(null);
  const screen: Screen =
    snapshot.hasTag('duplicateWait') ||
    snapshot.matches('loading') ||
    snapshot.matches('starting') ||
    snapshot.matches('reviewLoading')
      ? 'loading'
      : snapshot.matches('intro') && assessment
        ? 'intro'
        : snapshot.matches('failed')
          ? 'failed'
          : (snapshot.matches('result') || snapshot.matches('reviewing')) && result
            ? 'result'
            : assessment && attempt
              ? 'answering'
              : 'loading';
  useScreenFocus(screen, focusTarget);
  const back = <BackLink href={`/course/${courseId}`}>{t('assessment.back')}</BackLink>;

  if (snapshot.hasTag('duplicateWait')) return <LoadingBlock label={machineText(ASSESSMENT_MESSAGES.duplicateWait)} />;
  if (snapshot.matches('loading') || snapshot.matches('starting') || snapshot.matches('reviewLoading'))
    return <LoadingBlock label={t('assessment.loading')} />;
  if (snapshot.matches('intro') && assessment) {
    return (
      <IntroView
        headingRef={focusTarget}
        assessment={assessment}
        history={snapshot.context.history}
        courseId={courseId}
        canStart={snapshot.can({ type: 'attempt.start' })}
        canReview={snapshot.can({ type: 'attempt.review' })}
        onStart={() => send({ type: 'attempt.start' })}
        onReview={() => send({ type: 'attempt.review' })}
      />
    );
  }
  if (snapshot.matches('failed')) {
    return (
      <PageFailure
        back={back}
        retry={{ label: t('assessment.tryAgain'), onRetry: () => send({ type: 'assessment.retry' }) }}
      >
        {machineText(error ?? ASSESSMENT_MESSAGES.loadFailed)}
      </PageFailure>
    );
  }
  if ((snapshot.matches('result') || snapshot.matches('reviewing')) && result) {
    return (
      <ResultView
        focusRef={focusTarget}
        result={result}
        title={assessment?.title ?? t('assessment.title')}
        review={snapshot.matches('reviewing')}
        back={back}
        courseId={courseId}
        canRetake={snapshot.can({ type: 'attempt.retake' })}
        onRetake={() => send({ type: 'attempt.retake' })}
      />
    );
  }
  if (!assessment || !attempt) return <LoadingBlock label={t('assessment.loading')} />;

  const answerable = assessment.questions.filter(isAnswerable);
  const answeredCount = answerable.filter((q) => (answers[q.id] ?? '') !== '').length;
  const low = snapshot.hasTag('timeLow');
  // A submit whose answer was lost is being sent again on its own: still submitting to the learner.
  const submitting = snapshot.matches('submitting') || snapshot.matches('resubmitWait');
  const locked = !snapshot.matches('answering');
  const autoSubmitted = snapshot.context.submitReason === 'timeout';

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5', maxW: '4xl', mx: 'auto', w: 'full' })}>
      {back}
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <h1
          ref={focusTarget as RefObject<HTMLHeadingElement>}
          tabIndex={-1}
          className={css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', lineHeight: '1.25' })}
        >
          <bdi>{assessment.title}</bdi>
        </h1>
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          <Chip palette="neutral">{t('assessment.attempt', { number: attempt.attemptNumber })}</Chip>
          <Chip palette="neutral">
            {t('assessment.maxAttempts', {
              value: assessment.maxAttempts ? formatNumber(assessment.maxAttempts) : t('assessment.unlimited'),
            })}
          </Chip>
          <Chip palette="neutral">
            {t('assessment.passingScore', { score: formatScore(assessment.passingScore || DEFAULT_PASSING_SCORE) })}
          </Chip>
          <Chip palette="neutral">{t('assessment.timeLimit', { minutes: assessment.timeLimit })}</Chip>
        </div>
      </header>

      <div
        className={hstack({
          justify: 'space-between',
          gap: '3',
          position: 'sticky',
          top: { base: '56px', sm: '64px' },
          zIndex: 5,
          p: '3',
          bg: 'bg.surface',
          borderWidth: '1px',
          borderColor: low ? 'error.solid' : 'border.default',
          rounded: 'lg',
          shadow: 'sm',
        })}
      >
        <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {t('assessment.answered', { answered: answeredCount, total: answerable.length })}
        </span>
        <span
          role="timer"
          aria-label={t('assessment.timeRemaining')}
          className={cx(
            css({
              display: 'inline-flex',
              alignItems: 'center',
              gap: '1.5',
              fontWeight: 'bold',
              fontSize: 'lg',
              fontVariantNumeric: 'tabular-nums',
            }),
            low ? css({ color: 'error.fg' }) : css({ color: 'fg.default' }),
          )}
          data-low={low || undefined}
        >
          <Clock aria-hidden className={css({ w: '5', h: '5' })} />
          {remainingSeconds === null ? '--:--' : formatClock(remainingSeconds, 2)}
        </span>
      </div>

      {autoSubmitted && (submitting || snapshot.matches('submitFailed')) ? (
        <Alert status="warning">{t('assessment.timeUpSubmitting')}</Alert>
      ) : null}

      <ol
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
        aria-label={t('assessment.questions')}
      >
        {assessment.questions.map((question, index) => (
          <li key={question.id}>
            <QuestionCard
              question={question}
              index={index}
              value={answers[question.id] ?? ''}
              disabled={locked}
              onAnswer={(answer) => send({ type: 'answer.select', questionId: question.id, answer })}
            />
          </li>
        ))}
      </ol>

      {snapshot.matches('submitFailed') && error ? <Alert status="error">{machineText(error)}</Alert> : null}
      <div className={wrap({ align: 'center', justify: 'flex-end', gap: '3' })}>
        {!snapshot.can({ type: 'attempt.submit' }) && !locked ? (
          <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('assessment.answerAll')}</span>
        ) : null}
        <Button
          size="lg"
          loading={submitting}
          loadingText={t('assessment.submitting')}
          disabled={!snapshot.can({ type: 'attempt.submit' })}
          onClick={() => send({ type: 'attempt.submit' })}
        >
          {snapshot.matches('submitFailed') ? t('assessment.tryAgainSubmit') : t('assessment.submit')}
        </Button>
      </div>
    </div>
  );
}
