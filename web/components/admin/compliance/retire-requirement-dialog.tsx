import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import type { RequirementDto } from '../../../api/compliance';
import { complianceWrites } from '../../../api/compliance-queries';
import { useWrite } from '../../../api/writes';
import { Alert, Button, Dialog, toaster } from '../../../ui';
import { t, withTags } from '../../../i18n';
import { errorText } from '../../../i18n/error-text';
import { audienceText } from './audience-text';

/** Retire: the requirement stops applying from now on; nothing is deleted. */
export function RetireRequirementDialog({
  requirement,
  onClose,
}: {
  requirement: RequirementDto | null;
  onClose: () => void;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const retire = useWrite(complianceWrites.retireRequirement, {
    onSuccess: () => {
      toaster.create({ type: 'success', title: t('admin.req.retired') });
      onClose();
    },
    // The buttons were disabled while the server answered; focus goes back inside the dialog.
    onError: () => cancelRef.current?.focus(),
  });
  const { reset } = retire;
  useEffect(() => reset(), [requirement, reset]);
  return (
    <Dialog
      open={requirement !== null}
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      title={t('admin.req.retireTitle')}
      role="alertdialog"
      size="sm"
      footer={
        <>
          <Button ref={cancelRef} variant="outline" palette="neutral" onClick={onClose} disabled={retire.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            palette="danger"
            loading={retire.isPending}
            onClick={() => (requirement ? retire.mutate(requirement.id) : undefined)}
          >
            {t('admin.req.retire')}
          </Button>
        </>
      }
    >
      {retire.isError ? (
        <Alert status="error" className={css({ mb: '3' })}>
          {errorText(retire.error, t('admin.req.retireFailed'))}
        </Alert>
      ) : null}
      {requirement ? (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <p>
            {withTags(
              t('admin.req.retireText', {
                course: requirement.courseTitle,
                book: requirement.bookName,
                audience: audienceText(requirement),
              }),
              [(text, key) => <strong key={key}>{text}</strong>],
            )}
          </p>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('admin.req.retireNotice')}</p>
        </div>
      ) : null}
    </Dialog>
  );
}
