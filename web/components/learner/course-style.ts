import { css } from 'styled-system/css';

/** The course's book (domain) above its title on the learner's course cards: small capitals in the accent colour. */
export const courseDomainLabel = css({
  fontSize: 'xs',
  fontWeight: 'semibold',
  color: 'accent.fg',
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});
