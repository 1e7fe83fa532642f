import { UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { talkQueries, type CrewPerson } from '../../api/talk-queries';
import { t } from '../../i18n';
import { Button, TextField } from '../../ui';
import { PeopleSearch } from '../evaluation/people-search';

const box = css({ display: 'flex', flexDirection: 'column', gap: '3' });

/**
 * Puts people on the sheet: crew members found by search (offline, the people seen in earlier
 * searches), or a name typed by hand for someone without an account (a visitor, an agency worker).
 */
export function CrewAdder(props: {
  userId: string;
  onSheet: ReadonlySet<string>;
  onAdd: (person: { userId: string | null; name: string }) => void;
}) {
  const [byHand, setByHand] = useState('');
  const [error, setError] = useState<string | null>(null);

  const addByHand = (e: FormEvent) => {
    e.preventDefault();
    if (!byHand.trim()) {
      setError(t('talks.crew.nameMissing'));
      return;
    }
    setError(null);
    props.onAdd({ userId: null, name: byHand.trim() });
    setByHand('');
  };
  const add = (person: CrewPerson) => props.onAdd({ userId: person.id, name: person.name });

  return (
    <section aria-labelledby="crew-title" className={box}>
      <h2 id="crew-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {t('talks.crew.title')}
      </h2>
      <PeopleSearch
        catalog="talks.crew"
        queryFor={(search) => talkQueries.crew(props.userId, search)}
        noneIcon={<UserPlus />}
        noneHeadingLevel="h3"
      >
        {(person) => {
          const added = props.onSheet.has(person.id);
          return (
            <Button
              type="button"
              variant="outline"
              size="lg"
              fullWidth
              disabled={added}
              leftIcon={<UserPlus />}
              onClick={() => add(person)}
              className={css({ justifyContent: 'flex-start', h: 'auto!', minH: '12', py: '2' })}
            >
              <span className={css({ display: 'flex', flexDirection: 'column', alignItems: 'start' })}>
                <bdi>{added ? t('talks.crew.added', { name: person.name }) : person.name}</bdi>
                <bdi className={css({ fontSize: 'sm', color: 'fg.muted', fontWeight: 'normal' })}>
                  {[person.jobTitle, person.department].filter(Boolean).join(' · ')}
                </bdi>
              </span>
            </Button>
          );
        }}
      </PeopleSearch>
      <form noValidate onSubmit={addByHand} className={box}>
        <TextField
          size="lg"
          label={t('talks.crew.byHand')}
          helperText={t('talks.crew.byHandHelp')}
          autoComplete="off"
          value={byHand}
          onChange={(e) => setByHand(e.target.value)}
          error={error}
        />
        <Button type="submit" variant="outline" size="lg" leftIcon={<UserPlus />}>
          {t('talks.crew.addByHand')}
        </Button>
      </form>
    </section>
  );
}
