import {
  BookOpen,
  CalendarDays,
  ClipboardCheck,
  ClipboardList,
  ClipboardPen,
  FileText,
  FileUp,
  HardHat,
  IdCard,
  KeyRound,
  LayoutDashboard,
  Library,
  Lightbulb,
  Mail,
  MapPin,
  Megaphone,
  Network,
  MessagesSquare,
  Plus,
  ScrollText,
  ShieldCheck,
  UserPlus,
  Users,
  Workflow,
} from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { css } from 'styled-system/css';
import { useLocation } from 'wouter';
import { selectUser } from '../../statecharts/session.machine';
import { PRODUCT_NAME } from '../config';
import { useAdminPermission, type AdminFlag } from '../hooks/use-admin-permission';
import { navigateWithFlag, type NavigationFlag } from '../hooks/use-navigation-flag';
import { useSession, useSessionActor } from '../state/session';
import { AppShell, DrawerUserBlock, type ShellNavItem } from './app-shell';
import { t } from '../i18n';

/**
 * Dashboard is highlighted on its exact path only; every other entry also on the paths below it.
 * `flags`: the permission flags the page's API routes require (any one of them; the guards decision
 * record's permission table); an admin without them is not offered the entry (the page would answer 403).
 */
// A function, not a constant: the labels are read in the current language.
const ADMIN_NAV_ITEMS = (): readonly (ShellNavItem & { flags: readonly AdminFlag[] })[] => [
  { label: t('nav.dashboard'), href: '/admin', match: 'exact', icon: <LayoutDashboard />, flags: [] },
  // Issue 13: required training, the matrix and people's training records (the matrix is Report
  // Generation's, the requirements tab User Management's: either makes the page useful).
  {
    label: t('admin.shell.nav.compliance'),
    href: '/admin/compliance',
    match: 'prefix',
    icon: <ShieldCheck />,
    flags: ['reportGeneration', 'userManagement'],
  },
  // Issue 28: credentials earned elsewhere, waiting for approval, and their types.
  {
    label: t('admin.shell.nav.credentials'),
    href: '/admin/credentials',
    match: 'prefix',
    icon: <IdCard />,
    flags: ['userManagement'],
  },
  {
    label: t('admin.shell.nav.users'),
    href: '/admin/users',
    match: 'prefix',
    icon: <Users />,
    flags: ['userManagement'],
  },
  {
    label: t('admin.shell.nav.sites'),
    href: '/admin/sites',
    match: 'prefix',
    icon: <MapPin />,
    flags: ['userManagement'],
  },
  // Issue 32: company sign-in (OpenID Connect providers), beside the people it signs in.
  {
    label: t('admin.shell.nav.identityProviders'),
    href: '/admin/identity-providers',
    match: 'prefix',
    icon: <KeyRound />,
    flags: ['userManagement'],
  },
  // Issue 32: the identity provider's SCIM connections, next to the people and sites it provisions.
  {
    label: t('admin.shell.nav.directory'),
    href: '/admin/directory-provisioning',
    match: 'prefix',
    icon: <Network />,
    flags: ['userManagement'],
  },
  // Issue 30: tasks and the evidence each needs, next to the sites they may belong to.
  {
    label: t('admin.shell.nav.tasks'),
    href: '/admin/tasks',
    match: 'prefix',
    icon: <HardHat />,
    flags: ['userManagement'],
  },
  {
    label: t('admin.shell.nav.books'),
    href: '/admin/domains',
    match: 'prefix',
    icon: <Library />,
    flags: ['domainConfiguration'],
  },
  {
    label: t('admin.shell.nav.courses'),
    href: '/admin/courses',
    match: 'prefix',
    icon: <BookOpen />,
    flags: ['moduleManagement'],
  },
  {
    label: t('admin.shell.nav.materials'),
    href: '/admin/materials',
    match: 'prefix',
    icon: <FileText />,
    flags: ['moduleManagement'],
  },
  {
    label: t('admin.shell.nav.assessments'),
    href: '/admin/assessments',
    match: 'prefix',
    icon: <ClipboardCheck />,
    flags: ['userManagement'],
  },
  // Issue 28: practical evaluation checklists (versioned), next to the course content they complement.
  {
    label: t('admin.shell.nav.evaluationTemplates'),
    href: '/admin/evaluation-templates',
    match: 'prefix',
    icon: <ClipboardList />,
    flags: ['moduleManagement'],
  },
  // Issue 29: classroom sessions (scheduling, rosters, sign-off), next to the course content they deliver.
  {
    label: t('admin.shell.nav.sessions'),
    href: '/admin/sessions',
    match: 'prefix',
    icon: <CalendarDays />,
    flags: ['moduleManagement'],
  },
  // Issue 29: the toolbox talk library, next to the evaluation checklists.
  {
    label: t('admin.shell.nav.talkTopics'),
    href: '/admin/talk-topics',
    match: 'prefix',
    icon: <ScrollText />,
    flags: ['moduleManagement'],
  },
  // Issue 28: administrators may evaluate on the floor (the phone form, in the learner area).
  { label: t('nav.evaluate'), href: '/evaluate', match: 'prefix', icon: <ClipboardPen />, flags: [] },
  // Issue 29: administrators may lead toolbox talks (the phone screen, in the learner area).
  { label: t('nav.talks'), href: '/talks', match: 'prefix', icon: <MessagesSquare />, flags: [] },
  {
    label: t('nav.announcements'),
    href: '/admin/announcements',
    match: 'prefix',
    icon: <Megaphone />,
    flags: ['systemConfiguration'],
  },
  { label: t('nav.think'), href: '/admin/think', match: 'prefix', icon: <Lightbulb />, flags: ['systemConfiguration'] },
  // Issue 26: every message the platform sends, with Retry for the failed ones (System Configuration).
  {
    label: t('admin.shell.nav.outbox'),
    href: '/admin/outbox',
    match: 'prefix',
    icon: <Mail />,
    flags: ['systemConfiguration'],
  },
  // Issue 7: the public statechart page, for admins preparing an audit.
  { label: t('admin.shell.nav.statecharts'), href: '/statecharts', match: 'exact', icon: <Workflow />, flags: [] },
];

