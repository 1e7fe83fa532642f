import { complianceLevel, type ComplianceLevel } from '@contract/rules/compliance-level';
import { CircleCheck, CircleAlert, TriangleAlert } from 'lucide-react';
import type { ReactElement } from 'react';
import { css, cx } from 'styled-system/css';
import { formatPercent } from '../../../format';
import { t } from '../../../i18n';

const LEVEL_LOOK: Record<ComplianceLevel, { className: string; icon: ReactElement; label: () => string }> = {
  good: {
    className: css({ color: 'success.fg' }),
    icon: <CircleCheck aria-hidden />,
    label: () => t('admin.compliance.level.good'),
  },
  warning: {
    className: css({ color: 'warning.fg' }),
    icon: <CircleAlert aria-hidden />,
    label: () => t('admin.compliance.level.warning'),
  },
  danger: {
    className: css({ color: 'error.fg' }),
    icon: <TriangleAlert aria-hidden />,
    label: () => t('admin.compliance.level.danger'),
  },
};

/**
 * The compliant percentage coloured by its level (thresholds in `contract/rules/compliance-level.ts`),
 * with the level's icon and words beside it: the colour is never the only cue.
 */
export function CompliancePercent({ percent, counted }: { percent: number; counted: number }) {
  if (counted === 0)
    return <p className={css({ fontSize: '3xl', fontWeight: 'bold', lineHeight: '1', color: 'fg.muted' })}>—</p>;
  const look = LEVEL_LOOK[complianceLevel(percent)];
  return (
    <div className={cx(css({ display: 'flex', flexDirection: 'column', gap: '1' }), look.className)}>
      <p className={css({ fontSize: '3xl', fontWeight: 'bold', lineHeight: '1' })}>{formatPercent(percent, 1)}</p>
      <p
        className={css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '1',
          fontSize: 'xs',
          fontWeight: 'semibold',
          '& svg': { w: '3.5', h: '3.5', flexShrink: 0 },
        })}
      >
        {look.icon}
        {look.label()}
      </p>
    </div>
  );
}
