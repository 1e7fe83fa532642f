import { isExpiringSoon, PRIORITY_TONE, type AnnouncementDto } from '@contract/announcements';
import { css } from 'styled-system/css';
import { formatDateTime } from '../../../format';
import { t } from '../../../i18n';
import { PRIORITY_IDS } from '../../../i18n/labels';
import { Button, Chip, Detail, DetailList, Dialog } from '../../../ui';

/** One announcement read in full: its priority and state, the text, the author and the dates. */
export function AnnouncementViewDialog({ item, onClose }: { item: AnnouncementDto | null; onClose: () => void }) {
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(o) => (!o ? onClose() : undefined)}
      title={item?.title ?? ''}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      {item ? (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <Chip palette={PRIORITY_TONE[item.priority]}>{t(PRIORITY_IDS[item.priority])}</Chip>
            <Chip palette={item.isActive ? 'success' : 'neutral'}>
              {item.isActive ? t('admin.announcements.active') : t('admin.announcements.inactive')}
            </Chip>
            {isExpiringSoon(item.expiresAt) ? (
              <Chip palette="warning">{t('admin.announcements.expiringSoon')}</Chip>
            ) : null}
          </div>
          <p dir="auto" className={css({ whiteSpace: 'pre-wrap' })}>
            {item.content}
          </p>
          <DetailList muted>
            <Detail term={t('admin.announcements.col.author')}>
              <bdi>{item.authorName}</bdi>
            </Detail>
            <Detail term={t('admin.announcements.created')}>{formatDateTime(item.createdAt)}</Detail>
            <Detail term={t('admin.announcements.col.expires')}>
              {formatDateTime(item.expiresAt, t('admin.announcements.never'))}
            </Detail>
          </DetailList>
        </div>
      ) : null}
    </Dialog>
  );
}
