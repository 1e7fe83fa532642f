import { ArrowLeft, CircleCheck, CircleX, Clock, Eye, Play, RotateCcw } from 'lucide-react';
import { useEffect, useRef, type RefObject } from 'react';
import { Link, useParams } from 'wouter';
import { AttemptReview } from '../../components/learner-attempt-review';
import { css, cx } from 'styled-system/css';
import { DEFAULT_PASSING_SCORE } from '@contract/course';
import {
  ASSESSMENT_MESSAGES,
  isAnswerable,
  type AssessmentInfo,
  type AssessmentQuestion,
  type AttemptHistory,
  type GradedAttempt,
} from '../../../statecharts/assessment.machine';
import { formatClock, formatNumber, formatPercent, formatScore } from '../../format';
import { flipInRtl } from '../../ui/direction';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useAssessment } from '../../state/assessment';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Chip } from '../../ui/chip';
import { moveFocusTo } from '../../ui/focus';
import { LoadingBlock } from '../../ui/spinner';
import { t, withTags } from '../../i18n';
import { machineText } from '../../i18n/machine-text';

/** Score colour: green at 70 or more, red below. */
const scoreColor = (score: number) => (score >= DEFAULT_PASSING_SCORE ? 'success.fg' : 'error.fg');

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
  const back = (
    <Link
      href={`/course/${courseId}`}
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '1.5',
        fontSize: 'sm',
        color: 'brand.fg',
        fontWeight: 'medium',
        _hover: { textDecoration: 'underline' },
      })}
    >
      <ArrowLeft aria-hidden className={cx(css({ w: '4', h: '4' }), flipInRtl)} /> {t('assessment.back')}
    </Link>
  );

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
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {back}
        <Alert
          status="error"
          action={
            <Button size="sm" variant="outline" onClick={() => send({ type: 'assessment.retry' })}>
              {t('assessment.tryAgain')}
            </Button>
          }
        >
          {machineText(error ?? ASSESSMENT_MESSAGES.loadFailed)}
        </Alert>
      </div>
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
  const submitting = snapshot.matches('submitting');
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
          {assessment.title}
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
        className={css({
          position: 'sticky',
          top: { base: '56px', sm: '64px' },
          zIndex: 5,
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: '3',
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
      <div
        className={css({
          display: 'flex',
          justifyContent: 'flex-end',
          gap: '3',
          alignItems: 'center',
          flexWrap: 'wrap',
        })}
      >
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

/** What the learner reads before an attempt starts; nothing runs on the server until Start. */
function IntroView(props: {
  headingRef: RefObject<HTMLElement | null>;
  assessment: AssessmentInfo;
  history: AttemptHistory;
  courseId: string;
  canStart: boolean;
  canReview: boolean;
  onStart: () => void;
  onReview: () => void;
}) {
  const { assessment, history } = props;
  const passingScore = assessment.passingScore || DEFAULT_PASSING_SCORE;
  const last = history.lastAttempt;
  const lastScore = last ? Math.round(last.score * 100) / 100 : 0;
  const facts: [string, string][] = [
    [t('assessment.fact.questions'), formatNumber(assessment.questionCount)],
    [t('assessment.fact.timeLimit'), t('course.minutes', { count: assessment.timeLimit })],
    [t('assessment.fact.passingScore'), formatScore(passingScore)],
    [
      t('assessment.fact.maxAttempts'),
      assessment.maxAttempts ? formatNumber(assessment.maxAttempts) : t('assessment.unlimited'),
    ],
    [t('assessment.fact.used'), formatNumber(history.usedAttempts)],
    [
      t('assessment.fact.remaining'),
      history.remainingAttempts === null ? t('assessment.unlimited') : formatNumber(history.remainingAttempts),
    ],
  ];
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5', maxW: '3xl', mx: 'auto', w: 'full' })}>
      <Card
        as="section"
        aria-labelledby="assessment-intro-title"
        className={css({ p: { base: '5', md: '8' }, display: 'flex', flexDirection: 'column', gap: '5' })}
      >
        <header className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          <p className={css({ fontSize: 'sm', color: 'fg.muted', fontWeight: 'medium' })}>{t('assessment.title')}</p>
          <h1
            id="assessment-intro-title"
            ref={props.headingRef as RefObject<HTMLHeadingElement>}
            tabIndex={-1}
            className={css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', lineHeight: '1.25' })}
          >
            {assessment.title}
          </h1>
        </header>

        <dl
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
            gap: '3',
          })}
        >
          {facts.map(([label, value]) => (
            <div
              key={label}
              className={css({
                p: '3',
                rounded: 'md',
                bg: 'bg.muted',
                display: 'flex',
                flexDirection: 'column',
                gap: '0.5',
              })}
            >
              <dt className={css({ fontSize: 'xs', color: 'fg.muted', fontWeight: 'medium' })}>{label}</dt>
              <dd className={css({ fontSize: 'lg', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' })}>
                {value}
              </dd>
            </div>
          ))}
        </dl>

        {last && !last.passed ? (
          // The review button sits in the message rather than the alert's action slot, which squeezes the text on a phone.
          <Alert status="warning" title={t('assessment.lastFailed', { number: last.attemptNumber })}>
            <div
              className={css({
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: '2',
              })}
            >
              <span>
                {withTags(
                  t('assessment.youScored', { score: formatPercent(lastScore), passing: formatScore(passingScore) }),
                  [
                    (text, key) => (
                      <span key={key} className={css({ fontWeight: 'bold', color: scoreColor(lastScore) })}>
                        {text}
                      </span>
                    ),
                  ],
                )}
              </span>
              {props.canReview ? (
                <Button size="sm" variant="outline" leftIcon={<Eye aria-hidden />} onClick={props.onReview}>
                  {t('assessment.reviewLast')}
                </Button>
              ) : null}
            </div>
          </Alert>
        ) : null}

        {props.canStart ? (
          <section
            aria-labelledby="assessment-rules-title"
            className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
          >
            <h2 id="assessment-rules-title" className={css({ fontWeight: 'semibold' })}>
              {t('assessment.beforeStart')}
            </h2>
            <ul
              className={css({
                listStyle: 'disc',
                ps: '5',
                display: 'flex',
                flexDirection: 'column',
                gap: '1',
                color: 'fg.muted',
              })}
            >
              <li>{t('assessment.rule1')}</li>
              <li>{t('assessment.rule2')}</li>
              <li>{t('assessment.rule3')}</li>
            </ul>
          </section>
        ) : (
          <Alert status="error" title={t('assessment.noAttemptsTitle')}>
            {t('assessment.noAttemptsText')}
          </Alert>
        )}

        {/* On a phone the two actions stack full width, Start on top. */}
        <div
          className={css({
            display: 'flex',
            flexDirection: { base: 'column-reverse', sm: 'row' },
            gap: '3',
            justifyContent: 'flex-end',
          })}
        >
          <Button asChild size="lg" variant="outline" className={css({ w: { base: 'full', sm: 'auto' } })}>
            <Link href={`/course/${props.courseId}`}>{t('assessment.backToCourse')}</Link>
          </Button>
          {props.canStart ? (
            <Button
              size="lg"
              leftIcon={<Play aria-hidden />}
              onClick={props.onStart}
              className={css({ w: { base: 'full', sm: 'auto' } })}
            >
              {t('assessment.start')}
            </Button>
          ) : null}
        </div>
      </Card>
    </div>
  );
}

function QuestionCard({
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
          <span className={css({ color: 'brand.fg' })}>{formatNumber(index + 1)}.</span>
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
                    css({
                      display: 'flex',
                      alignItems: 'center',
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

function ResultView(props: {
  focusRef: RefObject<HTMLElement | null>;
  result: GradedAttempt;
  title: string;
  review: boolean;
  back: React.ReactNode;
  courseId: string;
  canRetake: boolean;
  onRetake: () => void;
}) {
  const { result } = props;
  const score = Math.round(result.score * 100) / 100;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5', maxW: '4xl', mx: 'auto', w: 'full' })}>
      {props.back}
      <Card
        className={css({
          p: { base: '5', md: '8' },
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          gap: '3',
          textAlign: 'center',
        })}
      >
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
          className={css({
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            gap: '1',
            px: '4',
            py: '1',
            rounded: 'lg',
          })}
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
