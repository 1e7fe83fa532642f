import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { pinText } from '@contract/kiosk';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { saveBlob } from '../../api/certificates';
import { kioskApi, kioskQueries, kioskWrites } from '../../api/kiosk-queries';
import { useWrite } from '../../api/writes';
import { formatDate } from '../../format';
import { t } from '../../i18n';
import { errorText, issueErrors } from '../../i18n/error-text';
import { Alert, Button, Card, CardBody, PasswordField, Skeleton, toaster } from '../../ui';
import { badgeUrl, QrImage } from './badge-qr';

const heading = css({ fontSize: 'lg', fontWeight: 'semibold', mb: '2' });

/**
 * The profile's kiosk card (issue 29): the person sets their own check-in PIN (with their
 * password) and sees their badge QR, the two ways to sign in at a classroom kiosk.
 */
export function KioskProfileCard() {
  return (
    <section aria-labelledby="kiosk-card-title" className={css({ mt: '6' })}>
      <h2 id="kiosk-card-title" className={heading}>
        {t('kioskProfile.title')}
      </h2>
      <p className={css({ color: 'fg.muted', mb: '4', maxW: '70ch' })}>{t('kioskProfile.intro')}</p>
      <div className={grid({ gap: '5', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, alignItems: 'start' })}>
        <PinForm />
        <BadgeCard />
      </div>
    </section>
  );
}

function PinForm() {
  const status = useQuery(kioskQueries.pin());
  const [pin, setPinValue] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ pin?: string; password?: string }>({});
  const [saved, setSaved] = useState(false);
  const save = useWrite(kioskWrites.setPin, {
    onSuccess: () => {
      setSaved(true);
      setPinValue('');
      setPassword('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const pinCheck = v.safeParse(pinText, pin);
    const next = {
      pin: pinCheck.success ? undefined : issueErrors<'_'>(pinCheck.issues)._,
      password: password ? undefined : t('error.kiosk.passwordRequired'),
    };
    setErrors(next);
    if (next.pin || next.password) return;
    save.mutate({ pin, password });
  };
  const current = status.data?.pin;
  return (
    <Card>
      <CardBody>
        <h3 className={css({ fontWeight: 'semibold', mb: '2' })}>{t('kioskProfile.pinTitle')}</h3>
        {status.isPending ? (
          <Skeleton className={css({ h: '5', mb: '3' })} />
        ) : current?.locked ? (
          <Alert status="warning" className={css({ mb: '3' })}>
            {t('kioskProfile.pinLocked')}
          </Alert>
        ) : (
          <p className={css({ mb: '3', color: 'fg.muted' })} data-testid="pin-status">
            {current ? t('kioskProfile.pinSetOn', { date: formatDate(current.setAt) }) : t('kioskProfile.pinNone')}
          </p>
        )}
        <form noValidate onSubmit={submit} className={css({ display: 'grid', gap: '3' })}>
          <PasswordField
            label={current ? t('kioskProfile.newPin') : t('kioskProfile.pin')}
            name="kiosk-pin"
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            helperText={t('kioskProfile.pinHint')}
            required
            value={pin}
            error={errors.pin}
            onChange={(event) => setPinValue(event.target.value.replace(/\D/g, ''))}
          />
          <PasswordField
            label={t('kioskProfile.password')}
            name="kiosk-pin-password"
            autoComplete="current-password"
            required
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {save.isError && <Alert status="error">{errorText(save.error, t('kioskProfile.saveFailed'))}</Alert>}
          {saved && (
            <Alert status="success" announce>
              {t('kioskProfile.saved')}
            </Alert>
          )}
          <div>
            <Button type="submit" loading={save.isPending}>
              {t('kioskProfile.save')}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

function BadgeCard() {
  const badge = useQuery(kioskQueries.badge());
  return (
    <Card>
      <CardBody>
        <h3 className={css({ fontWeight: 'semibold', mb: '2' })}>{t('kioskProfile.badgeTitle')}</h3>
        <p className={css({ color: 'fg.muted', mb: '3' })}>{t('kioskProfile.badgeHint')}</p>
        {badge.isPending ? (
          <Skeleton className={css({ w: '200px', h: '200px' })} />
        ) : badge.isError ? (
          <Alert status="error" role="none">
            {errorText(badge.error, t('kioskProfile.badgeFailed'))}
          </Alert>
        ) : (
          <>
            <figure data-testid="badge-qr">
              <QrImage text={badgeUrl(badge.data.badge)} label={t('kioskProfile.badgeAlt')} />
            </figure>
            <BadgeCardDownload userId={badge.data.badge.split('.')[0] ?? ''} />
          </>
        )}
      </CardBody>
    </Card>
  );
}

/** The printable card (CR80 PDF) with the same QR, for a lanyard or a site pass holder. */
function BadgeCardDownload({ userId }: { userId: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await kioskApi.badgeCard(userId), 'badge.pdf');
    } catch (e) {
      toaster.create({ type: 'error', title: errorText(e, t('kioskProfile.badgeCardFailed')) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" loading={busy} onClick={() => void download()} className={css({ mt: '3' })}>
      {t('kioskProfile.badgeCard')}
    </Button>
  );
}
