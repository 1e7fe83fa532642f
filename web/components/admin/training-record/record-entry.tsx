import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { wrap } from 'styled-system/patterns';
import { panel } from '../../../ui';

/** The pieces the record's list sections share (exemptions, events, evaluations, credentials, mail). */

export const sectionTitle = css({ fontSize: 'xl', fontWeight: 'semibold', mb: '3' });
export const listClass = css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '3' });

/** One card of a list section: a title with its badge, then what the entry says. `heading`: the title is an h3. */
export function RecordEntry({
  title,
  badge,
  heading = false,
  children,
}: {
  title: string;
  badge: ReactNode;
  heading?: boolean;
  children: ReactNode;
}) {
  const titleClass = css({ fontWeight: 'semibold', fontSize: heading ? 'md' : undefined });
  return (
    <li
      className={cx(panel(), css({ display: 'flex', flexDirection: 'column', gap: '1.5', overflowWrap: 'anywhere' }))}
    >
      <div className={wrap({ align: 'center', justify: 'space-between', gap: '2' })}>
        {heading ? <h3 className={titleClass}>{title}</h3> : <span className={titleClass}>{title}</span>}
        {badge}
      </div>
      {children}
    </li>
  );
}
