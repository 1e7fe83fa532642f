import { Suspense } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { ErrorBoundary } from './components/error-boundary';
import { useRouteFocus } from './hooks/use-route-focus';
import { homeFor, RequireSession, SessionLoading, useAccess, VisitorOnly } from './components/route-guards';
import { lazyNamed } from './lazy';

// Route-level code splitting keeps the entry to React, the router and the session machine;
// each area downloads its own UI. Learners never download the admin area.
const LandingPage = lazyNamed(() => import('./pages/public/landing'), 'LandingPage');
const LoginPage = lazyNamed(() => import('./pages/public/login'), 'LoginPage');
const SignInCompletePage = lazyNamed(() => import('./pages/public/sign-in-complete'), 'SignInCompletePage');
const SignConfirmedPage = lazyNamed(() => import('./pages/public/sign-confirmed'), 'SignConfirmedPage');
const ForgotPasswordPage = lazyNamed(() => import('./pages/public/forgot-password'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(() => import('./pages/public/reset-password'), 'ResetPasswordPage');
const ChangePasswordPage = lazyNamed(() => import('./pages/public/change-password'), 'ChangePasswordPage');
const StatechartsPage = lazyNamed(() => import('./pages/public/statecharts'), 'StatechartsPage', ['statecharts']);
const KioskPage = lazyNamed(() => import('./pages/kiosk/kiosk-page'), 'KioskPage', ['field']);
const NotFoundPage = lazyNamed(() => import('./pages/public/not-found'), 'NotFoundPage');
const SessionQrPage = lazyNamed(() => import('./pages/sessions/session-qr'), 'SessionQrPage', ['field']);
const LearnerArea = lazyNamed(() => import('./pages/learner/learner-area'), 'LearnerArea');
const AdminArea = lazyNamed(() => import('./pages/admin/admin-area'), 'AdminArea', [
  'admin-people',
  'admin-content',
  'field',
]);

/** Learner routes; anything else under them is a 404 inside the shell. */
const LEARNER_PATHS =
  /^\/(?:dashboard|profile|my-courses|my-certificates|my-credentials|evaluate|evaluations|team|sessions|talks|check-in|reports|announcements|think|courses?)(?:\/.*)?$/;

/** /app: admin → /admin, other members → /dashboard, visitors → /. */
function AppRedirect() {
  const { access, isAdmin } = useAccess();
  if (access === 'visitor') return <Redirect to="/" replace />;
  if (access === 'mustChangePassword') return <Redirect to="/change-password" replace />;
  return <Redirect to={homeFor(isAdmin)} replace />;
}

export function AppRoutes() {
  const { access } = useAccess();
  const [path] = useLocation();
  useRouteFocus(path);
  // Nothing renders until the stored session has been checked, so no guard redirects on a session still loading.
  if (access === 'checking') return <SessionLoading />;
  return (
    <ErrorBoundary key={areaOf(path)}>
      <Suspense fallback={<SessionLoading />}>
        <Switch>
          <Route path="/" component={LandingPage} />
          <Route path="/login">
            <VisitorOnly>
              <LoginPage />
            </VisitorOnly>
          </Route>
          {/* Where a company sign-in (OpenID Connect) comes back with its one-time code. */}
          <Route path="/sign-in/complete">
            <VisitorOnly>
              <SignInCompletePage />
            </VisitorOnly>
          </Route>
          {/* Where a re-authentication to sign (issue 32 item 5) lands, in the sign-off dialog's pop-up. */}
          <Route path="/sign/confirmed" component={SignConfirmedPage} />
          <Route path="/forgot-password" component={ForgotPasswordPage} />
          <Route path="/reset-password" component={ResetPasswordPage} />
          <Route path="/change-password" component={ChangePasswordPage} />
          <Route path="/statecharts" component={StatechartsPage} />
          <Route path="/app" component={AppRedirect} />
          {/* The classroom kiosk: outside both shells (no navigation out), open to the tablet's kiosk token. */}
          <Route path="/sessions/:id/kiosk" component={KioskPage} />
          <Route path={/^\/admin(?:\/.*)?$/}>
            <RequireSession admin>
              <AdminArea />
            </RequireSession>
          </Route>
          {/* Full screen, outside both shells: a trainer's (or flagged admin's) projector view. */}
          <Route path="/sessions/:id/qr">
            <RequireSession>
              <SessionQrPage />
            </RequireSession>
          </Route>
          <Route path={LEARNER_PATHS}>
            <RequireSession>
              <LearnerArea />
            </RequireSession>
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}

/** The boundary resets when the user moves to another area, not on every page of an area (its shell has its own). */
function areaOf(path: string): string {
  if (/^\/admin(?:\/|$)/.test(path)) return 'admin';
  if (LEARNER_PATHS.test(path)) return 'learner';
  return path;
}
