import { CircleCheck, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { flex, grid, hstack, stack, wrap } from 'styled-system/patterns';
import { DEFAULT_COURSE_ICON, PRODUCT_NAME } from '../../config';
import { formatScore } from '../../format';
import { Button, Chip } from '../../ui';
import { t } from '../../i18n';
import { container } from './section-heading';

export function Hero({ primaryAction }: { primaryAction: ReactNode }) {
  return (
    <section
      className={css({
        position: 'relative',
        overflow: 'hidden',
        bg: 'brand.950',
        color: 'white',
        backgroundImage:
          'radial-gradient(ellipse at 10% -10%, rgb(39 125 149 / 0.6), transparent 55%), radial-gradient(ellipse at 100% 100%, rgb(39 125 149 / 0.35), transparent 50%)',
      })}
    >
      <div
        className={cx(
          container,
          grid({
            gap: { base: '10', md: '12' },
            gridTemplateColumns: { base: '1fr', md: '1.1fr 0.9fr' },
            alignItems: 'center',
            py: { base: '14', md: '24' },
          }),
        )}
      >
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
          <span
            className={css({
              display: 'inline-flex',
              alignSelf: 'flex-start',
              alignItems: 'center',
              gap: '2',
              px: '3',
              py: '1',
              borderRadius: 'full',
              bg: 'rgb(255 255 255 / 0.08)',
              borderWidth: '1px',
              borderColor: 'rgb(255 255 255 / 0.16)',
              fontSize: 'sm',
              color: 'brand.100',
            })}
          >
            <span className={css({ width: '2', height: '2', borderRadius: 'full', bg: 'accent.400' })} aria-hidden />
            {t('landing.hero.eyebrow')}
          </span>
          <h1
            className={css({
              fontSize: { base: '4xl', md: '5xl', lg: '6xl' },
              fontWeight: 'extrabold',
              letterSpacing: '-0.035em',
              lineHeight: '1.05',
              '&:lang(ar), &:lang(hi)': { lineHeight: '1.35', letterSpacing: '0' },
            })}
          >
            {t('landing.hero.title')}{' '}
            <span className={css({ color: 'accent.400' })}>{t('landing.hero.titleAccent')}</span>
          </h1>
          <p
            className={css({
              fontSize: { base: 'lg', md: 'xl' },
              color: 'brand.100',
              maxW: '560px',
              lineHeight: '1.6',
            })}
          >
            {t('landing.hero.body', { product: PRODUCT_NAME })}
          </p>
          <div className={wrap({ gap: '3', '& .button': { h: '12', px: '6', fontSize: 'md' } })}>
            {primaryAction}
            <Button
              asChild
              variant="outline"
              size="lg"
              className={css({
                bg: 'transparent',
                color: 'white',
                borderColor: 'rgb(255 255 255 / 0.3)',
                _hover: { bg: 'rgb(255 255 255 / 0.08) !important' },
              })}
            >
              <a href="#courses">{t('landing.exploreCourses')}</a>
            </Button>
          </div>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}

/** A product-like preview card rather than stock art: it shows what learners actually get. */
function HeroIllustration() {
  const steps = [
    { label: t('landing.preview.step1'), done: true },
    { label: t('landing.preview.step2'), done: true },
    { label: t('landing.preview.step3'), done: false },
    { label: t('landing.preview.step4'), done: false },
  ];
  return (
    <div
      aria-hidden
      className={css({
        display: { base: 'none', sm: 'block' },
        position: 'relative',
        maxW: '440px',
        justifySelf: { md: 'end' },
        width: '100%',
      })}
    >
      <div
        className={stack({
          gap: '5',
          bg: 'bg.surface',
          color: 'fg.default',
          borderRadius: '2xl',
          boxShadow: '0 30px 60px -20px rgb(0 0 0 / 0.45)',
          p: '6',
        })}
      >
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
          <img
            src={DEFAULT_COURSE_ICON}
            alt=""
            width={44}
            height={44}
            className={css({ width: '11', height: '11', borderRadius: 'lg' })}
          />
          <div className={css({ flex: '1', minW: 0 })}>
            <p className={css({ fontWeight: 'semibold' })}>{t('landing.preview.course')}</p>
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('landing.preview.book')}</p>
          </div>
          <Chip palette="warning">{t('landing.preview.inProgress')}</Chip>
        </div>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <div className={css({ display: 'flex', justifyContent: 'space-between', fontSize: 'sm' })}>
            <span className={css({ color: 'fg.muted' })}>{t('landing.preview.progress')}</span>
            <span className={css({ fontWeight: 'semibold' })}>{formatScore(50)}</span>
          </div>
          <div className={css({ h: '2', borderRadius: 'full', bg: 'bg.subtle', overflow: 'hidden' })}>
            <div className={css({ h: '100%', width: '50%', bg: 'brand.solid', borderRadius: 'full' })} />
          </div>
        </div>
        <ol className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '2.5' })}>
          {steps.map((step, index) => (
            <li key={step.label} className={css({ display: 'flex', alignItems: 'center', gap: '3', fontSize: 'sm' })}>
              {step.done ? (
                <CircleCheck size={20} className={css({ color: 'success.solid' })} />
              ) : (
                <span
                  className={css({
                    width: '5',
                    height: '5',
                    borderRadius: 'full',
                    borderWidth: '2px',
                    borderColor: index === 2 ? 'brand.solid' : 'border.strong',
                  })}
                />
              )}
              <span
                className={css({
                  color: step.done ? 'fg.muted' : 'fg.default',
                  fontWeight: index === 2 ? 'semibold' : 'normal',
                })}
              >
                {step.label}
              </span>
            </li>
          ))}
        </ol>
      </div>
      <div
        className={hstack({
          gap: '3',
          position: 'absolute',
          bottom: '-7',
          insetEnd: { base: '-2', md: '-6' },
          bg: 'bg.surface',
          color: 'fg.default',
          borderRadius: 'xl',
          boxShadow: 'xl',
          px: '4',
          py: '3',
        })}
      >
        <span
          className={flex({
            align: 'center',
            justify: 'center',
            width: '9',
            height: '9',
            borderRadius: 'full',
            bg: 'success.subtle',
            color: 'success.solid',
          })}
        >
          <ShieldCheck size={18} />
        </span>
        <div>
          <p className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>{t('landing.preview.certificate')}</p>
          <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t('landing.preview.verifiable')}</p>
        </div>
      </div>
    </div>
  );
}
