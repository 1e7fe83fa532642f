import { Clock, Phone } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { css, cx } from 'styled-system/css';
import { stack } from 'styled-system/patterns';
import { publicApi } from '../api/public';
import { queryKeys } from '../api/query-keys';
import { DEFAULT_ADMIN_PHONE } from '../config';
import { Button, Dialog, overline, panel } from '../ui';
import { t } from '../i18n';

/** "Need Help?": the administrator's phone number from GET /api/public/config (a default number when that fails). */
export function HelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  // Read when the dialog first opens; until then, and if it fails, the default number shows.
  const config = useQuery({
    queryKey: queryKeys.public.config,
    queryFn: ({ signal }) => publicApi.config(signal),
    enabled: open,
    staleTime: 5 * 60_000,
  });
  const phone = config.data?.adminPhone || DEFAULT_ADMIN_PHONE;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('help.title')}
      size="sm"
      footer={
        <Button onClick={() => onOpenChange(false)} fullWidth>
          {t('help.ok')}
        </Button>
      }
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <p className={css({ color: 'fg.muted' })}>{t('help.text')}</p>
        <section
          aria-labelledby="help-contact-title"
          className={cx(panel(), stack({ gap: '2.5', borderColor: 'brand.border', bg: 'brand.subtle' }))}
        >
          <h3 id="help-contact-title" className={cx(overline({ tone: 'brand' }), css({ letterSpacing: '0.06em' }))}>
            {t('help.contact')}
          </h3>
          <a
            href={`tel:${phone.replace(/[^+\d]/g, '')}`}
            className={css({
              display: 'inline-flex',
              alignItems: 'center',
              gap: '2',
              fontSize: 'lg',
              fontWeight: 'semibold',
              color: 'fg.default',
              textDecoration: 'none',
              _hover: { textDecoration: 'underline' },
            })}
          >
            <Phone size={18} aria-hidden className={css({ color: 'brand.solid' })} />
            <span dir="ltr">{phone}</span>
          </a>
          <p
            className={css({
              display: 'inline-flex',
              alignItems: 'center',
              gap: '2',
              fontSize: 'sm',
              color: 'fg.muted',
            })}
          >
            <Clock size={16} aria-hidden />
            {t('help.timezone')}
          </p>
          <p className={css({ fontSize: 'sm', color: 'fg.default' })}>{t('help.assist')}</p>
        </section>
      </div>
    </Dialog>
  );
}
