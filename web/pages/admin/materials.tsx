import { Captions, Eye, ExternalLink, FileText, FileVideo, Pencil, Package, Presentation, Trash2, Upload } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { materialTypeFromFileName, MESSAGES, titleFromFileName } from '@contract/admin-content';
import { deleteMaterial, pageMaterials, updateMaterial, uploadMaterial, type Material } from '../../api/admin-content';
import { queryKeys } from '../../api/query-keys';
import { CaptionsDialog } from '../../components/admin/captions-dialog';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { FormDialog } from '../../components/form-dialog';
import { PdfViewer } from '../../components/pdf-viewer';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { TablePagination } from '../../components/table-pagination';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useNavigationFlag } from '../../hooks/use-navigation-flag';
import { usePagedList } from '../../hooks/use-paged-list';
import { Alert, Button, Chip, DataTable, Dialog, EmptyState, flipInRtl, IconButton, TextField, toaster, type DataTableColumn } from '../../ui';
import { formatDate, formatFileSize, formatNumber, formatScore } from '../../format';
import { formatLocale, t } from '../../i18n';
import { isolate, languageName, materialTypeLabel } from '../../components/admin/content-text';
import { UploadProgress } from '../../components/admin/upload-progress';
import { FilePicker } from '../../components/admin/file-picker';
import { errorText, declaredText } from '../../i18n/error-text';

/** Materials has its own rows-per-page choices: 5, 10 or 25, 10 by default. */
export const MATERIAL_PAGE_SIZES = [5, 10, 25] as const;
const ACCEPT = '.pdf,.mp4,.webm,.ogg,.ppt,.pptx,.zip';

const typeIcon = (type: Material['type']) =>
  type === 'PDF' ? <FileText size={16} /> : type === 'VIDEO' ? <FileVideo size={16} /> : type === 'SCORM' ? <Package size={16} /> : <Presentation size={16} />;
const typePalette = { PDF: 'error', VIDEO: 'info', PPT: 'warning', SCORM: 'success' } as const;

/** /admin/materials: search, upload, view, edit and delete learning materials. */
export function AdminMaterialsPage() {
  useDocumentTitle(t('admin.materials.pageTitle'));
  const queryClient = useQueryClient();
  const list = usePagedList({ queryKey: queryKeys.admin.materials.all, fetchPage: pageMaterials, filters: {}, defaultLimit: 10 });
  const materials = list.items;
  const total = list.pagination?.totalItems ?? 0;
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.materials.all });
  const [uploadOpen, setUploadOpen] = useState(false);
  const [viewing, setViewing] = useState<Material | null>(null);
  const [editing, setEditing] = useState<Material | null>(null);
  const [deleting, setDeleting] = useState<Material | null>(null);
  const [captioning, setCaptioning] = useState<Material | null>(null);

  useNavigationFlag('upload', () => setUploadOpen(true));


  const actions = (m: Material) => (
    <div className={css({ display: 'inline-flex', gap: '1' })}>
      <IconButton aria-label={t('admin.materials.viewAria', { title: m.title })} icon={<Eye />} size="sm" onClick={() => setViewing(m)} />
      {m.type === 'VIDEO' ? <IconButton aria-label={t('admin.materials.captionsAria', { title: m.title })} icon={<Captions />} size="sm" onClick={() => setCaptioning(m)} /> : null}
      <IconButton aria-label={t('admin.materials.editAria', { title: m.title })} icon={<Pencil />} size="sm" onClick={() => setEditing(m)} />
      <IconButton aria-label={t('admin.materials.deleteAria', { title: m.title })} icon={<Trash2 />} size="sm" palette="danger" onClick={() => setDeleting(m)} />
    </div>
  );

  const columns: DataTableColumn<Material>[] = [
    {
      key: 'title',
      header: t('admin.materials.col.title'),
      hideInCard: true,
      cell: (m) => (
        <div className={css({ display: 'flex', flexDirection: 'column' })}>
          <bdi className={css({ fontWeight: 'medium' })}>{m.title}</bdi>
          {m.description ? <bdi className={css({ fontSize: 'sm', color: 'fg.muted', lineClamp: 1 })}>{m.description}</bdi> : null}
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
              {m.captions.length === 0 ? t('admin.materials.noCaptions') : t('admin.materials.captionsList', { languages: new Intl.ListFormat(formatLocale(), { style: 'narrow' }).format(m.captions.map((track) => languageName(track.language))) })}
            </span>
          ) : null}
        </div>
      ),
    },
    { key: 'size', header: t('admin.materials.col.size'), cell: (m) => <span className={css({ whiteSpace: 'nowrap' })}>{formatFileSize(m.fileSize)}</span> },
    { key: 'uploaded', header: t('admin.materials.col.uploaded'), cell: (m) => <span className={css({ whiteSpace: 'nowrap' })}>{formatDate(m.createdAt)}</span> },
    { key: 'actions', header: t('admin.materials.col.actions'), align: 'right', hideInCard: true, cell: actions },
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
        <TextField
          className={css({ flex: '1 1 260px', maxW: { md: '420px' } })}
          label={t('admin.materials.search')}
          type="search"
          placeholder={t('admin.materials.searchPlaceholder')}
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
        />
      </div>
      <QueryState query={list.query} loadingLabel={t('admin.materials.loading')} failureMessage={t('admin.materials.loadFailed')}>
        <DataTable
          label={t('admin.materials.pageTitle')}
          rows={materials ?? []}
          columns={columns}
          getRowKey={(m) => m.id}
          cardTitle={(m) => <bdi>{m.title}</bdi>}
          cardActions={actions}
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
        <TablePagination list={list} pageSizes={MATERIAL_PAGE_SIZES} summary={total > 0 ? t('admin.materials.showing', { shown: materials?.length ?? 0, total }) : undefined} />
      </QueryState>
      <UploadDialog
        open={uploadOpen}
        onClose={() => setUploadOpen(false)}
        onUploaded={(material) => {
          setUploadOpen(false);
          toaster.create({ type: 'success', title: t('admin.materials.uploaded'), description: material.title });
          void refresh();
        }}
      />
      <EditDialog
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
        onConfirm={(material) => deleteMaterial(material.id)}
        invalidates={[queryKeys.admin.materials.all]}
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

