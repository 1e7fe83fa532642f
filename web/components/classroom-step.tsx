import { UserCheck } from 'lucide-react';
import { css } from 'styled-system/css';
import type { ComponentView } from '../../statecharts/course-progress.machine';
import { formatDateTime } from '../format';
import { t } from '../i18n';

/**
 * What a learner reads on a classroom session step: the next session's date and place when one is
 * linked, else that the trainer confirms attendance; once completed, that they did. Text only: the
 * learner has nothing to press here, since only the trainer's sign-off completes the step.
 */
export function ClassroomNote({ view }: { view: ComponentView }) {
  if (view.component.type !== 'CLASSROOM' || view.needsEnrollment || view.locked) return null;
  const data = view.component.data;
  const text =
    view.status === 'COMPLETED'
      ? t('component.classroom.attended')
      : data.nextSession
        ? t('component.classroom.nextSession', {
            date: formatDateTime(data.nextSession.startsAt),
            place: data.nextSession.location,
          })
        : t('component.classroom.trainerConfirms');
  return (
    <div data-testid="classroom-note" className={css({ fontSize: 'sm', color: 'fg.muted', mt: '1' })}>
      {data.description && view.status !== 'COMPLETED' ? (
        <p className={css({ whiteSpace: 'pre-line' })}>
          <bdi>{data.description}</bdi>
        </p>
      ) : null}
      <p>
        {text}
        {view.status !== 'COMPLETED' && data.nextSession ? ` ${t('component.classroom.trainerConfirms')}` : null}
      </p>
    </div>
  );
}

/** The action column of a classroom step the learner has reached: a label, never a button. */
export function ClassroomAction() {
  return (
    <span
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '1.5',
        fontSize: 'sm',
        fontWeight: 'medium',
        color: 'fg.muted',
        minH: '11',
        '& svg': { w: '4', h: '4' },
      })}
    >
      <UserCheck aria-hidden />
      {t('component.classroom.byTrainer')}
    </span>
  );
}
