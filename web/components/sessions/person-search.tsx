import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { css } from 'styled-system/css';
import { flex, hstack } from 'styled-system/patterns';
import { sessionQueries, type SearchTarget, type SessionPerson } from '../../api/session-queries';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';
import { Alert, Button, TextField } from '../../ui';

/**
 * Find a person by name, username or department and act on them (mark a walk-in present, invite,
 * add as trainer). `target`: the session whose runner searches, or null for the schedule form.
 */
export function PersonSearch({
  target,
  label,
  actionLabel,
  actionAria,
  onPick,
  busy = false,
  exclude = [],
  error,
}: {
  target: SearchTarget;
  label: string;
  actionLabel: string;
  actionAria: (name: string) => string;
  onPick: (person: SessionPerson) => void;
  busy?: boolean;
  exclude?: readonly string[];
  /** The form's message about this choice (the schedule form: no trainer yet). */
  error?: string;
}) {
  const [text, setText] = useState('');
  const query = useDeferredValue(text.trim());
  const found = useQuery(sessionQueries.people(target, query));
  const people = (found.data ?? []).filter((p) => !exclude.includes(p.id));
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <TextField
        type="search"
        label={label}
        helperText={t('sessions.search.hint')}
        error={error}
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
      />
      {found.isError ? <Alert status="error">{errorText(found.error, t('sessions.search.failed'))}</Alert> : null}
      {query.length >= 2 && found.isSuccess ? (
        people.length === 0 ? (
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })} role="status">
            {t('sessions.search.none')}
          </p>
        ) : (
          <ul aria-label={t('sessions.search.results')} className={listClass}>
            {people.map((person) => (
              <li key={person.id} className={itemClass}>
                <span className={css({ display: 'flex', flexDirection: 'column', minW: 0 })}>
                  <bdi className={css({ fontWeight: 'medium' })}>{person.name}</bdi>
                  <span className={css({ fontSize: 'xs', color: 'fg.muted', overflowWrap: 'anywhere' })}>
                    <bdi>{[person.jobTitle, person.department, person.username].filter(Boolean).join(' · ')}</bdi>
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  leftIcon={<UserPlus />}
                  disabled={busy}
                  aria-label={actionAria(person.name)}
                  onClick={() => {
                    onPick(person);
                    setText('');
                  }}
                  className={css({ minH: '44px', flexShrink: 0 })}
                >
                  {actionLabel}
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

const listClass = flex({
  direction: 'column',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  maxH: '18rem',
  overflowY: 'auto',
});
const itemClass = hstack({
  justify: 'space-between',
  gap: '3',
  px: '3',
  py: '2',
  '&:not(:last-child)': { borderBottomWidth: '1px', borderColor: 'border.default' },
});
