import { Upload } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { materialTypeFromFileName, MATERIAL_MESSAGES as MESSAGES, titleFromFileName } from '@contract/materials';
import type { Material } from '../../../api/admin-content';
import { materialWrites } from '../../../api/material-queries';
import { runWrite } from '../../../api/writes';
import { Alert, Button, Dialog, TextField } from '../../../ui';
import { formatFileSize } from '../../../format';
import { t } from '../../../i18n';
import { materialTypeLabel } from '../content-text';
import { errorText, declaredText } from '../../../i18n/error-text';
import { UploadProgress } from '../upload-progress';
import { FilePicker } from '../file-picker';

const ACCEPT = '.pdf,.mp4,.webm,.ogg,.ppt,.pptx,.zip';

/**
 * Upload Material: a file (its type from the extension), a title (the file name by default) and a
 * description, with progress and cancel.
 */
export function UploadMaterialDialog({
  open,
  onClose,
  onUploaded,
}: {
  open: boolean;
  onClose: () => void;
  onUploaded: (m: Material) => void;
}) {
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
      setFieldError({
        file: !file ? declaredText(MESSAGES.uploadMissing) : undefined,
        title: !title.trim() ? declaredText(MESSAGES.uploadMissing) : undefined,
      });
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
      const material = await runWrite(materialWrites.upload, {
        input: { file, title: title.trim(), description: description.trim(), type },
        onProgress: setProgress,
        signal: abort.current.signal,
      });
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
          <Button
            type="submit"
            form="upload-form"
            leftIcon={<Upload />}
            loading={uploading}
            loadingText={t('admin.upload.uploadingShort')}
          >
            {t('admin.upload.submit')}
          </Button>
        </>
      }
    >
      <form
        id="upload-form"
        noValidate
        onSubmit={submit}
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      >
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
              {file
                ? `${file.name} · ${formatFileSize(file.size)}${type ? ` · ${materialTypeLabel(type)}` : ''}`
                : t('admin.upload.typeHelp')}
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
        <TextField
          label={t('admin.materials.field.description')}
          multiline
          value={description}
          disabled={uploading}
          onChange={(event) => setDescription(event.target.value)}
        />
        {uploading ? <UploadProgress progress={progress} /> : null}
      </form>
    </Dialog>
  );
}
