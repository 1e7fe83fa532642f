import { Captions, Eye, ExternalLink, FileText, FileVideo, Pencil, Package, Presentation, Trash2, Upload } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { MATERIAL_TYPE_LABELS, materialTypeFromFileName, MESSAGES, titleFromFileName } from '@contract/admin-content';
import { deleteMaterial, pageMaterials, updateMaterial, uploadMaterial, type Material } from '../../api/admin-content';
import { errorMessage } from '../../api/client';
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
import { Alert, Button, Chip, DataTable, Dialog, EmptyState, IconButton, TextField, toaster, type DataTableColumn } from '../../ui';
import { formatDate, formatFileSize } from '../../format';
import { UploadProgress } from '../../components/admin/upload-progress';

/** Materials has its own rows-per-page choices: 5, 10 or 25, 10 by default. */
export const MATERIAL_PAGE_SIZES = [5, 10, 25] as const;
const ACCEPT = '.pdf,.mp4,.webm,.ogg,.ppt,.pptx,.zip';

const typeIcon = (type: Material['type']) =>
  type === 'PDF' ? <FileText size={16} /> : type === 'VIDEO' ? <FileVideo size={16} /> : type === 'SCORM' ? <Package size={16} /> : <Presentation size={16} />;
const typePalette = { PDF: 'error', VIDEO: 'info', PPT: 'warning', SCORM: 'success' } as const;

