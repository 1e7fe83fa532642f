import { ClipboardPlus, Download, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { wrap } from 'styled-system/patterns';
import { saveBlob } from '../../../api/certificates';
import { complianceApi, type TrainingRecordResponse } from '../../../api/compliance';
import { dayInputValue } from '../../../format';
import { t } from '../../../i18n';
import { errorText } from '../../../i18n/error-text';
import { Button, Chip, toaster } from '../../../ui';
import { GrantExemptionDialog, RecordEventDialog, type CoveredRequirement } from '../training-record-dialogs';

export function PersonLine({ user }: { user: TrainingRecordResponse['user'] }) {
  const role = [user.jobTitle, user.department].filter(Boolean).join(' · ');
  return (
    <span className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
      <span>{role || t('admin.record.noRole')}</span>
      <span className={wrap({ align: 'center', columnGap: '2', rowGap: '1', fontSize: 'sm' })}>
        <span className={css({ overflowWrap: 'anywhere' })}>
          {user.username} · {user.email}
        </span>
        <Chip palette={user.status === 'ACTIVE' ? 'success' : 'neutral'}>
          {user.status === 'ACTIVE' ? t('admin.record.activeAccount') : t('admin.record.deactivatedAccount')}
        </Chip>
      </span>
    </span>
  );
}

export function RecordActions({ record }: { record: TrainingRecordResponse }) {
  const [dialog, setDialog] = useState<'exempt' | 'event' | null>(null);
  const covered: CoveredRequirement[] = [
    ...record.courses.flatMap((c) =>
      c.compliance ? [{ value: c.compliance.requirementId, label: c.courseTitle }] : [],
    ),
    // Requirements that need an evaluation or a credential can be exempted from, and retrained for, too.
    ...(record.evidenceRequirements ?? []).map((r) => ({ value: r.requirementId, label: r.title })),
  ];
  const none = covered.length === 0;
  const done = (message: string) => {
    setDialog(null);
    toaster.create({ type: 'success', title: message });
  };
  return (
    <>
      <Button
        variant="outline"
        leftIcon={<ShieldOff />}
        disabled={none}
        title={none ? t('admin.record.notCovered') : undefined}
        onClick={() => setDialog('exempt')}
      >
        {t('admin.record.grantExemption')}
      </Button>
      <Button
        variant="outline"
        leftIcon={<ClipboardPlus />}
        disabled={none}
        title={none ? t('admin.record.notCovered') : undefined}
        onClick={() => setDialog('event')}
      >
        {t('admin.record.recordEvent')}
      </Button>
      <DownloadRecordButton record={record} fetchPdf={complianceApi.trainingRecordPdf} />
      <GrantExemptionDialog
        open={dialog === 'exempt'}
        userId={record.user.id}
        name={record.user.name}
        requirements={covered}
        onClose={() => setDialog(null)}
        onDone={done}
      />
      <RecordEventDialog
        open={dialog === 'event'}
        userId={record.user.id}
        name={record.user.name}
        requirements={covered}
        onClose={() => setDialog(null)}
        onDone={done}
      />
    </>
  );
}

/** The record as a PDF, saved under the person's username and today's date; `fetchPdf` is the reader's route. */
export function DownloadRecordButton({
  record,
  fetchPdf,
}: {
  record: TrainingRecordResponse;
  fetchPdf: (userId: string) => Promise<Blob>;
}) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await fetchPdf(record.user.id), `training-record-${record.user.username}-${dayInputValue()}.pdf`);
    } catch (e) {
      toaster.create({ type: 'error', title: errorText(e, t('admin.record.downloadFailed')) });
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Button
      leftIcon={<Download />}
      loading={downloading}
      loadingText={t('admin.record.preparingPdf')}
      onClick={() => void download()}
    >
      {t('admin.record.downloadPdf')}
    </Button>
  );
}
