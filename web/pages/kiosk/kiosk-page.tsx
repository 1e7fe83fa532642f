import { useQuery } from '@tanstack/react-query';
import { Lock, MonitorSmartphone } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { Link, useParams } from 'wouter';
import { hasErrorCode } from '../../api/client';
import { kioskQueries, kioskWrites } from '../../api/kiosk-queries';
import { useWrite } from '../../api/writes';
import { useAccess } from '../../components/route-guards';
import type { FromState } from '../../components/route-guards';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import { useSessionActor } from '../../state/session';
import { readKioskToken, storeKioskToken } from '../../state/kiosk-token';
import { Alert, Button, LoadingBlock } from '../../ui';
import { KioskCheckIn } from './kiosk-check-in';

/**
 * /sessions/:id/kiosk (issue 29): a shared tablet for one classroom session. A trainer of the
 * session (or an administrator with Module Management) signs in and opens it: the tablet keeps
 * the kiosk token and the trainer is signed out of it at once, so the tablet holds no one's
 * session. From then on the screen only checks people in; the one way out is the trainer closing
 * it with their password (or the session ending).
 */
export function KioskPage() {
  const { id = '' } = useParams<{ id: string }>();
  const [token, setToken] = useState(() => readKioskToken(id));
  // Why the kiosk ended (closed by the trainer, or refused by the server), shown until reopened.
  const [ended, setEnded] = useState<string | null>(null);
  const remember = (next: string | null) => {
    storeKioskToken(id, next);
    setToken(next);
  };
  return (
    <main
      id="main"
      tabIndex={-1}
      className={css({ minH: '100dvh', bg: 'bg.canvas', display: 'flex', flexDirection: 'column', outline: 'none' })}
    >
      {token ? (
        <KioskRunning
          sessionId={id}
          token={token}
          onEnded={(message) => {
            remember(null);
            setEnded(message);
          }}
        />
      ) : ended !== null ? (
        <KioskClosed message={ended} onReopen={() => setEnded(null)} />
      ) : (
        <KioskOpener sessionId={id} onOpened={remember} />
      )}
    </main>
  );
}

/** A centred panel for the screens around the kiosk (open it, closed, not possible here). */
function Panel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className={css({ flex: '1', display: 'grid', placeItems: 'center', p: { base: '4', md: '8' } })}>
      <div
        className={grid({
          gap: '4',
          w: '100%',
          maxW: '560px',
          bg: 'bg.surface',
          borderWidth: '1px',
          borderColor: 'border.default',
          borderRadius: 'xl',
          boxShadow: 'md',
          p: { base: '6', md: '8' },
          textAlign: 'center',
          justifyItems: 'center',
        })}
      >
        <span aria-hidden className={css({ color: 'brand.600' })}>
          {icon}
        </span>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{title}</h1>
        {children}
      </div>
    </div>
  );
}

function KioskOpener({ sessionId, onOpened }: { sessionId: string; onOpened: (token: string) => void }) {
  useDocumentTitle(t('kiosk.openTitle'));
  const { access } = useAccess();
  const session = useSessionActor();
  const open = useWrite(kioskWrites.open, {
    onSuccess: (answer) => {
      onOpened(answer.token);
      // The tablet keeps the kiosk token only: the trainer's own session ends here.
      session.send({ type: 'session.logout' });
    },
  });
  if (access === 'checking') return <LoadingBlock />;
  if (access !== 'member')
    return (
      <Panel icon={<MonitorSmartphone size={48} />} title={t('kiosk.openTitle')}>
        <p className={css({ color: 'fg.muted' })}>{t('kiosk.signInToOpen')}</p>
        <Button asChild size="lg">
          <Link href="/login" state={{ from: `/sessions/${sessionId}/kiosk` } satisfies FromState}>
            {t('kiosk.signIn')}
          </Link>
        </Button>
      </Panel>
    );
  return (
    <Panel icon={<MonitorSmartphone size={48} />} title={t('kiosk.openTitle')}>
      <p className={css({ color: 'fg.muted' })}>{t('kiosk.openExplain')}</p>
      {open.isError && <Alert status="error">{errorText(open.error, t('kiosk.openFailed'))}</Alert>}
      <Button
        size="lg"
        className={css({ minH: '14', px: '8', fontSize: 'lg' })}
        loading={open.isPending}
        onClick={() => open.mutate(sessionId)}
      >
        {t('kiosk.open')}
      </Button>
    </Panel>
  );
}

function KioskRunning({
  sessionId,
  token,
  onEnded,
}: {
  sessionId: string;
  token: string;
  onEnded: (message: string) => void;
}) {
  const kiosk = useQuery(kioskQueries.kiosk(sessionId, token));
  // No way out by the browser's back button: the kiosk stays on this page until a trainer closes it.
  useEffect(() => {
    const stay = () => window.history.pushState(null, '', window.location.href);
    stay();
    window.addEventListener('popstate', stay);
    return () => window.removeEventListener('popstate', stay);
  }, []);
  const refused = hasErrorCode(kiosk.error, 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND');
  useEffect(() => {
    if (refused) onEnded(errorText(kiosk.error, t('kiosk.closedText')));
  }, [refused, kiosk.error, onEnded]);
  // A failed re-check while the kiosk runs keeps it running (a network blip); only a first load shows it.
  if (kiosk.isError && !refused && !kiosk.data)
    return (
      <Panel icon={<MonitorSmartphone size={48} />} title={t('kiosk.label')}>
        <Alert status="error">{errorText(kiosk.error, t('kiosk.loadFailed'))}</Alert>
        <Button size="lg" onClick={() => void kiosk.refetch()}>
          {t('kiosk.retry')}
        </Button>
      </Panel>
    );
  if (!kiosk.data) return <LoadingBlock />;
  return (
    <KioskCheckIn
      kiosk={kiosk.data.kiosk}
      token={token}
      onClosed={() => onEnded(t('kiosk.closedByTrainer'))}
      onRefused={onEnded}
    />
  );
}

function KioskClosed({ message, onReopen }: { message: string; onReopen: () => void }) {
  useDocumentTitle(t('kiosk.closedTitle'));
  return (
    <Panel icon={<Lock size={48} />} title={t('kiosk.closedTitle')}>
      <p className={css({ color: 'fg.muted' })} data-testid="kiosk-closed">
        {message}
      </p>
      <Button variant="outline" size="lg" onClick={onReopen}>
        {t('kiosk.openAgain')}
      </Button>
    </Panel>
  );
}
