import { GitBranch } from 'lucide-react';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { flex, hstack } from 'styled-system/patterns';
import { Link, useLocation, useSearch } from 'wouter';
import { describeMachine, type MachineModel } from '../../../statecharts/tooling/inspect';
import { layoutMachine, type Layout } from '../../../statecharts/tooling/layout';
import { MACHINES, type MachineEntry } from '../../../statecharts/tooling/registry';
import { Brand } from '../../components/brand';
import { MachineView } from '../../components/statecharts/machine-view';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { Alert, Button, EmptyState, TabContent, TabList, Tabs, TabTrigger } from '../../ui';
import { t } from '../../i18n';
import { machineTitle } from '../../i18n/statechart-text';

/**
 * /statecharts (public, no personal data): every machine of statecharts/tooling/registry.ts drawn from
 * its live definition, with a state inspector and a simulator that runs the real machine with
 * placeholder actors and a simulated clock. Lazy-loaded: dagre and the registry never reach the
 * learner bundle.
 */
export function StatechartsPage() {
  useDocumentTitle(t('statecharts.title'));
  const search = useSearch();
  const [, navigate] = useLocation();
  const requested = new URLSearchParams(search).get('machine');
  const current = MACHINES.find((m) => m.key === requested)?.key ?? MACHINES[0]?.key ?? '';

  return (
    <div className={flex({ direction: 'column', minH: '100dvh', bg: 'bg.canvas' })}>
      <header
        className={hstack({
          justify: 'space-between',
          gap: '4',
          px: { base: '4', sm: '8' },
          py: '3',
          borderBottomWidth: '1px',
          borderColor: 'border.default',
          bg: 'bg.surface',
        })}
      >
        <Brand />
        <Button asChild variant="ghost" size="sm">
          <Link href="/">{t('statecharts.home')}</Link>
        </Button>
      </header>
      <main
        className={css({
          flex: '1',
          width: '100%',
          maxW: '1480px',
          mx: 'auto',
          px: { base: '3', sm: '6', lg: '8' },
          py: { base: '5', sm: '8' },
        })}
      >
        <h1
          className={css({
            fontSize: { base: '2xl', sm: '3xl' },
            fontWeight: 'bold',
            letterSpacing: '-0.02em',
            mb: '2',
          })}
        >
          {t('statecharts.title')}
        </h1>
        <p className={css({ color: 'fg.muted', mb: '6', maxW: '75ch' })}>{t('statecharts.intro')}</p>
        {MACHINES.length === 0 ? (
          <EmptyState
            bordered
            icon={<GitBranch />}
            title={t('statecharts.none')}
            description={t('statecharts.noneText')}
          />
        ) : (
          <Tabs
            value={current}
            onValueChange={(key) => navigate(`/statecharts?machine=${encodeURIComponent(key)}`, { replace: true })}
          >
            <TabList aria-label={t('statecharts.machines')} className={wrappingTabs}>
              {MACHINES.map((m) => (
                <TabTrigger key={m.key} value={m.key}>
                  {machineTitle(m)}
                </TabTrigger>
              ))}
            </TabList>
            {MACHINES.map((m) => (
              <TabContent key={m.key} value={m.key}>
                <MachinePanel entry={m} />
              </TabContent>
            ))}
          </Tabs>
        )}
      </main>
    </div>
  );
}

type Drawn = { ok: true; model: MachineModel; layout: Layout } | { ok: false; message: string };

function draw(entry: MachineEntry): Drawn {
  try {
    const model = describeMachine(entry.machine);
    return { ok: true, model, layout: layoutMachine(model) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

function MachinePanel({ entry }: { entry: MachineEntry }) {
  const drawn = useMemo(() => draw(entry), [entry]);
  if (!drawn.ok) {
    return (
      <Alert status="error" title={t('statecharts.drawFailed')} className={css({ mt: '6' })}>
        {drawn.message}
      </Alert>
    );
  }
  return <MachineView entry={entry} model={drawn.model} layout={drawn.layout} />;
}

/**
 * Twelve machines do not fit one row (the list scrolled with its scrollbar hidden, cutting a title
 * at "Cer…"): the tabs wrap onto more rows, each title whole. The sliding underline cannot follow a
 * tab to another row, so the chosen tab is marked by its own border and colour instead.
 */
const wrappingTabs = css({
  flexWrap: 'wrap',
  overflowX: 'visible',
  rowGap: '1',
  '& [data-part=indicator]': { display: 'none' },
  '& [data-part=trigger]': { borderBottomWidth: '2px', borderColor: 'transparent' },
  '& [data-part=trigger][data-selected]': { borderColor: 'brand.solid', bg: 'bg.subtle' },
});
