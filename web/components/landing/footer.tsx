import { useState, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { stackToRow, wrap } from 'styled-system/patterns';
import { Link } from 'wouter';
import { Brand } from '../brand';
import { DEFAULT_ADMIN_PHONE, PRODUCT_NAME } from '../../config';
import { Button, Dialog } from '../../ui';
import { t } from '../../i18n';
import { container } from './section-heading';

type InfoTopic = 'privacy' | 'terms' | 'contact';

// A function, not a constant: the texts are read in the current language.
const INFO = (): Record<InfoTopic, { label: string; title: string; body: ReactNode }> => ({
  privacy: {
    label: t('landing.info.privacy'),
    title: t('landing.info.privacy'),
    body: (
      <>
        <p>{t('landing.info.privacy1')}</p>
        <p>{t('landing.info.privacy2')}</p>
      </>
    ),
  },
  terms: {
    label: t('landing.info.terms'),
    title: t('landing.info.termsTitle'),
    body: (
      <>
        <p>{t('landing.info.terms1')}</p>
        <p>{t('landing.info.terms2')}</p>
      </>
    ),
  },
  contact: {
    label: t('landing.info.contact'),
    title: t('landing.info.contact'),
    body: (
      <>
        <p>{t('landing.info.contact1')}</p>
        <p>
          {t('landing.info.phone')} <strong dir="ltr">{DEFAULT_ADMIN_PHONE}</strong> {t('landing.info.timezone')}
        </p>
      </>
    ),
  },
});

export function Footer() {
  const [topic, setTopic] = useState<InfoTopic | null>(null);
  const info = topic ? INFO()[topic] : null;
  return (
    <footer className={css({ borderTopWidth: '1px', borderColor: 'border.default', bg: 'bg.canvas' })}>
      <div
        className={cx(
          container,
          stackToRow({
            from: 'md',
            align: 'center',
            stackAlign: 'flex-start',
            justify: 'space-between',
            gap: '6',
            py: '10',
          }),
        )}
      >
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <Brand />
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {t('landing.footer.tagline', { year: String(new Date().getFullYear()), product: PRODUCT_NAME })}
          </p>
        </div>
        <nav aria-label={t('landing.footer.label')}>
          <ul className={wrap({ gap: { base: '4', sm: '6' }, listStyle: 'none', fontSize: 'sm' })}>
            {(['privacy', 'terms', 'contact'] as const).map((key) => (
              <li key={key}>
                <button type="button" className={footerLink} onClick={() => setTopic(key)} aria-haspopup="dialog">
                  {INFO()[key].label}
                </button>
              </li>
            ))}
            <li>
              {/* The header's section links are hidden on a phone: the verification page is here too. */}
              <a href="/verify" className={footerLink}>
                {t('landing.nav.verify')}
              </a>
            </li>
            <li>
              <Link href="/statecharts" className={footerLink}>
                {t('landing.footer.statecharts')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <Dialog
        open={topic !== null}
        onOpenChange={(open) => !open && setTopic(null)}
        title={info?.title ?? ''}
        footer={
          <Button variant="outline" onClick={() => setTopic(null)}>
            {t('common.close')}
          </Button>
        }
      >
        <div
          className={css({ display: 'flex', flexDirection: 'column', gap: '3', color: 'fg.muted', lineHeight: '1.6' })}
        >
          {info?.body}
        </div>
      </Dialog>
    </footer>
  );
}

const footerLink = css({
  color: 'fg.muted',
  textDecoration: 'none',
  cursor: 'pointer',
  borderRadius: 'sm',
  _hover: { color: 'fg.default', textDecoration: 'underline', textUnderlineOffset: '3px' },
});
