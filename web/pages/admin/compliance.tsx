import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { RequirementDto } from '../../api/compliance';
import { ComplianceMatrix, ExportCsvButton } from '../../components/admin/compliance-matrix';
import { RequirementDialog, RequirementsPanel } from '../../components/admin/compliance-requirements';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSearchState } from '../../hooks/use-search-state';
import { Button, TabContent, TabList, Tabs, TabTrigger, toaster } from '../../ui';

type Editing = { requirement: RequirementDto | null } | null;

/**
 * /admin/compliance: required training. The matrix (who is compliant, due soon, overdue or exempt
 * on each required course, with the summary and forecast) and the requirements behind it. The tab,
 * the filters and the page are in the address (`?tab=requirements&status=overdue&page=2`).
 */
export function AdminCompliancePage() {
  useDocumentTitle('Compliance');
  const search = useSearchState();
  const tab = search.get('tab') === 'requirements' ? 'requirements' : 'matrix';
  const [editing, setEditing] = useState<Editing>(null);
  const add = () => setEditing({ requirement: null });

  return (
    <>
      <PageHeader
        title="Compliance"
        subtitle="Who is trained on the courses they must take, who is due soon or overdue, and who lapses next."
        actions={
          <>
            {tab === 'matrix' ? <ExportCsvButton search={search} /> : null}
            <Button leftIcon={<Plus />} onClick={add}>
              Add requirement
            </Button>
          </>
        }
      />
      <Tabs value={tab} onValueChange={(value) => search.update({ tab: value === 'requirements' ? value : null })}>
        <TabList aria-label="Compliance views">
          <TabTrigger value="matrix">Matrix</TabTrigger>
          <TabTrigger value="requirements">Requirements</TabTrigger>
        </TabList>
        <TabContent value="matrix">
          <ComplianceMatrix search={search} onAddRequirement={add} />
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
