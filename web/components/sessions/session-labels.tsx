import { Building2, CalendarClock, MapPin, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { SessionSummary } from '../../api/session-queries';
import { formatDateTime, formatList } from '../../format';
import { t } from '../../i18n';
import { Chip } from '../../ui';

/** Scheduled (upcoming or under way), awaiting sign-off (ended), or signed off. */
export function SessionStatusChip({ session, now = Date.now() }: { session: SessionSummary; now?: number }) {
  if (session.status === 'SIGNED_OFF') return <Chip palette="success">{t('sessions.status.signedOff')}</Chip>;
  if (Date.parse(session.endsAt) < now) return <Chip palette="warning">{t('sessions.status.awaitingSignOff')}</Chip>;
  return <Chip palette="info">{t('sessions.status.scheduled')}</Chip>;
}

export const sessionWhen = (session: SessionSummary) =>
  t('sessions.when', { start: formatDateTime(session.startsAt), end: formatDateTime(session.endsAt) });

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-start' })}>
      <span aria-hidden className={css({ color: 'fg.muted', mt: '0.5', '& svg': { w: '4', h: '4' } })}>
        {icon}
      </span>
      <dt className={css({ srOnly: true })}>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** When, where, who trains, places taken, and what is taught (outline and the material's version). */
export function SessionFacts({ session }: { session: SessionSummary }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <dl className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <Fact icon={<CalendarClock />} label={t('sessions.fact.when')}>
          {sessionWhen(session)}
        </Fact>
        <Fact icon={<MapPin />} label={t('sessions.fact.where')}>
          <bdi>{session.location}</bdi>
        </Fact>
        {session.site ? (
          <Fact icon={<Building2 />} label={t('sessions.fact.site')}>
            <bdi>{session.site.name}</bdi>
          </Fact>
        ) : null}
        <Fact icon={<Users />} label={t('sessions.fact.trainers')}>
          {t('sessions.trainedBy', { names: formatList(session.trainers.map((p) => p.name)) })}
        </Fact>
      </dl>
      <p>
        {t('sessions.places', {
          accepted: session.accepted,
          capacity: session.capacity,
          waitlisted: session.waitlisted,
        })}
      </p>
      {session.outline ? (
        <div>
          <h2 className={css({ fontWeight: 'semibold' })}>{t('sessions.fact.outline')}</h2>
          <p className={css({ whiteSpace: 'pre-line', color: 'fg.muted' })}>{session.outline}</p>
        </div>
      ) : null}
      {session.material ? (
        <p>
          {t('sessions.material', { title: session.material.title, version: formatDateTime(session.material.version) })}
        </p>
      ) : null}
    </div>
  );
}
