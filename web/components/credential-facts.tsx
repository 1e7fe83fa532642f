import type { Credential } from '@contract/credentials';
import { formatDay } from '../format';
import { t } from '../i18n';
import { Detail } from '../ui';

/**
 * What the holder wrote on a credential (issuer, number, issue and expiry dates): the same rows in the
 * learner's card and in the reviewer's dialog, so the two read alike. `noExpiry` is shown when the
 * credential has no expiry date (the reviewer's dialog keeps the plain dash).
 */
export function CredentialFacts({
  credential,
  noExpiry,
}: {
  credential: Pick<Credential, 'issuer' | 'number' | 'issuedOn' | 'expiresOn'>;
  noExpiry?: string;
}) {
  return (
    <>
      <Detail term={t('credentials.form.issuer')}>
        <bdi>{credential.issuer ?? '—'}</bdi>
      </Detail>
      <Detail term={t('credentials.form.number')}>
        <bdi dir="ltr">{credential.number ?? '—'}</bdi>
      </Detail>
      <Detail term={t('credentials.form.issuedOn')}>{formatDay(credential.issuedOn)}</Detail>
      <Detail term={t('credentials.form.expiresOn')}>{formatDay(credential.expiresOn, noExpiry)}</Detail>
    </>
  );
}
