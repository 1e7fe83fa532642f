import { QrCode as QrIcon, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { OwnPhoneSignaturesResponse } from '@contract/talks';
import { t } from '../../i18n';
import { QrCode } from '../qr-code';
import { Button } from '../../ui';
import { panel } from './sign-panels';

type PhoneSigner = OwnPhoneSignaturesResponse['people'][number];

/** What the crew member's phone opens: the device-made talk id, with the topic and foreman for the server to check. */
export const ownPhoneUrl = (origin: string, talk: { id: string; topicId: string; foremanId: string }) =>
  `${origin}/talks/${encodeURIComponent(talk.id)}/sign?topic=${encodeURIComponent(talk.topicId)}&foreman=${encodeURIComponent(talk.foremanId)}`;

/**
 * The QR a crew member scans to sign on their own phone (signed in to their account). It is made on
 * this device from the talk's own id, so it shows without a signal; the server keeps each signature
 * until this talk is sent. With a signal, the names of those who signed appear here.
 */
export function OwnPhonePanel(props: {
  talk: { id: string; topicId: string; foremanId: string; topicTitle: string };
  signers: PhoneSigner[] | undefined;
  online: boolean;
}) {
  const [shown, setShown] = useState(false);
  const url = ownPhoneUrl(window.location.origin, props.talk);
  return (
    <section aria-labelledby="own-phone-title" className={panel} data-testid="own-phone">
      <h2
        id="own-phone-title"
        className={css({ fontSize: 'lg', fontWeight: 'semibold', display: 'flex', gap: '2', alignItems: 'center' })}
      >
        <Smartphone aria-hidden className={css({ w: '5', h: '5' })} />
        {t('talks.ownPhone.title')}
      </h2>
      <p className={css({ color: 'fg.muted' })}>{t('talks.ownPhone.text')}</p>
      <Button
        size="lg"
        variant="outline"
        leftIcon={<QrIcon />}
        aria-expanded={shown}
        aria-controls="own-phone-code"
        onClick={() => setShown((x) => !x)}
      >
        {shown ? t('talks.ownPhone.hide') : t('talks.ownPhone.show')}
      </Button>
      <div id="own-phone-code" hidden={!shown}>
        {shown ? (
          <figure className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2', m: 0 })}>
            <QrCode
              text={url}
              label={t('talks.ownPhone.qrLabel', { title: props.talk.topicTitle })}
              className={css({ w: 'full', maxW: '18rem', h: 'auto' })}
            />
            <figcaption className={css({ textAlign: 'center', fontWeight: 'medium' })}>
              <bdi>{props.talk.topicTitle}</bdi>
            </figcaption>
          </figure>
        ) : null}
      </div>
      {props.online && props.signers ? (
        <div aria-live="polite" data-testid="own-phone-signers">
          <p className={css({ fontWeight: 'medium' })}>{t('talks.ownPhone.signed', { count: props.signers.length })}</p>
          {props.signers.length ? (
            <ul className={css({ listStyle: 'disc', ps: '5' })}>
              {props.signers.map((s) => (
                <li key={s.userId}>
                  <bdi>{s.name}</bdi>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('talks.ownPhone.offline')}</p>
      )}
    </section>
  );
}
