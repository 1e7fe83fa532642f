import { certificateFileName, type CertificateStanding, type OwnCertificate } from '@contract/certificates';
import { useQuery } from '@tanstack/react-query';
import { Award, Download } from 'lucide-react';
import { useLayoutEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { saveCertificate } from '../../api/certificates';
import { learnerQueries } from '../../api/learner-queries';
import { formatExpiry } from '../../components/certificate-expiry';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { formatDate } from '../../format';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { takeOverServerMarkup } from '../../server-rendered';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import { Button, Chip, DataTable, EmptyState, toaster, type ChipProps, type DataTableColumn } from '../../ui';

// Functions, not constants: the labels are read in the current language.
const STANDING = (): Record<CertificateStanding, { label: string; palette: ChipProps['palette'] }> => ({
  active: { label: t('myCerts.status.active'), palette: 'success' },
  expired: { label: t('myCerts.status.expired'), palette: 'warning' },
  revoked: { label: t('myCerts.status.revoked'), palette: 'error' },
  superseded: { label: t('myCerts.status.superseded'), palette: 'neutral' },
});

const code = css({ fontFamily: 'mono', overflowWrap: 'anywhere' });

function Standing({ certificate }: { certificate: OwnCertificate }) {
  const look = STANDING()[certificate.standing];
  return (
    <span className={css({ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: '1' })}>
      <Chip palette={look.palette}>{look.label}</Chip>
      {certificate.standing === 'superseded' && certificate.renewedBy ? (
        <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          {t('myCerts.supersededBy', { number: certificate.renewedBy })}
        </span>
      ) : null}
    </span>
  );
}

/** Downloads one certificate; each row has its own, so an earlier cycle's certificate downloads too. */
function DownloadButton({ certificate }: { certificate: OwnCertificate }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await saveCertificate(certificate.certificateId, certificateFileName(certificate.certificateNumber));
    } catch (e) {
      toaster.create({ type: 'error', title: errorText(e, t('myCerts.downloadFailed')) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="sm"
      variant="outline"
      leftIcon={<Download />}
      loading={busy}
      aria-label={t('myCerts.downloadLabel', { number: certificate.certificateNumber })}
      onClick={download}
    >
      {t('myCerts.download')}
    </Button>
  );
}

/**
 * /certificates: every certificate the learner has earned, one per training cycle (the earlier
 * one stays after recertifying), with its standing and a download each. The server lists only the
 * signed-in learner's own and serves a PDF only to its holder.
 */
export function CertificatesPage() {
  useDocumentTitle(t('myCerts.title'));
  // The Worker may have rendered this page (worker/routes/learner-pages.ts): its copy leaves as this one commits.
  useLayoutEffect(takeOverServerMarkup, []);
  const list = useQuery(learnerQueries.certificates());
  const rows = list.data ?? [];
  const columns: DataTableColumn<OwnCertificate>[] = [
    {
      key: 'course',
      header: t('myCerts.course'),
      cell: (c) => <bdi className={css({ fontWeight: 'medium' })}>{c.courseName}</bdi>,
      hideInCard: true,
    },
    {
      key: 'number',
      header: t('myCerts.number'),
      cell: (c) => (
        <bdi dir="ltr" className={code}>
          {c.certificateNumber}
        </bdi>
      ),
    },
    { key: 'issued', header: t('myCerts.issued'), cell: (c) => formatDate(c.issuedDate) },
    { key: 'until', header: t('myCerts.validUntil'), cell: (c) => formatExpiry(c.expiryDate) },
    { key: 'status', header: t('myCerts.status'), cell: (c) => <Standing certificate={c} /> },
    {
      key: 'download',
      header: <span className={css({ srOnly: true })}>{t('myCerts.download')}</span>,
      cell: (c) => <DownloadButton certificate={c} />,
      hideInCard: true,
    },
  ];
  return (
    <>
      <PageHeader title={t('myCerts.title')} subtitle={t('myCerts.subtitle')} />
      <QueryState query={list} loadingLabel={t('myCerts.loading')} failureMessage={t('myCerts.loadFailed')}>
        {list.data ? (
          <DataTable
            rows={rows}
            columns={columns}
            getRowKey={(c) => c.certificateId}
            label={t('myCerts.title')}
            cardTitle={(c) => <bdi>{c.courseName}</bdi>}
            cardActions={(c) => <DownloadButton certificate={c} />}
            empty={
              <EmptyState icon={<Award />} title={t('myCerts.empty')} description={t('myCerts.emptyText')} bordered />
            }
          />
        ) : null}
      </QueryState>
    </>
  );
}
