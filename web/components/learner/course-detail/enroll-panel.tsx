import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import { stack, stackToRow } from 'styled-system/patterns';
import { ENROLLMENT_MESSAGES, type StartedComponent } from '../../../../statecharts/enrollment.machine';
import { useEnrollment } from '../../../state/enrollment';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { currentLocale, t } from '../../../i18n';
import { machineText } from '../../../i18n/machine-text';

/**
 * Not yet enrolled: the Enroll button (or why it is disabled), then the success banner. A required
 * course offers Start instead: the server enrols the learner as it starts, and the page opens the
 * first component.
 */
export function EnrollPanel({
  courseId,
  canEnroll,
  onReload,
  required,
  onOpen,
}: {
  courseId: string;
  canEnroll: boolean;
  onReload: () => void;
  required: boolean;
  onOpen: (component: StartedComponent) => void;
}) {
  const [snapshot, send] = useEnrollment(courseId, false, onReload, required, onOpen);
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
      className={stack({ gap: '4', p: { base: '4', md: '6' }, bg: 'brand.subtle', borderColor: 'brand.muted' })}
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
        <div className={stackToRow({ align: 'center', justify: 'space-between', gap: '4' })}>
          <div>
            <h2 className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
              {required ? t('enroll.requiredTitle') : t('enroll.title')}
            </h2>
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              {required ? t('enroll.requiredText') : canEnroll ? t('enroll.text') : t('enroll.notAssigned')}
            </p>
          </div>
          {required ? (
            <Button
              size="lg"
              loading={snapshot.hasTag('busy')}
              loadingText={t('common.starting')}
              onClick={() => send({ type: 'course.start' })}
            >
              {t('course.startCourse')}
            </Button>
          ) : (
            <Button
              size="lg"
              disabled={!canEnroll}
              loading={snapshot.hasTag('busy')}
              loadingText={t('enroll.enrolling')}
              onClick={() => send({ type: 'course.enroll' })}
            >
              {t('enroll.title')}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
