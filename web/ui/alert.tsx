import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { alert } from 'styled-system/recipes/alert';

const icons = { info: Info, success: CircleCheck, warning: TriangleAlert, error: CircleAlert } as const;

export interface AlertProps {
  status?: 'info' | 'success' | 'warning' | 'error';
  title?: ReactNode;
  children?: ReactNode;
  /** Right-hand action, e.g. a "Retry" or "Request new link" button. */
  action?: ReactNode;
  className?: string;
  /** Errors interrupt (role=alert); the others are polite (role=status). */
  role?: 'alert' | 'status';
}

/** Alert: an inline message block for page or form feedback (errors, success, notices). */
export function Alert({ status = 'info', title, children, action, className, role }: AlertProps) {
  const classes = alert({ status });
  const Icon = icons[status];
  return (
    <div role={role ?? (status === 'error' ? 'alert' : 'status')} className={cx(classes.root, className)}>
      <span className={classes.icon}>
        <Icon aria-hidden />
      </span>
      <div className={classes.content}>
        {title ? <p className={classes.title}>{title}</p> : null}
        {children ? <div className={classes.description}>{children}</div> : null}
      </div>
      {action ? <div className={classes.action}>{action}</div> : null}
    </div>
  );
}
