import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';

const box = css({ fontFamily: 'mono', bg: 'bg.muted', px: '3', py: '2', borderRadius: 'md', wordBreak: 'break-all' });
const sizes = { sm: css({ fontSize: 'sm' }), lg: css({ fontSize: 'lg' }) };

/**
 * A value an admin copies into another system or hands on (a generated password, a directory
 * token, the SCIM base URL): monospace on a muted box, broken anywhere so a long one wraps instead
 * of widening the dialog.
 */
export function CodeBox({
  size,
  testId,
  className,
  children,
}: {
  size: keyof typeof sizes;
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <code data-testid={testId} className={cx(box, sizes[size], className)}>
      {children}
    </code>
  );
}
