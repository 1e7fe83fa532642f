import type { LearnerRequirement } from '@contract/compliance';
import { ArrowLeft, Award, BookOpen, CircleCheck, Clock, RotateCcw, Target } from 'lucide-react';
import { flipInRtl } from '../../ui/direction';
import { useCallback, useEffect, useRef, useState, type Ref } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { css, cx } from 'styled-system/css';
import {
  componentViews,
  courseAvailableSections,
  courseContinueTarget,
  courseState,
} from '../../../statecharts/course-progress.machine';
import { ENROLLMENT_MESSAGES } from '../../../statecharts/enrollment.machine';
import { CertificateDialog } from '../../components/certificate-dialog';
import { ComplianceChip, RequirementDate } from '../../components/compliance-status';
import { CourseVersions } from '../../components/course-versions';
import { componentHref, ComponentList, JourneyStepper } from '../../components/learner-component-list';
import { ReviewDialog } from '../../components/learner-review-dialog';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useLearnerRequirements } from '../../hooks/use-learner-requirements';
import { useCourseProgress } from '../../state/course-progress';
import { useEnrollment } from '../../state/enrollment';
import { useRecertification } from '../../state/recertification';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Chip } from '../../ui/chip';
import { Dialog } from '../../ui/dialog';
import { LoadingBlock } from '../../ui/spinner';
import { toaster } from '../../ui/toast';
import { formatDate, formatDuration, formatScore } from '../../format';
import { currentLocale, serverText, t, withTags } from '../../i18n';
import { machineText } from '../../i18n/machine-text';

