import { css, cx } from 'styled-system/css';
import { grid, stack } from 'styled-system/patterns';
import { panel } from '../../ui';

/** The bordered card every part of the evaluation screens sits in (signing, acknowledgement, the record). */
export const evaluationPanel = cx(panel(), css({ display: 'flex', flexDirection: 'column', gap: '3' }));

/**
 * One choice in a list the evaluator or foreman picks from on a phone (template, trainee, talk topic):
 * a whole-row label round a hidden radio, tall enough for a gloved thumb.
 */
export const choice = stack({
  gap: '0.5',
  minH: '14',
  px: '4',
  py: '3',
  borderWidth: '2px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  bg: 'bg.surface',
  cursor: 'pointer',
  textAlign: 'start',
  width: '100%',
  _hover: { bg: 'bg.subtle' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
});
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
