import type { AttendanceMethod, InvitationStatus } from '@contract/sessions';
import { Check, PenLine, Users, X } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { sessionWrites, type RosterEntry, type SessionDetail, type SessionScope } from '../../api/session-queries';
import { useWrite } from '../../api/writes';
import { formatDateTime } from '../../format';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import { Button, Chip, DataTable, EmptyState, toaster, type ChipProps } from '../../ui';
import { AmendDialog } from './session-dialogs';

const INVITATION_PALETTE: Record<InvitationStatus, ChipProps['palette']> = {
  INVITED: 'neutral',
  ACCEPTED: 'success',
  DECLINED: 'error',
  WAITLISTED: 'warning',
};
const invitationLabel = (entry: RosterEntry) => {
  if (!entry.invitation) return t('sessions.invitation.walkIn');
  if (entry.invitation === 'WAITLISTED' && entry.waitlistPosition)
    return t('sessions.invitation.waitlistedAt', { position: entry.waitlistPosition });
  return t(`sessions.invitation.${entry.invitation}`);
};
const methodLabel = (method: AttendanceMethod) => t(`sessions.method.${method}`);

function AttendanceCell({ entry }: { entry: RosterEntry }) {
  const mark = entry.attendance;
  if (!mark) return <span className={css({ color: 'fg.muted' })}>{t('sessions.attendance.unmarked')}</span>;
  return (
    <span className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
      <Chip
        palette={mark.present ? 'success' : 'error'}
        icon={mark.present ? <Check /> : <X />}
        className={css({ alignSelf: 'flex-start' })}
      >
        {mark.present ? t('sessions.attendance.present') : t('sessions.attendance.absent')}
      </Chip>
      <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
        {t('sessions.attendance.how', { method: methodLabel(mark.method), at: formatDateTime(mark.at) })}
      </span>
      {mark.reason ? (
        <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          {t('sessions.attendance.reason', { reason: mark.reason })}
        </span>
      ) : null}
    </span>
  );
}

/** The roster: everyone invited (answer order) and every walk-in, with present / absent before sign-off and Amend after. */
export function SessionRoster({ scope, session }: { scope: SessionScope; session: SessionDetail }) {
  const [amending, setAmending] = useState<RosterEntry | null>(null);
  const mark = useWrite(sessionWrites.mark, {
    onError: (e) => toaster.create({ type: 'error', title: errorText(e, t('sessions.mark.failed')) }),
  });
  const signedOff = session.status === 'SIGNED_OFF';
  const actions = (entry: RosterEntry) =>
    signedOff ? (
      <Button
        size="sm"
        variant="outline"
        leftIcon={<PenLine />}
        aria-label={t('sessions.amend.open', { name: entry.name })}
        onClick={() => setAmending(entry)}
        className={touch}
      >
        {t('sessions.amend.button')}
      </Button>
    ) : (
      <span className={css({ display: 'inline-flex', gap: '2', flexWrap: 'wrap' })}>
        {(
          [
            [true, t('sessions.mark.present'), 'sessions.mark.presentAria', <Check key="p" />],
            [false, t('sessions.mark.absent'), 'sessions.mark.absentAria', <X key="a" />],
          ] as const
        ).map(([present, label, aria, icon]) => (
          <Button
            key={label}
            size="sm"
            variant={entry.attendance?.present === present ? 'solid' : 'outline'}
            palette={present ? 'brand' : 'neutral'}
            leftIcon={icon}
            aria-pressed={entry.attendance?.present === present}
            aria-label={t(aria, { name: entry.name })}
            disabled={mark.isPending}
            onClick={() => mark.mutate({ scope, id: session.id, userId: entry.id, present })}
            className={touch}
          >
            {label}
          </Button>
        ))}
      </span>
    );
  return (
    <>
      <DataTable
        label={t('sessions.roster.label')}
        rows={session.roster}
        getRowKey={(entry) => entry.id}
        cardTitle={(entry) => <bdi>{entry.name}</bdi>}
        cardActions={actions}
        columns={[
          {
            key: 'person',
            header: t('sessions.roster.person'),
            hideInCard: true,
            cell: (entry) => (
              <span className={css({ display: 'flex', flexDirection: 'column' })}>
                <bdi className={css({ fontWeight: 'medium' })}>{entry.name}</bdi>
                <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                  <bdi>{entry.jobTitle ?? entry.username}</bdi>
                </span>
              </span>
            ),
          },
          {
            key: 'invitation',
            header: t('sessions.roster.invitation'),
            cell: (entry) => (
              <Chip palette={entry.invitation ? INVITATION_PALETTE[entry.invitation] : 'info'}>
                {invitationLabel(entry)}
              </Chip>
            ),
          },
          { key: 'attendance', header: t('sessions.roster.attendance'), cell: (e) => <AttendanceCell entry={e} /> },
          { key: 'actions', header: t('sessions.roster.actions'), hideInCard: true, cell: actions },
        ]}
        empty={
          <EmptyState
            bordered
            icon={<Users />}
            title={t('sessions.roster.emptyTitle')}
            description={t('sessions.roster.emptyText')}
          />
        }
      />
      <AmendDialog scope={scope} sessionId={session.id} entry={amending} onClose={() => setAmending(null)} />
    </>
  );
}

const touch = css({ minH: '44px' });
