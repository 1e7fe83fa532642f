import { Check, CircleX, ClipboardCheck, FileText, Lock, PlayCircle, Users } from 'lucide-react';
import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';
import { flex, stackToRow, wrap } from 'styled-system/patterns';
import type { ComponentView } from '../../statecharts/course-progress.machine';
import { Button } from '../ui/button';
import { keepScrollableFocusable } from '../ui/scroll-focus';
import { Chip } from '../ui/chip';
import { Tooltip } from '../ui/tooltip';
import { formatDuration, formatScore } from '../format';
import { componentPath } from './component-path';
import { ClassroomAction, ClassroomNote } from './classroom-step';
import { isAssessmentType } from '@contract/course';
import { t, type MessageId } from '../i18n';
import { COMPONENT_TYPE_IDS, itemNumber, materialKindLabel } from '../i18n/labels';

const STATUS_CHIP = {
  NOT_STARTED: { palette: 'neutral' },
  IN_PROGRESS: { palette: 'warning' },
  COMPLETED: { palette: 'success' },
  FAILED: { palette: 'error' },
} as const;

export const componentHref = (courseId: string, view: ComponentView) => componentPath(courseId, view.component);

function StatusIcon({ view }: { view: ComponentView }) {
  const base = flex({
    align: 'center',
    justify: 'center',
    w: '9',
    h: '9',
    rounded: 'full',
    flexShrink: 0,
    '& svg': { w: '4.5', h: '4.5' },
  });
  if (view.status === 'COMPLETED')
    return (
      <span className={cx(base, css({ bg: 'success.solid', color: 'white' }))}>
        <Check aria-hidden />
      </span>
    );
  if (view.status === 'FAILED')
    return (
      <span className={cx(base, css({ bg: 'error.subtle', color: 'error.fg' }))}>
        <CircleX aria-hidden />
      </span>
    );
  if (view.locked || view.needsEnrollment)
    return (
      <span className={cx(base, css({ bg: 'bg.subtle', color: 'fg.subtle' }))}>
        <Lock aria-hidden />
      </span>
    );
  const Icon =
    view.component.type === 'MATERIAL' ? FileText : view.component.type === 'CLASSROOM' ? Users : ClipboardCheck;
  return (
    <span className={cx(base, css({ bg: 'brand.subtle', color: 'brand.fg' }))}>
      <Icon aria-hidden />
    </span>
  );
}

/**
 * The action of one component row: what the learner may do now, or why not. A step that cannot be
 * taken is a disabled button and not a Tab stop (nothing can be done there); its reason is part
 * of its text for screen readers ("Locked: complete previous components first") and a tooltip
 * for pointer users.
 */
function ComponentAction({
  courseId,
  view,
  onReview,
}: {
  courseId: string;
  view: ComponentView;
  onReview?: (view: ComponentView) => void;
}) {
  const disabledWithTip = (label: string, tip: string) => (
    <Tooltip content={tip}>
      <span data-testid="disabled-action" className={css({ display: 'inline-flex', rounded: 'md' })}>
        <Button size="sm" variant="outline" palette="neutral" disabled leftIcon={<Lock aria-hidden />}>
          {label}
          <span className={css({ srOnly: true })}>: {tip}</span>
        </Button>
      </span>
    </Tooltip>
  );
  if (view.needsEnrollment) return disabledWithTip(t('component.enrollToAccess'), t('component.enrollTip'));
  if (view.locked) return disabledWithTip(t('component.locked'), t('component.lockedTip'));
  // A classroom session completes only by the trainer's sign-off: no button, whatever its status.
  if (view.component.type === 'CLASSROOM') return view.status === 'COMPLETED' ? null : <ClassroomAction />;
  const isAssessment = isAssessmentType(view.component.type);
  if (isAssessment && view.status === 'FAILED') {
    if (view.attemptsLeft === 0) return disabledWithTip(t('component.noAttempts'), t('component.noAttemptsTip'));
    return (
      <Button asChild size="sm" palette="accent">
        <Link href={componentHref(courseId, view)}>{t('component.reattempt', { count: view.attemptsLeft })}</Link>
      </Button>
    );
  }
  if (isAssessment && view.status === 'COMPLETED' && onReview) {
    return (
      <Button
        size="sm"
        variant="outline"
        palette="neutral"
        onClick={() => onReview(view)}
        aria-label={t('common.actionFor', { action: t('component.review'), title: view.title })}
      >
        {t('component.review')}
      </Button>
    );
  }
  const label =
    view.status === 'COMPLETED'
      ? t('component.review')
      : view.status === 'IN_PROGRESS'
        ? isAssessment
          ? t('component.resume')
          : t('component.continue')
        : isAssessment
          ? t('component.start')
          : t('component.open');
  return (
    <Button
      asChild
      size="sm"
      variant={view.status === 'COMPLETED' ? 'outline' : 'solid'}
      palette={view.status === 'COMPLETED' ? 'neutral' : 'brand'}
    >
      <Link
        href={componentHref(courseId, view)}
        aria-label={t('common.actionFor', { action: label, title: view.title })}
      >
        {label}
      </Link>
    </Button>
  );
}

