import { css } from 'styled-system/css';

/** The bordered card every part of the evaluation screens sits in (signing, acknowledgement, the record). */
export const evaluationPanel = css({
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  bg: 'bg.surface',
  p: '4',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
});
