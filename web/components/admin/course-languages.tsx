import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import type { AdminCourseDetail } from '@contract/admin-courses';
import { DELIVERY_LANGUAGES, type DeliveryLanguage } from '@contract/delivery-language';
import { pageCourses } from '../../api/admin-content';
import { courseWrites } from '../../api/course-queries';
import { useWrite } from '../../api/writes';
import { hasErrorCode } from '../../api/client';
import { t } from '../../i18n';
import { isolate, languageName } from './content-text';
import { queryKeys } from '../../api/query-keys';
import { MAX_PAGE_SIZE } from '@contract/common';
import { Alert, Button, Select, toaster } from '../../ui';
import { errorText, fieldErrors } from '../../i18n/error-text';

/** "Same course as" value for a course on its own. */
const ALONE = '__alone__';

/**
 * The course editor's Languages tab: the language this course is delivered in, and which course of
 * the same book it is a version of (one course family, one version per language). Allowed on a
 * published course too: records already made keep the language they were delivered in.
 */
export function CourseLanguages({ course }: { course: AdminCourseDetail }) {
  const [language, setLanguage] = useState<DeliveryLanguage>(course.language);
  // The family is chosen through any one of its other versions.
  const current = course.versions[0]?.id ?? ALONE;
  const [linkTo, setLinkTo] = useState<string>(current);
  const [errors, setErrors] = useState<{ language?: string; familyWith?: string }>({});
  useEffect(() => {
    setLanguage(course.language);
    setLinkTo(course.versions[0]?.id ?? ALONE);
    setErrors({});
  }, [course]);

  // The other courses of the book: the only ones a course can be a version of.
  const siblings = useQuery({
    queryKey: queryKeys.admin.courses.versionsOf(course.domainId),
    queryFn: ({ signal }) =>
      pageCourses({ page: 1, limit: MAX_PAGE_SIZE, search: '', status: '', domainId: course.domainId }, signal),
  });
  const familyIds = useMemo(() => new Set(course.versions.map((v) => v.id)), [course.versions]);
  const options = useMemo(() => {
    const others = (siblings.data?.items ?? []).filter((c) => c.id !== course.id);
    // One entry per family (its other versions are the same choice), the course's own family first.
    const seen = new Set<string>();
    const list = others
      .filter((c) => {
        const key = c.familyId ?? c.id;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .map((c) => ({
        value: familyIds.has(c.id) ? current : c.id,
        label: t('admin.languages.option', { title: isolate(c.title), language: languageName(c.language) }),
      }));
    return [{ value: ALONE, label: t('admin.languages.none') }, ...list];
  }, [siblings.data, course.id, familyIds, current]);

  const save = useWrite(courseWrites.setFamily, {
    onSuccess: () => {
      toaster.create({ type: 'success', title: t('admin.languages.saved') });
    },
    onError: (e) => {
      if (hasErrorCode(e, 'VALIDATION_FAILED') || hasErrorCode(e, 'FAMILY_LANGUAGE_TAKEN'))
        setErrors(fieldErrors(e.fields ?? {}) as typeof errors);
    },
  });
  const saveError = save.isError ? errorText(save.error, t('admin.languages.saveFailed')) : null;

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: '2xl' })}>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('admin.languages.intro')}</p>
      {saveError ? <Alert status="error">{saveError}</Alert> : null}
      <Select
        label={t('admin.languages.delivery')}
        options={DELIVERY_LANGUAGES.map((code) => ({ value: code, label: languageName(code) }))}
        value={language}
        onValueChange={(value) => {
          setLanguage(value);
          setErrors({});
        }}
        error={errors.language}
      />
      <Select
        label={t('admin.languages.sameAs')}
        helperText={t('admin.languages.sameAsHelp')}
        options={options}
        value={linkTo}
        onValueChange={(value) => {
          setLinkTo(value);
          setErrors({});
        }}
        error={errors.familyWith}
        disabled={siblings.isLoading}
      />
      {course.versions.length > 0 ? (
        <div className={css({ fontSize: 'sm' })}>
          <h3 className={css({ fontWeight: 'semibold', mb: '1' })}>{t('admin.languages.versions')}</h3>
          <ul className={css({ listStyle: 'disc', ps: '5' })}>
            <li>
              {t('admin.languages.thisCourse', {
                language: languageName(course.language),
                title: isolate(course.title),
              })}
            </li>
            {course.versions.map((v) => (
              <li key={v.id}>
                {t('admin.languages.version', { language: languageName(v.language), title: isolate(v.title) })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <Button
          onClick={() =>
            save.mutate({
              id: course.id,
              body: { language, familyWith: linkTo === current ? undefined : linkTo === ALONE ? null : linkTo },
            })
          }
          loading={save.isPending}
        >
          {t('admin.languages.save')}
        </Button>
      </div>
    </div>
  );
}
