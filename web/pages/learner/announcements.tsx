import {
  isExpiringSoon,
  matchesAnnouncement,
  PRIORITIES,
  PRIORITY_TONE,
  type AnnouncementDto,
  type Priority,
} from '@contract/announcements';
import { Megaphone, Search } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { chip } from 'styled-system/recipes';
import { announcementsApi } from '../../api/announcements';
import { queryKeys } from '../../api/query-keys';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { QueryState } from '../../components/query-state';
import { Card, Chip, EmptyState, TextField } from '../../ui';
import { formatDate } from '../../format';
import { t } from '../../i18n';
import { PRIORITY_IDS } from '../../i18n/labels';

const FILTERS: ('ALL' | Priority)[] = ['ALL', ...PRIORITIES];

/** /announcements: active, unexpired announcements, URGENT first, searchable and filtered by priority in the browser (the list is short). */
export function AnnouncementsPage() {
  useDocumentTitle(t('announcements.title'));
  const active = useQuery({
    queryKey: queryKeys.learner.announcements,
    queryFn: ({ signal }) => announcementsApi.active(signal),
  });
  const items: AnnouncementDto[] = active.data ?? [];
  const [search, setSearch] = useState('');
  const [priority, setPriority] = useState<'ALL' | Priority>('ALL');

  const visible = useMemo(
    () => items.filter((a) => (priority === 'ALL' || a.priority === priority) && matchesAnnouncement(a, search)),
    [items, priority, search],
  );

  return (
    <>
      <PageHeader title={t('announcements.title')} subtitle={t('announcements.subtitle')} />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', mb: '5' })}>
        <div className={css({ maxW: { md: '420px' } })}>
          <TextField
            label={t('announcements.search')}
            type="search"
            placeholder={t('announcements.searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div
          role="group"
          aria-label={t('announcements.filter')}
          className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}
        >
          {FILTERS.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={priority === p}
              onClick={() => setPriority(p)}
              className={cx(
                chip({
                  palette: p === 'ALL' ? 'brand' : PRIORITY_TONE[p],
                  variant: priority === p ? 'solid' : 'outline',
                  size: 'md',
                }),
                css({
                  cursor: 'pointer',
                  _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
                }),
              )}
            >
              {p === 'ALL' ? t('announcements.all') : t(PRIORITY_IDS[p])}
            </button>
          ))}
        </div>
      </div>
      <QueryState
        query={active}
        loadingLabel={t('announcements.loading')}
        failureMessage={() => t('announcements.loadFailed')}
      >
        {visible.length === 0 ? (
          <EmptyState
            bordered
            icon={search || priority !== 'ALL' ? <Search /> : <Megaphone />}
            title={t('announcements.empty')}
          />
        ) : (
          <ul
            className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', lg: 'repeat(2, 1fr)' }, gap: '4' })}
          >
            {visible.map((a) => (
              <Card as="li" key={a.id} className={css({ p: '5', display: 'flex', flexDirection: 'column', gap: '2' })}>
                <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' })}>
                  <Chip palette={PRIORITY_TONE[a.priority]}>{t(PRIORITY_IDS[a.priority])}</Chip>
                  {isExpiringSoon(a.expiresAt) ? (
                    <Chip palette="warning" variant="outline">
                      {t('announcements.expiringSoon')}
                    </Chip>
                  ) : null}
                </div>
                <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
                  <bdi>{a.title}</bdi>
                </h2>
                <p dir="auto" className={css({ whiteSpace: 'pre-wrap', color: 'fg.default' })}>
                  {a.content}
                </p>
                <p className={css({ fontSize: 'sm', color: 'fg.muted', mt: 'auto' })}>
                  <bdi>{a.authorName}</bdi> · {formatDate(a.createdAt)}
                  {a.expiresAt ? ` · ${t('announcements.expires', { date: formatDate(a.expiresAt) })}` : ''}
                </p>
              </Card>
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}
