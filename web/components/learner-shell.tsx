import { useQuery } from '@tanstack/react-query';
import {
  Award,
  BookOpen,
  CalendarDays,
  ChartColumn,
  CircleHelp,
  ClipboardCheck,
  ClipboardPen,
  HardHat,
  IdCard,
  LayoutDashboard,
  Lightbulb,
  Megaphone,
  MessagesSquare,
  UsersRound,
} from 'lucide-react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { selectIsAdmin, selectUser } from '../../statecharts/session.machine';
import { evaluationQueries } from '../api/evaluation-queries';
import { sessionQueries } from '../api/session-queries';
import { talkQueries } from '../api/talk-queries';
import { siteQueries } from '../api/site-queries';
import { PRODUCT_NAME } from '../config';
import { useAfterIdle } from '../hooks/use-after-idle';
import { useSession, useSessionActor } from '../state/session';
import { AppShell, DrawerUserBlock, type ShellNavItem } from './app-shell';
import { HelpDialog } from './help-dialog';
import { t } from '../i18n';

/** Learner shell: every navigation entry is shown to every learner; an entry is highlighted only on its exact path. */
export function LearnerShell({ children }: { children: ReactNode }) {
  const user = useSession(selectUser);
  const session = useSessionActor();
  const [, navigate] = useLocation();
  const [helpOpen, setHelpOpen] = useState(false);
  const isAdmin = useSession(selectIsAdmin);
  // The four checks below only add navigation entries (none for most learners): they start once the
  // browser is idle after the first screen, not in the take-over's effects.
  const idle = useAfterIdle();
  const signedIn = Boolean(user) && idle;
  // Anyone with a template to evaluate with may evaluate (the server decides who); administrators always.
  const templates = useQuery({ ...evaluationQueries.templates(user?.id ?? ''), enabled: signedIn && !isAdmin });
  const mayEvaluate = isAdmin || (templates.data?.length ?? 0) > 0;
  // "Sessions I teach" only for someone who trains one (issue 29).
  const taught = useQuery({ ...sessionQueries.list('trainer'), enabled: signedIn });
  const teaches = (taught.data?.sessions.length ?? 0) > 0;
  // "Toolbox talks" for a foreman, and for anyone who has signed one (their own record is there).
  const attended = useQuery({ ...talkQueries.mine('attendee'), enabled: signedIn && !user?.leadsTalks });
  const leadsTalks = Boolean(user?.leadsTalks);
  const talks = leadsTalks || (attended.data?.length ?? 0) > 0;
  // "My team" for anyone with people reporting to them (issue 30).
  const team = useQuery({ ...siteQueries.teamMembers(), enabled: signedIn });
  const leadsTeam = (team.data?.members.length ?? 0) > 0;

  // The shell (AppShell is memoised) renders again only when what it shows changes: an answer that
  // adds no entry does not render the whole frame again. A language change remounts the routes.
  const navItems = useMemo<ShellNavItem[]>(
    () => [
      { label: t('nav.dashboard'), href: '/dashboard', icon: <LayoutDashboard /> },
      { label: t('nav.myCourses'), href: '/my-courses', icon: <BookOpen /> },
      { label: t('nav.certificates'), href: '/my-certificates', icon: <Award /> },
      { label: t('nav.credentials'), href: '/my-credentials', icon: <IdCard /> },
      { label: t('nav.evaluations'), href: '/evaluations', icon: <ClipboardCheck /> },
      // Prefix: the team's sections and a member's record keep "My Team" current (the task search has its own item).
      ...(leadsTeam
        ? [
            {
              label: t('nav.team'),
              href: '/team',
              icon: <UsersRound />,
              match: 'prefix' as const,
              except: ['/team/tasks'],
            },
          ]
        : []),
      // Issue 30: "who on my team can do this task today?", beside the team.
      ...(leadsTeam ? [{ label: t('nav.teamTasks'), href: '/team/tasks', icon: <HardHat /> }] : []),
      ...(mayEvaluate ? [{ label: t('nav.evaluate'), href: '/evaluate', icon: <ClipboardPen /> }] : []),
      ...(teaches ? [{ label: t('nav.sessionsTaught'), href: '/sessions', icon: <CalendarDays /> }] : []),
      ...(talks ? [{ label: t('nav.talks'), href: '/talks', icon: <MessagesSquare /> }] : []),
      { label: t('nav.reports'), href: '/reports', icon: <ChartColumn /> },
      { label: t('nav.announcements'), href: '/announcements', icon: <Megaphone /> },
      { label: t('nav.think'), href: '/think', icon: <Lightbulb /> },
      { label: t('nav.help'), icon: <CircleHelp />, onSelect: () => setHelpOpen(true) },
    ],
    [leadsTeam, mayEvaluate, teaches, talks],
  );
  const title = useMemo(() => ({ long: t('shell.learnerTitle', { product: PRODUCT_NAME }), short: PRODUCT_NAME }), []);
  const onLogout = useCallback(() => {
    // Leave first so the guard does not send the now-visitor to "/" instead of /login.
    navigate('/login', { replace: true });
    session.send({ type: 'session.logout' });
  }, [navigate, session]);
  const drawerFooter = useCallback(() => <DrawerUserBlock user={user} roleLabel={t('shell.roleUser')} />, [user]);
  const content = useMemo(
    () => (
      <>
        {children}
        <HelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
      </>
    ),
    [children, helpOpen],
  );

  return (
    <AppShell
      title={title}
      homeHref="/dashboard"
      navLabel={t('shell.mainNav')}
      navItems={navItems}
      user={user}
      profileHref="/profile"
      onLogout={onLogout}
      drawerFooter={drawerFooter}
    >
      {content}
    </AppShell>
  );
}
