import type { AdminCredential } from '@contract/credentials';
import type { ReactNode } from 'react';
import { formatDateTime, formatDay } from '../../../format';
import { t } from '../../../i18n';
import type { DataTableColumn } from '../../../ui';
import { actionsColumn } from '../shared/list-columns';

/**
 * The columns after the person of a credential queue (the administrators' and a supervisor's team's):
 * its type, expiry, when it was sent, and the review button.
 */
export function queueColumns(review: (c: AdminCredential) => ReactNode): DataTableColumn<AdminCredential>[] {
  return [
    { key: 'type', header: t('admin.credentials.col.type'), cell: (c) => <bdi>{c.typeName}</bdi> },
    { key: 'expires', header: t('admin.credentials.expiresOn'), cell: (c) => formatDay(c.expiresOn) },
    {
      key: 'submitted',
      header: t('admin.credentials.col.submitted'),
      cell: (c) => formatDateTime(c.submittedAt),
    },
    actionsColumn(t('admin.credentials.col.actions'), review).column,
  ];
}
