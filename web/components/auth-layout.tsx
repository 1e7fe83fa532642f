import { Award, BookOpenCheck, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '../config';
import { Toaster } from '../ui';
import { Brand } from './brand';
import { t } from '../i18n';

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card (e.g. "Back to home"). */
  footer?: ReactNode;
}

/**
 * The frame of the sign-in and recovery screens: a brand panel on wide screens and a centred
 * card with the form. Keeps every auth screen visually identical.
 */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div
      className={css({
        minH: '100dvh',
        display: 'grid',
        gridTemplateColumns: { base: '1fr', md: '5fr 7fr', xl: '1fr 1fr' },
        bg: 'bg.canvas',
      })}
    >
      <aside
        className={css({
          display: { base: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: '10',
          color: 'white',
          bg: 'brand.950',
          backgroundImage:
            'radial-gradient(circle at 20% 0%, rgb(39 125 149 / 0.55), transparent 55%), radial-gradient(circle at 100% 100%, rgb(39 125 149 / 0.3), transparent 45%)',
          position: 'relative',
          overflow: 'hidden',
        })}
      >
        <Brand tone="inverse" />
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '6', maxW: '420px' })}>
          <p className={css({ fontSize: '3xl', fontWeight: 'bold', lineHeight: '1.2', letterSpacing: '-0.02em' })}>
            {t('auth.tagline')}
          </p>
          <ul className={css({ display: 'flex', flexDirection: 'column', gap: '4', listStyle: 'none' })}>
            {[
              { icon: <BookOpenCheck />, text: t('auth.point1') },
              { icon: <Award />, text: t('auth.point2') },
              { icon: <ShieldCheck />, text: t('auth.point3') },
            ].map((item) => (
              <li
                key={item.text}
                className={css({
                  display: 'flex',
                  gap: '3',
                  alignItems: 'flex-start',
                  color: 'brand.100',
                  fontSize: 'md',
                  '& svg': { color: 'accent.400', width: '5', height: '5', flexShrink: 0, mt: '0.5' },
                })}
              >
                {item.icon}
                <span>{item.text}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className={css({ fontSize: 'sm', color: 'brand.300' })}>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </p>
      </aside>
      <main
        className={css({
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          px: { base: '4', sm: '8' },
          py: { base: '8', sm: '12' },
        })}
      >
        <div className={css({ width: '100%', maxW: '420px', display: 'flex', flexDirection: 'column', gap: '6' })}>
          <div className={css({ display: { base: 'flex', md: 'none' }, justifyContent: 'center' })}>
            <Brand />
          </div>
          <div
            className={css({
              bg: 'bg.surface',
              borderRadius: 'xl',
              borderWidth: '1px',
              borderColor: 'border.default',
              boxShadow: 'md',
              p: { base: '6', sm: '8' },
              display: 'flex',
              flexDirection: 'column',
              gap: '6',
            })}
          >
            <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
              <h1
                className={css({ fontSize: '2xl', fontWeight: 'bold', letterSpacing: '-0.02em', color: 'fg.default' })}
              >
                {title}
              </h1>
              {subtitle ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{subtitle}</p> : null}
            </div>
            {children}
          </div>
          {footer ? (
            <div
              className={css({
                display: 'flex',
                justifyContent: 'center',
                gap: '4',
                fontSize: 'sm',
                color: 'fg.muted',
              })}
            >
              {footer}
            </div>
          ) : null}
        </div>
      </main>
      <Toaster />
    </div>
  );
}

/** Quiet text link for auth screens ("Forgot password?", "Back to home"). */
export function AuthLink({ href, children, state }: { href: string; children: ReactNode; state?: unknown }) {
  return (
    <Link
      href={href}
      state={state}
      className={css({
        color: 'brand.fg',
        fontWeight: 'medium',
        fontSize: 'sm',
        textDecoration: 'none',
        borderRadius: 'sm',
        _hover: { textDecoration: 'underline', textUnderlineOffset: '3px' },
      })}
    >
      {children}
    </Link>
  );
}
