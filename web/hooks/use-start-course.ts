import { useLocation } from 'wouter';
import { ENROLLMENT_MESSAGES } from '../../statecharts/enrollment.machine';
import { learnerWrites } from '../api/learner-queries';
import { useWrite } from '../api/writes';
import { componentPath } from '../components/component-path';
import { toaster } from '../ui/toast';
import { currentLocale, t } from '../i18n';
import { errorText } from '../i18n/error-text';

/**
 * Start (or continue) a required course from the dashboard: the server enrols the learner when
 * they are not enrolled yet, and the learner lands on the component to do next (the course page
 * when none is open).
 */
export function useStartCourse() {
  const [, navigate] = useLocation();
  return useWrite(learnerWrites.startCourse, {
    onSuccess: ({ progress }, courseId) =>
      navigate(progress.nextComponent ? componentPath(courseId, progress.nextComponent) : `/course/${courseId}`),
    onError: (error) =>
      toaster.create({
        type: 'error',
        title: errorText(error, currentLocale() === 'en' ? ENROLLMENT_MESSAGES.failed : t('enrollment.failed')),
      }),
  });
}
