import { css } from 'styled-system/css';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Card, CardBody } from '../../ui';

/** /admin/settings: only the placeholder text of admin spec section 2. */
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
