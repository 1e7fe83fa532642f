import { Send } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { ComplianceFilters } from '../../../api/compliance';
import { outboxWrites, type SendRemindersResponse } from '../../../api/outbox';
import { useWrite } from '../../../api/writes';
import { t, type MessageId } from '../../../i18n';
import { errorText } from '../../../i18n/error-text';
import { Alert, Button, Dialog } from '../../../ui';

const SKIP_IDS: Record<SendRemindersResponse['skipped'][number]['reason'], MessageId> = {
  alreadyToday: 'admin.compliance.reminderSkipped.alreadyToday',
  nothingDue: 'admin.compliance.reminderSkipped.nothingDue',
  inactive: 'admin.compliance.reminderSkipped.inactive',
};

interface SendRemindersProps {
  /** The chosen rows' people; when none are chosen, the button reminds everyone the filters list. */
  selected: string[];
  filters: Required<ComplianceFilters>;
  /** How many people the filters list (all pages). */
  listed: number;
  onSent: () => void;
}

/**
 * "Send reminder" above the matrix: to the chosen rows, or (none chosen) to everyone the filters
 * list. Confirmed first; the answer says who got one and who was skipped (already reminded today,
 * nothing open, deactivated), as a note that stays on screen and is announced.
 */
export function SendReminders({ selected, filters, listed, onSent }: SendRemindersProps) {
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<SendRemindersResponse | null>(null);
  const send = useWrite(outboxWrites.sendReminders, {
    onSuccess: (answer) => {
      setResult(answer);
      setConfirming(false);
      onSent();
    },
  });
  const count = selected.length || listed;
  const body =
    selected.length > 0
      ? { userIds: selected }
      : {
          filter: {
            bookId: filters.bookId,
            department: filters.department,
            jobTitle: filters.jobTitle,
            status: filters.status,
            q: filters.q,
          },
        };
  const grouped = result
    ? (Object.keys(SKIP_IDS) as (keyof typeof SKIP_IDS)[])
        .map((reason) => ({ reason, names: result.skipped.filter((s) => s.reason === reason).map((s) => s.name) }))
        .filter((g) => g.names.length > 0)
    : [];

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', mb: '3' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' })}>
        <Button
          variant="outline"
          leftIcon={<Send />}
          disabled={count === 0}
          onClick={() => {
            send.reset();
            setConfirming(true);
          }}
        >
          {selected.length > 0 ? t('admin.compliance.sendReminder') : t('admin.compliance.remindListed')}
        </Button>
        {selected.length > 0 ? (
          <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {t('admin.compliance.selectedCount', { count: selected.length })}
          </span>
        ) : null}
      </div>
      <div aria-live="polite">
        {result ? (
          <Alert status={result.sent.length > 0 ? 'success' : 'info'}>
            <p>{t('admin.compliance.reminderSent', { count: result.sent.length })}</p>
            {grouped.map((g) => (
              <p key={g.reason}>{t(SKIP_IDS[g.reason], { names: g.names.join(', ') })}</p>
            ))}
          </Alert>
        ) : null}
      </div>
      <Dialog
        open={confirming}
        onOpenChange={(open) => (!open ? setConfirming(false) : undefined)}
        title={t('admin.compliance.reminderTitle')}
        size="sm"
        footer={
          <>
            <Button variant="outline" palette="neutral" onClick={() => setConfirming(false)} disabled={send.isPending}>
              {t('common.cancel')}
            </Button>
            <Button leftIcon={<Send />} loading={send.isPending} onClick={() => send.mutate(body)}>
              {t('admin.compliance.sendReminder')}
            </Button>
          </>
        }
      >
        {send.isError ? (
          <Alert status="error" className={css({ mb: '3' })}>
            {errorText(send.error, t('admin.compliance.reminderFailed'))}
          </Alert>
        ) : null}
        <p>
          {selected.length > 0
            ? t('admin.compliance.reminderSelectedText', { count })
            : t('admin.compliance.reminderListedText', { count })}
        </p>
      </Dialog>
    </div>
  );
}