/** /admin/materials: search, upload, view, edit and delete learning materials. */
export function AdminMaterialsPage() {
  useDocumentTitle('Materials');
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
      <IconButton aria-label={`View ${m.title}`} icon={<Eye />} size="sm" onClick={() => setViewing(m)} />
      {m.type === 'VIDEO' ? <IconButton aria-label={`Captions for ${m.title}`} icon={<Captions />} size="sm" onClick={() => setCaptioning(m)} /> : null}
      <IconButton aria-label={`Edit ${m.title}`} icon={<Pencil />} size="sm" onClick={() => setEditing(m)} />
      <IconButton aria-label={`Delete ${m.title}`} icon={<Trash2 />} size="sm" palette="danger" onClick={() => setDeleting(m)} />
    </div>
  );

  const columns: DataTableColumn<Material>[] = [
    {
      key: 'title',
      header: 'Title',
      hideInCard: true,
      cell: (m) => (
        <div className={css({ display: 'flex', flexDirection: 'column' })}>
          <span className={css({ fontWeight: 'medium' })}>{m.title}</span>
          {m.description ? <span className={css({ fontSize: 'sm', color: 'fg.muted', lineClamp: 1 })}>{m.description}</span> : null}
        </div>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      cell: (m) => (
        <div className={css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '1' })}>
          <Chip palette={typePalette[m.type]} size="sm" icon={typeIcon(m.type)}>
            {MATERIAL_TYPE_LABELS[m.type]}
          </Chip>
          {m.type === 'SCORM' && m.scorm ? (
            <span className={css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' })}>
              SCORM {m.scorm.version} · {m.scorm.fileCount} files
            </span>
          ) : null}
          {m.type === 'VIDEO' ? (
            <span className={css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap' })}>
              {m.captions.length === 0 ? 'No captions' : `Captions: ${m.captions.map((t) => t.language).join(', ')}`}
            </span>
          ) : null}
        </div>
      ),
    },
    { key: 'size', header: 'Size', cell: (m) => <span className={css({ whiteSpace: 'nowrap' })}>{formatFileSize(m.fileSize)}</span> },
    { key: 'uploaded', header: 'Uploaded', cell: (m) => <span className={css({ whiteSpace: 'nowrap' })}>{formatDate(m.createdAt)}</span> },
    { key: 'actions', header: 'Actions', align: 'right', hideInCard: true, cell: actions },
  ];

  return (
    <>
      <PageHeader
        title="Materials"
        subtitle="PDFs, videos, slide decks and SCORM packages that course components point to."
        actions={
          <Button leftIcon={<Upload />} onClick={() => setUploadOpen(true)}>
            Upload Material
          </Button>
        }
      />
      <div className={css({ display: 'flex', gap: '4', flexWrap: 'wrap', alignItems: 'flex-end', mb: '5' })}>
        <TextField
          className={css({ flex: '1 1 260px', maxW: { md: '420px' } })}
          label="Search materials"
          type="search"
          placeholder="Title or description"
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
        />
      </div>
      <QueryState query={list.query} loadingLabel="Loading materials..." failureMessage="Failed to load materials">
        <DataTable
          label="Materials"
          rows={materials ?? []}
          columns={columns}
          getRowKey={(m) => m.id}
          cardTitle={(m) => m.title}
          cardActions={actions}
          empty={
            <EmptyState
              bordered
              icon={<FileText />}
              title={list.isFiltering ? 'No materials match your search' : 'No materials found. Upload your first material to get started.'}
              actions={
                !list.isFiltering ? (
                  <Button leftIcon={<Upload />} onClick={() => setUploadOpen(true)}>
                    Upload Material
                  </Button>
                ) : undefined
              }
            />
          }
        />
        <TablePagination list={list} pageSizes={MATERIAL_PAGE_SIZES} summary={total > 0 ? `Showing ${materials?.length ?? 0} of ${total} materials` : undefined} />
      </QueryState>
      <UploadDialog
        open={uploadOpen}
        onClose={() => setUploadOpen(false)}
        onUploaded={(material) => {
          setUploadOpen(false);
          toaster.create({ type: 'success', title: 'Material uploaded successfully', description: material.title });
          void refresh();
        }}
      />
      <EditDialog
        material={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          toaster.create({ type: 'success', title: 'Material updated successfully' });
        }}
      />
      <ConfirmDeleteDialog
        item={deleting}
        title="Delete Material"
        question="Are you sure you want to delete this material?"
        describe={(material) => material.title}
        failureMessage="Failed to delete material. Please try again."
        onConfirm={(material) => deleteMaterial(material.id)}
        invalidates={[queryKeys.admin.materials.all]}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          toaster.create({ type: 'success', title: 'Material deleted successfully' });
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
      setFieldError({ file: MESSAGES.invalidFileType });
      return;
    }
    setFieldError({});
    // The title defaults to the file name without its extension.
    if (!title.trim()) setTitle(titleFromFileName(chosen.name));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !title.trim()) {
      setFieldError({ file: !file ? MESSAGES.uploadMissing : undefined, title: !title.trim() ? MESSAGES.uploadMissing : undefined });
      return;
    }
    if (!type) {
      setFieldError({ file: MESSAGES.invalidFileType });
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
      setError(errorMessage(e, 'Failed to upload file. Please try again.'));
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
      title="Upload Material"
      description="PDF, video (MP4, WebM, OGG) or PowerPoint."
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
            Cancel
          </Button>
          <Button type="submit" form="upload-form" leftIcon={<Upload />} loading={uploading} loadingText="Uploading...">
            Upload
          </Button>
        </>
      }
    >
      <form id="upload-form" noValidate onSubmit={submit} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {error ? <Alert status="error">{error}</Alert> : null}
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
          <label htmlFor="material-file" className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
            File <span aria-hidden>*</span>
          </label>
          <input
            id="material-file"
            type="file"
            accept={ACCEPT}
            disabled={uploading}
            aria-invalid={Boolean(fieldError.file) || undefined}
            aria-describedby={fieldError.file ? 'material-file-error' : 'material-file-help'}
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
            className={css({
              fontSize: 'sm',
              p: '2',
              borderWidth: '1px',
              borderStyle: 'dashed',
              borderColor: fieldError.file ? 'error.solid' : 'border.default',
              borderRadius: 'l2',
              _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid' },
            })}
          />
          {fieldError.file ? (
            <p id="material-file-error" role="alert" className={css({ fontSize: 'sm', color: 'error.fg' })}>
              {fieldError.file}
            </p>
          ) : (
            <p id="material-file-help" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              {file ? `${file.name} · ${formatFileSize(file.size)}${type ? ` · ${MATERIAL_TYPE_LABELS[type]}` : ''}` : 'The type is taken from the file extension.'}
            </p>
          )}
        </div>
        <TextField
          label="Title"
          required
          value={title}
          disabled={uploading}
          error={fieldError.title}
          onChange={(event) => {
            setTitle(event.target.value);
            if (fieldError.title) setFieldError((f) => ({ ...f, title: undefined }));
          }}
        />
        <TextField label="Description" multiline value={description} disabled={uploading} onChange={(event) => setDescription(event.target.value)} />
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
  const error = save.isError ? errorMessage(save.error, 'Failed to update material. Please try again.') : null;

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
      setTitleError(MESSAGES.materialTitle);
      return;
    }
    save.mutate({ id: material.id, body: { title: title.trim(), description: description.trim() } });
  };

  return (
    <FormDialog
      open={material !== null}
      onClose={onClose}
      title="Edit Material"
      formId="edit-material-form"
      submitLabel="Save"
      busy={busy}
      error={error}
      onSubmit={submit}
    >
      <TextField
        label="Title"
        required
        value={title}
        error={titleError}
        onChange={(event) => {
          setTitle(event.target.value);
          if (titleError) setTitleError(null);
        }}
      />
      <TextField label="Description" multiline value={description} onChange={(event) => setDescription(event.target.value)} />
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        File: {material?.fileName} ({formatFileSize(material?.fileSize)}). The file itself cannot be changed; upload a new material instead.
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
      title={material?.title ?? 'Material'}
      description={material ? `${MATERIAL_TYPE_LABELS[material.type]} · ${formatFileSize(material.fileSize)}` : undefined}
      size="xl"
      footer={
        material ? (
          <>
            <Button variant="outline" palette="neutral" onClick={onClose}>
              Close
            </Button>
            {material.type === 'SCORM' ? null : (
              <Button asChild>
                <a href={material.fileUrl} target="_blank" rel="noopener noreferrer">
                  <ExternalLink size={16} aria-hidden /> Open in New Tab
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
          <Alert status="warning">This video cannot be embedded here. Use “Open in New Tab” to watch or download it.</Alert>
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
          title={material.scorm ? `${material.scorm.title} · SCORM ${material.scorm.version}` : 'SCORM package'}
          description={
            material.scorm
              ? `${material.scorm.fileCount} files (${formatFileSize(material.scorm.expandedBytes)} expanded), launched from ${material.scorm.launchPath}${material.scorm.masteryScore != null ? `, pass mark ${material.scorm.masteryScore}%` : ''}. Learners play it from a course component; their results are on the Assessments page.`
              : 'Learners play it from a course component.'
          }
        />
      ) : null}
      {material?.type === 'PPT' ? (
        <EmptyState
          bordered
          icon={<Presentation />}
          title="Slide decks open in PowerPoint or your browser"
          description={`${material.fileName} cannot be shown inside this page. Use “Open in New Tab” to download and view it.`}
        />
      ) : null}
    </Dialog>
  );
}
