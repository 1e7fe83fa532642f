import { ArrowLeft, Award, BookOpen, CircleCheck, Clock, Target } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { css } from 'styled-system/css';
import { componentViews, courseAvailableSections, courseContinueTarget, courseState } from '../../../statecharts/course-progress.machine';
import { ENROLLMENT_MESSAGES } from '../../../statecharts/enrollment.machine';
import { CertificateDialog } from '../../components/certificate-dialog';
import { componentHref, ComponentList, JourneyStepper } from '../../components/learner-component-list';
import { ReviewDialog } from '../../components/learner-review-dialog';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useCourseProgress } from '../../state/course-progress';
import { useEnrollment } from '../../state/enrollment';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Chip } from '../../ui/chip';
import { LoadingBlock } from '../../ui/spinner';
import { formatDuration } from '../../format';

const backLink = (
  <Link href="/my-courses" className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', fontSize: 'sm', color: 'brand.fg', fontWeight: 'medium', _hover: { textDecoration: 'underline' } })}>
    <ArrowLeft aria-hidden className={css({ w: '4', h: '4' })} /> Back to My Courses
  </Link>
);

/** /course/{courseId}: the course header, progress or enrollment panel, components, journey, certificate and review dialogs. */
export function CourseDetailPage() {
  const { courseId } = useParams<{ courseId: string }>();
  return <CourseDetail key={courseId} courseId={courseId} />;
}

function CourseDetail({ courseId }: { courseId: string }) {
  const [, navigate] = useLocation();
  const [certificateFor, setCertificateFor] = useState<string | null>(null);
  const certificateOpen = certificateFor !== null;
  const [reviewing, setReviewing] = useState<{ id: string; title: string } | null>(null);
  const onCompleted = useCallback((title: string) => setCertificateFor(title), []);
  const [snapshot, send] = useCourseProgress(courseId, onCompleted);
  const { course, error } = snapshot.context;
  useDocumentTitle(course?.title ?? 'Course');

  if (snapshot.matches('loading')) return <LoadingBlock label="Loading course..." />;
  if (snapshot.matches('failed') || !course) {
    return (
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {backLink}
        <Alert status="error" action={<Button size="sm" variant="outline" onClick={() => send({ type: 'course.reload' })}>Retry</Button>}>
          {error ?? 'Failed to load course'}
        </Alert>
      </div>
    );
  }

  const views = componentViews(snapshot.context);
  const state = courseState(snapshot.context);
  const target = courseContinueTarget(snapshot.context);
  const progress = snapshot.context.courseProgress;
  const percent = Math.round(progress?.overallProgress ?? 0);
  const completedCount = views.filter((v) => v.status === 'COMPLETED').length;
  const timeSpent = views.reduce((sum, v) => sum + v.timeSpentSeconds, 0);
  const targetView = target ? views.find((v) => v.component.id === target.id) : undefined;

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      {backLink}
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' })}>
          <Chip palette="accent" icon={<BookOpen aria-hidden />}>{course.domain.name}</Chip>
          {state === 'COMPLETED' ? <Chip palette="success" icon={<CircleCheck aria-hidden />}>Completed</Chip> : null}
        </div>
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', letterSpacing: '-0.02em', lineHeight: '1.2' })}>{course.title}</h1>
        <div className={css({ display: 'flex', gap: '4', flexWrap: 'wrap', fontSize: 'sm', color: 'fg.muted' })}>
          <span className={css({ display: 'inline-flex', gap: '1.5', alignItems: 'center' })}>
            <Clock aria-hidden className={css({ w: '4', h: '4' })} /> Time limit: {course.timeLimit ?? 0} minutes
          </span>
          <span className={css({ display: 'inline-flex', gap: '1.5', alignItems: 'center' })}>
            <Target aria-hidden className={css({ w: '4', h: '4' })} /> Passing score: {course.passingScore}%
          </span>
          <span>{views.length} components</span>
        </div>
        {course.description ? <p className={css({ color: 'fg.muted', maxW: '3xl' })}>{course.description}</p> : null}
      </header>

      {progress ? (
        <ProgressPanel
          percent={percent}
          status={state}
          completed={completedCount}
          total={views.length}
          available={courseAvailableSections(snapshot.context)}
          timeSpent={formatDuration(timeSpent)}
          onContinue={targetView ? () => navigate(componentHref(courseId, targetView)) : null}
          onCertificate={() => setCertificateFor(course.title)}
          continueLabel={state === 'ENROLLED' ? 'Start Course' : 'Continue Learning'}
        />
      ) : (
        <EnrollPanel courseId={courseId} canEnroll={course.canEnroll && !course.isLocked} onReload={() => send({ type: 'course.reload' })} />
      )}

      <section aria-labelledby="journey-title" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <h2 id="journey-title" className={css({ fontSize: 'lg', fontWeight: 'bold' })}>Your Learning Journey</h2>
        <Card className={css({ p: '4' })}>
          <JourneyStepper views={views} />
        </Card>
      </section>

      <section aria-labelledby="components-title" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <h2 id="components-title" className={css({ fontSize: 'lg', fontWeight: 'bold' })}>Course Content</h2>
        <ComponentList courseId={courseId} views={views} onReview={(view) => setReviewing({ id: view.component.id, title: view.title })} />
      </section>

      <ReviewDialog component={reviewing} onClose={() => setReviewing(null)} />
      {/* Opens by itself when the course becomes COMPLETED during the session, or from the progress panel. */}
      <CertificateDialog open={certificateOpen} onOpenChange={(open) => !open && setCertificateFor(null)} courseId={courseId} courseName={certificateFor ?? course.title} />
    </div>
  );
}

