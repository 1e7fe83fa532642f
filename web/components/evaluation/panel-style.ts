import { css, cx } from 'styled-system/css';
import { grid, stack } from 'styled-system/patterns';
import { panel } from '../../ui';

/** The bordered card every part of the evaluation screens sits in (signing, acknowledgement, the record). */
export const evaluationPanel = cx(panel(), css({ display: 'flex', flexDirection: 'column', gap: '3' }));

/**
 * A label round a hidden input that is picked by tapping it (a choice, an item's result): it shows
 * that it can be tapped, and the focus ring of the input inside it.
 */
export const pickable = css({
  bg: 'bg.surface',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
});

/**
 * One choice in a list the evaluator or foreman picks from on a phone (template, trainee, talk topic):
 * a whole-row label round a hidden radio, tall enough for a gloved thumb.
 */
export const choice = cx(
  pickable,
  stack({
    gap: '0.5',
    minH: '14',
    px: '4',
    py: '3',
    borderWidth: '2px',
    borderColor: 'border.default',
    borderRadius: 'lg',
    textAlign: 'start',
    width: '100%',
  }),
);
/** The picked choice. */
export const picked = css({ borderColor: 'brand.solid', bg: 'brand.subtle' });
/** The list the choices stand in. */
export const choiceList = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: 0, m: 0 });

/** The thumbnails of an evaluation's photos (while taking them, and on the record). */
export const photoGrid = grid({
  gap: '2',
  gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
  listStyle: 'none',
  p: 0,
  m: 0,
});
