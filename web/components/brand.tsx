import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';
import { PRODUCT_NAME } from '../config';

/** Logo image + product name, linking home. `tone="inverse"` for dark backgrounds. */
export function Brand({
  href = '/',
  tone = 'default',
  className,
}: {
  href?: string;
  tone?: 'default' | 'inverse';
  className?: string;
}) {
  return (
    <Link
      href={href}
      className={cx(
        css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '2.5',
          textDecoration: 'none',
          fontWeight: 'bold',
          fontSize: 'lg',
          letterSpacing: '-0.01em',
          borderRadius: 'md',
        }),
        tone === 'inverse' ? css({ color: 'white' }) : css({ color: 'fg.default' }),
        className,
      )}
    >
      <img src="/logo.svg" alt="" width={32} height={32} className={css({ width: '8', height: '8', flexShrink: 0 })} />
      {/* Its own direction: where the name gives way (the landing page on a phone), it is cut at its end, not its start. */}
      <span dir="auto">{PRODUCT_NAME}</span>
    </Link>
  );
}
