import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';
import { overline } from 'styled-system/recipes/overline';
import { stackToRow } from 'styled-system/patterns';
import type { NextUp } from '../state/next-up';
import { requirementAction } from '../state/requirement-display';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Chip } from '../ui/chip';
import { flipInRtl } from '../ui/direction';
import { Skeleton } from '../ui/spinner';
import { componentPath } from './component-path';
import { formatScore } from '../format';
import { t, type MessageId } from '../i18n';
import { COMPONENT_TYPE_IDS } from '../i18n/labels';
import { ProgressBar } from './learner/progress-bar';
import { RequirementLine } from './learner/requirement-line';

const arrow = cx(css({ w: '4', h: '4' }), flipInRtl);

/**
 * The dashboard's lead card: the one thing to do next. Required training due soonest comes first
 * (Start opens it directly: the server enrols the learner as it starts); else the course the
 * learner was working on. Nothing at all to do: no card.
 */
export function NextUpCard({
  next,
  loading,
  busy,
  onStart,
}: {
  next: NextUp | null;
  loading: boolean;
  busy: boolean;
  onStart: (courseId: string) => void;
}) {
  if (loading) {
    return (
      <div role="group" aria-busy="true" aria-label={t('nextUp.loading')} className={section}>
        <Skeleton className={css({ h: '148px', borderRadius: 'xl' })} />
      </div>
    );
  }
  if (!next) return null;
  const progress = next.progress;
  const title = next.kind === 'required' ? next.requirement.courseTitle : next.progress.courseTitle;
  // A requirement offered here has a course to start (requirementAction): never null.
  const courseId = (next.kind === 'required' ? next.requirement.courseId : next.progress.courseId) ?? '';
  const percent = Math.round(progress?.overallProgress ?? 0);
  const component = progress?.nextComponent ?? null;
  const started =
    next.kind === 'required' ? requirementAction(next.requirement) === 'continue' : progress?.status !== 'ENROLLED';
  const action = started ? t('continue.continue') : t('continue.start');
  const label = t('common.actionFor', { action, title });
  return (
    <section aria-labelledby="next-up-heading" className={section} data-testid="next-up">
      <Card
        variant="elevated"
        className={stackToRow({
          from: 'md',
          align: 'center',
          gap: { base: '4', md: '6' },
          p: { base: '4', md: '6' },
          borderInlineStartWidth: '4px',
          borderInlineStartColor: next.kind === 'required' ? 'brand.solid' : 'accent.solid',
        })}
      >
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', flex: '1', minW: 0 })}>
          <h2 id="next-up-heading" className={overline({ tone: 'muted' })}>
            {t('nextUp.heading')}
          </h2>
          <p className={css({ fontSize: { base: 'lg', md: 'xl' }, fontWeight: 'bold', lineHeight: '1.3' })}>
            <Link
              href={`/course/${courseId}`}
              className={css({ color: 'fg.default', _hover: { textDecoration: 'underline' } })}
            >
              <bdi>{title}</bdi>
            </Link>
          </p>
          {next.kind === 'required' ? (
            <RequirementLine requirement={next.requirement} chipSize="sm">
              <Chip palette="brand" variant="solid" size="sm">
                {t('course.required')}
              </Chip>
            </RequirementLine>
          ) : null}
          {progress ? (
            <ProgressBar
              label={t('continue.progressLabel', { title })}
              percent={percent}
              figure={formatScore(percent)}
            />
          ) : null}
          {component ? (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              <span className={css({ fontWeight: 'semibold', color: 'fg.default' })}>
                {t(`next.${component.status}` as MessageId)}:
              </span>{' '}
              {t(COMPONENT_TYPE_IDS[component.type])} · <bdi>{component.title}</bdi>
            </p>
          ) : null}
        </div>
        {next.kind === 'required' ? (
          <Button
            size="lg"
            className={actionClass}
            aria-label={label}
            loading={busy}
            loadingText={t('common.starting')}
            onClick={() => onStart(courseId)}
          >
            {action}
            <ArrowRight aria-hidden className={arrow} />
          </Button>
        ) : (
          <Button asChild size="lg" className={actionClass}>
            <Link href={component ? componentPath(courseId, component) : `/course/${courseId}`} aria-label={label}>
              {action}
              <ArrowRight aria-hidden className={arrow} />
            </Link>
          </Button>
        )}
      </Card>
    </section>
  );
}

const section = css({ mb: { base: '6', md: '8' } });
const actionClass = css({ flexShrink: 0, alignSelf: { base: 'stretch', md: 'center' } });
