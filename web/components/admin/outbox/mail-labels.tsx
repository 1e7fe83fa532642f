import type { MailDto, MailStatus } from '../../../api/outbox';
import { t, type MessageId } from '../../../i18n';
import { Chip } from '../../../ui';

export const MAIL_STATUS_IDS: Record<MailStatus, MessageId> = {
  SENT: 'admin.outbox.status.SENT',
  PENDING: 'admin.outbox.status.PENDING',
  FAILED: 'admin.outbox.status.FAILED',
  RECORDED: 'admin.outbox.status.RECORDED',
};

const PALETTES = { SENT: 'success', PENDING: 'warning', FAILED: 'error', RECORDED: 'neutral' } as const;

export function MailStatusChip({ status }: { status: MailStatus }) {
  return <Chip palette={PALETTES[status]}>{t(MAIL_STATUS_IDS[status])}</Chip>;
}

const KIND_IDS: Record<string, MessageId> = {
  REMINDER: 'admin.outbox.kind.REMINDER',
  MANUAL_REMINDER: 'admin.outbox.kind.MANUAL_REMINDER',
  DIGEST: 'admin.outbox.kind.DIGEST',
};

/** What a message is, in words (messages from before the kind was kept read "Message"). */
export const mailKindText = (mail: Pick<MailDto, 'kind'>) => t(KIND_IDS[mail.kind ?? ''] ?? 'admin.outbox.kind.OTHER');
