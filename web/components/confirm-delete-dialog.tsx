import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Alert, Button, Dialog } from '../ui';
import { t } from '../i18n';
import { errorText } from '../i18n/error-text';

export interface ConfirmDeleteDialogProps<T> {
  /** The thing to delete; the dialog is open while it is set. */
  item: T | null;
  title: string;
  /** The confirmation question, e.g. "Are you sure you want to delete this course?". */
  question: ReactNode;
  /** What is being deleted, shown under the question (its name). */
  describe?: (item: T) => ReactNode;
  /** Anything the admin must know before confirming (what will and will not be deleted). */
  notice?: (item: T) => ReactNode;
  /** Shown when the server gives no message of its own. */
  failureMessage: string;
  /** The delete: a named write (`runWrite(xWrites.remove, ...)`), which refreshes what it changes before `onDeleted`. */
  onConfirm: (item: T) => Promise<unknown>;
  onClose: () => void;
  /** Called with the server's answer after a successful delete. */
  onDeleted: (result: unknown) => void;
}

/**
 * The one delete confirmation of the admin screens: Cancel / Delete, a busy state while the server
 * answers, and the server's refusal (a book still holding courses, a user holding certificates)
 * shown inside the dialog instead of closing it.
 */
export function ConfirmDeleteDialog<T>({
  item,
  title,
  question,
  describe,
  notice,
  failureMessage,
  onConfirm,
  onClose,
  onDeleted,
}: ConfirmDeleteDialogProps<T>) {
  const mutation = useMutation({ mutationFn: onConfirm, onSuccess: onDeleted });
  const { reset } = mutation;
  useEffect(() => reset(), [item, reset]);
  const busy = mutation.isPending;
  // The buttons are disabled while the server answers, which drops keyboard focus out of the dialog;
  // after a refusal it goes back inside, to Cancel (the refusal is announced by the alert).
  const cancelRef = useRef<HTMLButtonElement>(null);
  const failed = mutation.isError;
  useEffect(() => {
    if (failed) cancelRef.current?.focus();
  }, [failed]);
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      title={title}
      role="alertdialog"
      size="sm"
      footer={
        <>
          <Button ref={cancelRef} variant="outline" palette="neutral" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button palette="danger" loading={busy} onClick={() => (item !== null ? mutation.mutate(item) : undefined)}>
            {t('common.delete')}
          </Button>
        </>
      }
    >
      {mutation.isError ? (
        <Alert status="error" className={css({ mb: '3' })}>
          {errorText(mutation.error, failureMessage)}
        </Alert>
      ) : null}
      <p>{question}</p>
      {item !== null && describe ? <p className={css({ mt: '2', fontWeight: 'medium' })}>{describe(item)}</p> : null}
      {item !== null && notice ? <div className={css({ mt: '3' })}>{notice(item)}</div> : null}
    </Dialog>
  );
}
