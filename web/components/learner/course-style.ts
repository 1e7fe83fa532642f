import { overline } from 'styled-system/recipes/overline';

/** The course's book (domain) above its title on the learner's course cards: small capitals in the accent colour. */
export const courseDomainLabel = overline({ tone: 'accent' });
