import { CircleCheckBig, RotateCcw } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useParams, useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { reasonOf, type RefusalReason } from '../../../worker/contract/errors';
import { ApiClientError } from '../../api/client';
import { mySessionQueries, mySessionWrites } from '../../api/my-session-queries';
import { useWrite } from '../../api/writes';
import { ScanLanding, ScanOutcome } from '../../components/learner/scan-landing';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Alert, Button, LoadingBlock } from '../../ui';
import { formatDateTime } from '../../format';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';

/** Refusals that a fresh scan of the screen in the room fixes: the learner is told to scan again. */
const SCAN_AGAIN: readonly RefusalReason[] = ['session.codeExpired', 'session.codeReplayed', 'session.codeInvalid'];

const reasonOfError = (error: unknown): RefusalReason | null =>
  error instanceof ApiClientError ? (error.reason ?? reasonOf(error.message)?.reason ?? null) : null;

/**
 * /check-in/:id?code=...: where the QR on the trainer's screen leads. A visitor signs in first and
 * comes back here (route-guards.tsx); then the code is sent once and the outcome shown: checked in,
 * already checked in, or why not (an expired code: scan the new one on the screen).
 */
export function CheckInPage() {
  useDocumentTitle(t('checkIn.title'));
  const { id } = useParams<{ id: string }>();
  const code = new URLSearchParams(useSearch()).get('code')?.trim() ?? '';
  const checkIn = useWrite(mySessionWrites.checkIn);
  // Which session this is, when the learner was invited (a walk-in may not be).
  const mine = useQuery(mySessionQueries.list());
  const session = mine.data?.sessions.find((s) => s.id === id);
  const sent = useRef('');
  const { mutate } = checkIn;
  useEffect(() => {
    // Once per code: a re-render (or React's strict-mode double effect) does not send it again.
    if (!code || sent.current === code) return;
    sent.current = code;
    mutate({ id, code });
  }, [code, id, mutate]);

  const reason = checkIn.isError ? reasonOfError(checkIn.error) : null;
  return (
    <ScanLanding title={t('checkIn.title')} subtitle={session ? session.title : undefined}>
      {session ? (
        <p className={css({ color: 'fg.muted' })}>
          {t('checkIn.when', { place: session.location, start: formatDateTime(session.startsAt) })}
        </p>
      ) : null}
      {!code ? (
        <Alert status="info" title={t('checkIn.noCodeTitle')}>
          {t('checkIn.noCode')}
        </Alert>
      ) : checkIn.isSuccess ? (
        <ScanOutcome
          icon={CircleCheckBig}
          title={checkIn.data.already ? t('checkIn.already') : t('checkIn.done')}
          text={t('checkIn.doneText')}
        />
      ) : checkIn.isError ? (
        <Alert
          status="error"
          title={reason && SCAN_AGAIN.includes(reason) ? t('checkIn.scanAgainTitle') : t('checkIn.failedTitle')}
          action={
            checkIn.error instanceof ApiClientError && checkIn.error.isNetworkError ? (
              <Button
                size="lg"
                variant="outline"
                palette="neutral"
                leftIcon={<RotateCcw />}
                onClick={() => mutate({ id, code })}
              >
                {t('common.retry')}
              </Button>
            ) : undefined
          }
        >
          <span className={css({ display: 'block' })}>{errorText(checkIn.error, t('checkIn.failed'))}</span>
          {reason && SCAN_AGAIN.includes(reason) ? (
            <span className={css({ display: 'block', mt: '1' })}>{t('checkIn.askTrainer')}</span>
          ) : null}
        </Alert>
      ) : (
        <LoadingBlock label={t('checkIn.checking')} />
      )}
    </ScanLanding>
  );
}