function UploadDialog({ open, onClose, onUploaded }: { open: boolean; onClose: () => void; onUploaded: (m: Material) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [fieldError, setFieldError] = useState<{ file?: string; title?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setTitle('');
    setDescription('');
    setFieldError({});
    setError(null);
    setProgress(null);
  }, [open]);

  const type = file ? materialTypeFromFileName(file.name) : null;

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setError(null);
    if (!chosen) return;
    if (!materialTypeFromFileName(chosen.name)) {
      setFieldError({ file: declaredText(MESSAGES.invalidFileType) });
      return;
    }
    setFieldError({});
    // The title defaults to the file name without its extension.
    if (!title.trim()) setTitle(titleFromFileName(chosen.name));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !title.trim()) {
      setFieldError({ file: !file ? declaredText(MESSAGES.uploadMissing) : undefined, title: !title.trim() ? declaredText(MESSAGES.uploadMissing) : undefined });
      return;
    }
    if (!type) {
      setFieldError({ file: declaredText(MESSAGES.invalidFileType) });
      return;
    }
    setError(null);
    setProgress(0);
    abort.current = new AbortController();
    try {
      const material = await uploadMaterial({ file, title: title.trim(), description: description.trim(), type }, setProgress, abort.current.signal);
      onUploaded(material);
    } catch (e) {
      // Cancelling closes the dialog; there is nothing to report.
      if (abort.current?.signal.aborted) return;
      setError(errorText(e, t('admin.upload.failed')));
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        abort.current?.abort();
        onClose();
      }}
      title={t('admin.materials.upload')}
      description={t('admin.upload.description')}
      footer={
        <>
          <Button
            variant="outline"
            palette="neutral"
            onClick={() => {
              abort.current?.abort();
              onClose();
            }}
          >
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="upload-form" leftIcon={<Upload />} loading={uploading} loadingText={t('admin.upload.uploadingShort')}>
            {t('admin.upload.submit')}
          </Button>
        </>
      }
    >
      <form id="upload-form" noValidate onSubmit={submit} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {error ? <Alert status="error">{error}</Alert> : null}
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
          <label htmlFor="material-file" className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
            {t('admin.upload.file')} <span aria-hidden>*</span>
          </label>
          <FilePicker
            id="material-file"
            accept={ACCEPT}
            disabled={uploading}
            invalid={Boolean(fieldError.file)}
            describedBy={fieldError.file ? 'material-file-error' : 'material-file-help'}
            fileName={file?.name}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
          {fieldError.file ? (
            <p id="material-file-error" role="alert" className={css({ fontSize: 'sm', color: 'error.fg' })}>
              {fieldError.file}
            </p>
          ) : (
            <p id="material-file-help" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              {file ? `${file.name} · ${formatFileSize(file.size)}${type ? ` · ${materialTypeLabel(type)}` : ''}` : t('admin.upload.typeHelp')}
            </p>
          )}
        </div>
        <TextField
          label={t('admin.materials.field.title')}
          required
          value={title}
          disabled={uploading}
          error={fieldError.title}
          onChange={(event) => {
            setTitle(event.target.value);
            if (fieldError.title) setFieldError((f) => ({ ...f, title: undefined }));
          }}
        />
        <TextField label={t('admin.materials.field.description')} multiline value={description} disabled={uploading} onChange={(event) => setDescription(event.target.value)} />
        {uploading ? <UploadProgress progress={progress} /> : null}
      </form>
    </Dialog>
  );
}

