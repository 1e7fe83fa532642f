import type { FormEvent, ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Alert, Button, Dialog, type DialogProps } from '../ui';
import { t } from '../i18n';

export interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  size?: DialogProps['size'];
  /** Ties the footer's submit button to the form. */
  formId: string;
  submitLabel: string;
  busy: boolean;
  /** The failure to show above the fields (the server's message or the screen's fallback). */
  error: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/**
 * The admin screens' form dialog: the fields in a form the browser does not validate (the screen
 * shows its own messages), a failure above them, and Cancel / submit in the footer, Cancel
 * disabled while the server answers.
 */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  size,
  formId,
  submitLabel,
  busy,
  error,
  onSubmit,
  children,
}: FormDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (!next ? onClose() : undefined)}
      title={title}
      description={description}
      size={size}
      footer={
        <>
          <Button variant="outline" palette="neutral" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={onSubmit}
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      >
        {error ? <Alert status="error">{error}</Alert> : null}
        {children}
      </form>
    </Dialog>
  );
}
