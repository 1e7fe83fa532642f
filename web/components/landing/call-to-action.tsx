import { ArrowRight } from 'lucide-react';
import { css } from 'styled-system/css';
import { stackToRow } from 'styled-system/patterns';
import { Link } from 'wouter';
import type { FromState } from '../route-guards';
import { Button } from '../../ui';
import { t } from '../../i18n';
import { container } from './section-heading';

export function CallToAction({ signedIn, from, home }: { signedIn: boolean; from?: string; home: string }) {
  return (
    <section aria-labelledby="cta-title" className={css({ pb: { base: '16', md: '24' } })}>
      <div className={container}>
        <div
          className={stackToRow({
            from: 'md',
            align: 'center',
            stackAlign: 'flex-start',
            justify: 'space-between',
            gap: '6',
            borderRadius: '2xl',
            px: { base: '6', md: '14' },
            py: { base: '10', md: '14' },
            bg: 'brand.800',
            backgroundImage: 'radial-gradient(circle at 100% 0%, rgb(65 153 176 / 0.45), transparent 50%)',
            color: 'white',
          })}
        >
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            <h2
              id="cta-title"
              className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', letterSpacing: '-0.02em' })}
            >
              {t('landing.cta.title')}
            </h2>
            <p className={css({ color: 'brand.100' })}>{t('landing.cta.text')}</p>
          </div>
          <Button asChild palette="accent" size="lg" className={css({ h: '12', px: '6', fontSize: 'md' })}>
            {signedIn ? (
              <Link href={home}>
                {t('landing.goToDashboard')} <ArrowRight />
              </Link>
            ) : (
              <Link href="/login" state={from ? ({ from } satisfies FromState) : undefined}>
                {t('landing.cta.start')} <ArrowRight />
              </Link>
            )}
          </Button>
        </div>
      </div>
    </section>
  );
}
