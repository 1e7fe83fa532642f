import { css } from 'styled-system/css';

/** The landing page's content width: every section's inner box. */
export const container = css({ width: '100%', maxW: '1200px', mx: 'auto', px: { base: '4', sm: '6', lg: '8' } });

export function SectionHeading({
  eyebrow,
  title,
  description,
  id,
}: {
  eyebrow: string;
  title: string;
  description: string;
  id: string;
}) {
  return (
    <div
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '3',
        maxW: '640px',
        mb: { base: '8', md: '12' },
      })}
    >
      <span
        className={css({
          fontSize: 'sm',
          fontWeight: 'semibold',
          color: 'accent.fg',
          textTransform: 'uppercase',
          letterSpacing: '0.08em',
        })}
      >
        {eyebrow}
      </span>
      <h2
        id={id}
        className={css({
          fontSize: { base: '2xl', md: '4xl' },
          fontWeight: 'bold',
          letterSpacing: '-0.025em',
          lineHeight: '1.15',
        })}
      >
        {title}
      </h2>
      <p className={css({ fontSize: { base: 'md', md: 'lg' }, color: 'fg.muted', lineHeight: '1.6' })}>{description}</p>
    </div>
  );
}
