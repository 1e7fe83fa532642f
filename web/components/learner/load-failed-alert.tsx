import { RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, Button } from '../../ui';
import { t } from '../../i18n';

/** A read that failed: the error alert with its Retry button, in place of the section it would have filled. */
export function LoadFailedAlert({ onRetry, children }: { onRetry: () => void; children: ReactNode }) {
  return (
    <Alert
      status="error"
      action={
        <Button size="sm" variant="outline" palette="neutral" leftIcon={<RotateCcw />} onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
