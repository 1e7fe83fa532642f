import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ErrorBoundary } from '../../components/error-boundary';
import { AdminShell } from '../../components/admin-shell';
import { lazyNamed } from '../../lazy';
import { LoadingBlock } from '../../ui/spinner';
import { NotFoundPage } from '../public/not-found';

// Each admin screen is its own chunk, loaded on first visit.
const AdminDashboardPage = lazyNamed(() => import('./dashboard'), 'AdminDashboardPage');
const AdminUsersPage = lazyNamed(() => import('./users'), 'AdminUsersPage');
const AdminDomainsPage = lazyNamed(() => import('./domains'), 'AdminDomainsPage');
const AdminCoursesPage = lazyNamed(() => import('./courses'), 'AdminCoursesPage');
const AdminMaterialsPage = lazyNamed(() => import('./materials'), 'AdminMaterialsPage');
const AdminAssessmentsPage = lazyNamed(() => import('./assessments'), 'AdminAssessmentsPage');
const AdminAnnouncementsPage = lazyNamed(() => import('./announcements'), 'AdminAnnouncementsPage');
const AdminThinkPage = lazyNamed(() => import('./think'), 'AdminThinkPage');
const AdminProfilePage = lazyNamed(() => import('./profile'), 'AdminProfilePage');
const AdminSettingsPage = lazyNamed(() => import('./settings'), 'AdminSettingsPage');

/** Everything under /admin: the admin shell around the admin routes (the guard is in routes.tsx). */
export function AdminArea() {
  const [path] = useLocation();
  return (
    <AdminShell>
      <ErrorBoundary key={path}>
        <Suspense fallback={<LoadingBlock />}>
          <Switch>
            <Route path="/admin" component={AdminDashboardPage} />
            <Route path="/admin/users" component={AdminUsersPage} />
            <Route path="/admin/domains" component={AdminDomainsPage} />
            <Route path="/admin/courses" component={AdminCoursesPage} />
            <Route path="/admin/materials" component={AdminMaterialsPage} />
            <Route path="/admin/assessments" component={AdminAssessmentsPage} />
            <Route path="/admin/announcements" component={AdminAnnouncementsPage} />
            <Route path="/admin/think" component={AdminThinkPage} />
            <Route path="/admin/profile" component={AdminProfilePage} />
            <Route path="/admin/settings" component={AdminSettingsPage} />
            <Route>
              <NotFoundPage embedded />
            </Route>
          </Switch>
        </Suspense>
      </ErrorBoundary>
    </AdminShell>
  );
}
