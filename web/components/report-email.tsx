import type {
  ReportCadence,
  ReportFilterInput,
  ReportScope,
  ReportSubscriptionDto,
} from '@contract/report-subscriptions';
import type { ComplianceStatus } from '@contract/rules/compliance';
import { useQuery } from '@tanstack/react-query';
import { Mail, X } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { wrap } from 'styled-system/patterns';
import { reportSubscriptionQueries, reportSubscriptionWrites } from '../api/report-subscription-queries';
import { useWrite } from '../api/writes';
import { formatDate } from '../format';
import { t } from '../i18n';
import { errorText } from '../i18n/error-text';
import { COMPLIANCE_STATUS_IDS } from '../i18n/labels';
import { Button, Select, toaster } from '../ui';
import { FormDialog } from './form-dialog';

/*
 * "Email me this report" (issue 30): the compliance view on screen (a supervisor's team, an
 * administrator's matrix filter) e-mailed weekly or monthly as a CSV and a one-page PDF summary,
 * and the list of those e-mails with Cancel, next to the view they come from.
 */

type Filter = ReportFilterInput;

/** The filter in words: "Dock · Overdue", or that it is everyone (a stored filter's status is null for any). */
function filterWords(filter: Filter | ReportSubscriptionDto['filter'], scope: ReportScope): string {
  const parts = [
    filter.bookId ? t('reportEmail.filterBook') : '',
    filter.department ?? '',
    filter.jobTitle ?? '',
    filter.q ? `“${filter.q}”` : '',
    statusWords(filter.status),
  ].filter(Boolean);
  if (parts.length) return parts.join(' · ');
  return scope === 'team' ? t('reportEmail.everyoneTeam') : t('reportEmail.everyoneMatrix');
}

/** A status filter's words; '' for none (or a value that is not a status). */
function statusWords(status: string | null | undefined): string {
  const id = status ? COMPLIANCE_STATUS_IDS[status as ComplianceStatus] : undefined;
  return id ? t(id) : '';
}

const CADENCES: ReportCadence[] = ['weekly', 'monthly'];
const cadenceLabel = (cadence: ReportCadence) =>
  cadence === 'weekly' ? t('reportEmail.weekly') : t('reportEmail.monthly');

export function EmailReportButton({ scope, filter }: { scope: ReportScope; filter: Filter }) {
  const [open, setOpen] = useState(false);
  const [cadence, setCadence] = useState<ReportCadence>('weekly');
  const subscribe = useWrite(reportSubscriptionWrites.subscribe, {
    onSuccess: () => {
      setOpen(false);
      toaster.create({ type: 'success', title: t('reportEmail.created') });
    },
  });
  const { reset } = subscribe;
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    subscribe.mutate({ scope, cadence, filter });
  };
  return (
    <>
      <Button variant="outline" leftIcon={<Mail />} onClick={() => setOpen(true)}>
        {t('reportEmail.button')}
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('reportEmail.title')}
        description={t('reportEmail.description')}
        size="sm"
        formId={`report-email-${scope}`}
        submitLabel={t('reportEmail.submit')}
        busy={subscribe.isPending}
        error={subscribe.isError ? errorText(subscribe.error, t('reportEmail.saveFailed')) : null}
        onSubmit={submit}
      >
        <p className={css({ mb: '4' })}>
          {t('reportEmail.filter')} <bdi className={css({ fontWeight: 'semibold' })}>{filterWords(filter, scope)}</bdi>
        </p>
        <Select
          label={t('reportEmail.cadence')}
          options={CADENCES.map((value) => ({ value, label: cadenceLabel(value) }))}
          value={cadence}
          onValueChange={setCadence}
        />
      </FormDialog>
    </>
  );
}

/** The person's report e-mails of this view's kind, each with Cancel; nothing while there are none. */
export function ReportEmailList({ scope }: { scope: ReportScope }) {
  const query = useQuery(reportSubscriptionQueries.mine());
  const cancel = useWrite(reportSubscriptionWrites.cancel, {
    onSuccess: () => toaster.create({ type: 'success', title: t('reportEmail.cancelled') }),
    onError: (error) => toaster.create({ type: 'error', title: errorText(error, t('reportEmail.cancelFailed')) }),
  });
  if (query.isError)
    return (
      <p role="alert" className={css({ mt: '6', color: 'error.fg' })}>
        {t('reportEmail.loadFailed')}
      </p>
    );
  const rows = (query.data?.subscriptions ?? []).filter((row) => row.scope === scope);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={`report-emails-${scope}`} className={css({ mt: '8' })}>
      <h2 id={`report-emails-${scope}`} className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '3' })}>
        {t('reportEmail.listTitle')}
      </h2>
      <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        {rows.map((row) => (
          <ReportEmailRow
            key={row.id}
            row={row}
            busy={cancel.isPending && cancel.variables === row.id}
            onCancel={() => cancel.mutate(row.id)}
          />
        ))}
      </ul>
    </section>
  );
}

function ReportEmailRow({ row, busy, onCancel }: { row: ReportSubscriptionDto; busy: boolean; onCancel: () => void }) {
  const words = filterWords(row.filter, row.scope);
  return (
    <li
      className={wrap({
        align: 'center',
        justify: 'space-between',
        gap: '3',
        p: '3',
        borderWidth: '1px',
        borderColor: 'border.default',
        borderRadius: 'lg',
      })}
    >
      <span className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
        <span className={css({ fontWeight: 'semibold' })}>
          {cadenceLabel(row.cadence)} · <bdi>{words}</bdi>
        </span>
        <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {row.lastSentAt ? t('reportEmail.lastSent', { date: formatDate(row.lastSentAt) }) : t('reportEmail.notYet')}
        </span>
      </span>
      <Button
        variant="outline"
        palette="neutral"
        leftIcon={<X />}
        loading={busy}
        aria-label={t('reportEmail.cancelLabel', { cadence: cadenceLabel(row.cadence), filter: words })}
        onClick={onCancel}
      >
        {t('reportEmail.cancel')}
      </Button>
    </li>
  );
}
