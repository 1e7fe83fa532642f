import { Suspense } from 'react';
import { Redirect, Route, Switch, useLocation, useParams } from 'wouter';
import { ErrorBoundary } from '../../components/error-boundary';
import { LearnerShell } from '../../components/learner-shell';
import { lazyNamed } from '../../lazy';
import { LoadingBlock } from '../../ui/spinner';
import { NotFoundPage } from '../public/not-found';

// One chunk per screen: a learner downloads a page the first time it is opened.
const DashboardPage = lazyNamed(() => import('./dashboard'), 'DashboardPage');
const ProfilePage = lazyNamed(() => import('./profile'), 'ProfilePage');
const MyCoursesPage = lazyNamed(() => import('./my-courses'), 'MyCoursesPage');
const ReportsPage = lazyNamed(() => import('./reports'), 'ReportsPage');
const AnnouncementsPage = lazyNamed(() => import('./announcements'), 'AnnouncementsPage');
const ThinkPage = lazyNamed(() => import('./think'), 'ThinkPage');
const CourseDetailPage = lazyNamed(() => import('./course-detail'), 'CourseDetailPage');
const MaterialViewerPage = lazyNamed(() => import('./material-viewer'), 'MaterialViewerPage');
const AssessmentPage = lazyNamed(() => import('./assessment'), 'AssessmentPage');

/** The legacy /courses/{courseId} route replaces itself with /course/{courseId}. */
function LegacyCourseRedirect() {
  const { courseId } = useParams<{ courseId: string }>();
  return <Redirect to={`/course/${courseId}`} replace />;
}

/** Every learner route inside one shell instance, so the drawer keeps its state between pages. */
export function LearnerArea() {
  const [path] = useLocation();
  return (
    <LearnerShell>
      <ErrorBoundary key={path}>
        <Suspense fallback={<LoadingBlock />}>
          <Switch>
            <Route path="/dashboard" component={DashboardPage} />
            <Route path="/profile" component={ProfilePage} />
            <Route path="/my-courses" component={MyCoursesPage} />
            <Route path="/reports" component={ReportsPage} />
            <Route path="/announcements" component={AnnouncementsPage} />
            <Route path="/think" component={ThinkPage} />
            <Route path="/courses/:courseId" component={LegacyCourseRedirect} />
            <Route path="/course/:courseId" component={CourseDetailPage} />
            <Route path="/course/:courseId/material/:componentId" component={MaterialViewerPage} />
            <Route path="/course/:courseId/assessment/:componentId" component={AssessmentPage} />
            <Route>
              <NotFoundPage embedded />
            </Route>
          </Switch>
        </Suspense>
      </ErrorBoundary>
    </LearnerShell>
  );
}
