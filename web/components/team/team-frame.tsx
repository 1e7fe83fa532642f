import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { Link, useLocation } from 'wouter';
import { t } from '../../i18n';
import { TextField, textLink } from '../../ui';
import { PageHeader } from '../page-header';

/**
 * The sections of My team (issue 30). The "who can do this today" screen (/team/tasks) takes its
 * place in this list when it lands; scheduled reports are subscribed to from the compliance section.
 */
const SECTIONS = () =>
  [
    { href: '/team', label: t('team.nav.compliance') },
    { href: '/team/forecast', label: t('team.nav.forecast') },
    { href: '/team/sessions', label: t('team.nav.sessions') },
    { href: '/team/approvals', label: t('team.nav.approvals') },
  ] as const;

const link = css({
  display: 'inline-flex',
  alignItems: 'center',
  minH: '44px',
  px: '4',
  borderRadius: 'full',
  fontWeight: 'medium',
  fontSize: 'sm',
  whiteSpace: 'nowrap',
  color: 'fg.muted',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  _hover: { color: 'fg.default', bg: 'bg.muted' },
  '&[aria-current=page]': { color: 'brand.contrast', bg: 'brand.solid', borderColor: 'brand.solid' },
});

/** My team's heading and its section links; the section's own content follows. */
export function TeamFrame({
  subtitle,
  actions,
  children,
}: {
  subtitle?: ReactNode;
  /** The page's own actions beside its title (e.g. the report e-mail on the compliance section). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const [path] = useLocation();
  return (
    <>
      <PageHeader
        title={t('team.title')}
        subtitle={subtitle}
        actions={actions}
        className={css({ mb: { base: '4', md: '5' } })}
      />
      <nav aria-label={t('team.nav.label')} className={css({ mb: { base: '5', md: '6' } })}>
        {/* Wrapping, not scrolling: on a phone every section (and the current one) stays in view. */}
        <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          {SECTIONS().map((section) => (
            <li key={section.href}>
              <Link href={section.href} className={link} aria-current={path === section.href ? 'page' : undefined}>
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </>
  );
}

/** A team member's name, opening their read-only record. */
export function TeamPersonLink({ id, name }: { id: string; name: string }) {
  return (
    <Link
      href={`/team/people/${encodeURIComponent(id)}`}
      className={cx(
        textLink({ underline: 'always', touch: true }),
        css({ fontWeight: 'semibold', textUnderlineOffset: '3px' }),
      )}
    >
      <bdi>{name}</bdi>
    </Link>
  );
}

/** Searching within the team (name, username or e-mail); the list keeps the text in the address. */
export function TeamSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div role="search" aria-label={t('team.searchLabel')} className={css({ flex: '1', minW: '14rem', maxW: '420px' })}>
      <TextField
        label={t('team.search')}
        type="search"
        placeholder={t('team.searchPlaceholder')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
