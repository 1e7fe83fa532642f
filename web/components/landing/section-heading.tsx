import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { stack } from 'styled-system/patterns';

/** The landing page's content width: every section's inner box. */
export const container = css({ width: '100%', maxW: '1200px', mx: 'auto', px: { base: '4', sm: '6', lg: '8' } });

/** A section's small capitals line above its title, its title and its lead paragraph. */
export const eyebrowText = css({
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'accent.fg',
  textTransform: 'uppercase',
  letterSpacing: '0.08em',
});
export const titleText = css({
  fontSize: { base: '2xl', md: '4xl' },
  fontWeight: 'bold',
  letterSpacing: '-0.025em',
  lineHeight: '1.15',
});
export const leadText = css({ fontSize: { base: 'md', md: 'lg' }, color: 'fg.muted', lineHeight: '1.6' });

/**
 * The vertical room of a section the top bar's links jump to (#features, #courses, #feedback): the
 * scroll margin keeps its top clear of the fixed 64 px bar.
 */
export const anchoredSection = css({ py: { base: '16', md: '24' }, scrollMarginTop: '64px' });

/** A landing section reached by its anchor (`id`), named by its heading (`<id>-title`), its content under the heading. */
export function LandingSection({
  id,
  eyebrow,
  title,
  description,
  className,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  description: string;
  className?: string;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={titleId} className={cx(anchoredSection, className)}>
      <div className={container}>
        <SectionHeading id={titleId} eyebrow={eyebrow} title={title} description={description} />
        {children}
      </div>
    </section>
  );
}

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
    <div className={stack({ gap: '3', maxW: '640px', mb: { base: '8', md: '12' } })}>
      <span className={eyebrowText}>{eyebrow}</span>
      <h2 id={id} className={titleText}>
        {title}
      </h2>
      <p className={leadText}>{description}</p>
    </div>
  );
}