function EditDialog({ material, onClose, onSaved }: { material: Material | null; onClose: () => void; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string; body: { title: string; description: string } }) => updateMaterial(id, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.admin.materials.all });
      onSaved();
    },
  });
  const { reset } = save;
  const busy = save.isPending;
  const error = save.isError ? errorText(save.error, t('admin.materials.updateFailed')) : null;

  useEffect(() => {
    if (!material) return;
    setTitle(material.title);
    setDescription(material.description ?? '');
    setTitleError(null);
    reset();
  }, [material, reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!material) return;
    if (!title.trim()) {
      setTitleError(declaredText(MESSAGES.materialTitle));
      return;
    }
    save.mutate({ id: material.id, body: { title: title.trim(), description: description.trim() } });
  };

  return (
    <FormDialog
      open={material !== null}
      onClose={onClose}
      title={t('admin.materials.editTitle')}
      formId="edit-material-form"
      submitLabel={t('admin.materials.save')}
      busy={busy}
      error={error}
      onSubmit={submit}
    >
      <TextField
        label={t('admin.materials.field.title')}
        required
        value={title}
        error={titleError}
        onChange={(event) => {
          setTitle(event.target.value);
          if (titleError) setTitleError(null);
        }}
      />
      <TextField label={t('admin.materials.field.description')} multiline value={description} onChange={(event) => setDescription(event.target.value)} />
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {t('admin.materials.fileFixed', { file: material?.fileName ?? '', size: formatFileSize(material?.fileSize) })}
      </p>
    </FormDialog>
  );
}

/**
 * Where a video can be played from, tried in this order: the file served by the Worker, the
 * material's stored drive link, then the drive file by its id.
 */
export function videoSources(material: Pick<Material, 'fileUrl' | 'driveFileUrl' | 'driveFileId'>): string[] {
  const candidates = [material.fileUrl, material.driveFileUrl, material.driveFileId ? `https://drive.google.com/uc?export=download&id=${encodeURIComponent(material.driveFileId)}` : ''];
  return candidates.filter((url, index) => url !== '' && candidates.indexOf(url) === index);
}

/** Viewer: PDF drawn with PDF.js, video in a player (falling back source by source), slide decks open in a new tab (browsers cannot embed them). */
function MaterialViewer({ material, onClose }: { material: Material | null; onClose: () => void }) {
  const [sourceIndex, setSourceIndex] = useState(0);
  useEffect(() => setSourceIndex(0), [material]);
  const sources = material ? videoSources(material) : [];
  const videoFailed = sourceIndex >= sources.length;
  return (
    <Dialog
      open={material !== null}
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      title={material?.title ?? t('admin.materials.viewerTitle')}
      description={material ? `${materialTypeLabel(material.type)} · ${formatFileSize(material.fileSize)}` : undefined}
      size="xl"
      footer={
        material ? (
          <>
            <Button variant="outline" palette="neutral" onClick={onClose}>
              {t('common.close')}
            </Button>
            {material.type === 'SCORM' ? null : (
              <Button asChild>
                <a href={material.fileUrl} target="_blank" rel="noopener noreferrer">
                  <ExternalLink size={16} aria-hidden className={flipInRtl} /> {t('admin.materials.openNewTab')}
                </a>
              </Button>
            )}
          </>
        ) : null
      }
    >
      {/* The learner's viewer (PDF.js, fit to width, paging, zoom, Download): the browser's own viewer in a frame was cut off on a phone. An admin's look counts no progress. */}
      {material?.type === 'PDF' ? <PdfViewer material={material} memoryKey={null} notStarted={false} /> : null}
      {material?.type === 'VIDEO' ? (
        videoFailed ? (
          <Alert status="warning">{t('admin.materials.videoFailed')}</Alert>
        ) : (
          <video key={sources[sourceIndex]} controls preload="metadata" src={sources[sourceIndex]} onError={() => setSourceIndex((i) => i + 1)} className={css({ w: 'full', maxH: '70vh', borderRadius: 'l2', bg: 'black' })}>
            {material.captions.length === 0 ? <track kind="captions" /> : null}
            {material.captions.map((t) => (
              <track key={t.id} kind="captions" srcLang={t.language} label={t.label} src={t.url} />
            ))}
          </video>
        )
      ) : null}
      {material?.type === 'SCORM' ? (
        <EmptyState
          bordered
          icon={<Package />}
          title={material.scorm ? t('admin.materials.scormTitle', { title: material.scorm.title, version: material.scorm.version }) : materialTypeLabel('SCORM')}
          description={
            material.scorm
              ? t(material.scorm.masteryScore != null ? 'admin.materials.scormDetailsMastery' : 'admin.materials.scormDetails', {
                  count: material.scorm.fileCount,
                  files: formatNumber(material.scorm.fileCount),
                  size: isolate(formatFileSize(material.scorm.expandedBytes)),
                  launch: isolate(material.scorm.launchPath),
                  mastery: isolate(formatScore(material.scorm.masteryScore)),
                })
              : t('admin.materials.scormPlay')
          }
        />
      ) : null}
      {material?.type === 'PPT' ? (
        <EmptyState
          bordered
          icon={<Presentation />}
          title={t('admin.materials.pptTitle')}
          description={t('admin.materials.pptBody', { file: material.fileName })}
        />
      ) : null}
    </Dialog>
  );
}