/** The ordered component list of the course page. */
export function ComponentList({
  courseId,
  views,
  onReview,
}: {
  courseId: string;
  views: ComponentView[];
  onReview?: (view: ComponentView) => void;
}) {
  return (
    <ol className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} aria-label={t('component.list')}>
      {views.map((view, index) => {
        const chip = STATUS_CHIP[view.status];
        const isAssessment = isAssessmentType(view.component.type);
        return (
          <li
            key={view.component.id}
            className={stackToRow({
              align: 'center',
              stackAlign: 'stretch',
              gap: '4',
              p: '4',
              // Locked steps look set back by their background and dashed border, not by opacity: faded text
              // fell under 4.5:1 (axe color-contrast, 3.4:1 for the step label).
              bg: view.locked ? 'bg.muted' : 'bg.surface',
              borderWidth: '1px',
              borderStyle: view.locked ? 'dashed' : 'solid',
              borderColor: view.locked ? 'border.strong' : 'border.default',
              rounded: 'xl',
            })}
          >
            <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flex: '1', minW: 0 })}>
              <StatusIcon view={view} />
              <div className={css({ minW: 0 })}>
                <p className={css({ fontSize: 'xs', color: 'fg.subtle', fontWeight: 'medium' })}>
                  {itemNumber(index + 1)} {t(COMPONENT_TYPE_IDS[view.component.type])}
                  {view.component.type === 'MATERIAL' && view.component.data.type
                    ? ` · ${materialKindLabel(view.component.data.type)}`
                    : ''}
                </p>
                <p className={css({ fontWeight: 'semibold', color: 'fg.default' })}>
                  <bdi>{view.title}</bdi>
                </p>
                <div className={wrap({ align: 'center', gap: '2', mt: '1', fontSize: 'xs', color: 'fg.muted' })}>
                  {view.needsEnrollment ? null : (
                    <Chip palette={chip.palette}>{t(`component.status.${view.status}` as MessageId)}</Chip>
                  )}
                  {isAssessment && view.score !== null ? (
                    <span>{t('component.score', { score: formatScore(view.score) })}</span>
                  ) : null}
                  {view.component.type === 'MATERIAL' && view.status === 'IN_PROGRESS' ? (
                    <span>{t('component.viewed', { percent: formatScore(view.progressPercentage) })}</span>
                  ) : null}
                  {view.component.type === 'PRE_ASSESSMENT' || view.component.type === 'POST_ASSESSMENT' ? (
                    <span>
                      {t('component.questions', {
                        count: view.component.data.questionCount,
                        minutes: view.component.data.timeLimit,
                      })}
                    </span>
                  ) : null}
                  {view.timeSpentSeconds > 0 ? (
                    <span>{t('component.spent', { time: formatDuration(view.timeSpentSeconds) })}</span>
                  ) : null}
                </div>
                <ClassroomNote view={view} />
              </div>
            </div>
            <div className={flex({ justify: { base: 'flex-end', sm: 'flex-start' }, flexShrink: 0 })}>
              <ComponentAction courseId={courseId} view={view} onReview={onReview} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** The learning-journey stepper: one step per component, in order. */
export function JourneyStepper({ views }: { views: ComponentView[] }) {
  return (
    <ol
      ref={keepScrollableFocusable}
      aria-label={t('journey.label')}
      className={css({ display: 'flex', gap: '0', overflowX: 'auto', pb: '1' })}
    >
      {views.map((view, i) => {
        const done = view.status === 'COMPLETED';
        const current = !done && !view.locked && !view.needsEnrollment;
        return (
          <li
            key={view.component.id}
            className={flex({
              direction: 'column',
              align: 'center',
              flex: '1',
              minW: '24',
              textAlign: 'center',
              position: 'relative',
            })}
          >
            {i > 0 ? (
              <span
                aria-hidden
                className={cx(
                  css({ position: 'absolute', top: '4', insetEnd: '50%', w: '100%', h: '0.5', zIndex: 0 }),
                  done || current ? css({ bg: 'brand.solid' }) : css({ bg: 'border.default' }),
                )}
              />
            ) : null}
            <span
              className={cx(
                flex({
                  align: 'center',
                  justify: 'center',
                  position: 'relative',
                  zIndex: 1,
                  w: '8',
                  h: '8',
                  rounded: 'full',
                  fontSize: 'sm',
                  fontWeight: 'bold',
                  borderWidth: '2px',
                }),
                done
                  ? css({ bg: 'success.solid', borderColor: 'success.solid', color: 'white' })
                  : current
                    ? css({ bg: 'bg.surface', borderColor: 'brand.solid', color: 'brand.fg' })
                    : css({ bg: 'bg.subtle', borderColor: 'border.default', color: 'fg.subtle' }),
              )}
            >
              {done ? (
                <Check aria-hidden className={css({ w: '4', h: '4' })} />
              ) : view.component.type === 'MATERIAL' ? (
                <PlayCircle aria-hidden className={css({ w: '4', h: '4' })} />
              ) : view.component.type === 'CLASSROOM' ? (
                <Users aria-hidden className={css({ w: '4', h: '4' })} />
              ) : (
                i + 1
              )}
            </span>
            <span
              className={css({
                mt: '2',
                fontSize: 'xs',
                color: done ? 'fg.default' : 'fg.muted',
                px: '1',
                lineClamp: 2,
              })}
            >
              {t(COMPONENT_TYPE_IDS[view.component.type])}
              <span
                className={css({ srOnly: true })}
              >{`: ${view.title}, ${t(`component.status.${view.status}` as MessageId)}${view.locked ? t('journey.lockedSuffix') : ''}`}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
