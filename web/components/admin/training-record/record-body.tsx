import { BookOpen } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { TrainingRecordResponse } from '../../../api/compliance';
import { formatDate, formatDateTime, formatDay } from '../../../format';
import { t } from '../../../i18n';
import { EVENT_KIND_IDS } from '../../../i18n/labels';
import { Chip, EmptyState } from '../../../ui';
import { CourseRecord, muted, RecordReadOnly } from './course-record';
import { OffscreenRecord } from './offscreen-record';
import { listClass, RecordEntry, sectionTitle } from './record-entry';

/** `readOnly`: a supervisor's view of a team member (issue 30), without the administrators' actions. */
export function RecordBody({ record, readOnly = false }: { record: TrainingRecordResponse; readOnly?: boolean }) {
  return (
    <RecordReadOnly.Provider value={readOnly}>
      <RecordSections record={record} />
    </RecordReadOnly.Provider>
  );
}

function RecordSections({ record }: { record: TrainingRecordResponse }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '8' })}>
      <p className={muted}>{t('admin.record.asOf', { date: formatDateTime(record.generatedAt) })}</p>
      <section aria-labelledby="record-courses">
        <h2 id="record-courses" className={sectionTitle}>
          {t('admin.record.courses')}
        </h2>
        {record.courses.length === 0 ? (
          <EmptyState
            bordered
            icon={<BookOpen />}
            title={t('admin.record.noTraining')}
            description={t('admin.record.noTrainingText')}
            headingLevel="h3"
          />
        ) : (
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
            {record.courses.map((course) => (
              <CourseRecord key={course.courseId} course={course} />
            ))}
          </div>
        )}
      </section>
      <OffscreenRecord record={record} />
      <section aria-labelledby="record-exemptions">
        <h2 id="record-exemptions" className={sectionTitle}>
          {t('admin.record.exemptions')}
        </h2>
        {record.exemptions.length === 0 ? (
          <p className={muted}>{t('admin.record.noExemptions')}</p>
        ) : (
          <ul className={listClass}>
            {record.exemptions.map((e) => {
              const ended = Date.parse(e.until) <= Date.now();
              return (
                <ListEntry
                  key={e.id}
                  title={e.courseTitle}
                  badge={
                    <Chip palette={ended ? 'neutral' : 'info'}>
                      {ended
                        ? t('admin.record.ended', { date: formatDate(e.until) })
                        : t('admin.record.until', { date: formatDate(e.until) })}
                    </Chip>
                  }
                  body={e.reason}
                  meta={t('admin.record.grantedBy', { name: e.createdBy, date: formatDateTime(e.createdAt) })}
                />
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="record-events">
        <h2 id="record-events" className={sectionTitle}>
          {t('admin.record.events')}
        </h2>
        {record.events.length === 0 ? (
          <p className={muted}>{t('admin.record.noEvents')}</p>
        ) : (
          <ul className={listClass}>
            {record.events.map((e) => (
              <ListEntry
                key={e.id}
                title={`${t(EVENT_KIND_IDS[e.kind])} · ${formatDay(e.occurredOn)}`}
                badge={<Chip palette="accent">{e.courseTitle}</Chip>}
                body={e.note}
                meta={t('admin.record.recordedBy', { name: e.createdBy, date: formatDateTime(e.createdAt) })}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ListEntry({ title, badge, body, meta }: { title: string; badge: ReactNode; body: string; meta: string }) {
  return (
    <RecordEntry title={title} badge={badge}>
      <p className={css({ whiteSpace: 'pre-wrap' })}>{body}</p>
      <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{meta}</p>
    </RecordEntry>
  );
}