function ProgressPanel(props: {
  percent: number;
  status: string;
  completed: number;
  total: number;
  available: number;
  timeSpent: string;
  onContinue: (() => void) | null;
  continueLabel: string;
  onCertificate: () => void;
}) {
  return (
    <Card className={css({ p: { base: '4', md: '6' }, display: 'flex', flexDirection: { base: 'column', md: 'row' }, gap: '5', alignItems: { md: 'center' } })} aria-label="Your progress">
      <div className={css({ flex: '1', display: 'flex', flexDirection: 'column', gap: '2' })}>
        <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' })}>
          <h2 className={css({ fontSize: 'md', fontWeight: 'bold' })}>Your Progress</h2>
          <span className={css({ fontSize: '2xl', fontWeight: 'bold', color: props.status === 'COMPLETED' ? 'success.fg' : 'brand.fg' })}>{props.percent}%</span>
        </div>
        <div role="progressbar" aria-label="Course progress" aria-valuenow={props.percent} aria-valuemin={0} aria-valuemax={100} className={css({ h: '2.5', bg: 'bg.subtle', rounded: 'full', overflow: 'hidden' })}>
          <div className={css({ h: 'full', bg: props.status === 'COMPLETED' ? 'success.solid' : 'brand.solid' })} style={{ width: `${props.percent}%` }} />
        </div>
        <div className={css({ display: 'flex', gap: '4', flexWrap: 'wrap', fontSize: 'sm', color: 'fg.muted' })}>
          <span>{props.completed} of {props.total} completed</span>
          <span>{props.available} of {props.total} sections available</span>
          <span>Time spent: {props.timeSpent}</span>
        </div>
      </div>
      {props.status === 'COMPLETED' ? (
        <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
          <Chip palette="success" size="md" icon={<CircleCheck aria-hidden />}>Course Completed</Chip>
          <Button leftIcon={<Award aria-hidden />} onClick={props.onCertificate}>View Certificate</Button>
        </div>
      ) : props.onContinue ? (
        <Button size="lg" onClick={props.onContinue}>{props.continueLabel}</Button>
      ) : null}
    </Card>
  );
}

function EnrollPanel({ courseId, canEnroll, onReload }: { courseId: string; canEnroll: boolean; onReload: () => void }) {
  const [snapshot, send] = useEnrollment(courseId, false, onReload);
  const banner = snapshot.hasTag('banner');
  useEffect(() => {
    if (banner) window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [banner]);
  return (
    <Card className={css({ p: { base: '4', md: '6' }, display: 'flex', flexDirection: 'column', gap: '4', bg: 'brand.subtle', borderColor: 'brand.muted' })} aria-label="Enroll">
      {banner ? <Alert status="success">{ENROLLMENT_MESSAGES.success}</Alert> : null}
      {snapshot.context.error ? <Alert status="error">{snapshot.context.error}</Alert> : null}
      {banner ? null : <div className={css({ display: 'flex', flexDirection: { base: 'column', sm: 'row' }, gap: '4', alignItems: { sm: 'center' }, justifyContent: 'space-between' })}>
        <div>
          <h2 className={css({ fontSize: 'lg', fontWeight: 'bold' })}>Enroll Now</h2>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {canEnroll ? 'Enroll to unlock the course content and start tracking your progress.' : 'This course is not part of your assigned books.'}
          </p>
        </div>
        <Button size="lg" disabled={!canEnroll} loading={snapshot.hasTag('busy')} loadingText="Enrolling..." onClick={() => send({ type: 'course.enroll' })}>
          Enroll Now
        </Button>
      </div>}
    </Card>
  );
}
