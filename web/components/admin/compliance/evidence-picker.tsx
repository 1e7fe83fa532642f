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

const toggle = (list: readonly string[], id: string, on: boolean) =>
  on ? [...new Set([...list, id])] : list.filter((x) => x !== id);

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
            <fieldset key={group.key} className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
              <legend className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.default', mb: '1' })}>
                {group.legend}
              </legend>
              {group.items.length === 0 ? (
                <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{group.empty}</p>
              ) : (
                group.items.map((item) => (
                  <Checkbox
                    key={item.id}
                    className={css({ minH: '11' })}
                    checked={value[group.key].includes(item.id)}
                    invalid={!!error}
                    onCheckedChange={(on) => onChange({ ...value, [group.key]: toggle(value[group.key], item.id, on) })}
                  >
                    <bdi>{item.name}</bdi>
                  </Checkbox>
                ))
              )}
            </fieldset>
          ))}
        </div>
      )}
      {error ? <Alert status="error">{error}</Alert> : null}
    </div>
  );
}
