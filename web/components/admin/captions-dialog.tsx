import {
  CAPTION_MAX_BYTES,
  CAPTION_MESSAGES,
  canonicalLanguageTag,
  defaultCaptionLabel,
  webVttProblem,
} from '@contract/captions';
import { useQuery } from '@tanstack/react-query';
import { Captions, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { flex, hstack, stack } from 'styled-system/patterns';
import { listCaptions, type CaptionTrack, type Material } from '../../api/admin-content';
import { materialWrites } from '../../api/material-queries';
import { runWrite } from '../../api/writes';
import { ApiClientError } from '../../api/client';
import { t } from '../../i18n';
import { queryKeys } from '../../api/query-keys';
import { formatFileSize } from '../../format';
import { Alert, Button, Chip, Dialog, EmptyState, focusFirstInvalid, TextField, toaster } from '../../ui';
import { LoadingBlock } from '../../ui/spinner';
import { ConfirmDeleteDialog } from '../confirm-delete-dialog';
import { FilePicker } from './file-picker';
import { UploadProgress } from './upload-progress';
import { errorText, declaredText } from '../../i18n/error-text';
import { DeleteIconButton } from './shared/row-icon-buttons';

/**
 * Caption tracks of a video material: the list (language, label, file) with Remove, and a form
 * that adds a WebVTT file for a language. The form checks what it can before sending (extension,
 * size, the WEBVTT signature, the language tag, a language already present); the server checks
 * everything again and its answer is shown next to the field it is about.
 */
export function CaptionsDialog({ material, onClose }: { material: Material | null; onClose: () => void }) {
  const materialId = material?.id ?? '';
  const tracks = useQuery({
    queryKey: queryKeys.admin.materials.captions(materialId),
    queryFn: ({ signal }) => listCaptions(materialId, signal),
    enabled: material !== null,
    initialData: material?.captions,
    staleTime: 0,
  });
  const [removing, setRemoving] = useState<CaptionTrack | null>(null);
  const list = tracks.data ?? [];

  return (
    <>
      <Dialog
        open={material !== null}
        onOpenChange={(open) => (!open ? onClose() : undefined)}
        title={t('admin.captions.title', { title: material?.title ?? '' })}
        description={t('admin.captions.description')}
        size="lg"
        footer={
          <Button variant="outline" palette="neutral" onClick={onClose}>
            {t('common.close')}
          </Button>
        }
      >
        <div className={stack({ gap: '6' })}>
          <section aria-labelledby="caption-tracks-heading" className={stack({ gap: '2' })}>
            <h3 id="caption-tracks-heading" className={css({ fontWeight: 'semibold' })}>
              {t('admin.captions.tracks')}
            </h3>
            {tracks.isError ? (
              <Alert status="error">{errorText(tracks.error, t('admin.captions.loadFailed'))}</Alert>
            ) : tracks.isPending ? (
              <LoadingBlock label={t('admin.captions.loading')} />
            ) : list.length === 0 ? (
              <EmptyState
                bordered
                icon={<Captions />}
                title={t('admin.captions.emptyTitle')}
                description={t('admin.captions.emptyBody')}
              />
            ) : (
              <ul
                className={flex({
                  direction: 'column',
                  borderWidth: '1px',
                  borderColor: 'border.default',
                  rounded: 'lg',
                })}
              >
                {list.map((track) => (
                  <li
                    key={track.id}
                    className={hstack({
                      gap: '3',
                      px: '3',
                      py: '2',
                      '&:not(:first-child)': { borderTopWidth: '1px', borderColor: 'border.default' },
                    })}
                  >
                    <div className={css({ flex: '1', minW: '0' })}>
                      <p className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
                        <span lang={track.language} className={css({ fontWeight: 'medium' })}>
                          {track.label}
                        </span>
                        <Chip size="sm" palette="neutral">
                          {track.language}
                        </Chip>
                      </p>
                      <p className={css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' })}>
                        {track.fileName} · {formatFileSize(track.fileSize)}
                      </p>
                    </div>
                    <DeleteIconButton
                      aria-label={t('admin.captions.removeAria', { label: track.label })}
                      onClick={() => setRemoving(track)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
          {material ? <AddCaptionForm material={material} existing={list} /> : null}
        </div>
      </Dialog>
      <ConfirmDeleteDialog
        item={removing}
        title={t('admin.captions.removeTitle')}
        question={t('admin.captions.removeQuestion')}
        describe={(track) => `${track.label} (${track.language}) · ${track.fileName}`}
        failureMessage={t('admin.captions.removeFailed')}
        onConfirm={(track) => runWrite(materialWrites.removeCaption, { materialId, captionId: track.id })}
        onClose={() => setRemoving(null)}
        onDeleted={() => {
          setRemoving(null);
          toaster.create({ type: 'success', title: t('admin.captions.removed') });
        }}
      />
    </>
  );
}

type FieldErrors = { file?: string; language?: string; label?: string };

function AddCaptionForm({ material, existing }: { material: Material; existing: CaptionTrack[] }) {
  const [file, setFile] = useState<File | null>(null);
  const [language, setLanguage] = useState('');
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const fileId = useId();
  const uploading = progress !== null;

  useEffect(() => () => abort.current?.abort(), []);

  const tag = canonicalLanguageTag(language);
  const suggestedLabel = tag ? defaultCaptionLabel(tag) : '';

  const check = async (): Promise<FieldErrors> => {
    const found: FieldErrors = {};
    if (!language.trim()) found.language = declaredText(CAPTION_MESSAGES.languageRequired);
    else if (!tag) found.language = declaredText(CAPTION_MESSAGES.languageInvalid);
    else if (existing.some((t) => t.language === tag)) found.language = declaredText(CAPTION_MESSAGES.exists);
    if (label.trim().length > 60) found.label = declaredText(CAPTION_MESSAGES.labelTooLong);
    if (!file) found.file = declaredText(CAPTION_MESSAGES.fileMissing);
    else if (!/\.vtt$/i.test(file.name)) found.file = declaredText(CAPTION_MESSAGES.wrongExtension);
    else if (file.size > CAPTION_MAX_BYTES) found.file = declaredText(CAPTION_MESSAGES.tooLarge);
    else {
      const problem = webVttProblem(new Uint8Array(await file.arrayBuffer()));
      if (problem) found.file = declaredText(CAPTION_MESSAGES[problem]);
    }
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const found = await check();
    setErrors(found);
    if (found.file || found.language || found.label || !file) return focusFirstInvalid(formRef.current);
    setProgress(0);
    abort.current = new AbortController();
    try {
      const track = await runWrite(materialWrites.addCaption, {
        materialId: material.id,
        input: { file, language: tag ?? language, label: label.trim() },
        onProgress: setProgress,
        signal: abort.current.signal,
      });
      toaster.create({
        type: 'success',
        title: t('admin.captions.added'),
        description: `${track.label} (${track.language})`,
      });
      setFile(null);
      setLanguage('');
      setLabel('');
      if (fileInput.current) fileInput.current.value = '';
    } catch (e) {
      if (abort.current?.signal.aborted) return;
      // The server's refusal goes next to its field when it names one.
      const fields = e instanceof ApiClientError ? e.fields : {};
      if (fields.file || fields.language || fields.label) {
        setErrors({
          file: declaredText(fields.file),
          language: declaredText(fields.language),
          label: declaredText(fields.label),
        });
        focusFirstInvalid(formRef.current);
      } else setError(errorText(e, t('admin.captions.uploadFailed')));
    } finally {
      setProgress(null);
    }
  };

  return (
    <section
      aria-labelledby="add-caption-heading"
      className={stack({ gap: '3', borderTopWidth: '1px', borderColor: 'border.default', pt: '4' })}
    >
      <h3 id="add-caption-heading" className={css({ fontWeight: 'semibold' })}>
        {t('admin.captions.addHeading')}
      </h3>
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      >
        {error ? <Alert status="error">{error}</Alert> : null}
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
          <label htmlFor={fileId} className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
            {t('admin.captions.file')} <span aria-hidden>*</span>
          </label>
          <FilePicker
            ref={fileInput}
            id={fileId}
            accept=".vtt,text/vtt"
            disabled={uploading}
            invalid={Boolean(errors.file)}
            describedBy={`${fileId}-${errors.file ? 'error' : 'help'}`}
            fileName={file?.name}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setErrors((f) => ({ ...f, file: undefined }));
            }}
          />
          {errors.file ? (
            <p id={`${fileId}-error`} role="alert" className={css({ fontSize: 'sm', color: 'error.fg' })}>
              {errors.file}
            </p>
          ) : (
            <p id={`${fileId}-help`} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              {file
                ? `${file.name} · ${formatFileSize(file.size)}`
                : t('admin.captions.fileHelp', { size: formatFileSize(CAPTION_MAX_BYTES) })}
            </p>
          )}
        </div>
        <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } })}>
          <TextField
            label={t('admin.captions.language')}
            required
            value={language}
            disabled={uploading}
            error={errors.language}
            helperText={t('admin.captions.languageHelp')}
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            onChange={(event) => {
              setLanguage(event.target.value);
              if (errors.language) setErrors((f) => ({ ...f, language: undefined }));
            }}
          />
          <TextField
            label={t('admin.captions.label')}
            value={label}
            disabled={uploading}
            error={errors.label}
            placeholder={suggestedLabel || t('admin.captions.labelPlaceholder')}
            helperText={
              suggestedLabel
                ? t('admin.captions.labelDefault', { label: suggestedLabel })
                : t('admin.captions.labelHelp')
            }
            onChange={(event) => setLabel(event.target.value)}
          />
        </div>
        {uploading ? <UploadProgress progress={progress} /> : null}
        <div>
          <Button
            type="submit"
            leftIcon={<Upload />}
            loading={uploading}
            loadingText={t('admin.upload.uploadingShort')}
          >
            {t('admin.captions.add')}
          </Button>
        </div>
      </form>
    </section>
  );
}
