import { Camera, ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { t } from '../../i18n';
import { photoGrid } from './panel-style';
import { deletePhoto, readPhoto, savePhoto } from '../../state/evaluation-store';
import { resizePhoto } from '../../state/photo-resize';
import { Button, IconButton, toaster } from '../../ui';

/** The server keeps at most ten photos per evaluation. */
export const MAX_PHOTOS = 10;

interface PhotoPickerProps {
  evaluationId: string;
  photoIds: readonly string[];
  onAdd: (photoId: string) => void;
  onRemove: (photoId: string) => void;
}

/** Photos from the camera or a file, made smaller on the device and kept there until sent. */
export function PhotoPicker({ evaluationId, photoIds, onAdd, onRemove }: PhotoPickerProps) {
  const camera = useRef<HTMLInputElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const full = photoIds.length >= MAX_PHOTOS;

  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    try {
      for (const picked of [...files].slice(0, MAX_PHOTOS - photoIds.length)) {
        const blob = await resizePhoto(picked);
        const id = crypto.randomUUID();
        await savePhoto({ id, evaluationId, blob });
        onAdd(id);
      }
    } catch {
      toaster.create({ type: 'error', title: t('evaluate.photos.failed') });
    } finally {
      setBusy(false);
      if (camera.current) camera.current.value = '';
      if (file.current) file.current.value = '';
    }
  };

  return (
    <section
      aria-labelledby="evaluation-photos"
      className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
    >
      <h2 id="evaluation-photos" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {t('evaluate.photos.title', { count: photoIds.length, max: MAX_PHOTOS })}
      </h2>
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <Button
          size="lg"
          variant="outline"
          leftIcon={<Camera />}
          disabled={full}
          loading={busy}
          onClick={() => camera.current?.click()}
        >
          {t('evaluate.photos.camera')}
        </Button>
        <Button
          size="lg"
          variant="outline"
          leftIcon={<ImagePlus />}
          disabled={full || busy}
          onClick={() => file.current?.click()}
        >
          {t('evaluate.photos.file')}
        </Button>
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          tabIndex={-1}
          aria-hidden="true"
          className={css({ display: 'none' })}
          onChange={(e) => void add(e.target.files)}
          data-testid="photo-camera"
        />
        <input
          ref={file}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          tabIndex={-1}
          aria-hidden="true"
          className={css({ display: 'none' })}
          onChange={(e) => void add(e.target.files)}
          data-testid="photo-file"
        />
      </div>
      {photoIds.length > 0 ? (
        <ul className={photoGrid}>
          {photoIds.map((id, index) => (
            <li key={id} className={css({ position: 'relative' })}>
              <Thumbnail photoId={id} alt={t('evaluate.photos.alt', { number: index + 1 })} />
              <IconButton
                aria-label={t('evaluate.photos.remove', { number: index + 1 })}
                size="lg"
                variant="solid"
                palette="neutral"
                icon={<Trash2 />}
                className={css({ position: 'absolute', insetEnd: '1', top: '1' })}
                onClick={() => {
                  onRemove(id);
                  void deletePhoto(id);
                }}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** A stored photo shown from the device (no connection needed). */
export function Thumbnail({ photoId, alt }: { photoId: string; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    void readPhoto(photoId).then((photo) => {
      if (!live || !photo) return;
      made = URL.createObjectURL(photo.blob);
      setUrl(made);
    });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [photoId]);
  return (
    <div className={css({ aspectRatio: '1', borderRadius: 'md', overflow: 'hidden', bg: 'bg.subtle' })}>
      {url ? <img src={url} alt={alt} className={css({ width: '100%', height: '100%', objectFit: 'cover' })} /> : null}
    </div>
  );
}
