import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { Link } from 'wouter';
import { flipInRtl, textLink } from '../../ui';

/** The way back up from a course's page or one of its parts (an arrow that points backwards in either direction). */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className={cx(textLink({ strong: true }), css({ gap: '1.5', fontSize: 'sm' }))}>
      <ArrowLeft aria-hidden className={cx(css({ w: '4', h: '4' }), flipInRtl)} /> {children}
    </Link>
  );
}
