import type { EvidencePiece } from '@contract/requirement-evidence';
import type { RequirementEvidenceDto } from '@contract/requirement-evidence';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { stack } from 'styled-system/patterns';
import { taskQueries } from '../../../api/task-queries';
import { Alert, Checkbox, Skeleton, TextField } from '../../../ui';
import { EvidenceGroup, toggle } from '../compliance/evidence-picker';
import { t } from '../../../i18n';

/** What a task needs, as the picker holds it: ids per kind, and each chosen talk topic's period (as typed). */
export interface TaskEvidenceChoice {
  courseIds: string[];
  templateIds: string[];
  credentialTypeIds: string[];
  /** Topic id -> "every N days" as typed. */
  talks: Record<string, string>;
}

/** A toolbox talk counts for this many days unless the admin says otherwise (a quarter). */
const DEFAULT_TALK_DAYS = '90';

export const emptyEvidence = (): TaskEvidenceChoice => ({
  courseIds: [],
  templateIds: [],
  credentialTypeIds: [],
  talks: {},
});

export const choiceOf = (pieces: readonly RequirementEvidenceDto[]): TaskEvidenceChoice => ({
  courseIds: pieces.flatMap((p) => (p.kind === 'course' ? [p.courseId] : [])),
  templateIds: pieces.flatMap((p) => (p.kind === 'evaluation' ? [p.templateId] : [])),
  credentialTypeIds: pieces.flatMap((p) => (p.kind === 'credential' ? [p.credentialTypeId] : [])),
  talks: Object.fromEntries(pieces.flatMap((p) => (p.kind === 'talk' ? [[p.topicId, String(p.everyDays)]] : []))),
});

/** The request's pieces; a period typed as text is sent as a number (the contract judges it). */
export const piecesOf = (choice: TaskEvidenceChoice): EvidencePiece[] => [
  ...choice.courseIds.map((courseId) => ({ kind: 'course' as const, courseId })),
  ...choice.templateIds.map((templateId) => ({ kind: 'evaluation' as const, templateId })),
  ...choice.credentialTypeIds.map((credentialTypeId) => ({ kind: 'credential' as const, credentialTypeId })),
  ...Object.entries(choice.talks).map(([topicId, days]) => ({
    kind: 'talk' as const,
    topicId,
    everyDays: Number(days),
  })),
];

type ListKey = 'courseIds' | 'templateIds' | 'credentialTypeIds';

/**
 * Four groups of checkboxes (courses, evaluations, credential types, toolbox talks), every box
 * checked needed together; a chosen talk asks how often it must be attended. A filter narrows every
 * group by name (an organisation may have hundreds of courses).
 */
export function TaskEvidencePicker({
  open,
  value,
  onChange,
  error,
}: {
  open: boolean;
  value: TaskEvidenceChoice;
  onChange: (value: TaskEvidenceChoice) => void;
  error?: string;
}) {
  const options = useQuery({ ...taskQueries.evidenceOptions(), enabled: open });
  const [filter, setFilter] = useState('');
  const matches = (name: string) => name.toLocaleLowerCase().includes(filter.trim().toLocaleLowerCase());
  const groups: { key: ListKey; legend: string; empty: string; items: { id: string; name: string }[] }[] = [
    {
      key: 'courseIds',
      legend: t('admin.tasks.evidence.courses'),
      empty: t('admin.tasks.evidence.noCourses'),
      items: options.data?.courses ?? [],
    },
    {
      key: 'templateIds',
      legend: t('admin.tasks.evidence.evaluations'),
      empty: t('admin.tasks.evidence.noTemplates'),
      items: options.data?.templates ?? [],
    },
    {
      key: 'credentialTypeIds',
      legend: t('admin.tasks.evidence.credentials'),
      empty: t('admin.tasks.evidence.noTypes'),
      items: options.data?.credentialTypes ?? [],
    },
  ];
  const topics = options.data?.talkTopics ?? [];
  // A chosen piece stays listed while the filter hides the others, so it can be unchecked.
  const shown = (items: { id: string; name: string }[], chosen: (id: string) => boolean) =>
    items.filter((item) => chosen(item.id) || matches(item.name));
  const groupClass = stack({
    gap: '1',
    maxH: '64',
    overflowY: 'auto',
    border: '1px solid',
    borderColor: 'border.default',
    borderRadius: 'md',
    p: '3',
  });
  const legendClass = css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.default', px: '1' });
  const emptyClass = css({ fontSize: 'sm', color: 'fg.muted' });

  if (options.isError) return <Alert status="error">{t('admin.tasks.evidence.loadFailed')}</Alert>;
  if (options.isPending) return <Skeleton className={css({ h: '32', borderRadius: 'md' })} />;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <div className={css({ maxW: { sm: '320px' } })}>
        <TextField
          label={t('admin.tasks.evidence.filter')}
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      </div>
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4' })}>
        {groups.map((group) => {
          const items = shown(group.items, (id) => value[group.key].includes(id));
          return (
            <EvidenceGroup
              key={group.key}
              className={groupClass}
              legend={group.legend}
              empty={items.length === 0 && group.items.length ? t('admin.tasks.evidence.noMatch') : group.empty}
              items={items}
              checked={(id) => value[group.key].includes(id)}
              invalid={!!error}
              onToggle={(id, on) => onChange({ ...value, [group.key]: toggle(value[group.key], id, on) })}
            />
          );
        })}
        <fieldset className={groupClass}>
          <legend className={legendClass}>{t('admin.tasks.evidence.talks')}</legend>
          {topics.length === 0 ? (
            <p className={emptyClass}>{t('admin.tasks.evidence.noTopics')}</p>
          ) : (
            shown(topics, (id) => id in value.talks).map((topic) => {
              const chosen = topic.id in value.talks;
              return (
                <div key={topic.id} className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
                  <Checkbox
                    className={css({ minH: '11' })}
                    checked={chosen}
                    invalid={!!error}
                    onCheckedChange={(on) => {
                      const talks = { ...value.talks };
                      if (on) talks[topic.id] = DEFAULT_TALK_DAYS;
                      else delete talks[topic.id];
                      onChange({ ...value, talks });
                    }}
                  >
                    <bdi>{topic.name}</bdi>
                  </Checkbox>
                  {chosen ? (
                    <div className={css({ ps: '7', maxW: '60' })}>
                      <TextField
                        label={t('admin.tasks.evidence.everyDays', { topic: topic.name })}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={366}
                        size="sm"
                        value={value.talks[topic.id] ?? ''}
                        onChange={(event) =>
                          onChange({ ...value, talks: { ...value.talks, [topic.id]: event.target.value } })
                        }
                      />
                    </div>
                  ) : null}
                </div>
              );
            })
          )}
        </fieldset>
      </div>
      {error ? <Alert status="error">{error}</Alert> : null}
    </div>
  );
}
