import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { RequirementDto } from '../../api/compliance';
import { ComplianceMatrix, ExportCsvButton, matrixFilters } from '../../components/admin/compliance-matrix';
import { RequirementsPanel } from '../../components/admin/compliance-requirements';
import { RequirementDialog } from '../../components/admin/compliance/requirement-dialog';
import { PageHeader } from '../../components/page-header';
import { EmailReportButton, ReportEmailList } from '../../components/report-email';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSearchState } from '../../hooks/use-search-state';
import { Button, TabContent, TabList, Tabs, TabTrigger, toaster } from '../../ui';
import { t } from '../../i18n';

type Editing = { requirement: RequirementDto | null } | null;

/** The matrix's filters without its page: what an e-mailed report keeps. */
const reportFilterOf = (search: ReturnType<typeof useSearchState>) => {
  const { page: _page, size: _size, ...filter } = matrixFilters(search);
  return filter;
};

/**
 * /admin/compliance: required training. The matrix (who is compliant, due soon, overdue or exempt
 * on each required course, with the summary and forecast) and the requirements behind it. The tab,
 * the filters and the page are in the address (`?tab=requirements&status=overdue&page=2`).
 */
export function AdminCompliancePage() {
  useDocumentTitle(t('admin.compliance.title'));
  const search = useSearchState();
  const tab = search.get('tab') === 'requirements' ? 'requirements' : 'matrix';
  const [editing, setEditing] = useState<Editing>(null);
  const add = () => setEditing({ requirement: null });

  return (
    <>
      <PageHeader
        title={t('admin.compliance.title')}
        subtitle={t('admin.compliance.subtitle')}
        actions={
          <>
            {tab === 'matrix' ? (
              <>
                <EmailReportButton scope="matrix" filter={reportFilterOf(search)} />
                <ExportCsvButton search={search} />
              </>
            ) : null}
            <Button leftIcon={<Plus />} onClick={add}>
              {t('admin.compliance.addRequirement')}
            </Button>
          </>
        }
      />
      <Tabs value={tab} onValueChange={(value) => search.update({ tab: value === 'requirements' ? value : null })}>
        <TabList aria-label={t('admin.compliance.views')}>
          <TabTrigger value="matrix">{t('admin.compliance.tab.matrix')}</TabTrigger>
          <TabTrigger value="requirements">{t('admin.compliance.tab.requirements')}</TabTrigger>
        </TabList>
        <TabContent value="matrix">
          <ComplianceMatrix search={search} onAddRequirement={add} />
          <ReportEmailList scope="matrix" />
        </TabContent>
        <TabContent value="requirements">
          <RequirementsPanel
            showRetired={search.get('retired') === '1'}
            onShowRetired={(on) => search.update({ retired: on ? '1' : null })}
            onAdd={add}
            onEdit={(requirement) => setEditing({ requirement })}
          />
        </TabContent>
      </Tabs>
      <RequirementDialog
        open={editing !== null}
        requirement={editing?.requirement ?? null}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          toaster.create({ type: 'success', title: message });
        }}
      />
    </>
  );
}
