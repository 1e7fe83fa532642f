import { Redirect, useParams } from 'wouter';
import { AreaRoutes, type AreaRoute } from '../../components/area-routes';
import { LearnerShell } from '../../components/learner-shell';
import { lazyNamed } from '../../lazy';

// One chunk per screen: a learner downloads a page the first time it is opened. Trainers',
// supervisors' and evaluators' screens load the `field` messages with them (vite.catalogs.ts).
const DashboardPage = lazyNamed(() => import('./dashboard'), 'DashboardPage');
// The profile holds the kiosk sign-in card (PIN and badge), whose messages are the kiosk's.
const ProfilePage = lazyNamed(() => import('./profile'), 'ProfilePage', ['field']);
const MyCoursesPage = lazyNamed(() => import('./my-courses'), 'MyCoursesPage');
const CertificatesPage = lazyNamed(() => import('./certificates'), 'CertificatesPage');
const CredentialsPage = lazyNamed(() => import('./credentials'), 'CredentialsPage', ['credentials']);
const ReportsPage = lazyNamed(() => import('./reports'), 'ReportsPage');
const AnnouncementsPage = lazyNamed(() => import('./announcements'), 'AnnouncementsPage');
const ThinkPage = lazyNamed(() => import('./think'), 'ThinkPage');
const CourseDetailPage = lazyNamed(() => import('./course-detail'), 'CourseDetailPage');
const MaterialViewerPage = lazyNamed(() => import('./material-viewer'), 'MaterialViewerPage');
const AssessmentPage = lazyNamed(() => import('./assessment'), 'AssessmentPage');
const EvaluatePage = lazyNamed(() => import('./evaluate'), 'EvaluatePage', ['field']);
const EvaluationSessionPage = lazyNamed(() => import('./evaluate-session'), 'EvaluationSessionPage', ['field']);
const EvaluationsPage = lazyNamed(() => import('./evaluations'), 'EvaluationsPage', ['field']);
const TeamPage = lazyNamed(() => import('./team'), 'TeamPage', ['field']);
const TeamForecastPage = lazyNamed(() => import('./team-forecast'), 'TeamForecastPage', ['field']);
const TeamSessionsPage = lazyNamed(() => import('./team-sessions'), 'TeamSessionsPage', ['field']);
// The record and the credential review reuse the administrators' components and their messages.
const TeamApprovalsPage = lazyNamed(() => import('./team-approvals'), 'TeamApprovalsPage', [
  'admin-people',
  'credentials',
  'field',
]);
const TeamRecordPage = lazyNamed(() => import('./team-record'), 'TeamRecordPage', ['admin-people', 'field']);
const TeamTasksPage = lazyNamed(() => import('./team-tasks'), 'TeamTasksPage', ['field']);
const EvaluationRecordPage = lazyNamed(() => import('./evaluations'), 'EvaluationRecordPage', ['field']);
const TrainerSessionsPage = lazyNamed(() => import('./sessions'), 'TrainerSessionsPage', ['field']);
const TrainerSessionPage = lazyNamed(() => import('./sessions'), 'TrainerSessionPage', ['field']);
const TalksPage = lazyNamed(() => import('./talks'), 'TalksPage', ['field']);
const TalkNewPage = lazyNamed(() => import('./talk-new'), 'TalkNewPage', ['field']);
const TalkSignPage = lazyNamed(() => import('./talk-sign'), 'TalkSignPage', ['field']);
const CheckInPage = lazyNamed(() => import('./check-in'), 'CheckInPage');

/** The legacy /courses/{courseId} route replaces itself with /course/{courseId}. */
function LegacyCourseRedirect() {
  const { courseId } = useParams<{ courseId: string }>();
  return <Redirect to={`/course/${courseId}`} replace />;
}

const LEARNER_ROUTES: readonly AreaRoute[] = [
  ['/dashboard', DashboardPage],
  ['/profile', ProfilePage],
  ['/my-courses', MyCoursesPage],
  ['/my-certificates', CertificatesPage],
  ['/my-credentials', CredentialsPage],
  ['/reports', ReportsPage],
  ['/announcements', AnnouncementsPage],
  ['/think', ThinkPage],
  ['/courses/:courseId', LegacyCourseRedirect],
  ['/course/:courseId', CourseDetailPage],
  ['/course/:courseId/material/:componentId', MaterialViewerPage],
  ['/course/:courseId/assessment/:componentId', AssessmentPage],
  ['/evaluate', EvaluatePage],
  ['/evaluate/:id', EvaluationSessionPage],
  ['/evaluations', EvaluationsPage],
  ['/evaluations/:id', EvaluationRecordPage],
  ['/sessions', TrainerSessionsPage],
  ['/sessions/:id', TrainerSessionPage],
  ['/talks', TalksPage],
  ['/talks/new', TalkNewPage],
  ['/talks/:id/sign', TalkSignPage],
  ['/check-in/:id', CheckInPage],
  ['/team', TeamPage],
  ['/team/forecast', TeamForecastPage],
  ['/team/sessions', TeamSessionsPage],
  ['/team/approvals', TeamApprovalsPage],
  ['/team/people/:userId', TeamRecordPage],
  ['/team/tasks', TeamTasksPage],
];

/** Every learner route inside one shell instance, so the drawer keeps its state between pages. */
export function LearnerArea() {
  return (
    <LearnerShell>
      <AreaRoutes routes={LEARNER_ROUTES} />
    </LearnerShell>
  );
}