// A function, not a constant: the text is read in the current language.
const BackLink = () => (
  <Link
    href="/my-courses"
    className={css({
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1.5',
      fontSize: 'sm',
      color: 'brand.fg',
      fontWeight: 'medium',
      _hover: { textDecoration: 'underline' },
    })}
  >
    <ArrowLeft aria-hidden className={cx(css({ w: '4', h: '4' }), flipInRtl)} /> {t('course.back')}
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
  useDocumentTitle(course?.title ?? t('course.title'));
  const requirement = useLearnerRequirements().data?.find((r) => r.courseId === courseId) ?? null;
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
  const onRecertified = useCallback(
    (message: string) => {
      toaster.create({ type: 'success', title: serverText(message, t('recertification.started')) });
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
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <BackLink />
        {/* A heading even here: route focus lands on the page's h1, and a screen reader user learns what failed. */}
        <h1 className={css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold' })}>{t('course.unavailable')}</h1>
        <Alert
          status="error"
          action={
            <Button size="sm" variant="outline" onClick={() => send({ type: 'course.reload' })}>
              {t('common.retry')}
            </Button>
          }
        >
          {error ?? t('course.loadFailed')}
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
      <BackLink />
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' })}>
          <Chip palette="accent" icon={<BookOpen aria-hidden />}>
            {course.domain.name}
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
        <h1
          className={css({
            fontSize: { base: '2xl', md: '3xl' },
            fontWeight: 'bold',
            letterSpacing: '-0.02em',
            lineHeight: '1.2',
          })}
        >
          {course.title}
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
        {course.description ? <p className={css({ color: 'fg.muted', maxW: '3xl' })}>{course.description}</p> : null}
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
          onContinue={targetView ? () => navigate(componentHref(courseId, targetView)) : null}
          onCertificate={() => setCertificateFor(course.title)}
          continueLabel={state === 'ENROLLED' ? t('course.startCourse') : t('course.continueLearning')}
          continueRef={startButton}
        />
      ) : (
        <EnrollPanel
          courseId={courseId}
          canEnroll={course.canEnroll && !course.isLocked}
          onReload={reloadAfterEnroll}
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

function ProgressPanel(props: {
  percent: number;
  status: string;
  completed: number;
  total: number;
  available: number;
  timeSpent: string;
  onContinue: (() => void) | null;
  continueLabel: string;
  continueRef?: Ref<HTMLButtonElement>;
  onCertificate: () => void;
}) {
  return (
    <Card
      className={css({
        p: { base: '4', md: '6' },
        display: 'flex',
        flexDirection: { base: 'column', md: 'row' },
        gap: '5',
        alignItems: { md: 'center' },
      })}
      aria-label={t('course.yourProgressLabel')}
    >
      <div className={css({ flex: '1', display: 'flex', flexDirection: 'column', gap: '2' })}>
        <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' })}>
          <h2 className={css({ fontSize: 'md', fontWeight: 'bold' })}>{t('course.yourProgress')}</h2>
          <span
            className={css({
              fontSize: '2xl',
              fontWeight: 'bold',
              color: props.status === 'COMPLETED' ? 'success.fg' : 'brand.fg',
            })}
          >
            {formatScore(props.percent)}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label={t('course.progressBar')}
          aria-valuenow={props.percent}
          aria-valuemin={0}
          aria-valuemax={100}
          className={css({ h: '2.5', bg: 'bg.subtle', rounded: 'full', overflow: 'hidden' })}
        >
          <div
            className={css({ h: 'full', bg: props.status === 'COMPLETED' ? 'success.solid' : 'brand.solid' })}
            style={{ width: `${props.percent}%` }}
          />
        </div>
        <div className={css({ display: 'flex', gap: '4', flexWrap: 'wrap', fontSize: 'sm', color: 'fg.muted' })}>
          <span>{t('course.completedOf', { done: props.completed, total: props.total })}</span>
          <span>{t('course.availableOf', { available: props.available, total: props.total })}</span>
          <span>{t('course.timeSpent', { time: props.timeSpent })}</span>
        </div>
      </div>
      {props.status === 'COMPLETED' ? (
        <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
          <Chip palette="success" size="md" icon={<CircleCheck aria-hidden />}>
            {t('course.completedChip')}
          </Chip>
          <Button leftIcon={<Award aria-hidden />} onClick={props.onCertificate}>
            {t('course.viewCertificate')}
          </Button>
        </div>
      ) : props.onContinue ? (
        <Button ref={props.continueRef} size="lg" onClick={props.onContinue}>
          {props.continueLabel}
        </Button>
      ) : null}
    </Card>
  );
}

function EnrollPanel({
  courseId,
  canEnroll,
  onReload,
}: {
  courseId: string;
  canEnroll: boolean;
  onReload: () => void;
}) {
  const [snapshot, send] = useEnrollment(courseId, false, onReload);
  const banner = snapshot.hasTag('banner');
  // The Enroll button gives way to the banner: focus goes to the banner, so it is read and the
  // next Tab continues from here, not from the top of the page.
  const bannerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!banner) return;
    bannerRef.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [banner]);
  return (
    <Card
      className={css({
        p: { base: '4', md: '6' },
        display: 'flex',
        flexDirection: 'column',
        gap: '4',
        bg: 'brand.subtle',
        borderColor: 'brand.muted',
      })}
      aria-label={t('enroll.label')}
    >
      {banner ? (
        <div
          ref={bannerRef}
          tabIndex={-1}
          className={css({
            outline: 'none',
            rounded: 'md',
            _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
          })}
        >
          <Alert status="success">{currentLocale() === 'en' ? ENROLLMENT_MESSAGES.success : t('enroll.success')}</Alert>
        </div>
      ) : null}
      {snapshot.context.error ? <Alert status="error">{machineText(snapshot.context.error)}</Alert> : null}
      {banner ? null : (
        <div
          className={css({
            display: 'flex',
            flexDirection: { base: 'column', sm: 'row' },
            gap: '4',
            alignItems: { sm: 'center' },
            justifyContent: 'space-between',
          })}
        >
          <div>
            <h2 className={css({ fontSize: 'lg', fontWeight: 'bold' })}>{t('enroll.title')}</h2>
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              {canEnroll ? t('enroll.text') : t('enroll.notAssigned')}
            </p>
          </div>
          <Button
            size="lg"
            disabled={!canEnroll}
            loading={snapshot.hasTag('busy')}
            loadingText={t('enroll.enrolling')}
            onClick={() => send({ type: 'course.enroll' })}
          >
            {t('enroll.title')}
          </Button>
        </div>
      )}
    </Card>
  );
}

function RecertifyPanel({ requirement, onStart }: { requirement: LearnerRequirement; onStart: () => void }) {
  return (
    <Card
      as="section"
      aria-labelledby="recertify-title"
      className={css({
        p: { base: '4', md: '6' },
        display: 'flex',
        flexDirection: { base: 'column', sm: 'row' },
        gap: '4',
        alignItems: { sm: 'center' },
        justifyContent: 'space-between',
        bg: 'warning.subtle',
        borderColor: 'warning.border',
      })}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <h2 id="recertify-title" className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
          {t('recertify.title')}
        </h2>
        <p className={css({ fontSize: 'sm', color: 'fg.default', maxW: '2xl' })}>
          {requirement.validUntil
            ? t('recertify.validUntil', { date: formatDate(requirement.validUntil) })
            : t('recertify.noLongerValid')}{' '}
          {t('recertify.text')}
        </p>
      </div>
      <Button size="lg" leftIcon={<RotateCcw aria-hidden />} onClick={onStart} className={css({ flexShrink: 0 })}>
        {t('recertify.start')}
      </Button>
    </Card>
  );
}

function RecertifyDialog(props: {
  courseTitle: string;
  open: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  finalFocusEl: () => HTMLElement | null;
}) {
  // The buttons are disabled while the server answers, which drops focus out of the dialog; after a refusal it goes back to Cancel.
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { error } = props;
  useEffect(() => {
    if (error) cancelRef.current?.focus();
  }, [error]);
  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => (open ? undefined : props.onCancel())}
      title={t('recertify.confirmTitle')}
      role="alertdialog"
      size="sm"
      dismissible={!props.busy}
      // The safe choice first: Enter on opening does not start a cycle.
      initialFocusEl={() => cancelRef.current}
      finalFocusEl={props.finalFocusEl}
      footer={
        <>
          <Button ref={cancelRef} variant="outline" palette="neutral" disabled={props.busy} onClick={props.onCancel}>
            {t('common.cancel')}
          </Button>
          <Button loading={props.busy} loadingText={t('common.starting')} onClick={props.onConfirm}>
            {t('recertify.start')}
          </Button>
        </>
      }
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        {error ? <Alert status="error">{error}</Alert> : null}
        <p>
          {withTags(t('recertify.confirmText', { title: props.courseTitle }), [
            (text, key) => <strong key={key}>{text}</strong>,
          ])}
        </p>
        <p className={css({ color: 'fg.muted' })}>{t('recertify.confirmKept')}</p>
      </div>
    </Dialog>
  );
}
