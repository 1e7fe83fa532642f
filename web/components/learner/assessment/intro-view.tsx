import { Eye, Play } from 'lucide-react';
import type { RefObject } from 'react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { flex, grid, stack, wrap } from 'styled-system/patterns';
import { DEFAULT_PASSING_SCORE } from '@contract/course';
import type { AssessmentInfo, AttemptHistory } from '../../../../statecharts/assessment.machine';
import { formatNumber, formatPercent, formatScore } from '../../../format';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { t, withTags } from '../../../i18n';
import { scoreColor } from './score-color';

/** What the learner reads before an attempt starts; nothing runs on the server until Start. */
export function IntroView(props: {
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
            <bdi>{assessment.title}</bdi>
          </h1>
        </header>

        <dl
          className={grid({
            gap: '3',
            gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
          })}
        >
          {facts.map(([label, value]) => (
            <div key={label} className={stack({ gap: '0.5', p: '3', rounded: 'md', bg: 'bg.muted' })}>
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
            <div className={wrap({ align: 'center', justify: 'space-between', gap: '2' })}>
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
            <ul className={stack({ gap: '1', listStyle: 'disc', ps: '5', color: 'fg.muted' })}>
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
        <div className={flex({ direction: { base: 'column-reverse', sm: 'row' }, justify: 'flex-end', gap: '3' })}>
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
