import { useEffect, useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { errorMessage } from '../api/client';
import { Alert, Button, Dialog } from '../ui';

export interface ConfirmDeleteDialogProps<T> {
  /** The thing to delete; the dialog is open while it is set. */
  item: T | null;
  title: string;
  /** The spec's confirmation question, e.g. "Are you sure you want to delete this course?". */
  question: ReactNode;
  /** What is being deleted, shown under the question (its name). */
  describe?: (item: T) => ReactNode;
  /** Shown when the server gives no message of its own. */
  failureMessage: string;
  onConfirm: (item: T) => Promise<unknown>;
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * The one delete confirmation of the admin screens: Cancel / Delete, a busy state while the server
 * answers, and the server's refusal (e.g. "in use") shown inside the dialog instead of closing it.
 */
export function ConfirmDeleteDialog<T>({ item, title, question, describe, failureMessage, onConfirm, onClose, onDeleted }: ConfirmDeleteDialogProps<T>) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setError(null);
    setBusy(false);
  }, [item]);
  const confirm = async () => {
    if (item === null) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(item);
      onDeleted();
    } catch (e) {
      setError(errorMessage(e, failureMessage));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      title={title}
      role="alertdialog"
      size="sm"
      footer={
        <>
          <Button variant="outline" palette="neutral" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button palette="danger" loading={busy} onClick={() => void confirm()}>
            Delete
          </Button>
        </>
      }
    >
      {error ? <Alert status="error" className={css({ mb: '3' })}>{error}</Alert> : null}
      <p>{question}</p>
      {item !== null && describe ? <p className={css({ mt: '2', fontWeight: 'medium' })}>{describe(item)}</p> : null}
    </Dialog>
  );
}
