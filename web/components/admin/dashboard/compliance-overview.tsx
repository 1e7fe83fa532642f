import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Clock, ShieldCheck, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { grid, hstack } from 'styled-system/patterns';
import { Link } from 'wouter';
import { hasErrorCode } from '../../../api/client';
import { LAPSE_WINDOWS } from '@contract/compliance-lapses';
import type { ComplianceSummary } from '../../../api/compliance';
import { complianceSummaryQuery } from '../../../api/compliance-queries';
import { formatNumber } from '../../../format';
import { t } from '../../../i18n';
import { Card, EmptyState, textLink } from '../../../ui';
import { QueryState } from '../../query-state';
import { CompliancePercent } from '../compliance/compliance-level';

const linkClass = cx(textLink({ strong: true }), css({ fontSize: 'sm', mt: 'auto' }));

/**
 * The admin dashboard's first section: the organisation's compliance (percent compliant, overdue,
 * due soon, the 30/60/90-day forecast), each card opening the compliance matrix filtered to it and
 * each forecast bucket the list of who lapses. Hidden for an administrator without Report Generation.
 */
export function ComplianceOverview() {
  const query = useQuery({ ...complianceSummaryQuery, retry: (count, error) => !forbidden(error) && count < 2 });
  if (forbidden(query.error)) return null;
  return (
    <section aria-labelledby="dashboard-compliance-title" className={css({ mb: '8' })}>
      <h2 id="dashboard-compliance-title" className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '3' })}>
        {t('admin.dashboard.compliance.title')}
      </h2>
      <QueryState
        query={query}
        loadingLabel={t('admin.compliance.loading')}
        failureMessage={t('admin.compliance.loadFailed')}
      >
        {query.data ? (
          query.data.hasRequirements ? (
            <Cards summary={query.data.summary} />
          ) : (
            <EmptyState
              bordered
              icon={<ShieldCheck />}
              title={t('admin.compliance.emptyTitle')}
              headingLevel="h3"
              actions={
                <Link href="/admin/compliance?tab=requirements" className={linkClass}>
                  {t('admin.compliance.addRequirement')}
                </Link>
              }
            />
          )
        ) : null}
      </QueryState>
    </section>
  );
}

const forbidden = (error: unknown) => hasErrorCode(error, 'FORBIDDEN');

function Cards({ summary }: { summary: ComplianceSummary }) {
  const counted = summary.compliant + summary.dueSoon + summary.pending + summary.overdue;
  return (
    <div
      className={grid({ gap: '4', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } })}
    >
      <Tile
        icon={<ShieldCheck />}
        label={t('admin.dashboard.compliance.percent')}
        value={<CompliancePercent percent={summary.percentCompliant} counted={counted} />}
        href="/admin/compliance"
        linkText={t('admin.dashboard.compliance.openMatrix')}
      />
      <Tile
        icon={<TriangleAlert />}
        label={t('admin.dashboard.compliance.overdue')}
        value={<Figure value={summary.overdue} />}
        href="/admin/compliance?status=overdue"
        linkText={t('admin.compliance.show.overdue')}
      />
      <Tile
        icon={<Clock />}
        label={t('admin.dashboard.compliance.dueSoon')}
        value={<Figure value={summary.dueSoon} />}
        href="/admin/compliance?status=due-soon"
        linkText={t('admin.compliance.show.dueSoon')}
      />
      <Card className={css({ p: '4', display: 'flex', flexDirection: 'column', gap: '2' })}>
        <TileLabel icon={<CalendarClock />} label={t('admin.compliance.forecastTitle')} />
        <ul className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '1.5' })}>
          {LAPSE_WINDOWS.map((days) => {
            const count = summary.forecast[`d${days}`];
            return (
              <li key={days} className={css({ display: 'flex', justifyContent: 'space-between', gap: '2' })}>
                <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                  {t('admin.compliance.nextDays', { days })}
                </span>
                <Link
                  href={`/admin/compliance?lapse=${days}`}
                  aria-label={t('admin.compliance.lapse.open', { days, count })}
                  className={cx(
                    textLink(),
                    css({
                      fontSize: 'sm',
                      fontWeight: 'semibold',
                      fontVariantNumeric: 'tabular-nums',
                      whiteSpace: 'nowrap',
                    }),
                  )}
                >
                  {t('admin.compliance.people', { count })}
                </Link>
              </li>
            );
          })}
        </ul>
      </Card>
    </div>
  );
}

function Figure({ value }: { value: number }) {
  return <p className={css({ fontSize: '3xl', fontWeight: 'bold', lineHeight: '1' })}>{formatNumber(value)}</p>;
}

function TileLabel({ icon, label }: { icon: ReactNode; label: string }) {
  return (
    <div className={hstack({ gap: '2', color: 'brand.fg', '& svg': { w: '5', h: '5' } })}>
      <span aria-hidden>{icon}</span>
      <span className={css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.muted' })}>{label}</span>
    </div>
  );
}

function Tile({
  icon,
  label,
  value,
  href,
  linkText,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  href: string;
  linkText: string;
}) {
  return (
    <Card className={css({ p: '4', display: 'flex', flexDirection: 'column', gap: '2' })}>
      <TileLabel icon={icon} label={label} />
      {value}
      <Link href={href} className={linkClass}>
        {linkText}
      </Link>
    </Card>
  );
}
