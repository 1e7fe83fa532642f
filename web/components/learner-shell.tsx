import { BookOpen, ChartColumn, CircleHelp, LayoutDashboard, Lightbulb, Megaphone } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { selectUser } from '../../statecharts/session.machine';
import { PRODUCT_NAME } from '../config';
import { useSession, useSessionActor } from '../state/session';
import { AppShell, DrawerUserBlock, type ShellNavItem } from './app-shell';
import { HelpDialog } from './help-dialog';

/** Learner shell: every navigation entry is shown to every learner; an entry is highlighted only on its exact path. */
export function LearnerShell({ children }: { children: ReactNode }) {
  const user = useSession(selectUser);
  const session = useSessionActor();
  const [, navigate] = useLocation();
  const [helpOpen, setHelpOpen] = useState(false);

  const navItems: ShellNavItem[] = [
    { label: 'Dashboard', href: '/dashboard', icon: <LayoutDashboard /> },
    { label: 'My Courses', href: '/my-courses', icon: <BookOpen /> },
    { label: 'Reports', href: '/reports', icon: <ChartColumn /> },
    { label: 'Announcements', href: '/announcements', icon: <Megaphone /> },
    { label: 'Think', href: '/think', icon: <Lightbulb /> },
    { label: 'Help', icon: <CircleHelp />, onSelect: () => setHelpOpen(true) },
  ];

  return (
    <AppShell
      title={{ long: `${PRODUCT_NAME} E-Learning Platform`, short: PRODUCT_NAME }}
      homeHref="/dashboard"
      navLabel="Main navigation"
      navItems={navItems}
      user={user}
      profileHref="/profile"
      onLogout={() => {
        // Leave first so the guard does not send the now-visitor to "/" instead of /login.
        navigate('/login', { replace: true });
        session.send({ type: 'session.logout' });
      }}
      drawerFooter={() => <DrawerUserBlock user={user} roleLabel="User" />}
    >
      {children}
      <HelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </AppShell>
  );
}
