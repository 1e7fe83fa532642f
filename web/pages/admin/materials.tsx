import { Captions, Eye, FileText, FileVideo, Package, Presentation, Upload } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { pageMaterials, type Material } from '../../api/admin-content';
import { materialWrites } from '../../api/material-queries';
import { queryKeys } from '../../api/query-keys';
import { runWrite } from '../../api/writes';
import { CaptionsDialog } from '../../components/admin/captions-dialog';
import { EditMaterialDialog } from '../../components/admin/materials/edit-material-dialog';
import { MaterialViewer } from '../../components/admin/materials/material-viewer';
import { UploadMaterialDialog } from '../../components/admin/materials/upload-material-dialog';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { TablePagination } from '../../components/table-pagination';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useNavigationFlag } from '../../hooks/use-navigation-flag';
import { usePagedList } from '../../hooks/use-paged-list';
import { Button, Chip, DataTable, EmptyState, IconButton, toaster, type DataTableColumn } from '../../ui';
import { formatDate, formatFileSize, formatList } from '../../format';
import { t } from '../../i18n';
import { languageName, materialTypeLabel } from '../../components/admin/content-text';
import { ListSearchField } from '../../components/admin/shared/list-filters';
import { actionsColumn, RowButtons } from '../../components/admin/shared/list-columns';
import { DeleteIconButton, EditIconButton } from '../../components/admin/shared/row-icon-buttons';

/** Materials has its own rows-per-page choices: 5, 10 or 25, 10 by default. */
export const MATERIAL_PAGE_SIZES = [5, 10, 25] as const;

const typeIcon = (type: Material['type']) =>
  type === 'PDF' ? (
    <FileText size={16} />
  ) : type === 'VIDEO' ? (
    <FileVideo size={16} />
  ) : type === 'SCORM' ? (
    <Package size={16} />
  ) : (
    <Presentation size={16} />
  );
const typePalette = { PDF: 'error', VIDEO: 'info', PPT: 'warning', SCORM: 'success' } as const;

