import { css } from 'styled-system/css';
import { t } from '../i18n';

/**
 * Beside "Confirm with <company>" (issue 32 item 5): what signing there means, then, while the
 * pop-up is open, where to finish (announced politely, so a screen reader hears the change).
 */
export function ProviderSignNote({
  provider,
  waiting,
  explain,
}: {
  provider: string;
  waiting: boolean;
  explain: string;
}) {
  return (
    <p className={css({ color: 'fg.muted', fontSize: 'sm' })} aria-live="polite">
      {waiting ? t('sign.provider.waiting', { provider }) : explain}
    </p>
  );
}
