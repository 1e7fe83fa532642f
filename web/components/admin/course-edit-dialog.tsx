import { Lock } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import type { AdminCourseDetail } from '@contract/admin-courses';
import type { Domain } from '@contract/domains';
import { getCourse } from '../../api/admin-content';
import { courseWrites } from '../../api/course-queries';
import { useWrite } from '../../api/writes';
import { hasErrorCode } from '../../api/client';
import { t } from '../../i18n';
import { queryKeys } from '../../api/query-keys';
import { Alert, Button, Chip, Dialog, LoadingBlock, TabContent, TabList, Tabs, TabTrigger, toaster } from '../../ui';
import { ComponentList } from './component-list';
import { CourseLanguages } from './course-languages';
import {
  courseFormFrom,
  coursePayload,
  CourseFields,
  validateCourseForm,
  type CourseFormErrors,
  type CourseFormValues,
} from './course-form';
import { errorText, fieldErrors } from '../../i18n/error-text';

export interface CourseEditDialogProps {
  courseId: string | null;
  domains: readonly Domain[];
  onClose: () => void;
  initialTab?: 'details' | 'components' | 'languages';
}

/** The edit dialog: tabs 'Course Details' and 'Components'. The form starts from the course as loaded and again after each save. */
export function CourseEditDialog({ courseId, domains, onClose, initialTab = 'details' }: CourseEditDialogProps) {
  const detail = useQuery({
    queryKey: queryKeys.admin.courses.detail(courseId ?? ''),
    queryFn: ({ signal }) => getCourse(courseId ?? '', signal),
    enabled: courseId !== null,
    // Another admin (or this one, in another tab) may have changed it since it was last opened.
    staleTime: 0,
  });
  const course: AdminCourseDetail | null = courseId !== null ? (detail.data ?? null) : null;
  const loadError = detail.isError ? t('admin.editor.loadFailed') : null;
  const [tab, setTab] = useState<string>(initialTab);
  const [values, setValues] = useState<CourseFormValues | null>(null);
  const [errors, setErrors] = useState<CourseFormErrors>({});

  useEffect(() => {
    setValues(null);
    setErrors({});
    setTab(initialTab);
  }, [courseId, initialTab]);
  // The form fills once the course is there (and refills after a save cleared it).
  useEffect(() => {
    if (course && values === null && !detail.isFetching) setValues(courseFormFrom(course));
  }, [course, values, detail.isFetching]);

  const published = course?.status === 'PUBLISHED';

  const update = useWrite(courseWrites.update, {
    onSuccess: () => {
      toaster.create({ type: 'success', title: t('admin.editor.updated') });
      setValues(null);
    },
    onError: (e) => {
      if (hasErrorCode(e, 'VALIDATION_FAILED')) setErrors(fieldErrors(e.fields) as CourseFormErrors);
    },
  });
  const saving = update.isPending;
  const saveError = update.isError ? errorText(update.error, t('admin.editor.updateFailed')) : null;
  const { reset } = update;
  useEffect(() => reset(), [courseId, reset]);

  const save = () => {
    if (!course || !values) return;
    const found = validateCourseForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate({ id: course.id, body: coursePayload(values) });
  };

  return (
    <Dialog
      open={courseId !== null}
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      title={course ? t('admin.editor.title', { title: course.title }) : t('admin.editor.titleLoading')}
      size="xl"
      footer={
        <>
          <Button variant="outline" palette="neutral" onClick={onClose}>
            {t('common.close')}
          </Button>
          {tab === 'details' && course && !published ? (
            <Button onClick={save} loading={saving}>
              {t('admin.editor.update')}
            </Button>
          ) : null}
        </>
      }
    >
      {loadError ? (
        <Alert
          status="error"
          action={
            courseId ? (
              <Button size="sm" variant="outline" onClick={() => void detail.refetch()}>
                {t('common.retry')}
              </Button>
            ) : undefined
          }
        >
          {loadError}
        </Alert>
      ) : !course || !values ? (
        <LoadingBlock label={t('admin.editor.loading')} />
      ) : (
        <Tabs value={tab} onValueChange={setTab}>
          <TabList aria-label={t('admin.editor.tabs')}>
            <TabTrigger value="details">{t('admin.editor.tab.details')}</TabTrigger>
            <TabTrigger value="components">
              {t('admin.editor.tab.components', { count: course.components.length })}
            </TabTrigger>
            <TabTrigger value="languages">{t('admin.editor.tab.languages')}</TabTrigger>
          </TabList>
          <TabContent value="details" className={css({ pt: '4' })}>
            <div className={css({ display: 'flex', gap: '2', mb: '4', flexWrap: 'wrap' })}>
              <Chip palette={published ? 'success' : 'neutral'}>
                {published ? t('admin.courses.status.PUBLISHED') : t('admin.courses.status.DRAFT')}
              </Chip>
              {course.hasBeenPublished && !published ? (
                <Chip palette="info">{t('admin.editor.previouslyPublished')}</Chip>
              ) : null}
            </div>
            {published ? (
              <Alert status="info" title={t('admin.editor.readOnlyTitle')} className={css({ mb: '4' })}>
                <span className={css({ display: 'inline-flex', gap: '1.5', alignItems: 'center' })}>
                  <Lock size={14} aria-hidden /> {t('admin.editor.readOnlyBody')}
                </span>
              </Alert>
            ) : null}
            {saveError ? (
              <Alert status="error" className={css({ mb: '4' })}>
                {saveError}
              </Alert>
            ) : null}
            <CourseFields
              values={values}
              onChange={setValues}
              errors={errors}
              onErrorsChange={setErrors}
              domains={domains}
              readOnly={published}
            />
          </TabContent>
          <TabContent value="components" className={css({ pt: '4' })}>
            <ComponentList course={course} />
          </TabContent>
          <TabContent value="languages" className={css({ pt: '4' })}>
            <CourseLanguages course={course} />
          </TabContent>
        </Tabs>
      )}
    </Dialog>
  );
}
