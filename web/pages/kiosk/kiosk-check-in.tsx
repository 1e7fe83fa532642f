import type { KioskCheckInResponse, KioskInfo } from '@contract/kiosk';
import { CircleCheck, QrCode, KeyRound } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { flex, grid, hstack } from 'styled-system/patterns';
import { ApiClientError } from '../../api/client';
import { kioskWrites, type KioskCheckInInput } from '../../api/kiosk-queries';
import { useWrite } from '../../api/writes';
import { LanguageSwitcher } from '../../components/language-switcher';
import { SharedDeviceCredentials } from '../../components/shared-device-credentials';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { formatDateTime } from '../../format';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import { Alert, Button, Dialog, TextField } from '../../ui';
import { announce } from '../../ui/live-region';

/** How long a check-in's welcome stays before the screen clears for the next person. */
export const KIOSK_RESET_MS = 4000;
/** A half-typed username or a refusal left on screen is cleared after this long without input. */
const IDLE_MS = 30_000;

const bigInput = css({ '& input': { h: '14', fontSize: 'xl' } });
const bigButton = css({ minH: '14', fontSize: 'lg', px: '8' });

/**
 * The running kiosk: badge (a handheld scanner types the QR's text and Enter into the focused
 * field) or username + PIN; after each sign-in a welcome, then the screen clears itself.
 */
export function KioskCheckIn({
  kiosk,
  token,
  onClosed,
  onRefused,
}: {
  kiosk: KioskInfo;
  token: string;
  onClosed: () => void;
  /** The server no longer takes this kiosk (closed from the trainer's device, or the session ended). */
  onRefused: (message: string) => void;
}) {
  useDocumentTitle(t('kiosk.label'));
  const [badge, setBadge] = useState('');
  const [username, setUsername] = useState('');
  const [pin, setPin] = useState('');
  const [result, setResult] = useState<KioskCheckInResponse | null>(null);
  const [closing, setClosing] = useState(false);
  const badgeRef = useRef<HTMLInputElement>(null);
  const checkIn = useWrite(kioskWrites.checkIn);
  const { reset: resetWrite } = checkIn;

  const clear = useCallback(() => {
    setBadge('');
    setUsername('');
    setPin('');
    setResult(null);
    resetWrite();
    // Ready for the next badge: the scanner types into whatever has focus.
    requestAnimationFrame(() => badgeRef.current?.focus());
  }, [resetWrite]);

  useEffect(() => {
    const delay = result ? KIOSK_RESET_MS : badge || username || pin || checkIn.isError ? IDLE_MS : null;
    if (delay === null) return;
    const timer = window.setTimeout(clear, delay);
    return () => window.clearTimeout(timer);
  }, [result, badge, username, pin, checkIn.isError, clear]);

  type Sign = { method: 'pin'; username: string; pin: string } | { method: 'badge'; badge: string };
  const send = (input: Sign) =>
    checkIn.mutate({ sessionId: kiosk.sessionId, token, ...input } as KioskCheckInInput, {
      onSuccess: (answer) => {
        setResult(answer);
        setBadge('');
        setPin('');
        setUsername('');
      },
      onError: (error) => {
        setPin('');
        setBadge('');
        if (
          error instanceof ApiClientError &&
          (error.reason === 'kiosk.closed' ||
            error.reason === 'kiosk.tokenRequired' ||
            error.reason === 'kiosk.tooManyFailures')
        )
          onRefused(errorText(error, t('kiosk.closedText')));
      },
    });

  const submitBadge = (event: FormEvent) => {
    event.preventDefault();
    if (badge.trim()) send({ method: 'badge', badge });
  };
  const submitPin = (event: FormEvent) => {
    event.preventDefault();
    send({ method: 'pin', username, pin });
  };

  return (
    <div className={flex({ direction: 'column', flex: '1' })}>
      <header
        className={flex({
          align: 'flex-start',
          justify: 'space-between',
          gap: '4',
          bg: 'brand.950',
          color: 'white',
          px: { base: '4', md: '8' },
          py: { base: '4', md: '5' },
        })}
      >
        <div>
          <p className={css({ fontSize: 'sm', textTransform: 'uppercase', letterSpacing: '0.08em', opacity: 0.85 })}>
            {t('kiosk.label')}
          </p>
          <h1 className={css({ fontSize: { base: 'xl', md: '3xl' }, fontWeight: 'bold' })}>{kiosk.title}</h1>
          <p className={css({ opacity: 0.9 })}>
            {kiosk.location} ·{' '}
            {t('kiosk.when', { start: formatDateTime(kiosk.startsAt), end: formatDateTime(kiosk.endsAt) })}
          </p>
        </div>
        {/* Each person may read the kiosk in their own language (the choice stays on the tablet). */}
        <LanguageSwitcher id="kiosk-language" />
      </header>
      <div className={grid({ gap: '5', flex: '1', p: { base: '4', md: '8' }, alignContent: 'start' })}>
        {result ? (
          <Welcome result={result} onDone={clear} />
        ) : (
          <>
            {checkIn.isError && (
              <Alert status="error" className={css({ fontSize: 'lg' })}>
                {errorText(checkIn.error, t('kiosk.failed'))}
              </Alert>
            )}
            <div
              className={grid({ gap: '5', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, alignItems: 'start' })}
            >
              <Block icon={<QrCode size={28} />} title={t('kiosk.badgeTitle')} hint={t('kiosk.badgeHint')}>
                <form noValidate onSubmit={submitBadge} className={css({ display: 'grid', gap: '4' })}>
                  <TextField
                    ref={badgeRef}
                    label={t('kiosk.badgeField')}
                    name="kiosk-badge"
                    autoComplete="off"
                    autoFocus
                    className={bigInput}
                    value={badge}
                    onChange={(event) => setBadge(event.target.value)}
                  />
                  <Button type="submit" size="lg" className={bigButton} loading={checkIn.isPending}>
                    {t('kiosk.checkIn')}
                  </Button>
                </form>
              </Block>
              <Block icon={<KeyRound size={28} />} title={t('kiosk.pinTitle')}>
                <form noValidate onSubmit={submitPin} className={css({ display: 'grid', gap: '4' })}>
                  <SharedDeviceCredentials
                    username={{
                      label: t('kiosk.username'),
                      name: 'kiosk-username',
                      className: bigInput,
                      value: username,
                      onValue: setUsername,
                    }}
                    password={{
                      label: t('kiosk.pin'),
                      name: 'kiosk-pin',
                      inputMode: 'numeric',
                      maxLength: 8,
                      className: bigInput,
                      value: pin,
                      onValue: (value) => setPin(value.replace(/\D/g, '')),
                    }}
                  />
                  <Button type="submit" size="lg" className={bigButton} loading={checkIn.isPending}>
                    {t('kiosk.checkIn')}
                  </Button>
                </form>
              </Block>
            </div>
          </>
        )}
      </div>
      <footer className={flex({ justify: 'flex-end', px: { base: '4', md: '8' }, pb: '5' })}>
        <Button variant="ghost" palette="neutral" size="lg" onClick={() => setClosing(true)}>
          {t('kiosk.close')}
        </Button>
      </footer>
      <CloseDialog
        open={closing}
        sessionId={kiosk.sessionId}
        token={token}
        onCancel={() => setClosing(false)}
        onClosed={onClosed}
      />
    </div>
  );
}

