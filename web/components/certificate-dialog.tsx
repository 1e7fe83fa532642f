import { Award, Download, ExternalLink, RotateCcw } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { flex, grid } from 'styled-system/patterns';
import { useCertificateDialog } from '../state/certificate-dialog';
import { Alert, Button, Dialog, LoadingBlock, overline } from '../ui';
import { formatCertificateDate } from '../format';
import { formatExpiry } from './certificate-expiry';
import { t, withTags } from '../i18n';
import { languageLabel } from '../i18n/labels';
import { declaredText } from '../i18n/error-text';

export interface CertificateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  courseId: string | null;
  courseName: string;
}

const detailLabel = cx(overline({ tone: 'muted' }), css({ letterSpacing: '0.05em' }));
const detailValue = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default', overflowWrap: 'anywhere' });

/**
 * The certificate of a completed course: generated first when
 * none exists, previewed, and downloaded automatically once about 2 s after the preview is ready.
 *
 *   <CertificateDialog open={open} onOpenChange={setOpen} courseId={course.id} courseName={course.title} />
 */
export function CertificateDialog({ open, onOpenChange, courseId, courseName }: CertificateDialogProps) {
  const [state, send] = useCertificateDialog(open, courseId, courseName);
  const { certificate, previewUrl, error, notice } = state.context;
  const busy = state.hasTag('busy');
  const downloading = state.hasTag('downloading');
  const ready = state.matches({ open: 'ready' });
  const failed = state.matches({ open: 'failed' });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="xl"
      title={t('certDialog.title')}
      className={css({ h: '90dvh', maxH: '90dvh' })}
      bodyClassName={css({ display: 'flex', flexDirection: 'column', gap: '4', minH: 0 })}
      footer={
        <>
          <Button
            variant="outline"
            palette="neutral"
            leftIcon={<ExternalLink />}
            disabled={!ready || !previewUrl}
            onClick={() => send({ type: 'certificate.openInNewTab' })}
          >
            {t('certDialog.openTab')}
          </Button>
          <Button
            leftIcon={<Download />}
            disabled={!ready}
            loading={downloading}
            loadingText={t('certificate.downloading')}
            onClick={() => send({ type: 'certificate.download' })}
          >
            {t('certificate.download')}
          </Button>
          <Button variant="ghost" palette="neutral" onClick={() => onOpenChange(false)}>
            {t('common.close')}
          </Button>
        </>
      }
    >
      <div className={css({ display: 'flex', gap: '3', alignItems: 'flex-start' })}>
        <span
          aria-hidden
          className={css({
            display: 'grid',
            placeItems: 'center',
            flex: 'none',
            w: '10',
            h: '10',
            borderRadius: 'full',
            bg: 'accent.subtle',
            color: 'accent.fg',
          })}
        >
          <Award size={20} />
        </span>
        <p className={css({ fontSize: 'md', color: 'fg.default' })}>
          {withTags(t('certDialog.congrats', { course: courseName }), [
            (text, key) => <strong key={key}>{text}</strong>,
            (text, key) => <strong key={key}>{text}</strong>,
          ])}
        </p>
      </div>

      {certificate ? (
        <dl
          className={grid({
            gap: '3',
            gridTemplateColumns: { base: '1fr 1fr', sm: 'repeat(3, 1fr)' },
            p: '3',
            borderRadius: 'lg',
            bg: 'bg.subtle',
          })}
        >
          <div className={css({ gridColumn: { base: 'span 2', sm: 'auto' } })}>
            <dt className={detailLabel}>{t('certDialog.number')}</dt>
            <dd className={detailValue} data-testid="certificate-number">
              {certificate.certificateNumber}
            </dd>
          </div>
          <div>
            <dt className={detailLabel}>{t('certDialog.issued')}</dt>
            <dd className={detailValue}>{formatCertificateDate(certificate.issuedDate)}</dd>
          </div>
          <div>
            <dt className={detailLabel}>{t('certDialog.validUntil')}</dt>
            <dd className={detailValue}>{formatExpiry(certificate.expiryDate, formatCertificateDate)}</dd>
          </div>
          {certificate.language ? (
            <div>
              <dt className={detailLabel}>{t('certDialog.language')}</dt>
              <dd className={detailValue} data-testid="certificate-language">
                {languageLabel(certificate.language)}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}

      {notice ? (
        <Alert
          status="success"
          announce
          action={
            <Button size="xs" variant="ghost" palette="neutral" onClick={() => send({ type: 'notice.dismiss' })}>
              {t('certDialog.dismiss')}
            </Button>
          }
        >
          {declaredText(notice)}
        </Alert>
      ) : null}
      {error ? (
        <Alert
          status="error"
          action={
            failed ? (
              <Button
                size="xs"
                variant="outline"
                palette="neutral"
                leftIcon={<RotateCcw />}
                onClick={() => send({ type: 'dialog.retry' })}
              >
                {t('assessment.tryAgain')}
              </Button>
            ) : undefined
          }
        >
          {declaredText(error)}
        </Alert>
      ) : null}

      <div
        className={flex({
          flex: '1',
          minH: '240px',
          borderWidth: '1px',
          borderColor: 'border.muted',
          borderRadius: 'lg',
          overflow: 'hidden',
          bg: 'bg.subtle',
        })}
      >
        {previewUrl ? (
          <iframe
            title={t('certDialog.preview', { course: courseName })}
            src={`${previewUrl}#view=FitH`}
            className={css({ w: '100%', h: '100%', border: '0', flex: '1' })}
          />
        ) : busy ? (
          <LoadingBlock
            label={state.matches({ open: 'generating' }) ? t('certDialog.generatingYours') : t('certDialog.loading')}
            className={css({ flex: '1' })}
          />
        ) : null}
      </div>
    </Dialog>
  );
}
