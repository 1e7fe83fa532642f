import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Alert, Button, LoadingBlock } from '../ui';
import { t } from '../i18n';
import { errorText } from '../i18n/error-text';

/** The part of a TanStack Query result this component reads. */
export interface QueryLike {
  data: unknown;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface QueryStateProps {
  query: QueryLike;
  loadingLabel: string;
  /** Shown when the server gives no message of its own; a function decides from the error itself. */
  failureMessage: string | ((error: unknown) => string);
  children: ReactNode;
}

/**
 * What a list screen shows around its table: the loading block until the first answer; on a
 * failure an alert with the server's message (or `failureMessage`) and a Retry, above the rows
 * still on screen from an earlier answer. A first load that failed shows no table at all: an empty
 * state under the alert would claim there is nothing, which nobody knows yet.
 */
export function QueryState({ query, loadingLabel, failureMessage, children }: QueryStateProps) {
  return (
    <>
      {query.isError ? (
        <Alert
          status="error"
          className={css({ mb: '4' })}
          action={
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {typeof failureMessage === 'function' ? failureMessage(query.error) : errorText(query.error, failureMessage)}
        </Alert>
      ) : null}
      {query.data !== undefined ? children : query.isError ? null : <LoadingBlock label={loadingLabel} />}
    </>
  );
}
