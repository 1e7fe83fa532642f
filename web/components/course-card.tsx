import type { LearnerRequirement } from '@contract/compliance';
import type { Course } from '@contract/courses';
import type { CourseProgress } from '@contract/progress';
import { learnerCourseState, type LearnerCourseState } from '@contract/rules/progress';
import { BookOpen, Clock, Lock } from 'lucide-react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { flex, hstack } from 'styled-system/patterns';
import { formatScore } from '../format';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Chip } from '../ui/chip';
import { ComplianceChip, RequirementDate } from './compliance-status';
import { t, type MessageId } from '../i18n';
import { ProgressBar } from './learner/progress-bar';
import { courseDomainLabel } from './learner/course-style';

/** The card button by course state: Enroll, Start, Continue or Review. */
export const COURSE_ACTION: Record<LearnerCourseState, MessageId> = {
  NOT_ENROLLED: 'courseCard.action.NOT_ENROLLED',
  ENROLLED: 'courseCard.action.ENROLLED',
  IN_PROGRESS: 'courseCard.action.IN_PROGRESS',
  COMPLETED: 'courseCard.action.COMPLETED',
};

const STATE_CHIP: Record<
  LearnerCourseState,
  { label: MessageId; palette: 'neutral' | 'info' | 'warning' | 'success' }
> = {
  NOT_ENROLLED: { label: 'courseCard.state.NOT_ENROLLED', palette: 'neutral' },
  ENROLLED: { label: 'courseCard.state.ENROLLED', palette: 'info' },
  IN_PROGRESS: { label: 'courseCard.state.IN_PROGRESS', palette: 'warning' },
  COMPLETED: { label: 'courseCard.state.COMPLETED', palette: 'success' },
};

export interface CourseCardProps {
  course: Course;
  progress: CourseProgress | null;
  /** Set when the course is required of the learner. */
  requirement?: LearnerRequirement | null;
}

/** One course on My Courses: 420 px high on larger screens, the whole card leads to the course. */
export function CourseCard({ course, progress, requirement = null }: CourseCardProps) {
  const state = learnerCourseState(progress);
  const chip = STATE_CHIP[state];
  const percent = Math.round(progress?.overallProgress ?? 0);
  const href = `/course/${course.id}`;
  // A required course has no enrolment step (the course page starts it): its button says Start, not Enroll.
  const action = t(COURSE_ACTION[state === 'NOT_ENROLLED' && requirement ? 'ENROLLED' : state]);
  return (
    <Card
      as="article"
      variant="elevated"
      className={flex({ direction: 'column', h: { sm: '420px' }, overflow: 'hidden', p: '0', position: 'relative' })}
      aria-label={course.title}
    >
      <div
        className={flex({
          align: 'center',
          justify: 'center',
          h: '28',
          flexShrink: 0,
          bg: 'brand.subtle',
          color: 'brand.fg',
          position: 'relative',
        })}
      >
        <BookOpen aria-hidden className={css({ w: '10', h: '10' })} />
        {requirement ? (
          <>
            <Chip palette="brand" variant="solid" className={css({ position: 'absolute', top: '3', insetStart: '3' })}>
              {t('course.required')}
            </Chip>
            {/* In the band, not the body: the body's height is fixed and holds the title and description. */}
            <div
              className={hstack({
                gap: '2',
                position: 'absolute',
                bottom: '3',
                insetStart: '3',
                insetEnd: '3',
                fontSize: 'xs',
                fontWeight: 'medium',
                color: 'fg.default',
              })}
            >
              <ComplianceChip status={requirement.status} />
              <RequirementDate
                requirement={requirement}
                className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}
              />
            </div>
          </>
        ) : null}
        <Chip palette={chip.palette} variant="solid" className={css({ position: 'absolute', top: '3', insetEnd: '3' })}>
          {t(chip.label)}
        </Chip>
      </div>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', p: '5', flex: '1', minH: 0 })}>
        <span className={courseDomainLabel}>
          <bdi>{course.domain.name}</bdi>
        </span>
        {/* Level 2: the cards sit right under the page's title (Lighthouse's heading order on My Courses). */}
        <h2
          className={css({ fontSize: 'lg', fontWeight: 'bold', lineHeight: '1.3', color: 'fg.default', lineClamp: 2 })}
        >
          <bdi>{course.title}</bdi>
        </h2>
        <p dir="auto" className={css({ fontSize: 'sm', color: 'fg.muted', lineClamp: 3 })}>
          {course.description ?? ''}
        </p>
        <div aria-hidden className={css({ flex: '1' })} />
        <div className={css({ display: 'flex', gap: '3', fontSize: 'xs', color: 'fg.muted', flexWrap: 'wrap' })}>
          <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1' })}>
            <Clock aria-hidden className={css({ w: '3.5', h: '3.5' })} />
            <span className={css({ srOnly: true })}>{t('courseCard.timeLimitLabel')} </span>
            {course.timeLimit ? t('course.minutes', { count: course.timeLimit }) : t('courseCard.selfPaced')}
          </span>
          <span>{t('courseCard.sections', { count: course.componentCount })}</span>
          <span>{t('courseCard.pass', { score: formatScore(course.passingScore) })}</span>
        </div>
        {progress ? (
          <ProgressBar
            label={t('continue.progressLabel', { title: course.title })}
            percent={percent}
            complete={state === 'COMPLETED'}
            caption={t('courseCard.progress')}
            figure={formatScore(percent)}
          />
        ) : null}
        {course.isLocked ? (
          <span
            className={css({
              display: 'inline-flex',
              alignItems: 'center',
              gap: '1',
              fontSize: 'xs',
              color: 'fg.muted',
            })}
          >
            <Lock aria-hidden className={css({ w: '3.5', h: '3.5' })} /> {t('courseCard.notAssigned')}
          </span>
        ) : null}
        <Button
          asChild
          palette={state === 'COMPLETED' ? 'neutral' : 'brand'}
          variant={state === 'COMPLETED' ? 'outline' : 'solid'}
          fullWidth
        >
          <Link href={href} aria-label={t('common.actionFor', { action, title: course.title })}>
            {action}
          </Link>
        </Button>
      </div>
    </Card>
  );
}
