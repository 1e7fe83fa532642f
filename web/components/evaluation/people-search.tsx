import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { t } from '../../i18n';
import { EmptyState, TextField } from '../../ui';
import { QueryState } from '../query-state';
import { choiceList } from './panel-style';

/** The search needs this many letters before it asks. */
const PEOPLE_SEARCH_MIN = 2;

interface PeopleFound<P> {
  people: P[];
  offline: boolean;
}

/**
 * Finding a person on a phone (the trainee to evaluate, the crew of a talk): a search field, and
 * what it found; offline, the people seen in earlier searches, with a line that says so.
 * `catalog` is where the screen keeps its words: `<catalog>.search`, `.searchHelp`, `.loading`,
 * `.failed`, `.offline`, `.none` and `.results`. `chosen` stands between the field and the results.
 */
export function PeopleSearch<P extends { id: string }, K extends QueryKey>({
  catalog,
  queryFor,
  chosen,
  noneIcon,
  noneHeadingLevel,
  children,
}: {
  catalog: 'evaluate.trainee' | 'talks.crew';
  queryFor: (search: string) => UseQueryOptions<PeopleFound<P>, Error, PeopleFound<P>, K>;
  chosen?: ReactNode;
  noneIcon: ReactNode;
  noneHeadingLevel?: 'h3';
  children: (person: P) => ReactNode;
}) {
  const [text, setText] = useState('');
  const search = useDeferredValue(text.trim());
  const query = useQuery({ ...queryFor(search), enabled: search.length >= PEOPLE_SEARCH_MIN });
  return (
    <>
      <TextField
        type="search"
        size="lg"
        label={t(`${catalog}.search`)}
        helperText={t(`${catalog}.searchHelp`)}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {chosen}
      {search.length < PEOPLE_SEARCH_MIN ? null : (
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
      )}
    </>
  );
}
