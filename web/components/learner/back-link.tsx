import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { Link } from 'wouter';
import { flipInRtl } from '../../ui';

/** The way back up from a course's page or one of its parts (an arrow that points backwards in either direction). */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '1.5',
        fontSize: 'sm',
        color: 'brand.fg',
        fontWeight: 'medium',
        _hover: { textDecoration: 'underline' },
      })}
    >
      <ArrowLeft aria-hidden className={cx(css({ w: '4', h: '4' }), flipInRtl)} /> {children}
    </Link>
  );
}
