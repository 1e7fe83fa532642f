import { SESSION_LIMITS, type RosterEntry, type SessionDetail } from '@contract/sessions';
import { ArrowLeft, Expand, RotateCcw, UserCheck } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { css } from 'styled-system/css';
import { grid, hstack, stack } from 'styled-system/patterns';
import { selectIsAdmin } from '../../../statecharts/session.machine';
import { sessionQueries } from '../../api/session-queries';
import { QrCode } from '../../components/qr-code';
import { QueryState } from '../../components/query-state';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useCheckInCode } from '../../state/check-in-code';
import { useSession } from '../../state/session';
import { Alert, Button, flipInRtl, LoadingBlock } from '../../ui';
import { formatDateTime, formatNumber } from '../../format';
import { t } from '../../i18n';

/** What the QR says: the learner's check-in page for this session with the current code. */
const checkInUrl = (sessionId: string, code: string) =>
  `${location.origin}/check-in/${encodeURIComponent(sessionId)}?code=${encodeURIComponent(code)}`;

/** Who the trainer expects: invited or accepted (not declined or waiting), and anyone already in. */
const expectedOf = (session: SessionDetail): number =>
  session.roster.filter(
    (person) => person.invitation === 'ACCEPTED' || person.invitation === 'INVITED' || person.attendance?.present,
  ).length;

/**
 * Why scans would be refused now, if they would: the server takes check-ins from 30 minutes before
 * the start until the end, and none once signed off. The trainer learns it before the room does.
 */
function checkInNotice(session: SessionDetail, now: number): string | null {
  if (session.status === 'SIGNED_OFF') return t('sessionQr.signedOff');
  const opens = Date.parse(session.startsAt) - SESSION_LIMITS.checkInEarlyMinutes * 60_000;
  if (now < opens) return t('sessionQr.notOpenYet', { time: formatDateTime(new Date(opens).toISOString()) });
  if (now > Date.parse(session.endsAt)) return t('sessionQr.ended');
  return null;
}

const checkedIn = (session: SessionDetail): RosterEntry[] =>
  session.roster
    .filter((person) => person.attendance?.present)
    .sort((a, b) => (b.attendance?.at ?? '').localeCompare(a.attendance?.at ?? ''));

/**
 * /sessions/:id/qr: the trainer's full-screen check-in code, for a projector or a tablet at the
 * door. The code rotates (statecharts/check-in-code.machine.ts) and beside it the people who have
 * checked in appear as they scan. Trainers of the session and administrators with Module
 * Management may open it; the server refuses anyone else.
 */
