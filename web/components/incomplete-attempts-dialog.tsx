import { TriangleAlert } from 'lucide-react';
import { css } from 'styled-system/css';
import { stackToRow } from 'styled-system/patterns';
import { useIncompleteAttempts } from '../state/incomplete-attempts';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { t } from '../i18n';

/**
 * Checks for assessment attempts left open and, when there are any, asks the learner to submit
 * them. It cannot be dismissed by Escape or the backdrop: the only ways out are submitting,
 * "Continue" once the list is empty, or going back to an attempt that still has time left.
 */
export function IncompleteAttemptsDialog() {
  // Submitting invalidates what the pages show (web/api/learner-queries.ts): they refresh themselves.
  const [snapshot, send] = useIncompleteAttempts();
  const { attempts, error, submittingId } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const empty = attempts.length === 0;
  return (
    <Dialog
      open={snapshot.hasTag('open')}
      onOpenChange={() => {}}
      dismissible={false}
      role="alertdialog"
      size="md"
      title={t('incomplete.title')}
      description={t('incomplete.description')}
      footer={
        empty ? (
          <Button onClick={() => send({ type: 'dialog.continue' })}>{t('incomplete.continue')}</Button>
        ) : (
          <Button
            loading={snapshot.matches({ open: 'submittingAll' }) || snapshot.matches({ open: 'rechecking' })}
            disabled={busy}
            onClick={() => send({ type: 'attempts.submitAll' })}
          >
            {t('incomplete.submitAll')}
          </Button>
        )
      }
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <Alert status="warning">{t('incomplete.warning')}</Alert>
        {error ? <Alert status="error">{error}</Alert> : null}
        {empty ? (
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('incomplete.none')}</p>
        ) : (
          <ul className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} aria-label={t('incomplete.list')}>
            {attempts.map((attempt) => (
              <li
                key={attempt.attemptId}
                className={stackToRow({
                  align: 'center',
                  justify: 'space-between',
                  gap: '3',
                  borderWidth: '1px',
                  borderColor: 'border.default',
                  rounded: 'lg',
                  p: '3',
                })}
              >
                <div className={css({ display: 'flex', gap: '3', alignItems: 'flex-start', minW: 0 })}>
                  <TriangleAlert
                    aria-hidden
                    className={css({ color: 'warning.solid', w: '5', h: '5', flexShrink: 0, mt: '0.5' })}
                  />
                  <div className={css({ minW: 0 })}>
                    <p className={css({ fontWeight: 'semibold', color: 'fg.default' })}>{attempt.componentTitle}</p>
                    <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{attempt.courseTitle}</p>
                    <p className={css({ fontSize: 'xs', color: 'fg.subtle' })}>
                      {t('incomplete.attempt', { number: attempt.attemptNumber, minutes: attempt.elapsedMinutes })}
                    </p>
                    <p
                      className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default', mt: '1' })}
                      data-testid="incomplete-time-left"
                    >
                      {attempt.remainingSeconds > 0
                        ? t('incomplete.timeLeft', { minutes: Math.ceil(attempt.remainingSeconds / 60) })
                        : t('incomplete.timeUp')}
                    </p>
                  </div>
                </div>
                <div className={stackToRow({ gap: '2', flexShrink: 0 })}>
                  {attempt.remainingSeconds > 0 ? (
                    <Button
                      size="sm"
                      disabled={busy}
                      onClick={() => send({ type: 'attempt.return', attemptId: attempt.attemptId })}
                      aria-label={t('incomplete.returnLabel', { title: attempt.componentTitle })}
                    >
                      {t('incomplete.return')}
                    </Button>
                  ) : null}
                  <Button
                    size="sm"
                    variant="outline"
                    loading={submittingId === attempt.attemptId}
                    disabled={busy}
                    onClick={() => send({ type: 'attempt.submit', attemptId: attempt.attemptId })}
                    aria-label={t('incomplete.submitLabel', { title: attempt.componentTitle })}
                  >
                    {t('incomplete.submit')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
