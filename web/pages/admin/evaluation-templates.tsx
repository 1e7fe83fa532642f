import { useQuery } from '@tanstack/react-query';
import { ClipboardList, Plus } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { evaluationTemplateQueries, type TemplateDto } from '../../api/evaluation-template-queries';
import { TemplateStatusChip, validityText } from '../../components/admin/evaluation-templates/template-labels';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { t } from '../../i18n';
import { Button, DataTable, EmptyState, textLink } from '../../ui';

/**
 * /admin/evaluation-templates: the practical evaluation checklists, one row per template (its
 * newest version: a draft of the next version shows as that draft), with what a pass grants and
 * how long it is valid. A row opens the editor, where earlier versions are listed too.
 */
export function AdminEvaluationTemplatesPage() {
  useDocumentTitle(t('admin.evalTemplates.title'));
  const list = useQuery(evaluationTemplateQueries.list());
  const [, navigate] = useLocation();
  const nameLink = (row: TemplateDto) => (
    <Link href={`/admin/evaluation-templates/${row.id}`} className={linkClass}>
      <bdi>{row.name}</bdi>
    </Link>
  );

  return (
    <>
      <PageHeader
        title={t('admin.evalTemplates.title')}
        subtitle={t('admin.evalTemplates.subtitle')}
        actions={
          <Button leftIcon={<Plus />} onClick={() => navigate('/admin/evaluation-templates/new')}>
            {t('admin.evalTemplates.new')}
          </Button>
        }
      />
      <QueryState
        query={list}
        loadingLabel={t('admin.evalTemplates.loading')}
        failureMessage={t('admin.evalTemplates.loadFailed')}
      >
        <DataTable
          label={t('admin.evalTemplates.tableLabel')}
          rows={list.data?.templates ?? []}
          getRowKey={(row) => row.familyId}
          cardTitle={nameLink}
          columns={[
            { key: 'name', header: t('admin.evalTemplates.col.name'), hideInCard: true, cell: nameLink },
            {
              key: 'version',
              header: t('admin.evalTemplates.col.version'),
              cell: (row) => t('admin.evalTemplates.versionN', { version: row.version }),
            },
            {
              key: 'status',
              header: t('admin.evalTemplates.col.status'),
              cell: (row) => <TemplateStatusChip template={row} />,
            },
            { key: 'grants', header: t('admin.evalTemplates.col.grants'), cell: (row) => <bdi>{row.grants}</bdi> },
            {
              key: 'validity',
              header: t('admin.evalTemplates.col.validity'),
              cell: (row) => validityText(row.validityDays),
            },
          ]}
          empty={
            <EmptyState
              bordered
              icon={<ClipboardList />}
              title={t('admin.evalTemplates.emptyTitle')}
              description={t('admin.evalTemplates.emptyText')}
            />
          }
        />
      </QueryState>
    </>
  );
}

const linkClass = textLink({ touch: true, strong: true });
