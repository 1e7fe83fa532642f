import { grid } from 'styled-system/patterns';

/**
 * The dashboard's lists of cards (completed courses, my sessions): one gap between cards and no list
 * markers. Each list sets its own columns (a session card holds more text, so it widens later).
 */
export const dashboardCardList = grid({ gap: { base: '4', md: '5' }, listStyle: 'none', p: 0, m: 0 });