interface QuickAction {
  label: string;
  path: string;
  flag: NavigationFlag;
  icon: ReactElement;
  /** As the menu's `flags`: the page's routes need one of them. */
  flags: readonly AdminFlag[];
}

const QUICK_ACTIONS = (): readonly QuickAction[] => [
  {
    label: t('admin.shell.newUser'),
    path: '/admin/users',
    flag: 'create',
    icon: <UserPlus />,
    flags: ['userManagement'],
  },
  {
    label: t('admin.shell.uploadMaterial'),
    path: '/admin/materials',
    flag: 'upload',
    icon: <FileUp />,
    flags: ['moduleManagement'],
  },
  {
    label: t('admin.shell.addCourse'),
    path: '/admin/courses',
    flag: 'create',
    icon: <Plus />,
    flags: ['moduleManagement'],
  },
];

/** Admin shell: the same frame as the learner shell, with the admin menu and quick actions. */
export function AdminShell({ children }: { children: ReactNode }) {
  const user = useSession(selectUser);
  const session = useSessionActor();
  const [, navigate] = useLocation();
  const mayUse = useAdminPermission();
  const actions = QUICK_ACTIONS().filter((action) => mayUse(action.flags));

  const quickActions = (
    <div className={css({ mt: '4', px: '4', pt: '4', borderTopWidth: '1px', borderColor: 'border.muted' })}>
      <p
        className={css({
          fontSize: '11px',
          fontWeight: 'semibold',
          textTransform: 'uppercase',
          letterSpacing: '0.08em',
          color: 'fg.subtle',
          mb: '2',
          px: '1',
        })}
      >
        {t('admin.shell.quickActions')}
      </p>
      <ul className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '1' })}>
        {actions.map((action) => (
          <li key={action.label}>
            <button
              type="button"
              className={quickActionClass}
              onClick={() => navigateWithFlag(action.path, action.flag)}
            >
              <span
                className={css({
                  display: 'flex',
                  width: '7',
                  height: '7',
                  borderRadius: 'md',
                  bg: 'accent.subtle',
                  color: 'accent.fg',
                  alignItems: 'center',
                  justifyContent: 'center',
                  '& svg': { width: '4', height: '4' },
                })}
              >
                {action.icon}
              </span>
              {action.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );

  return (
    <AppShell
      title={{ long: t('admin.shell.title', { product: PRODUCT_NAME }), short: t('admin.shell.short') }}
      homeHref="/admin"
      navLabel={t('admin.shell.nav')}
      navItems={ADMIN_NAV_ITEMS().filter((item) => mayUse(item.flags))}
      user={user}
      profileHref="/admin/profile"
      onLogout={() => {
        navigate('/login', { replace: true });
        session.send({ type: 'session.logout' });
      }}
      drawerExtra={actions.length > 0 ? quickActions : null}
      // The temporary (small-screen) drawer shows the signed-in user at its bottom.
      drawerFooter={(mode) => (mode === 'temporary' ? <DrawerUserBlock user={user} showAvatar /> : null)}
    >
      {children}
    </AppShell>
  );
}

const quickActionClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2.5',
  width: '100%',
  px: '1',
  py: '1.5',
  borderRadius: 'md',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.default',
  cursor: 'pointer',
  textAlign: 'start',
  _hover: { bg: 'bg.subtle' },
});
