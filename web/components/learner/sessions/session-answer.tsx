import type { MySession } from '@contract/sessions';
import { Check, X } from 'lucide-react';
import { mySessionWrites } from '../../../api/my-session-queries';
import { useWrite } from '../../../api/writes';
import { Button, Chip, toaster } from '../../../ui';
import { t } from '../../../i18n';
import { errorText } from '../../../i18n/error-text';

/**
 * A learner's answer to one classroom session: its status chip and the accept / join the waitlist /
 * decline buttons. Shared by the dashboard's My sessions and the course page's classroom step, so
 * both write the same way and say the same thing.
 */

/** Still to come: not ended and not signed off (a past session's record is on the course page). */
export const upcomingSessions = (sessions: readonly MySession[], now: number) =>
  sessions.filter((s) => s.status === 'SCHEDULED' && Date.parse(s.endsAt) > now);

export function SessionStatusChip({ session }: { session: MySession }) {
  if (session.attended)
    return (
      <Chip palette="success" size="sm">
        {t('mySessions.status.attended')}
      </Chip>
    );
  switch (session.invitation) {
    case 'ACCEPTED':
      return (
        <Chip palette="success" size="sm">
          {t('mySessions.status.accepted')}
        </Chip>
      );
    case 'WAITLISTED':
      return (
        <Chip palette="warning" size="sm">
          {session.waitlistPosition
            ? t('mySessions.status.waitlistedAt', { position: session.waitlistPosition })
            : t('mySessions.status.waitlisted')}
        </Chip>
      );
    case 'DECLINED':
      return (
        <Chip palette="neutral" size="sm">
          {t('mySessions.status.declined')}
        </Chip>
      );
    default:
      return (
        <Chip palette="info" size="sm">
          {t('mySessions.status.invited')}
        </Chip>
      );
  }
}

/** Accept (or join the waitlist when full) and decline / give up the place / leave the waitlist. */
export function SessionAnswerButtons({ session }: { session: MySession }) {
  const fail = (error: Error) =>
    toaster.create({ type: 'error', title: errorText(error, t('mySessions.answerFailed')) });
  const accept = useWrite(mySessionWrites.accept, { onError: fail });
  const decline = useWrite(mySessionWrites.decline, { onError: fail });
  const busy = accept.isPending || decline.isPending;
  const full = session.accepted >= session.capacity;
  const canAccept = !session.attended && (session.invitation === 'INVITED' || session.invitation === 'DECLINED');
  const canDecline = session.invitation !== 'DECLINED' && !session.attended;
  return (
    <>
      {canAccept ? (
        <Button
          size="lg"
          leftIcon={<Check />}
          loading={accept.isPending}
          disabled={busy}
          onClick={() => accept.mutate(session.id)}
        >
          {full ? t('mySessions.joinWaitlist') : t('mySessions.accept')}
        </Button>
      ) : null}
      {canDecline ? (
        <Button
          size="lg"
          variant="outline"
          palette="neutral"
          leftIcon={<X />}
          loading={decline.isPending}
          disabled={busy}
          onClick={() => decline.mutate(session.id)}
        >
          {session.invitation === 'WAITLISTED'
            ? t('mySessions.leaveWaitlist')
            : session.invitation === 'ACCEPTED'
              ? t('mySessions.cancelPlace')
              : t('mySessions.decline')}
        </Button>
      ) : null}
    </>
  );
}
