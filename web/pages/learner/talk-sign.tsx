import { useQuery } from '@tanstack/react-query';
import { CircleCheckBig, Clock } from 'lucide-react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { useParams, useSearch } from 'wouter';
import { talkQueries, talkWrites } from '../../api/talk-queries';
import { useWrite } from '../../api/writes';
import { ScanLanding, ScanOutcome } from '../../components/learner/scan-landing';
import { QueryState } from '../../components/query-state';
import { formatDateTime } from '../../format';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import { Alert, Button } from '../../ui';

/**
 * /talks/:id/sign?topic=...&foreman=...: where the QR on the foreman's device leads. The crew member,
 * signed in on their own phone (a visitor signs in first and comes back), sees the talk and confirms
 * "I attended this talk"; their session is the signature. The foreman's device may be offline: the
 * signature then waits on the server and joins the talk when the device sends it.
 */
export function TalkSignPage() {
  useDocumentTitle(t('talks.selfSign.title'));
  const { id } = useParams<{ id: string }>();
  const search = new URLSearchParams(useSearch());
  const qr = { topicId: search.get('topic') ?? '', foremanId: search.get('foreman') ?? '' };
  const own = useQuery({ ...talkQueries.selfSignature(id, qr), enabled: Boolean(qr.topicId && qr.foremanId) });
  const sign = useWrite(talkWrites.selfSign);
  const state = sign.data ?? own.data;

  return (
    <ScanLanding title={t('talks.selfSign.title')} subtitle={state ? state.talk.topicTitle : undefined}>
      {!qr.topicId || !qr.foremanId ? (
        <Alert status="error" title={t('talks.selfSign.failedTitle')}>
          {t('error.talk.qrInvalid')}
        </Alert>
      ) : (
        <QueryState query={own} loadingLabel={t('talks.selfSign.loading')} failureMessage={t('talks.selfSign.failed')}>
          {state ? (
            <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
              <dl className={facts}>
                <dt>{t('talks.selfSign.topic')}</dt>
                <dd>
                  <bdi>{state.talk.topicTitle}</bdi>
                </dd>
                <dt>{t('talks.selfSign.foreman')}</dt>
                <dd>
                  <bdi>{state.talk.foremanName}</bdi>
                </dd>
              </dl>
              {state.state === 'open' ? (
                <>
                  <p>{t('talks.selfSign.explain')}</p>
                  {sign.isError ? (
                    <Alert status="error" title={t('talks.selfSign.failedTitle')}>
                      {errorText(sign.error, t('talks.selfSign.failed'))}
                    </Alert>
                  ) : null}
                  <Button size="lg" loading={sign.isPending} onClick={() => sign.mutate({ id, qr })}>
                    {t('talks.selfSign.confirm')}
                  </Button>
                </>
              ) : (
                <ScanOutcome
                  testId="talk-sign-status"
                  icon={state.state === 'recorded' ? CircleCheckBig : Clock}
                  title={state.state === 'recorded' ? t('talks.selfSign.recorded') : t('talks.selfSign.pending')}
                  text={
                    state.state === 'recorded'
                      ? t('talks.selfSign.recordedText')
                      : t('talks.selfSign.pendingText', {
                          signedAt: formatDateTime(state.signedAt ?? ''),
                          expiresAt: formatDateTime(state.expiresAt ?? ''),
                        })
                  }
                />
              )}
            </div>
          ) : null}
        </QueryState>
      )}
    </ScanLanding>
  );
}

const facts = grid({
  gap: '2',
  columnGap: '4',
  gridTemplateColumns: 'max-content 1fr',
  '& dt': { color: 'fg.muted' },
  '& dd': { fontWeight: 'semibold', m: 0 },
});