export function SessionQrPage() {
  const { id } = useParams<{ id: string }>();
  const isAdmin = useSession(selectIsAdmin);
  // The roster as its trainers read it (flagged administrators too), again every few seconds: people
  // check in from their own phones.
  const screen = useQuery({ ...sessionQueries.one('trainer', id), refetchInterval: 4_000 });
  const [code, send] = useCheckInCode(id);
  const session = screen.data?.session;
  useDocumentTitle(session ? t('sessionQr.titleOf', { title: session.title }) : t('sessionQr.title'));
  const present = session ? checkedIn(session) : [];
  // Read again with the roster (every few seconds), so the notice goes when check-in opens.
  const notice = session ? checkInNotice(session, screen.dataUpdatedAt || Date.now()) : null;
  const back = isAdmin ? `/admin/sessions/${id}` : `/sessions/${id}`;

  return (
    <div className={page}>
      <header className={header}>
        <div className={toolbar}>
          <Button asChild variant="outline" palette="neutral" size="lg">
            <Link href={back}>
              <ArrowLeft aria-hidden className={flipInRtl} /> {t('sessionQr.back')}
            </Link>
          </Button>
          <Button
            variant="outline"
            palette="neutral"
            size="lg"
            leftIcon={<Expand />}
            onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}
          >
            {t('sessionQr.fullScreen')}
          </Button>
        </div>
        <h1 className={css({ fontSize: { base: 'xl', md: '3xl' }, fontWeight: 'bold', lineHeight: '1.2' })}>
          {session?.title ?? t('sessionQr.title')}
        </h1>
        {session ? (
          <p className={css({ color: 'fg.muted', fontSize: { base: 'sm', md: 'lg' } })}>
            {t('sessionQr.when', {
              place: session.location,
              start: formatDateTime(session.startsAt),
              end: formatDateTime(session.endsAt),
            })}
          </p>
        ) : null}
      </header>

      <QueryState query={screen} loadingLabel={t('common.loading')} failureMessage={t('sessionQr.loadFailed')}>
        <main className={layout}>
          <section aria-labelledby="qr-heading" className={codePanel}>
            <h2 id="qr-heading" className={css({ fontSize: { base: 'lg', md: '2xl' }, fontWeight: 'semibold' })}>
              {t('sessionQr.scan')}
            </h2>
            {notice ? <Alert status="warning">{notice}</Alert> : null}
            {code.hasTag('code') && code.context.code ? (
              <QrCode text={checkInUrl(id, code.context.code)} label={t('sessionQr.qrLabel')} className={qrImage} />
            ) : code.hasTag('error') ? (
              <Alert
                status="error"
                action={
                  <Button
                    size="lg"
                    variant="outline"
                    palette="neutral"
                    leftIcon={<RotateCcw />}
                    onClick={() => send({ type: 'retry' })}
                  >
                    {t('common.retry')}
                  </Button>
                }
              >
                {code.context.error ?? t('sessionQr.codeFailed')}
              </Alert>
            ) : code.hasTag('paused') && !code.context.online ? (
              <Alert status="warning">{t('sessionQr.offline')}</Alert>
            ) : (
              <LoadingBlock label={t('sessionQr.gettingCode')} className={qrPlaceholder} />
            )}
            <p className={css({ color: 'fg.muted', textAlign: 'center', maxW: '36rem' })}>{t('sessionQr.rotates')}</p>
          </section>

          <section aria-labelledby="present-heading" className={listPanel}>
            <h2
              id="present-heading"
              className={css({ fontSize: { base: 'lg', md: '2xl' }, fontWeight: 'semibold' })}
              aria-live="polite"
            >
              {session
                ? t('sessionQr.checkedInCount', {
                    count: formatNumber(present.length),
                    expected: formatNumber(expectedOf(session)),
                  })
                : t('sessionQr.checkedIn')}
            </h2>
            {present.length === 0 ? (
              <p className={css({ color: 'fg.muted' })}>{t('sessionQr.nobodyYet')}</p>
            ) : (
              <ul aria-label={t('sessionQr.checkedIn')} className={list}>
                {present.map((person) => (
                  <li key={person.id} className={row}>
                    <UserCheck aria-hidden className={css({ color: 'success.fg', flex: 'none' })} />
                    <span className={css({ fontWeight: 'medium', minW: '0', overflowWrap: 'anywhere' })}>
                      {person.name}
                    </span>
                    <span className={css({ color: 'fg.muted', fontSize: 'sm', ms: 'auto', flex: 'none' })}>
                      {person.attendance ? formatDateTime(person.attendance.at) : null}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </main>
      </QueryState>
    </div>
  );
}

const page = stack({
  gap: { base: '4', md: '6' },
  minH: '100dvh',
  bg: 'bg.canvas',
  color: 'fg.default',
  p: { base: '4', md: '8' },
});
const header = css({ display: 'flex', flexDirection: 'column', gap: '2' });
const toolbar = css({ display: 'flex', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap', mb: '2' });
const layout = grid({
  gap: { base: '4', md: '8' },
  gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 3fr) minmax(18rem, 2fr)' },
  flex: '1',
});
const codePanel = stack({
  align: 'center',
  gap: '4',
  bg: 'bg.surface',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'border.default',
  p: { base: '4', md: '8' },
});
// As big as the screen allows: read from the back of a room.
const qrImage = css({ w: '100%', maxW: 'min(62vh, 44rem)', h: 'auto', aspectRatio: '1' });
const qrPlaceholder = css({ w: '100%', maxW: 'min(62vh, 44rem)', aspectRatio: '1' });
const listPanel = stack({
  gap: '3',
  bg: 'bg.surface',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'border.default',
  p: { base: '4', md: '6' },
});
const list = css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '2' });
const row = hstack({
  gap: '3',
  py: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.muted',
  fontSize: { base: 'md', md: 'lg' },
});
