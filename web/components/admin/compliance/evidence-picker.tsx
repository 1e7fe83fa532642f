import type { EvidencePiece } from '@contract/requirement-evidence';
import { useQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { complianceQueries } from '../../../api/compliance-queries';
import { Alert, Checkbox, Skeleton } from '../../../ui';
import { t } from '../../../i18n';

/** The dialog's choice of evaluations and credentials beside the course (issue 28): ids of template families and credential types. */
export interface EvidenceChoice {
  templateIds: string[];
  credentialTypeIds: string[];
}

/** The pieces of a requirement's request beside its course. */
export const evidenceOf = (choice: EvidenceChoice): EvidencePiece[] => [
  ...choice.templateIds.map((templateId) => ({ kind: 'evaluation' as const, templateId })),
  ...choice.credentialTypeIds.map((credentialTypeId) => ({ kind: 'credential' as const, credentialTypeId })),
];

export const toggle = (list: readonly string[], id: string, on: boolean) =>
  on ? [...new Set([...list, id])] : list.filter((x) => x !== id);

/**
 * One kind of evidence as a group of checkboxes (the requirement dialog's and the task dialog's):
 * its legend, one box per item (48 px rows), or `empty` when there is nothing to list.
 */
export function EvidenceGroup({
  legend,
  empty,
  items,
  checked,
  invalid,
  onToggle,
  className,
}: {
  legend: string;
  empty: string;
  items: readonly { id: string; name: string }[];
  checked: (id: string) => boolean;
  invalid: boolean;
  onToggle: (id: string, on: boolean) => void;
  className?: string;
}) {
  return (
    <fieldset className={className ?? css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
      <legend className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.default', mb: '1' })}>{legend}</legend>
      {items.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{empty}</p>
      ) : (
        items.map((item) => (
          <Checkbox
            key={item.id}
            className={css({ minH: '11' })}
            checked={checked(item.id)}
            invalid={invalid}
            onCheckedChange={(on) => onToggle(item.id, on)}
          >
            <bdi>{item.name}</bdi>
          </Checkbox>
        ))
      )}
    </fieldset>
  );
}

/**
 * Two groups of checkboxes: the published evaluation templates and the credential types a person
 * must also hold. Every box checked is needed together with the course (if any).
 */
export function EvidencePicker({
  open,
  value,
  onChange,
  error,
}: {
  open: boolean;
  value: EvidenceChoice;
  onChange: (value: EvidenceChoice) => void;
  error?: string;
}) {
  const options = useQuery({ ...complianceQueries.evidenceOptions(), enabled: open });
  const groups = [
    {
      key: 'templateIds' as const,
      legend: t('admin.req.evidence.evaluations'),
      empty: t('admin.req.evidence.noTemplates'),
      items: options.data?.templates ?? [],
    },
    {
      key: 'credentialTypeIds' as const,
      legend: t('admin.req.evidence.credentials'),
      empty: t('admin.req.evidence.noTypes'),
      items: options.data?.credentialTypes ?? [],
    },
  ];
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      {options.isError ? (
        <Alert status="error">{t('admin.req.evidence.loadFailed')}</Alert>
      ) : options.isPending ? (
        <Skeleton className={css({ h: '20', borderRadius: 'md' })} />
      ) : (
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' })}>
          {groups.map((group) => (
            <EvidenceGroup
              key={group.key}
              legend={group.legend}
              empty={group.empty}
              items={group.items}
              checked={(id) => value[group.key].includes(id)}
              invalid={!!error}
              onToggle={(id, on) => onChange({ ...value, [group.key]: toggle(value[group.key], id, on) })}
            />
          ))}
        </div>
      )}
      {error ? <Alert status="error">{error}</Alert> : null}
    </div>
  );
}
