import { css, cx } from 'styled-system/css';
import { panel } from '../../ui';

/** The bordered card every part of the evaluation screens sits in (signing, acknowledgement, the record). */
export const evaluationPanel = cx(panel(), css({ display: 'flex', flexDirection: 'column', gap: '3' }));
