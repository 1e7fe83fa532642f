import { BookOpen, CircleCheck, Clock, Target } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { css } from 'styled-system/css';
import {
  componentViews,
  courseAvailableSections,
  courseContinueTarget,
  courseState,
} from '../../../statecharts/course-progress.machine';
import { CertificateDialog } from '../../components/certificate-dialog';
import { ComplianceChip, RequirementDate } from '../../components/compliance-status';
import { pageTitle } from '../../components/page-header';
import { CourseVersions } from '../../components/course-versions';
import { EnrollPanel } from '../../components/learner/course-detail/enroll-panel';
import { ProgressPanel } from '../../components/learner/course-detail/progress-panel';
import { RecertifyDialog, RecertifyPanel } from '../../components/learner/course-detail/recertify';
import { componentPath } from '../../components/component-path';
import { componentHref, ComponentList, JourneyStepper } from '../../components/learner-component-list';
import { ReviewDialog } from '../../components/learner-review-dialog';
import { BackLink } from '../../components/learner/back-link';
import { PageFailure } from '../../components/learner/page-failure';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { takeOverServerMarkup } from '../../server-rendered';
import { useLearnerRequirements } from '../../hooks/use-learner-requirements';
import { useCourseProgress } from '../../state/course-progress';
import { useRecertification } from '../../state/recertification';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Chip } from '../../ui/chip';
import { LoadingBlock } from '../../ui/spinner';
import { formatDuration, formatScore } from '../../format';
import { serverText, t } from '../../i18n';

// A function, not a constant: the text is read in the current language.
const BackToCourses = () => <BackLink href="/my-courses">{t('course.back')}</BackLink>;

/** The message the dashboard's Recertify left in the history entry (web/pages/learner/dashboard.tsx). */
function recertifiedFromHistory(): string | null {
  // No history on the server (the Worker renders this page too: web/ssr/learner-server.tsx).
  const state: unknown = typeof window === 'undefined' ? null : window.history.state;
  if (state && typeof state === 'object' && 'recertified' in state && typeof state.recertified === 'string') {
    return state.recertified;
  }
  return null;
}

