import { certificateExpires } from '@contract/certificates';
import { formatDate } from '../format';
import { t } from '../i18n';

/**
 * A certificate's expiry as screens print it: the date, or "Does not expire" for a course whose
 * certificates have no expiry (they carry a far-future instant, `NEVER_EXPIRES`).
 */
export function formatExpiry(
  expiresAt: string | null | undefined,
  format: (iso: string) => string = formatDate,
): string {
  if (!expiresAt) return format('');
  return certificateExpires(expiresAt) ? format(expiresAt) : t('certDialog.noExpiry');
}
