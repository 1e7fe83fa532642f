import { DEFAULT_PASSING_SCORE } from '@contract/course';

/** Score colour: green at 70 or more, red below. */
export const scoreColor = (score: number) => (score >= DEFAULT_PASSING_SCORE ? 'success.fg' : 'error.fg');