/** /course/{courseId}: the course header, progress or enrollment panel, components, journey, certificate and review dialogs. */
export function CourseDetailPage() {
  const { courseId } = useParams<{ courseId: string }>();
  // The Worker may have rendered this page (worker/routes/learner-pages.ts): its copy leaves as this one commits.
  useLayoutEffect(takeOverServerMarkup, []);
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
  useDocumentTitle(course?.title ?? t('course.title'));
  const requirements = useLearnerRequirements();
  const requirement = requirements.data?.find((r) => r.courseId === courseId) ?? null;
  const contentHeading = useRef<HTMLHeadingElement>(null);
  // After enrolling, focus goes to the new progress panel's Start button once the course reloads.
  const focusStartAfterEnroll = useRef(false);
  const startButton = useRef<HTMLButtonElement>(null);
  const enrolledNow = snapshot.context.courseProgress !== null;
  useEffect(() => {
    if (enrolledNow && focusStartAfterEnroll.current) {
      focusStartAfterEnroll.current = false;
      startButton.current?.focus();
    }
  }, [enrolledNow]);
  const reloadAfterEnroll = useCallback(() => {
    focusStartAfterEnroll.current = true;
    send({ type: 'course.reload' });
  }, [send]);
  // The new cycle's message shows in the page, not as a toast: at 390 px a toast sat on Start Course.
  // From the dashboard it arrives in the history entry's state.
  const [recertifiedMessage, setRecertifiedMessage] = useState<string | null>(() => recertifiedFromHistory());
  const onRecertified = useCallback(
    (message: string) => {
      setRecertifiedMessage(serverText(message, t('recertification.started')));
      send({ type: 'course.reload' });
    },
    [send],
  );
  const [recertification, sendRecertification] = useRecertification(courseId, onRecertified);
  const recertified = recertification.matches('started');
  useEffect(() => {
    // The dialog hands focus to the content heading without scrolling (its focus trap prevents scroll): bring it into view.
    if (recertified) contentHeading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [recertified]);

  if (snapshot.matches('loading')) return <LoadingBlock label={t('course.loading')} />;
  if (snapshot.matches('failed') || !course) {
    return (
      <PageFailure
        back={<BackToCourses />}
        // A heading even here: route focus lands on the page's h1, and a screen reader user learns what failed.
        heading={
          <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>
            {t('course.unavailable')}
          </h1>
        }
        retry={{ label: t('common.retry'), onRetry: () => send({ type: 'course.reload' }) }}
      >
        {error ?? t('course.loadFailed')}
      </PageFailure>
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
      <BackToCourses />
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' })}>
          <Chip palette="accent" icon={<BookOpen aria-hidden />}>
            <bdi>{course.domain.name}</bdi>
          </Chip>
          {state === 'COMPLETED' ? (
            <Chip palette="success" icon={<CircleCheck aria-hidden />}>
              {t('course.status.completed')}
            </Chip>
          ) : null}
          {requirement ? (
            <>
              <Chip palette="brand" variant="solid">
                {t('course.required')}
              </Chip>
              <ComplianceChip status={requirement.status} />
            </>
          ) : null}
        </div>
        <h1 className={pageTitle}>
          <bdi>{course.title}</bdi>
        </h1>
        <div className={css({ display: 'flex', gap: '4', flexWrap: 'wrap', fontSize: 'sm', color: 'fg.muted' })}>
          <span className={css({ display: 'inline-flex', gap: '1.5', alignItems: 'center' })}>
            <Clock aria-hidden className={css({ w: '4', h: '4' })} />{' '}
            {t('course.timeLimit', {
              value: course.timeLimit ? t('course.minutes', { count: course.timeLimit }) : t('course.selfPaced'),
            })}
          </span>
          <span className={css({ display: 'inline-flex', gap: '1.5', alignItems: 'center' })}>
            <Target aria-hidden className={css({ w: '4', h: '4' })} />{' '}
            {t('course.passingScore', { score: formatScore(course.passingScore) })}
          </span>
          <span>{t('course.components', { count: views.length })}</span>
          {requirement ? (
            <RequirementDate requirement={requirement} className={css({ fontWeight: 'medium', color: 'fg.default' })} />
          ) : null}
        </div>
        {/* The course's limit is the time set aside for the whole course (nothing counts it down); learners
            met it next to assessment limits that differ and could not tell which applied. */}
        <p className={css({ fontSize: 'sm', color: 'fg.muted', maxW: '3xl' })} data-testid="time-limit-note">
          {course.timeLimit ? `${t('course.timeNoteCourse')} ` : ''}
          {t('course.timeNote')}
        </p>
        {course.description ? (
          <p dir="auto" className={css({ color: 'fg.muted', maxW: '3xl' })}>
            {course.description}
          </p>
        ) : null}
        <CourseVersions language={course.language ?? 'en'} versions={course.versions ?? []} />
      </header>

      {error ? (
        // The course is on screen but the last reload failed (e.g. offline): say so and offer a retry.
        <Alert
          status="error"
          action={
            <Button size="sm" variant="outline" onClick={() => send({ type: 'course.reload' })}>
              {t('common.retry')}
            </Button>
          }
        >
          {error}
        </Alert>
      ) : null}

      {recertifiedMessage ? (
        <div role="status">
          <Alert status="success">{recertifiedMessage}</Alert>
        </div>
      ) : null}

      {requirement?.canRecertify && !recertified ? (
        <RecertifyPanel
          requirement={requirement}
          onStart={() => sendRecertification({ type: 'recertification.open' })}
        />
      ) : null}

      {progress ? (
        <ProgressPanel
          percent={percent}
          status={state}
          completed={completedCount}
          total={views.length}
          available={courseAvailableSections(snapshot.context)}
          timeSpent={formatDuration(timeSpent)}
          // A classroom session awaiting the trainer has nowhere to go: its row says what to do instead.
          onContinue={
            targetView && !targetView.awaitsTrainer ? () => navigate(componentHref(courseId, targetView)) : null
          }
          onCertificate={() => setCertificateFor(course.title)}
          continueLabel={state === 'ENROLLED' ? t('course.startCourse') : t('course.continueLearning')}
          continueRef={startButton}
        />
      ) : requirements.isPending ? (
        // Whether the course is required decides between Start and Enroll: no Enroll button that turns into Start.
        <LoadingBlock label={t('course.loading')} />
      ) : (
        <EnrollPanel
          key={requirement ? 'required' : 'optional'}
          courseId={courseId}
          canEnroll={course.canEnroll && !course.isLocked}
          onReload={reloadAfterEnroll}
          required={requirement !== null && !course.isLocked}
          onOpen={(component) =>
            component ? navigate(componentPath(courseId, component)) : send({ type: 'course.reload' })
          }
        />
      )}

      <section aria-labelledby="journey-title" className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <h2 id="journey-title" className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
          {t('course.journey')}
        </h2>
        <Card className={css({ p: '4' })}>
          <JourneyStepper views={views} />
        </Card>
      </section>

      <section
        aria-labelledby="components-title"
        className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
      >
        <h2
          id="components-title"
          ref={contentHeading}
          tabIndex={-1}
          className={css({ fontSize: 'lg', fontWeight: 'bold', scrollMarginTop: '20' })}
        >
          {t('course.content')}
        </h2>
        <ComponentList
          courseId={courseId}
          views={views}
          onReview={(view) => setReviewing({ id: view.component.id, title: view.title })}
        />
      </section>

      <ReviewDialog component={reviewing} onClose={() => setReviewing(null)} />
      {/* Opens by itself when the course becomes COMPLETED during the session, or from the progress panel. */}
      <RecertifyDialog
        courseTitle={course.title}
        open={recertification.hasTag('open')}
        busy={recertification.hasTag('busy')}
        error={recertification.context.error}
        onConfirm={() => sendRecertification({ type: 'recertification.confirm' })}
        onCancel={() => sendRecertification({ type: 'recertification.cancel' })}
        // After the new cycle starts the learner is taken to the content to begin again; a cancel returns to the button.
        finalFocusEl={() => (recertified ? contentHeading.current : null)}
      />
      <CertificateDialog
        open={certificateOpen}
        onOpenChange={(open) => !open && setCertificateFor(null)}
        courseId={courseId}
        courseName={certificateFor ?? course.title}
      />
    </div>
  );
}
