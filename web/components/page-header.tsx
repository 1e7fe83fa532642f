import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { stackToRow } from 'styled-system/patterns';

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Right-hand actions (buttons); they wrap under the title on narrow screens. */
  actions?: ReactNode;
  /** Small line above the title (e.g. a back link or breadcrumb). */
  eyebrow?: ReactNode;
  className?: string;
}

/** A screen's title (its h1): the one size every page heading has, in PageHeader and on pages with their own header. */
export const pageTitle = css({
  fontSize: { base: '2xl', md: '3xl' },
  fontWeight: 'bold',
  letterSpacing: '-0.02em',
  color: 'fg.default',
  lineHeight: '1.2',
});

/** The heading block every page starts with: one h1, an optional subtitle and actions. */
export function PageHeader({ title, subtitle, actions, eyebrow, className }: PageHeaderProps) {
  return (
    <header
      className={cx(
        stackToRow({
          align: 'flex-end',
          stackAlign: 'stretch',
          justify: 'space-between',
          gap: '4',
          mb: { base: '5', md: '8' },
        }),
        className,
      )}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', minW: 0 })}>
        {eyebrow ? <div className={css({ fontSize: 'sm', color: 'fg.muted' })}>{eyebrow}</div> : null}
        <h1 className={pageTitle}>{title}</h1>
        {subtitle ? <p className={css({ fontSize: { base: 'sm', md: 'md' }, color: 'fg.muted' })}>{subtitle}</p> : null}
      </div>
      {actions ? (
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', flexShrink: 0 })}>{actions}</div>
      ) : null}
    </header>
  );
}
