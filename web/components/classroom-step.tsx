import type { MySession } from '@contract/sessions';
import { useQuery } from '@tanstack/react-query';
import { UserCheck } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { ComponentView } from '../../statecharts/course-progress.machine';
import { mySessionQueries } from '../api/my-session-queries';
import { formatDateTime } from '../format';
import { t } from '../i18n';
import { SessionAnswerButtons, SessionStatusChip, upcomingSessions } from './learner/sessions/session-answer';

/**
 * The session of this step the learner can answer: their upcoming ones of the component, the
 * first they have not declined (a declined one still shows when it is the only one, to accept again).
 */
function sessionOfStep(sessions: readonly MySession[] | undefined, componentId: string, now: number) {
  const mine = upcomingSessions(sessions ?? [], now).filter((s) => s.componentId === componentId);
  return mine.find((s) => s.invitation !== 'DECLINED') ?? mine[0] ?? null;
}

/**
 * What a learner reads on a classroom session step: the next session's date and place, with their
 * answer (accept, join the waitlist, decline: the same writes and wording as the dashboard's My
 * sessions), else that the trainer confirms attendance; once completed, that they did. Nothing
 * here completes the step: only the trainer's sign-off does.
 */
export function ClassroomNote({ view }: { view: ComponentView }) {
  const open = view.component.type === 'CLASSROOM' && !view.needsEnrollment && !view.locked;
  const pending = open && view.status !== 'COMPLETED';
  // My sessions is the dashboard's read too: one cache entry, refreshed by the same writes.
  const list = useQuery({ ...mySessionQueries.list(), enabled: pending });
  const [now] = useState(() => Date.now());
  if (view.component.type !== 'CLASSROOM' || !open) return null;
  const data = view.component.data;
  const session = pending ? sessionOfStep(list.data?.sessions, view.component.id, now) : null;
  const next = session ?? data.nextSession;
  const text =
    view.status === 'COMPLETED'
      ? t('component.classroom.attended')
      : next
        ? t('component.classroom.nextSession', { date: formatDateTime(next.startsAt), place: next.location })
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
        {view.status !== 'COMPLETED' && next ? ` ${t('component.classroom.trainerConfirms')}` : null}
      </p>
      {session ? (
        <div
          role="group"
          aria-label={t('component.classroom.answer', { title: session.title })}
          className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', mt: '2' })}
        >
          <SessionStatusChip session={session} />
          <SessionAnswerButtons session={session} />
        </div>
      ) : null}
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
