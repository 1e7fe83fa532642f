import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { flex } from 'styled-system/patterns';
import type { EvaluationDraft, ItemResult } from '../../../statecharts/evaluation.machine';
import { t } from '../../i18n';
import { Button, Chip, panel, TextField } from '../../ui';
import { pickable } from './panel-style';

const RESULTS: readonly ItemResult[] = ['PASS', 'NOT_YET', 'NOT_APPLICABLE'];

export const resultLabel = (result: ItemResult) =>
  result === 'PASS'
    ? t('evaluate.result.pass')
    : result === 'NOT_YET'
      ? t('evaluate.result.notYet')
      : t('evaluate.result.na');

const segment = cx(
  pickable,
  flex({
    align: 'center',
    justify: 'center',
    flex: '1',
    minH: '12',
    textAlign: 'center',
    px: '2',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'md',
    fontSize: 'sm',
    fontWeight: 'medium',
    '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.6 },
  }),
);
const chosen: Record<ItemResult, string> = {
  PASS: css({ bg: 'success.solid!', color: 'success.contrast', borderColor: 'success.solid' }),
  NOT_YET: css({ bg: 'error.solid!', color: 'error.contrast', borderColor: 'error.solid' }),
  NOT_APPLICABLE: css({ bg: 'neutral.solid!', color: 'neutral.contrast', borderColor: 'neutral.solid' }),
};

interface ItemListProps {
  draft: EvaluationDraft;
  onResult: (itemId: string, result: ItemResult) => void;
  onNote: (itemId: string, note: string) => void;
}

/** The observed items, each a fieldset of three large choices (gloves) and an optional note. */
export function ItemList({ draft, onResult, onNote }: ItemListProps) {
  return (
    <ol className={css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: 0, m: 0 })}>
      {draft.items.map((item, index) => (
        <li key={item.id}>
          <ItemRow
            number={index + 1}
            itemId={item.id}
            text={item.text}
            critical={item.critical}
            result={draft.results[item.id]?.result ?? null}
            note={draft.results[item.id]?.note ?? ''}
            onResult={onResult}
            onNote={onNote}
          />
        </li>
      ))}
    </ol>
  );
}

interface ItemRowProps {
  number: number;
  itemId: string;
  text: string;
  critical: boolean;
  result: ItemResult | null;
  note: string;
  onResult: ItemListProps['onResult'];
  onNote: ItemListProps['onNote'];
}

function ItemRow({ number, itemId, text, critical, result, note, onResult, onNote }: ItemRowProps) {
  const [noteOpen, setNoteOpen] = useState(note !== '');
  const name = `item-${itemId}`;
  return (
    <fieldset
      className={cx(panel(), css({ m: 0, display: 'flex', flexDirection: 'column', gap: '3' }))}
      data-testid="evaluation-item"
    >
      <legend className={css({ float: 'left', width: '100%', p: 0, fontWeight: 'medium' })}>
        <span className={css({ color: 'fg.muted', me: '2' })}>{number}.</span>
        <bdi>{text}</bdi>
        {critical ? (
          <Chip palette="warning" className={css({ ms: '2' })}>
            {t('evaluate.item.critical')}
          </Chip>
        ) : null}
      </legend>
      <div className={css({ display: 'flex', gap: '2', clear: 'both' })}>
        {RESULTS.map((value) => {
          const disabled = critical && value === 'NOT_APPLICABLE';
          return (
            <label key={value} className={cx(segment, result === value && chosen[value])}>
              <input
                type="radio"
                name={name}
                value={value}
                checked={result === value}
                disabled={disabled}
                onChange={() => onResult(itemId, value)}
                className={css({ srOnly: true })}
              />
              {resultLabel(value)}
            </label>
          );
        })}
      </div>
      {noteOpen ? (
        <TextField
          multiline
          rows={2}
          label={t('evaluate.item.note', { number })}
          value={note}
          onChange={(e) => onNote(itemId, e.target.value)}
          maxLength={1000}
        />
      ) : (
        <Button
          variant="ghost"
          size="lg"
          className={css({ alignSelf: 'flex-start' })}
          onClick={() => setNoteOpen(true)}
        >
          {t('evaluate.item.addNote')}
          <span className={css({ srOnly: true })}>{t('evaluate.item.forItem', { number })}</span>
        </Button>
      )}
    </fieldset>
  );
}