function Block({
  icon,
  title,
  hint,
  children,
}: {
  icon: ReactNode;
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={css({
        bg: 'bg.surface',
        borderWidth: '1px',
        borderColor: 'border.default',
        borderRadius: 'xl',
        boxShadow: 'sm',
        p: { base: '5', md: '6' },
      })}
    >
      <h2 className={hstack({ gap: '3', fontSize: 'xl', fontWeight: 'semibold' })}>
        <span aria-hidden className={css({ color: 'brand.600' })}>
          {icon}
        </span>
        {title}
      </h2>
      {hint && <p className={css({ color: 'fg.muted', mt: '1' })}>{hint}</p>}
      <div className={css({ mt: '4' })}>{children}</div>
    </section>
  );
}

function Welcome({ result, onDone }: { result: KioskCheckInResponse; onDone: () => void }) {
  const message = t(result.already ? 'kiosk.already' : 'kiosk.checkedIn', { name: result.name });
  // Said once through the app's live region; the big text is for the person standing at the tablet.
  useEffect(() => announce(message), [message]);
  return (
    <section
      data-testid="kiosk-welcome"
      className={grid({
        gap: '4',
        bg: 'success.subtle',
        borderRadius: 'xl',
        borderWidth: '2px',
        borderColor: 'success.solid',
        p: { base: '6', md: '10' },
        justifyItems: 'center',
        textAlign: 'center',
      })}
    >
      <CircleCheck aria-hidden size={72} className={css({ color: 'success.solid' })} />
      <p className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', color: 'success.fg' })}>
        {message}
      </p>
      <p className={css({ color: 'fg.muted' })}>{t('kiosk.clearing')}</p>
      <Button size="lg" className={bigButton} onClick={onDone}>
        {t('kiosk.done')}
      </Button>
    </section>
  );
}

function CloseDialog({
  open,
  sessionId,
  token,
  onCancel,
  onClosed,
}: {
  open: boolean;
  sessionId: string;
  token: string;
  onCancel: () => void;
  onClosed: () => void;
}) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const close = useWrite(kioskWrites.close, { onSuccess: onClosed });
  const cancel = () => {
    setUsername('');
    setPassword('');
    close.reset();
    onCancel();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && cancel()}
      title={t('kiosk.closeTitle')}
      description={t('kiosk.closeHint')}
      footer={
        <>
          <Button variant="outline" size="lg" onClick={cancel}>
            {t('kiosk.cancel')}
          </Button>
          <Button type="submit" form="kiosk-close-form" size="lg" palette="danger" loading={close.isPending}>
            {t('kiosk.close')}
          </Button>
        </>
      }
    >
      <form
        id="kiosk-close-form"
        noValidate
        className={css({ display: 'grid', gap: '3' })}
        onSubmit={(event) => {
          event.preventDefault();
          close.mutate({ sessionId, token, username, password });
          setPassword('');
        }}
      >
        {close.isError && <Alert status="error">{errorText(close.error, t('kiosk.closeFailed'))}</Alert>}
        <SharedDeviceCredentials
          username={{ label: t('kiosk.username'), name: 'kiosk-close-username', value: username, onValue: setUsername }}
          password={{ label: t('kiosk.password'), name: 'kiosk-close-password', value: password, onValue: setPassword }}
        />
      </form>
    </Dialog>
  );
}
