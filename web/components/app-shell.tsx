import { ChevronLeft, LogOut, Menu as MenuIcon, User } from 'lucide-react';
import { memo, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { Link, useLocation } from 'wouter';
import { useAfterIdle } from '../hooks/use-after-idle';
import { MEDIUM_UP, useMediaQuery } from '../hooks/use-media-query';
import { userDisplayName, userEmailLabel, userInitials, type DisplayableUser } from '../state/user-display';
import {
  Avatar,
  Drawer,
  DrawerCloseTrigger,
  flipInRtl,
  IconButton,
  Menu,
  MenuHeader,
  MenuItem,
  MenuSeparator,
  Toaster,
} from '../ui';
import { LanguageSwitcher } from './language-switcher';
import { t } from '../i18n';

export interface ShellNavItem {
  label: string;
  icon: ReactElement;
  /** Route of the entry; omit for an action entry such as Help. */
  href?: string;
  /** `exact`: highlighted only on that path; `prefix`: also on its sub-paths. */
  match?: 'exact' | 'prefix';
  /** With `prefix`: sub-paths that have their own item and so do not highlight this one. */
  except?: readonly string[];
  onSelect?: () => void;
}

export interface AppShellProps {
  title: { long: string; short: string };
  homeHref: string;
  navLabel: string;
  navItems: readonly ShellNavItem[];
  user: DisplayableUser | null;
  profileHref: string;
  onLogout: () => void;
  /** Extra block under the navigation (the admin quick actions). */
  drawerExtra?: ReactNode;
  /** Drawer footer; the mode lets a shell show it only in one drawer kind. */
  drawerFooter?: (mode: 'temporary' | 'persistent') => ReactNode;
  children: ReactNode;
}

const DRAWER_ID = 'app-navigation';

export function isNavItemActive(item: ShellNavItem, path: string): boolean {
  if (!item.href) return false;
  if (item.match === 'prefix') {
    if (item.except?.some((sub) => path === sub || path.startsWith(`${sub}/`))) return false;
    return path === item.href || path.startsWith(`${item.href}/`);
  }
  return path === item.href;
}

/**
 * The signed-in frame both shells share: a fixed top bar (64px, 56px below 600px) with the menu
 * toggle, logo, title and account menu; a side drawer that is a temporary overlay below 900px
 * (starts closed) and a persistent 240px panel above (starts open); and the main area beside the
 * open panel, its content capped at 1400px and centred there. Centred beside a 240px panel is
 * "shifted 120px" from the window's centre, the layout the design asks for on larger screens; a
 * bare 120px margin would slide the content's first 120px under the panel.
 */
export const AppShell = memo(function AppShell({
  title,
  homeHref,
  navLabel,
  navItems,
  user,
  profileHref,
  onLogout,
  drawerExtra,
  drawerFooter,
  children,
}: AppShellProps) {
  const isWide = useMediaQuery(MEDIUM_UP);
  const [wideOpen, setWideOpen] = useState(true);
  const [narrowOpen, setNarrowOpen] = useState(false);
  const [path] = useLocation();
  const toastsReady = useAfterIdle();
  const mode = isWide ? 'persistent' : 'temporary';
  const open = isWide ? wideOpen : narrowOpen;

  // The overlay closes after any navigation (a link, a quick action, Back).
  useEffect(() => setNarrowOpen(false), [path]);

  const toggle = () => (isWide ? setWideOpen((value) => !value) : setNarrowOpen((value) => !value));

  const nav = (
    <nav aria-label={navLabel}>
      <ul
        className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '0.5', px: '2', py: '1' })}
      >
        {navItems.map((item) => (
          <li key={item.label}>
            {item.href ? (
              <Link
                href={item.href}
                className={navItemClass}
                aria-current={isNavItemActive(item, path) ? 'page' : undefined}
              >
                {item.icon}
                <span>{item.label}</span>
              </Link>
            ) : (
              <button
                type="button"
                className={navItemClass}
                aria-haspopup="dialog"
                onClick={() => {
                  // The overlay gives way to whatever the entry opens (e.g. the Help dialog).
                  setNarrowOpen(false);
                  item.onSelect?.();
                }}
              >
                {item.icon}
                <span>{item.label}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {drawerExtra}
    </nav>
  );

  return (
    <div className={css({ minHeight: '100dvh', bg: 'bg.canvas' })}>
      <a href="#main-content" className={skipLinkClass}>
        {t('shell.skip')}
      </a>
      <header className={topBarClass}>
        <IconButton
          aria-label={open ? t('shell.closeNav') : t('shell.openNav')}
          aria-expanded={open}
          aria-controls={DRAWER_ID}
          icon={<MenuIcon />}
          onClick={toggle}
        />
        <Link
          href={homeHref}
          className={css({
            display: 'flex',
            alignItems: 'center',
            gap: '2.5',
            minW: 0,
            textDecoration: 'none',
            color: 'fg.default',
            borderRadius: 'md',
          })}
        >
          <img
            src="/logo.svg"
            alt=""
            width={32}
            height={32}
            className={css({ width: '8', height: '8', flexShrink: 0 })}
          />
          {/* Each title in its own direction, so a cut title loses its end: "SafeWork Aca…" in Arabic, not "…ork Academy". */}
          <span className={titleClass}>
            <span dir="auto" className={css({ display: { base: 'none', sm: 'block' }, truncate: true })}>
              {title.long}
            </span>
            <span dir="auto" className={css({ display: { base: 'block', sm: 'none' }, truncate: true })}>
              {title.short}
            </span>
          </span>
        </Link>
        <div className={css({ flex: '1' })} />
        <LanguageSwitcher />
        <AccountMenu user={user} profileHref={profileHref} onLogout={onLogout} />
      </header>

      <Drawer
        id={DRAWER_ID}
        variant={mode}
        open={open}
        onOpenChange={isWide ? setWideOpen : setNarrowOpen}
        label={navLabel}
        header={
          mode === 'temporary' ? (
            <>
              <span
                className={css({
                  display: 'flex',
                  alignItems: 'center',
                  gap: '2',
                  fontWeight: 'semibold',
                  fontSize: 'md',
                  whiteSpace: 'nowrap',
                  minW: 0,
                })}
              >
                <img src="/logo.svg" alt="" width={28} height={28} />
                {title.short}
              </span>
              <DrawerCloseTrigger asChild>
                <IconButton aria-label={t('shell.closeNav')} icon={<ChevronLeft className={flipInRtl} />} />
              </DrawerCloseTrigger>
            </>
          ) : undefined
        }
        footer={drawerFooter?.(mode)}
      >
        {nav}
      </Drawer>

      <main
        id="main-content"
        tabIndex={-1}
        className={cx(
          css({
            pt: { base: '56px', sm: '64px' },
            transition: 'margin-inline-start 200ms cubic-bezier(0.2, 0, 0, 1)',
            outline: 'none',
          }),
          isWide && wideOpen ? css({ ms: '240px' }) : undefined,
        )}
      >
        <div
          className={css({
            maxW: 'content',
            mx: 'auto',
            px: { base: '4', sm: '6', lg: '8' },
            py: { base: '5', md: '8' },
          })}
        >
          {children}
        </div>
      </main>
      {/* The toast region starts when the browser is idle: a toast raised before shows then (the store keeps it). */}
      {toastsReady && <Toaster />}
    </div>
  );
});

function AccountMenu({
  user,
  profileHref,
  onLogout,
}: {
  user: DisplayableUser | null;
  profileHref: string;
  onLogout: () => void;
}) {
  const [, navigate] = useLocation();
  const name = userDisplayName(user);
  const initials = userInitials(user);
  return (
    <Menu
      aria-label={t('shell.account')}
      trigger={
        // The name starts with the initials the button shows, so speech input ("click AM") finds it.
        <IconButton
          aria-label={t('shell.accountMenu', { initials, name })}
          size="lg"
          className={css({ borderRadius: 'full' })}
          icon={<Avatar initials={initials} size="sm" />}
        />
      }
    >
      <MenuHeader>
        <span className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>{name}</span>
        <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{userEmailLabel(user)}</span>
      </MenuHeader>
      <MenuItem value="profile" icon={<User />} onSelect={() => navigate(profileHref)}>
        {t('shell.profile')}
      </MenuItem>
      <MenuSeparator />
      <MenuItem value="logout" icon={<LogOut />} tone="danger" onSelect={onLogout}>
        {t('shell.logout')}
      </MenuItem>
    </Menu>
  );
}

/** The name/email/role block at the bottom of a drawer. */
export function DrawerUserBlock({
  user,
  roleLabel,
  showAvatar = false,
}: {
  user: DisplayableUser | null;
  roleLabel?: string;
  showAvatar?: boolean;
}) {
  return (
    <div
      className={css({ display: 'flex', alignItems: 'center', gap: '3', p: '2', borderRadius: 'lg', bg: 'bg.muted' })}
    >
      {showAvatar ? <Avatar initials={userInitials(user)} size="md" /> : null}
      <div className={css({ display: 'flex', flexDirection: 'column', minW: 0, gap: '0.5' })}>
        <span
          dir="auto"
          className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default', truncate: true })}
        >
          {userDisplayName(user)}
        </span>
        <span dir="auto" className={css({ fontSize: 'xs', color: 'fg.muted', truncate: true })}>
          {userEmailLabel(user)}
        </span>
        {roleLabel ? (
          <span
            className={css({
              fontSize: '11px',
              fontWeight: 'semibold',
              color: 'brand.fg',
              textTransform: 'uppercase',
              letterSpacing: '0.06em',
            })}
          >
            {roleLabel}
          </span>
        ) : null}
      </div>
    </div>
  );
}

const topBarClass = css({
  position: 'fixed',
  top: '0',
  insetInline: '0',
  zIndex: 'appBar',
  display: 'flex',
  alignItems: 'center',
  gap: { base: '1', sm: '2' },
  h: { base: '56px', sm: '64px' },
  px: { base: '2', sm: '4' },
  bg: 'bg.surface',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  boxShadow: 'xs',
});

const titleClass = css({
  fontWeight: 'semibold',
  fontSize: { base: 'md', sm: 'lg' },
  letterSpacing: '-0.01em',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  minW: 0,
});

const navItemClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  width: '100%',
  h: '10',
  px: '3',
  borderRadius: 'md',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  textDecoration: 'none',
  textAlign: 'start',
  cursor: 'pointer',
  position: 'relative',
  transition: 'background-color 120ms, color 120ms',
  '& svg': { width: '18px', height: '18px', flexShrink: 0, color: 'fg.subtle' },
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
  _focusVisible: { outline: '2px solid {colors.focusRing}', outlineOffset: '-2px' },
  '&[aria-current=page]': {
    bg: 'brand.subtle',
    color: 'brand.fg',
    fontWeight: 'semibold',
    '& svg': { color: 'brand.solid' },
    _before: {
      content: '""',
      position: 'absolute',
      insetStart: '-2',
      top: '2',
      bottom: '2',
      width: '3px',
      borderRadius: 'full',
      bg: 'brand.solid',
    },
  },
});

const skipLinkClass = css({
  position: 'absolute',
  insetStart: '-9999px',
  top: '2',
  zIndex: 'tooltip',
  bg: 'bg.surface',
  px: '4',
  py: '2',
  borderRadius: 'md',
  boxShadow: 'lg',
  fontWeight: 'semibold',
  _focus: { insetStart: '2' },
});
