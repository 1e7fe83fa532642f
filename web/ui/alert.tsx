import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { alert } from 'styled-system/recipes/alert';
import { announce as announceText } from './live-region';

const icons = { info: Info, success: CircleCheck, warning: TriangleAlert, error: CircleAlert } as const;

export interface AlertProps {
  status?: 'info' | 'success' | 'warning' | 'error';
  title?: ReactNode;
  children?: ReactNode;
  /** Right-hand action, e.g. a "Retry" or "Request new link" button. */
  action?: ReactNode;
  className?: string;
  /**
   * Errors interrupt (role=alert, the default for status "error"; pass "none" for an error that is
   * part of the page rather than news). Other alerts are page content unless `announce` is set.
   */
  role?: 'alert' | 'none';
  /**
   * Feedback that appears after an action (a success, a warning): its text is said politely
   * through the app's one live region (web/ui/live-region.ts) when it appears and when it changes.
   */
  announce?: boolean;
}

/** Alert: an inline message block for page or form feedback (errors, success, notices). */
export function Alert({ status = 'info', title, children, action, className, role, announce = false }: AlertProps) {
  const classes = alert({ status });
  const Icon = icons[status];
  const message = useRef<HTMLDivElement>(null);
  const spoken = useRef('');
  const liveRole = (role ?? (status === 'error' ? 'alert' : 'none')) === 'alert' ? 'alert' : undefined;
  useEffect(() => {
    if (!announce || liveRole) return;
    const parts = Array.from(message.current?.children ?? []).map((part) => part.textContent?.trim() ?? '');
    const text = parts.filter(Boolean).join('. ');
    if (text && text !== spoken.current) announceText(text);
    spoken.current = text;
  });
  return (
    <div role={liveRole} className={cx(classes.root, className)}>
      <span className={classes.icon}>
        <Icon aria-hidden />
      </span>
      <div ref={message} className={classes.content}>
        {title ? <p className={classes.title}>{title}</p> : null}
        {children ? <div className={classes.description}>{children}</div> : null}
      </div>
      {action ? <div className={classes.action}>{action}</div> : null}
    </div>
  );
}
