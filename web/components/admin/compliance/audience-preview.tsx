import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { complianceQueries } from '../../../api/compliance-queries';
import { formatList } from '../../../format';
import { t } from '../../../i18n';

interface AudienceTerms {
  bookId: string;
  department: string;
  jobTitle: string;
  /** '' for any site. */
  siteId: string;
}

/** Typing settles for this long before the server is asked again. */
const SETTLE_MS = 300;

/**
 * "Covers N people: Ana, Ben and 3 more" under the requirement form, counted by the server with
 * the rule itself while the terms are typed, so an audience of nobody shows before saving.
 */
export function AudiencePreview({ bookId, department, jobTitle, siteId }: AudienceTerms) {
  const [terms, setTerms] = useState<AudienceTerms | null>(null);
  useEffect(() => {
    const next = { bookId, department: department.trim(), jobTitle: jobTitle.trim(), siteId };
    // Nothing to count until a book or an audience is named.
    const timer = setTimeout(
      () => setTerms(next.bookId || next.department || next.jobTitle || next.siteId ? next : null),
      SETTLE_MS,
    );
    return () => clearTimeout(timer);
  }, [bookId, department, jobTitle, siteId]);
  const preview = useQuery({
    ...complianceQueries.audience(terms ?? { bookId: '', department: '', jobTitle: '', siteId: '' }),
    enabled: terms !== null,
    placeholderData: keepPreviousData,
  });
  if (terms === null) return null;

  let text: string;
  let names: string | null = null;
  if (preview.data) {
    const { count, people } = preview.data;
    text = t('admin.req.covers', { count });
    const list = formatList(people.map((p) => p.name));
    if (people.length > 0)
      names = count > people.length ? t('admin.req.coversMore', { names: list, more: count - people.length }) : list;
  } else {
    text = preview.isError ? t('admin.req.coversFailed') : t('admin.req.coversCounting');
  }
  return (
    <div
      role="status"
      data-testid="audience-preview"
      aria-busy={preview.isFetching}
      className={css({
        borderWidth: '1px',
        borderColor: 'border.default',
        borderRadius: 'lg',
        bg: 'bg.subtle',
        px: '3',
        py: '2',
        fontSize: 'sm',
      })}
    >
      <strong>{text}</strong>
      {names && (
        <>
          {': '}
          <bdi>{names}</bdi>
        </>
      )}
    </div>
  );
}