/** /admin/materials: search, upload, view, edit and delete learning materials. */
export function AdminMaterialsPage() {
  useDocumentTitle(t('admin.materials.pageTitle'));
  const list = usePagedList({
    queryKey: queryKeys.admin.materials.all,
    fetchPage: pageMaterials,
    filters: {},
    defaultLimit: 10,
  });
  const materials = list.items;
  const total = list.pagination?.totalItems ?? 0;
  const [uploadOpen, setUploadOpen] = useState(false);
  const [viewing, setViewing] = useState<Material | null>(null);
  const [editing, setEditing] = useState<Material | null>(null);
  const [deleting, setDeleting] = useState<Material | null>(null);
  const [captioning, setCaptioning] = useState<Material | null>(null);

  useNavigationFlag('upload', () => setUploadOpen(true));

  const actions = (m: Material) => (
    <RowButtons>
      <IconButton
        aria-label={t('admin.materials.viewAria', { title: m.title })}
        icon={<Eye />}
        size="sm"
        onClick={() => setViewing(m)}
      />
      {m.type === 'VIDEO' ? (
        <IconButton
          aria-label={t('admin.materials.captionsAria', { title: m.title })}
          icon={<Captions />}
          size="sm"
          onClick={() => setCaptioning(m)}
        />
      ) : null}
      <EditIconButton aria-label={t('admin.materials.editAria', { title: m.title })} onClick={() => setEditing(m)} />
      <DeleteIconButton
        aria-label={t('admin.materials.deleteAria', { title: m.title })}
        onClick={() => setDeleting(m)}
      />
    </RowButtons>
  );

  const actionsCol = actionsColumn(t('admin.materials.col.actions'), actions);
  const columns: DataTableColumn<Material>[] = [
    {
      key: 'title',
      header: t('admin.materials.col.title'),
      hideInCard: true,
      cell: (m) => (
        <div className={css({ display: 'flex', flexDirection: 'column' })}>
          <bdi className={css({ fontWeight: 'medium' })}>{m.title}</bdi>
          {m.description ? (
            <bdi className={css({ fontSize: 'sm', color: 'fg.muted', lineClamp: 1 })}>{m.description}</bdi>
          ) : null}
        </div>
      ),
    },
    {
      key: 'type',
      header: t('admin.materials.col.type'),
      cell: (m) => (
        <div className={css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '1' })}>
          <Chip palette={typePalette[m.type]} size="sm" icon={typeIcon(m.type)}>
            {materialTypeLabel(m.type)}
          </Chip>
          {m.type === 'SCORM' && m.scorm ? (
            <span className={css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' })}>
              {t('admin.materials.scormLine', { version: m.scorm.version, count: m.scorm.fileCount })}
            </span>
          ) : null}
          {m.type === 'VIDEO' ? (
            <span className={css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' })}>
              {m.captions.length === 0
                ? t('admin.materials.noCaptions')
                : t('admin.materials.captionsList', {
                    languages: formatList(m.captions.map((track) => languageName(track.language))),
                  })}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      key: 'size',
      header: t('admin.materials.col.size'),
      cell: (m) => <span className={css({ whiteSpace: 'nowrap' })}>{formatFileSize(m.fileSize)}</span>,
    },
    {
      key: 'uploaded',
      header: t('admin.materials.col.uploaded'),
      cell: (m) => <span className={css({ whiteSpace: 'nowrap' })}>{formatDate(m.createdAt)}</span>,
    },
    actionsCol.column,
  ];

  return (
    <>
      <PageHeader
        title={t('admin.materials.pageTitle')}
        subtitle={t('admin.materials.subtitle')}
        actions={
          <Button leftIcon={<Upload />} onClick={() => setUploadOpen(true)}>
            {t('admin.materials.upload')}
          </Button>
        }
      />
      <div className={css({ display: 'flex', gap: '4', flexWrap: 'wrap', alignItems: 'flex-end', mb: '5' })}>
        <ListSearchField
          className={css({ flex: '1 1 260px', maxW: { md: '420px' } })}
          list={list}
          label={t('admin.materials.search')}
          placeholder={t('admin.materials.searchPlaceholder')}
        />
      </div>
      <QueryState
        query={list.query}
        loadingLabel={t('admin.materials.loading')}
        failureMessage={t('admin.materials.loadFailed')}
      >
        <DataTable
          label={t('admin.materials.pageTitle')}
          rows={materials ?? []}
          columns={columns}
          getRowKey={(m) => m.id}
          cardTitle={(m) => <bdi>{m.title}</bdi>}
          cardActions={actionsCol.cardActions}
          empty={
            <EmptyState
              bordered
              icon={<FileText />}
              title={list.isFiltering ? t('admin.materials.emptyFiltered') : t('admin.materials.empty')}
              actions={
                !list.isFiltering ? (
                  <Button leftIcon={<Upload />} onClick={() => setUploadOpen(true)}>
                    {t('admin.materials.upload')}
                  </Button>
                ) : undefined
              }
            />
          }
        />
        <TablePagination
          list={list}
          pageSizes={MATERIAL_PAGE_SIZES}
          summary={total > 0 ? t('admin.materials.showing', { shown: materials?.length ?? 0, total }) : undefined}
        />
      </QueryState>
      <UploadMaterialDialog
        open={uploadOpen}
        onClose={() => setUploadOpen(false)}
        onUploaded={(material) => {
          setUploadOpen(false);
          toaster.create({ type: 'success', title: t('admin.materials.uploaded'), description: material.title });
        }}
      />
      <EditMaterialDialog
        material={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          toaster.create({ type: 'success', title: t('admin.materials.updated') });
        }}
      />
      <ConfirmDeleteDialog
        item={deleting}
        title={t('admin.materials.deleteTitle')}
        question={t('admin.materials.deleteQuestion')}
        describe={(material) => material.title}
        failureMessage={t('admin.materials.deleteFailed')}
        onConfirm={(material) => runWrite(materialWrites.remove, material.id)}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          toaster.create({ type: 'success', title: t('admin.materials.deleted') });
        }}
      />
      <MaterialViewer material={viewing} onClose={() => setViewing(null)} />
      <CaptionsDialog material={captioning} onClose={() => setCaptioning(null)} />
    </>
  );
}
