import { Lock } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import type { AdminCourseDetail, Domain } from '@contract/admin-content';
import { getCourse, updateCourse } from '../../api/admin-content';
import { ApiClientError, errorMessage } from '../../api/client';
import { Alert, Button, Chip, Dialog, LoadingBlock, TabContent, TabList, Tabs, TabTrigger, toaster } from '../../ui';
import { ComponentList } from './component-list';
import { courseFormFrom, coursePayload, CourseFields, validateCourseForm, type CourseFormErrors, type CourseFormValues } from './course-form';

export interface CourseEditDialogProps {
  courseId: string | null;
  domains: readonly Domain[];
  onClose: () => void;
  /** Something changed (details, components): the list should reload. */
  onChanged: () => void;
  initialTab?: 'details' | 'components';
}

/** The edit dialog: tabs 'Course Details' and 'Components' (admin spec section 2). */
export function CourseEditDialog({ courseId, domains, onClose, onChanged, initialTab = 'details' }: CourseEditDialogProps) {
  const [course, setCourse] = useState<AdminCourseDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [tab, setTab] = useState<string>(initialTab);
  const [values, setValues] = useState<CourseFormValues | null>(null);
  const [errors, setErrors] = useState<CourseFormErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async (id: string, resetForm: boolean) => {
    try {
      const detail = await getCourse(id);
      setCourse(detail);
      setLoadError(null);
      if (resetForm) setValues(courseFormFrom(detail));
    } catch {
      setLoadError('Failed to load course details');
    }
  }, []);

  useEffect(() => {
    setCourse(null);
    setValues(null);
    setErrors({});
    setSaveError(null);
    setLoadError(null);
    setTab(initialTab);
    if (courseId) void load(courseId, true);
  }, [courseId, initialTab, load]);

  const published = course?.status === 'PUBLISHED';

  const save = async () => {
    if (!course || !values) return;
    const found = validateCourseForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setSaveError(null);
    try {
      await updateCourse(course.id, coursePayload(values));
      toaster.create({ type: 'success', title: 'Course updated successfully!' });
      await load(course.id, true);
      onChanged();
    } catch (e) {
      if (e instanceof ApiClientError) setErrors(e.fields as CourseFormErrors);
      setSaveError(errorMessage(e, 'Failed to update course. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open={courseId !== null}
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      title={course ? `Edit Course: ${course.title}` : 'Edit Course'}
      size="xl"
      footer={
        <>
          <Button variant="outline" palette="neutral" onClick={onClose}>
            Close
          </Button>
          {tab === 'details' && course && !published ? (
            <Button onClick={() => void save()} loading={saving}>
              Update Course
            </Button>
          ) : null}
        </>
      }
    >
      {loadError ? (
        <Alert status="error" action={courseId ? <Button size="sm" variant="outline" onClick={() => void load(courseId, true)}>Retry</Button> : undefined}>
          {loadError}
        </Alert>
      ) : !course || !values ? (
        <LoadingBlock label="Loading course..." />
      ) : (
        <Tabs value={tab} onValueChange={setTab}>
          <TabList aria-label="Course editor">
            <TabTrigger value="details">Course Details</TabTrigger>
            <TabTrigger value="components">Components ({course.components.length})</TabTrigger>
          </TabList>
          <TabContent value="details" className={css({ pt: '4' })}>
            <div className={css({ display: 'flex', gap: '2', mb: '4', flexWrap: 'wrap' })}>
              <Chip palette={published ? 'success' : 'neutral'}>{published ? 'Published' : 'Draft'}</Chip>
              {course.hasBeenPublished && !published ? <Chip palette="info">Previously published</Chip> : null}
            </div>
            {published ? (
              <Alert status="info" title="Published courses are read-only" className={css({ mb: '4' })}>
                <span className={css({ display: 'inline-flex', gap: '1.5', alignItems: 'center' })}>
                  <Lock size={14} aria-hidden /> Take the course down to edit its details.
                </span>
              </Alert>
            ) : null}
            {saveError ? <Alert status="error" className={css({ mb: '4' })}>{saveError}</Alert> : null}
            <CourseFields values={values} onChange={setValues} errors={errors} onErrorsChange={setErrors} domains={domains} readOnly={published} />
          </TabContent>
          <TabContent value="components" className={css({ pt: '4' })}>
            <ComponentList
              course={course}
              onChanged={() => {
                void load(course.id, false);
                onChanged();
              }}
            />
          </TabContent>
        </Tabs>
      )}
    </Dialog>
  );
}
