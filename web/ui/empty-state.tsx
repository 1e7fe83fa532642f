import type { ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { emptyState } from 'styled-system/recipes/empty-state';

export interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons, e.g. "Clear All Filters" or "Make Your First Submission". */
  actions?: ReactNode;
  /** Dashed outline, for empty panels inside a page. */
  bordered?: boolean;
  /** Heading level of the title (default h2; pick what fits the page outline). */
  headingLevel?: 'h1' | 'h2' | 'h3' | 'p';
  className?: string;
}

/** EmptyState: the friendly "nothing here yet" block for empty lists and unbuilt sections. */
export function EmptyState({
  icon,
  title,
  description,
  actions,
  bordered,
  headingLevel: Heading = 'h2',
  className,
}: EmptyStateProps) {
  const classes = emptyState({ bordered });
  return (
    <div className={cx(classes.root, className)}>
      {icon ? (
        <div className={classes.icon} aria-hidden>
          {icon}
        </div>
      ) : null}
      <Heading className={classes.title}>{title}</Heading>
      {description ? <p className={classes.description}>{description}</p> : null}
      {actions ? <div className={classes.actions}>{actions}</div> : null}
    </div>
  );
}
