import type { TemplateDto } from '../../../api/evaluation-template-queries';
import { t } from '../../../i18n';
import { Chip } from '../../../ui';

/** A year of validity is 365 days, as for certificates. */
export const DAYS_PER_YEAR = 365;

/** "3 years", "90 days" or "No expiry": years when the days are whole years. */
export function validityText(days: number | null): string {
  if (days === null) return t('admin.evalTemplates.validity.never');
  if (days % DAYS_PER_YEAR === 0) return t('admin.evalTemplates.validity.years', { count: days / DAYS_PER_YEAR });
  return t('admin.evalTemplates.validity.days', { count: days });
}

/** Draft, or published; the family's current version says so. */
export function TemplateStatusChip({ template }: { template: Pick<TemplateDto, 'status' | 'current'> }) {
  if (template.status === 'DRAFT') return <Chip palette="warning">{t('admin.evalTemplates.status.DRAFT')}</Chip>;
  return (
    <Chip palette={template.current ? 'success' : 'neutral'}>
      {template.current ? t('admin.evalTemplates.status.CURRENT') : t('admin.evalTemplates.status.PUBLISHED')}
    </Chip>
  );
}
