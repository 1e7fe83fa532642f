import type { RequirementDto } from '../../../api/compliance';
import { t } from '../../../i18n';

/** Who a requirement applies to, in words (everyone, or its department and job title). */
export function audienceText(r: Pick<RequirementDto, 'department' | 'jobTitle'>): string {
  if (!r.department && !r.jobTitle) return t('admin.req.everyone');
  return [
    r.department ? t('admin.req.departmentIs', { department: r.department }) : null,
    r.jobTitle ? t('admin.req.jobTitleIs', { jobTitle: r.jobTitle }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
