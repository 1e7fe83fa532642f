import { AdminShell } from '../../components/admin-shell';
import { AreaRoutes, type AreaRoute } from '../../components/area-routes';
import { lazyNamed } from '../../lazy';

// Each admin screen is its own chunk, loaded on first visit.
const AdminDashboardPage = lazyNamed(() => import('./dashboard'), 'AdminDashboardPage');
const AdminCompliancePage = lazyNamed(() => import('./compliance'), 'AdminCompliancePage');
const AdminTrainingRecordPage = lazyNamed(() => import('./training-record'), 'AdminTrainingRecordPage');
const AdminCredentialsPage = lazyNamed(() => import('./credentials'), 'AdminCredentialsPage', ['credentials']);
const AdminUsersPage = lazyNamed(() => import('./users'), 'AdminUsersPage');
const AdminDomainsPage = lazyNamed(() => import('./domains'), 'AdminDomainsPage');
const AdminSitesPage = lazyNamed(() => import('./sites'), 'AdminSitesPage');
const AdminIdentityProvidersPage = lazyNamed(() => import('./identity-providers'), 'AdminIdentityProvidersPage');
const AdminDirectoryProvisioningPage = lazyNamed(
  () => import('./directory-provisioning'),
  'AdminDirectoryProvisioningPage',
);
const AdminTasksPage = lazyNamed(() => import('./tasks'), 'AdminTasksPage');
const AdminCoursesPage = lazyNamed(() => import('./courses'), 'AdminCoursesPage');
const AdminMaterialsPage = lazyNamed(() => import('./materials'), 'AdminMaterialsPage');
const AdminAssessmentsPage = lazyNamed(() => import('./assessments'), 'AdminAssessmentsPage');
const AdminEvaluationTemplatesPage = lazyNamed(() => import('./evaluation-templates'), 'AdminEvaluationTemplatesPage');
const AdminTalkTopicsPage = lazyNamed(() => import('./talk-topics'), 'AdminTalkTopicsPage');
const AdminEvaluationTemplateEditorPage = lazyNamed(
  () => import('./evaluation-template-editor'),
  'AdminEvaluationTemplateEditorPage',
);
const AdminSessionsPage = lazyNamed(() => import('./sessions'), 'AdminSessionsPage');
const AdminSessionPage = lazyNamed(() => import('./sessions'), 'AdminSessionPage');
const AdminSessionSchedulePage = lazyNamed(() => import('./session-schedule'), 'AdminSessionSchedulePage');
const AdminAnnouncementsPage = lazyNamed(() => import('./announcements'), 'AdminAnnouncementsPage');
const AdminThinkPage = lazyNamed(() => import('./think'), 'AdminThinkPage');
const AdminOutboxPage = lazyNamed(() => import('./outbox'), 'AdminOutboxPage');
const AdminProfilePage = lazyNamed(() => import('./profile'), 'AdminProfilePage');
const AdminSettingsPage = lazyNamed(() => import('./settings'), 'AdminSettingsPage');

const ADMIN_ROUTES: readonly AreaRoute[] = [
  ['/admin', AdminDashboardPage],
  ['/admin/compliance', AdminCompliancePage],
  ['/admin/compliance/people/:userId', AdminTrainingRecordPage],
  ['/admin/credentials', AdminCredentialsPage],
  ['/admin/users', AdminUsersPage],
  ['/admin/domains', AdminDomainsPage],
  ['/admin/sites', AdminSitesPage],
  ['/admin/identity-providers', AdminIdentityProvidersPage],
  ['/admin/directory-provisioning', AdminDirectoryProvisioningPage],
  ['/admin/tasks', AdminTasksPage],
  ['/admin/courses', AdminCoursesPage],
  ['/admin/materials', AdminMaterialsPage],
  ['/admin/assessments', AdminAssessmentsPage],
  ['/admin/evaluation-templates', AdminEvaluationTemplatesPage],
  ['/admin/evaluation-templates/:id', AdminEvaluationTemplateEditorPage],
  ['/admin/sessions', AdminSessionsPage],
  ['/admin/sessions/new', AdminSessionSchedulePage],
  ['/admin/sessions/:id', AdminSessionPage],
  ['/admin/talk-topics', AdminTalkTopicsPage],
  ['/admin/announcements', AdminAnnouncementsPage],
  ['/admin/think', AdminThinkPage],
  ['/admin/outbox', AdminOutboxPage],
  ['/admin/profile', AdminProfilePage],
  ['/admin/settings', AdminSettingsPage],
];

/** Everything under /admin: the admin shell around the admin routes (the guard is in routes.tsx). */
export function AdminArea() {
  return (
    <AdminShell>
      <AreaRoutes routes={ADMIN_ROUTES} />
    </AdminShell>
  );
}
