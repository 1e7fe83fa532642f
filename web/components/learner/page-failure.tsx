import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Alert, Button } from '../../ui';

/**
 * A learner page whose content could not be read: the way back, an optional heading, and the
 * error with a retry button when trying again can help.
 */
export function PageFailure({
  back,
  heading,
  retry,
  children,
}: {
  back: ReactNode;
  heading?: ReactNode;
  retry?: { label: string; onRetry: () => void };
  children: ReactNode;
}) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      {back}
      {heading}
      <Alert
        status="error"
        action={
          retry ? (
            <Button size="sm" variant="outline" onClick={retry.onRetry}>
              {retry.label}
            </Button>
          ) : undefined
        }
      >
        {children}
      </Alert>
    </div>
  );
}
