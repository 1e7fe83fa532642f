import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { selectIsAdmin, type SessionSnapshot } from '../../statecharts/session.machine';
import { SessionLoading } from './session-loading';
import { useSession } from '../state/session';

export { SessionLoading };

/** Where a visitor was headed when a guard turned them away; the login page returns them there. */
export interface FromState {
  from?: string;
}

/** Paths a visitor reaches by scanning a code in the room: the sign-in form comes first, not the landing page. */
const SIGN_IN_FIRST = /^\/check-in\//;
/** Paths administrators and members alike open after signing in (not only the admin area). */
const SHARED_PATHS = /^\/(?:check-in|sessions)\//;

type Access = 'checking' | 'visitor' | 'mustChangePassword' | 'member';

/** One reading of the session for every guard, asked of the machine rather than re-derived. */
function selectAccess(snapshot: SessionSnapshot): Access {
  if (snapshot.hasTag('pending')) return 'checking';
  if (snapshot.hasTag('passwordChangeRequired')) return 'mustChangePassword';
  if (snapshot.hasTag('authenticated')) return 'member';
  return 'visitor';
}

export function useAccess(): { access: Access; isAdmin: boolean } {
  const access = useSession(selectAccess);
  const isAdmin = useSession(selectIsAdmin);
  return { access, isAdmin };
}

/** The home of a signed-in user: admins /admin, everyone else /dashboard. */
export function homeFor(isAdmin: boolean): string {
  return isAdmin ? '/admin' : '/dashboard';
}

/**
 * Protected routes: a visitor goes to "/" (remembering the path for
 * after login), a user who must change the password goes to /change-password, and a non-admin
 * on an admin route goes to /dashboard.
 */
export function RequireSession({ admin = false, children }: { admin?: boolean; children: ReactNode }) {
  const { access, isAdmin } = useAccess();
  const [path] = useLocation();
  const search = useSearch();
  if (access === 'checking') return <SessionLoading />;
  if (access === 'visitor')
    return (
      <Redirect
        // Someone who scanned a session's QR is in the room: straight to the sign-in form, then back.
        to={SIGN_IN_FIRST.test(path) ? '/login' : '/'}
        replace
        state={{ from: `${path}${search ? `?${search}` : ''}` } satisfies FromState}
      />
    );
  if (access === 'mustChangePassword') return <Redirect to="/change-password" replace />;
  if (admin && !isAdmin) return <Redirect to="/dashboard" replace />;
  return <>{children}</>;
}

/**
 * /login and the recovery pages: a signed-in user is sent on (admin → /admin; others → the
 * path they first asked for, else /dashboard).
 */
export function VisitorOnly({ children }: { children: ReactNode }) {
  const { access, isAdmin } = useAccess();
  const state = useHistoryState<FromState | null>();
  if (access === 'checking') return <SessionLoading />;
  if (access === 'mustChangePassword') return <Redirect to="/change-password" replace />;
  if (access === 'member') {
    const from = state?.from;
    const back = from?.startsWith('/') && !from.startsWith('//') ? from : null;
    // Administrators start at /admin, except from the session screens they share with trainers.
    const target = back && (!isAdmin || SHARED_PATHS.test(back)) ? back : isAdmin ? '/admin' : '/dashboard';
    return <Redirect to={target} replace />;
  }
  return <>{children}</>;
}
