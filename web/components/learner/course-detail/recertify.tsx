import type { LearnerRequirement } from '@contract/compliance';
import { RotateCcw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import { stackToRow } from 'styled-system/patterns';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { Dialog } from '../../../ui/dialog';
import { formatDate } from '../../../format';
import { t, withTags } from '../../../i18n';

/** A required course whose certificate has run out (or soon will): offers a new cycle. */
export function RecertifyPanel({ requirement, onStart }: { requirement: LearnerRequirement; onStart: () => void }) {
  return (
    <Card
      as="section"
      aria-labelledby="recertify-title"
      className={stackToRow({
        align: 'center',
        justify: 'space-between',
        gap: '4',
        p: { base: '4', md: '6' },
        bg: 'warning.subtle',
        borderColor: 'warning.border',
      })}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <h2 id="recertify-title" className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
          {t('recertify.title')}
        </h2>
        <p className={css({ fontSize: 'sm', color: 'fg.default', maxW: '2xl' })}>
          {requirement.validUntil
            ? t('recertify.validUntil', { date: formatDate(requirement.validUntil) })
            : t('recertify.noLongerValid')}{' '}
          {t('recertify.text')}
        </p>
      </div>
      <Button size="lg" leftIcon={<RotateCcw aria-hidden />} onClick={onStart} className={css({ flexShrink: 0 })}>
        {t('recertify.start')}
      </Button>
    </Card>
  );
}

/** Confirms a new certification cycle before the server starts it. */
export function RecertifyDialog(props: {
  courseTitle: string;
  open: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  finalFocusEl: () => HTMLElement | null;
}) {
  // The buttons are disabled while the server answers, which drops focus out of the dialog; after a refusal it goes back to Cancel.
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { error } = props;
  useEffect(() => {
    if (error) cancelRef.current?.focus();
  }, [error]);
  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => (open ? undefined : props.onCancel())}
      title={t('recertify.confirmTitle')}
      role="alertdialog"
      size="sm"
      dismissible={!props.busy}
      // The safe choice first: Enter on opening does not start a cycle.
      initialFocusEl={() => cancelRef.current}
      finalFocusEl={props.finalFocusEl}
      footer={
        <>
          <Button ref={cancelRef} variant="outline" palette="neutral" disabled={props.busy} onClick={props.onCancel}>
            {t('common.cancel')}
          </Button>
          <Button loading={props.busy} loadingText={t('common.starting')} onClick={props.onConfirm}>
            {t('recertify.start')}
          </Button>
        </>
      }
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        {error ? <Alert status="error">{error}</Alert> : null}
        <p>
          {withTags(t('recertify.confirmText', { title: props.courseTitle }), [
            (text, key) => <strong key={key}>{text}</strong>,
          ])}
        </p>
        <p className={css({ color: 'fg.muted' })}>{t('recertify.confirmKept')}</p>
      </div>
    </Dialog>
  );
}
