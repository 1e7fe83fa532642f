import type { CourseProgressListItem } from '@contract/progress';
import { ArrowRight, PlayCircle } from 'lucide-react';
import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';
import { stackToRow, wrap } from 'styled-system/patterns';
import { formatScore } from '../format';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { EmptyState } from '../ui/empty-state';
import { Skeleton } from '../ui/spinner';
import { componentPath } from './component-path';
import { t, type MessageId } from '../i18n';
import { textLink } from 'styled-system/recipes/text-link';
import { flipInRtl } from '../ui/direction';
import { COMPONENT_TYPE_IDS } from '../i18n/labels';
import { ProgressBar } from './learner/progress-bar';
import { courseDomainLabel } from './learner/course-style';

/** At most this many courses on the dashboard; the rest are one link away in My Courses. */
export const CONTINUE_CARDS = 3;

/**
 * "Continue where you left off": the courses the learner enrolled in and has not completed, most
 * recently worked on first, each with the component the course page would continue with.
 */
export function ContinueLearning({ progresses, loading }: { progresses: CourseProgressListItem[]; loading: boolean }) {
  const open = progresses.filter((p) => p.status !== 'COMPLETED');
  const shown = open.slice(0, CONTINUE_CARDS);
  return (
    <section aria-labelledby="continue-heading" className={css({ mb: { base: '6', md: '8' } })}>
      <div className={wrap({ align: 'baseline', justify: 'space-between', gap: '3', mb: '4' })}>
        <h2 id="continue-heading" className={css({ fontSize: { base: 'lg', md: 'xl' }, fontWeight: 'semibold' })}>
          {t('continue.heading')}
        </h2>
        {open.length > CONTINUE_CARDS ? (
          <Link href="/my-courses" className={cx(textLink({ strong: true }), css({ fontSize: 'sm' }))}>
            {t('continue.all', { count: open.length })}
          </Link>
        ) : null}
      </div>
      {loading ? (
        <div className={list} role="group" aria-busy="true" aria-label={t('continue.loading')}>
          {[0, 1].map((i) => (
            <Skeleton key={i} className={css({ h: '132px', borderRadius: 'xl' })} />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <EmptyState
          bordered
          icon={<PlayCircle />}
          title={t('continue.emptyTitle')}
          description={t('continue.emptyText')}
          headingLevel="h3"
          actions={
            <Button asChild variant="outline">
              <Link href="/my-courses">{t('continue.browse')}</Link>
            </Button>
          }
        />
      ) : (
        <ul className={list}>
          {shown.map((progress) => (
            <ContinueCard key={progress.courseId} progress={progress} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ContinueCard({ progress }: { progress: CourseProgressListItem }) {
  const percent = Math.round(progress.overallProgress);
  const next = progress.nextComponent;
  const href = next ? componentPath(progress.courseId, next) : `/course/${progress.courseId}`;
  const action = progress.status === 'ENROLLED' ? t('continue.start') : t('continue.continue');
  return (
    <Card
      as="li"
      variant="outline"
      aria-labelledby={`continue-${progress.courseId}`}
      className={stackToRow({ from: 'md', align: 'center', gap: { base: '3', md: '5' }, p: { base: '4', md: '5' } })}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', flex: '1', minW: 0 })}>
        <span className={courseDomainLabel}>{progress.courseDomain}</span>
        <h3
          id={`continue-${progress.courseId}`}
          className={css({ fontSize: 'md', fontWeight: 'bold', lineHeight: '1.3' })}
        >
          <Link
            href={`/course/${progress.courseId}`}
            className={css({ color: 'fg.default', _hover: { textDecoration: 'underline' } })}
          >
            {progress.courseTitle}
          </Link>
        </h3>
        <ProgressBar
          label={t('continue.progressLabel', { title: progress.courseTitle })}
          percent={percent}
          figure={formatScore(percent)}
        />
        {next ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            <span className={css({ fontWeight: 'semibold', color: 'fg.default' })}>
              {t(`next.${next.status}` as MessageId)}:
            </span>{' '}
            {t(COMPONENT_TYPE_IDS[next.type])} · {next.title}
          </p>
        ) : null}
      </div>
      <Button asChild size="md" className={css({ flexShrink: 0, alignSelf: { base: 'stretch', md: 'center' } })}>
        <Link href={href} aria-label={t('common.actionFor', { action, title: progress.courseTitle })}>
          {action}
          <ArrowRight aria-hidden className={cx(css({ w: '4', h: '4' }), flipInRtl)} />
        </Link>
      </Button>
    </Card>
  );
}

const list = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: 0, m: 0 });
