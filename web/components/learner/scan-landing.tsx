import { LayoutDashboard, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { stack } from 'styled-system/patterns';
import { Link } from 'wouter';
import { PageHeader } from '../page-header';
import { Button, Card } from '../../ui';
import { t } from '../../i18n';

const panel = css({ display: 'flex', flexDirection: 'column', gap: '5', p: { base: '5', md: '8' }, maxW: '40rem' });
const done = stack({ align: 'center', gap: '2', textAlign: 'center', py: '4' });

/**
 * Where a QR shown on someone else's device leads on the learner's own phone (session check-in, a
 * toolbox talk's signature): one panel with what happened, and the way on to the dashboard.
 */
export function ScanLanding({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string | undefined;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Card variant="outline" className={panel}>
        {children}
        <Button asChild size="lg" variant="outline" palette="neutral" className={css({ alignSelf: 'flex-start' })}>
          <Link href="/dashboard">
            <LayoutDashboard aria-hidden /> {t('checkIn.toDashboard')}
          </Link>
        </Button>
      </Card>
    </>
  );
}

/** The outcome once it is recorded: a large icon, the headline and a line of what it means, announced. */
export function ScanOutcome({
  icon: Icon,
  title,
  text,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  testId?: string;
}) {
  return (
    <div role="status" className={done} data-testid={testId}>
      <Icon aria-hidden size={56} className={css({ color: 'success.fg' })} />
      <p className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{title}</p>
      <p className={css({ color: 'fg.muted' })}>{text}</p>
    </div>
  );
}
