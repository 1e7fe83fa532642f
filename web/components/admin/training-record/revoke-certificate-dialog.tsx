import { useEffect, useRef, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { complianceWrites } from '../../../api/compliance-queries';
import { useWrite } from '../../../api/writes';
import { t } from '../../../i18n';
import { errorText } from '../../../i18n/error-text';
import { TextField, toaster } from '../../../ui';
import { FormDialog } from '../../form-dialog';

/** The server's bound on a revocation reason (contract `revokeBody`). */
const MAX_REASON = 500;

interface RevokeCertificateDialogProps {
  open: boolean;
  certificateId: string;
  certificateNumber: string;
  onClose: () => void;
}

/**
 * Revoke a certificate (issued in error, to the wrong person, by fraud): it stops verifying as
 * valid at once. A reason is required; it goes to the audit log with the revocation.
 */
export function RevokeCertificateDialog({
  open,
  certificateId,
  certificateNumber,
  onClose,
}: RevokeCertificateDialogProps) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fieldRef = useRef<HTMLDivElement>(null);
  const revoke = useWrite(complianceWrites.revokeCertificate, {
    onSuccess: () => {
      onClose();
      toaster.create({ type: 'success', title: t('admin.record.revokeDone', { number: certificateNumber }) });
    },
    onError: (e) => setError(errorText(e, t('admin.record.revokeFailed'))),
  });
  const { reset } = revoke;
  // A dialog opened again starts empty.
  useEffect(() => {
    if (!open) return;
    setReason('');
    setFieldError(null);
    setError(null);
    reset();
  }, [open, reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setFieldError(t('admin.record.revokeReasonRequired'));
      fieldRef.current?.querySelector('textarea')?.focus();
      return;
    }
    setError(null);
    revoke.mutate({ certificateId, reason: text });
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('admin.record.revokeTitle', { number: certificateNumber })}
      description={t('admin.record.revokeText')}
      formId="revoke-certificate-form"
      submitLabel={t('admin.record.revokeConfirm')}
      busy={revoke.isPending}
      error={error}
      onSubmit={submit}
    >
      <div ref={fieldRef} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <TextField
          multiline
          rows={3}
          required
          maxLength={MAX_REASON}
          label={t('admin.record.revokeReason')}
          value={reason}
          error={fieldError}
          onChange={(e) => {
            setReason(e.target.value);
            setFieldError(null);
          }}
        />
      </div>
    </FormDialog>
  );
}
