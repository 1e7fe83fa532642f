import type { AdminCredential, AdminCredentialResponse } from '@contract/credentials';
import { REFUSALS } from '@contract/errors';
import { Check, ExternalLink, X } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { credentialWrites } from '../../../api/credential-queries';
import { useWrite, type Write } from '../../../api/writes';
import { formatDateTime } from '../../../format';
import { t } from '../../../i18n';
import { errorText, fieldErrors } from '../../../i18n/error-text';
import { Alert, Button, Detail, DetailList, Dialog, TextField, textLink, toaster } from '../../../ui';
import { CredentialFacts } from '../../credential-facts';

/** The scan as the reviewer sees it: an image inline (signed link), a PDF opened in a new tab. */
function Scan({ credential }: { credential: AdminCredential }) {
  if (!credential.scanUrl)
    return <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('admin.credentials.noScan')}</p>;
  const isImage = credential.scanContentType?.startsWith('image/');
  return (
    <div className={css({ display: 'grid', gap: '2' })}>
      {isImage ? (
        <img
          src={credential.scanUrl}
          alt={t('admin.credentials.scanAlt', { type: credential.typeName, name: credential.userName })}
          className={css({
            maxW: 'full',
            maxH: '60vh',
            objectFit: 'contain',
            borderWidth: '1px',
            borderColor: 'border.default',
            borderRadius: 'lg',
            bg: 'bg.muted',
            imageRendering: 'auto',
            minH: '24',
          })}
        />
      ) : null}
      <a
        href={credential.scanUrl}
        target="_blank"
        rel="noopener"
        className={textLink({ underline: 'always', strong: true })}
      >
        <ExternalLink size={16} aria-hidden />
        {isImage ? t('admin.credentials.openImage') : t('admin.credentials.openPdf')}
      </a>
    </div>
  );
}

/** Where the decision goes: the administrators' queue, or a supervisor's team (web/api/team-queries.ts). */
export interface ReviewWrites {
  approve: Write<string, AdminCredentialResponse>;
  reject: Write<{ id: string; reason: string }, AdminCredentialResponse>;
}

/**
 * One credential under review: the scan and the fields beside the person, Approve, or Reject with a
 * reason the worker will read. A decided credential shows its decision only.
 */
export function ReviewDialog({
  credential,
  onClose,
  writes = credentialWrites,
}: {
  credential: AdminCredential | null;
  onClose: () => void;
  writes?: ReviewWrites;
}) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const done = (title: string) => {
    toaster.create({ type: 'success', title });
    setReason('');
    onClose();
  };
  const onError = (e: Error) => setFailure(errorText(e, t('admin.credentials.reviewFailed')));
  const approve = useWrite(writes.approve, {
    onSuccess: () => done(t('admin.credentials.approved')),
    onError,
  });
  const reject = useWrite(writes.reject, { onSuccess: () => done(t('admin.credentials.rejected')), onError });
  const busy = approve.isPending || reject.isPending;
  const pending = credential?.status === 'PENDING';

  const onReject = () => {
    if (!credential) return;
    if (!reason.trim()) {
      setReasonError(fieldErrors({ reason: REFUSALS['credential.reasonRequired'] }).reason ?? null);
      document.getElementById('credential-reject-reason')?.focus();
      return;
    }
    setReasonError(null);
    reject.mutate({ id: credential.id, reason: reason.trim() });
  };

  return (
    <Dialog
      open={credential !== null}
      onOpenChange={(open) => {
        if (!open) {
          setFailure(null);
          setReasonError(null);
          onClose();
        }
      }}
      title={
        credential ? t('admin.credentials.reviewTitle', { type: credential.typeName, name: credential.userName }) : ''
      }
      size="lg"
      footer={
        pending && credential ? (
          <>
            <Button
              variant="outline"
              palette="danger"
              leftIcon={<X />}
              onClick={onReject}
              loading={reject.isPending}
              disabled={busy}
            >
              {t('admin.credentials.reject')}
            </Button>
            <Button
              leftIcon={<Check />}
              onClick={() => approve.mutate(credential.id)}
              loading={approve.isPending}
              disabled={busy}
            >
              {t('admin.credentials.approve')}
            </Button>
          </>
        ) : null
      }
    >
      {credential ? (
        <div className={grid({ gap: '4', gridTemplateColumns: { base: '1fr', md: '3fr 2fr' }, alignItems: 'start' })}>
          <Scan credential={credential} />
          <div className={css({ display: 'grid', gap: '3' })}>
            {failure ? <Alert status="error">{failure}</Alert> : null}
            {credential.previousRejectReason ? (
              <Alert status="warning">
                {t('admin.credentials.previousReason', { reason: credential.previousRejectReason })}
              </Alert>
            ) : null}
            <DetailList>
              <Detail term={t('admin.credentials.col.person')}>
                <bdi>{credential.userName}</bdi> (<bdi>{credential.username}</bdi>)
              </Detail>
              <Detail term={t('admin.credentials.col.department')}>
                <bdi>{credential.department ?? '—'}</bdi>
              </Detail>
              <CredentialFacts credential={credential} />
              <Detail term={t('admin.credentials.col.submitted')}>{formatDateTime(credential.submittedAt)}</Detail>
              {credential.rejectReason ? (
                <Detail term={t('admin.credentials.reason')}>
                  <bdi>{credential.rejectReason}</bdi>
                </Detail>
              ) : null}
            </DetailList>
            {pending ? (
              <TextField
                id="credential-reject-reason"
                multiline
                label={t('admin.credentials.reason')}
                helperText={t('admin.credentials.reasonHelp')}
                value={reason}
                maxLength={500}
                onChange={(e) => setReason(e.target.value)}
                error={reasonError}
              />
            ) : null}
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
