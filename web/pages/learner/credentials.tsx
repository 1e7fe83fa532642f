import type { Credential, CredentialStanding } from '@contract/credentials';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, IdCard, Plus, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { wrap } from 'styled-system/patterns';
import { credentialQueries } from '../../api/credential-queries';
import { CredentialFacts } from '../../components/credential-facts';
import { CredentialForm } from '../../components/learner/credentials/credential-form';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { formatDay } from '../../format';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { t } from '../../i18n';
import {
  Button,
  Card,
  CardBody,
  Chip,
  Detail,
  DetailList,
  Dialog,
  EmptyState,
  textLink,
  toaster,
  type ChipProps,
} from '../../ui';

// A function, not a constant: the labels are read in the current language.
const STANDING = (): Record<CredentialStanding, { label: string; palette: ChipProps['palette'] }> => ({
  pending: { label: t('credentials.standing.pending'), palette: 'info' },
  approved: { label: t('credentials.standing.approved'), palette: 'success' },
  rejected: { label: t('credentials.standing.rejected'), palette: 'error' },
  expired: { label: t('credentials.standing.expired'), palette: 'warning' },
  expiringSoon: { label: t('credentials.standing.expiringSoon'), palette: 'warning' },
});

function CredentialCard({ credential, onResubmit }: { credential: Credential; onResubmit: () => void }) {
  const look = STANDING()[credential.standing];
  const canResubmit = credential.status === 'REJECTED' && !credential.resubmittedById;
  return (
    <Card>
      <CardBody className={css({ display: 'grid', gap: '3' })}>
        <div className={wrap({ align: 'center', justify: 'space-between', gap: '2' })}>
          <h2 className={css({ fontSize: 'md', fontWeight: 'semibold' })}>
            <bdi>{credential.typeName}</bdi>
          </h2>
          <Chip palette={look.palette}>{look.label}</Chip>
        </div>
        {credential.status === 'REJECTED' && credential.rejectReason ? (
          <p className={css({ fontSize: 'sm', color: 'error.fg' })}>
            {t('credentials.rejectedBecause', { reason: credential.rejectReason })}
          </p>
        ) : null}
        <DetailList>
          <CredentialFacts credential={credential} noExpiry={t('credentials.noExpiry')} />
          <Detail term={t('credentials.submitted')}>{formatDay(credential.submittedAt)}</Detail>
        </DetailList>
        {credential.resubmittedById ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('credentials.resubmitted')}</p>
        ) : null}
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          {credential.scanUrl ? (
            <a
              href={credential.scanUrl}
              aria-label={t('credentials.viewScan', { type: credential.typeName })}
              target="_blank"
              rel="noopener"
              className={cx(textLink({ underline: 'always', touch: true, strong: true }), css({ px: '3' }))}
            >
              <ExternalLink size={16} aria-hidden />
              {t('credentials.viewScanShort')}
            </a>
          ) : null}
          {canResubmit ? (
            <Button leftIcon={<RotateCcw />} className={css({ minH: '11' })} onClick={onResubmit}>
              {t('credentials.resubmit')}
            </Button>
          ) : null}
        </div>
      </CardBody>
    </Card>
  );
}

/**
 * /my-credentials: the worker's credentials earned elsewhere (first-aid card, licence) with their
 * standing, and "Add credential" from the phone's camera or a file; a rejected one shows the
 * reason and can be resubmitted once.
 */
export function CredentialsPage() {
  useDocumentTitle(t('credentials.title'));
  const list = useQuery(credentialQueries.own());
  const [form, setForm] = useState<null | { resubmit: { id: string; typeId: string } | null }>(null);
  const types = list.data?.types ?? [];
  const close = () => setForm(null);
  return (
    <>
      <PageHeader
        title={t('credentials.title')}
        subtitle={t('credentials.subtitle')}
        actions={
          <Button
            leftIcon={<Plus />}
            className={css({ minH: '11' })}
            disabled={!list.data || types.length === 0}
            onClick={() => setForm({ resubmit: null })}
          >
            {t('credentials.add')}
          </Button>
        }
      />
      <QueryState query={list} loadingLabel={t('credentials.loading')} failureMessage={t('credentials.loadFailed')}>
        {list.data ? (
          list.data.credentials.length === 0 ? (
            <EmptyState
              icon={<IdCard />}
              title={t('credentials.empty')}
              description={types.length === 0 ? t('credentials.noTypes') : t('credentials.emptyText')}
              bordered
            />
          ) : (
            <ul aria-label={t('credentials.title')} className={css({ display: 'grid', gap: '3', listStyle: 'none' })}>
              {list.data.credentials.map((c) => (
                <li key={c.id}>
                  <CredentialCard
                    credential={c}
                    onResubmit={() => setForm({ resubmit: { id: c.id, typeId: c.typeId } })}
                  />
                </li>
              ))}
            </ul>
          )
        ) : null}
      </QueryState>
      <Dialog
        open={form !== null}
        onOpenChange={(open) => (!open ? close() : undefined)}
        title={form?.resubmit ? t('credentials.resubmitTitle') : t('credentials.addTitle')}
        description={t('credentials.formDescription')}
        size="md"
      >
        {form ? (
          <CredentialForm
            types={types}
            resubmit={form.resubmit}
            onCancel={close}
            onDone={() => {
              close();
              toaster.create({ type: 'success', title: t('credentials.sent') });
            }}
          />
        ) : null}
      </Dialog>
    </>
  );
}
