import { Construction } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useNavigationFlag, type NavigationFlag } from '../hooks/use-navigation-flag';
import { Button, Dialog, EmptyState } from '../ui';
import { PageHeader } from './page-header';
import { t } from '../i18n';

export interface PlaceholderPageProps {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  description?: string;
  /** A quick-action flag this page will honour (e.g. open its create dialog), with the dialog's title. */
  flag?: { name: NavigationFlag; dialogTitle: string };
}

/**
 * A route that exists but whose screen is not built yet: the real page header and a
 * "Coming soon" empty state. Replace the whole file when building the page.
 */
export function PlaceholderPage({ title, subtitle, icon, description, flag }: PlaceholderPageProps) {
  useDocumentTitle(title);
  const [dialogOpen, setDialogOpen] = useState(false);
  useNavigationFlag(flag?.name ?? 'create', () => {
    if (flag) setDialogOpen(true);
  });
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <EmptyState bordered icon={icon ?? <Construction />} title={t('placeholder.title')} description={description ?? t('placeholder.text')} />
      {flag ? (
        <Dialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          title={flag.dialogTitle}
          footer={
            <Button variant="outline" onClick={() => setDialogOpen(false)}>
              {t('common.close')}
            </Button>
          }
        >
          {t('placeholder.form', { title })}
        </Dialog>
      ) : null}
    </>
  );
}
