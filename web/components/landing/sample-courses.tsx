import { BookOpen, Layers } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { grid, hstack } from 'styled-system/patterns';
import { Link } from 'wouter';
import type { PublicCourse } from '@contract/landing';
import { DEFAULT_COURSE_ICON } from '../../config';
import { Button, Card, CardBody, Chip, EmptyState, Skeleton } from '../../ui';
import { t } from '../../i18n';
import { LandingSection } from './section-heading';

export type CoursesState = { status: 'loading' } | { status: 'ready'; courses: PublicCourse[] } | { status: 'failed' };

export function SampleCourses({ state }: { state: CoursesState }) {
  return (
    <LandingSection
      id="courses"
      eyebrow={t('landing.courses.eyebrow')}
      title={t('landing.courses.title')}
      description={t('landing.courses.description')}
      className={css({ bg: 'bg.canvas' })}
    >
      {state.status === 'loading' ? (
        <div className={courseGrid} role="group" aria-busy="true" aria-label={t('landing.courses.loading')}>
          {[0, 1, 2].map((key) => (
            <Card key={key}>
              <CardBody className={css({ gap: '4' })}>
                <Skeleton className={css({ width: '12', height: '12', borderRadius: 'lg' })} />
                <Skeleton className={css({ height: '5', width: '70%' })} />
                <Skeleton className={css({ height: '4', width: '100%' })} />
                <Skeleton className={css({ height: '4', width: '85%' })} />
              </CardBody>
            </Card>
          ))}
        </div>
      ) : state.status === 'ready' && state.courses.length > 0 ? (
        <ul className={courseGrid}>
          {state.courses.map((course) => (
            <CourseCard key={course.id} course={course} />
          ))}
        </ul>
      ) : (
        <EmptyState
          bordered
          icon={<BookOpen />}
          title={t('landing.courses.emptyTitle')}
          description={t('landing.courses.emptyText')}
          actions={
            <Button asChild variant="outline">
              <Link href="/login">{t('landing.signIn')}</Link>
            </Button>
          }
        />
      )}
    </LandingSection>
  );
}

function CourseCard({ course }: { course: PublicCourse }) {
  const [icon, setIcon] = useState(course.icon || DEFAULT_COURSE_ICON);
  return (
    <Card as="li" variant="outline" interactive>
      <CardBody className={css({ gap: '4', py: '6' })}>
        <div className={css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '3' })}>
          <img
            src={icon}
            alt=""
            width={48}
            height={48}
            onError={() => setIcon(DEFAULT_COURSE_ICON)}
            className={css({ width: '12', height: '12', borderRadius: 'lg', objectFit: 'cover', bg: 'bg.subtle' })}
          />
          <Chip palette="brand">
            <bdi>{course.domain?.name || t('landing.courses.defaultBook')}</bdi>
          </Chip>
        </div>
        <h3 className={css({ fontSize: 'lg', fontWeight: 'semibold', lineHeight: '1.35' })}>
          <bdi>{course.title}</bdi>
        </h3>
        <p
          dir="auto"
          className={css({ color: 'fg.muted', fontSize: 'sm', lineHeight: '1.6', lineClamp: '3', flex: '1' })}
        >
          {course.description || t('landing.courses.defaultDescription')}
        </p>
        <p
          className={hstack({
            gap: '2',
            fontSize: 'sm',
            color: 'fg.subtle',
            pt: '3',
            borderTopWidth: '1px',
            borderColor: 'border.muted',
          })}
        >
          <Layers size={16} aria-hidden />
          {t('landing.courses.modules', { count: course.componentCount })}
        </p>
      </CardBody>
    </Card>
  );
}

const courseGrid = grid({
  gap: '6',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
  listStyle: 'none',
});
