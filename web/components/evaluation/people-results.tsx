import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { t } from '../../i18n';
import { EmptyState } from '../../ui';
import { QueryState } from '../query-state';
import { choiceList } from './panel-style';

/** The search needs this many letters before it asks. */
export const PEOPLE_SEARCH_MIN = 2;

/**
 * The people a search on a phone found (the trainee to evaluate, the crew of a talk): offline, the
 * people seen in earlier searches, with a line that says so. `catalog` is where the screen keeps its
 * words: `<catalog>.loading`, `.failed`, `.offline`, `.none` and `.results`.
 */
export function PeopleResults<P extends { id: string }>({
  search,
  query,
  catalog,
  noneIcon,
  noneHeadingLevel,
  children,
}: {
  search: string;
  query: UseQueryResult<{ people: P[]; offline: boolean }>;
  catalog: 'evaluate.trainee' | 'talks.crew';
  noneIcon: ReactNode;
  noneHeadingLevel?: 'h3';
  children: (person: P) => ReactNode;
}) {
  if (search.length < PEOPLE_SEARCH_MIN) return null;
  return (
    <QueryState query={query} loadingLabel={t(`${catalog}.loading`)} failureMessage={t(`${catalog}.failed`)}>
      {query.data ? (
        <>
          {query.data.offline ? (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t(`${catalog}.offline`)}</p>
          ) : null}
          {query.data.people.length === 0 ? (
            <EmptyState icon={noneIcon} title={t(`${catalog}.none`)} headingLevel={noneHeadingLevel} />
          ) : (
            <ul className={choiceList} aria-label={t(`${catalog}.results`)}>
              {query.data.people.map((person) => (
                <li key={person.id}>{children(person)}</li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </QueryState>
  );
}
