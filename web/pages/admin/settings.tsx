import { css } from 'styled-system/css';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Card, CardBody } from '../../ui';
import { t } from '../../i18n';

/** /admin/settings: a placeholder page; there are no settings to change yet. */
export function AdminSettingsPage() {
  useDocumentTitle(t('admin.settings.documentTitle'));
  return (
    <>
      <PageHeader title={t('admin.settings.title')} />
      <Card>
        <CardBody>
          <p className={css({ color: 'fg.muted' })}>{t('admin.settings.placeholder')}</p>
        </CardBody>
      </Card>
    </>
  );
}
