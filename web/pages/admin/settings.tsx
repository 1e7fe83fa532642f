import { css } from 'styled-system/css';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Card, CardBody } from '../../ui';

/** /admin/settings: a placeholder page; there are no settings to change yet. */
export function AdminSettingsPage() {
  useDocumentTitle('Settings');
  return (
    <>
      <PageHeader title="System Settings" />
      <Card>
        <CardBody>
          <p className={css({ color: 'fg.muted' })}>System settings interface will be implemented here.</p>
        </CardBody>
      </Card>
    </>
  );
}
