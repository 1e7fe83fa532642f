import { ExternalLink, Package, Presentation } from 'lucide-react';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import type { Material } from '../../../api/admin-content';
import { PdfViewer } from '../../pdf-viewer';
import { Alert, Button, Dialog, EmptyState, flipInRtl } from '../../../ui';
import { formatFileSize, formatNumber, formatScore } from '../../../format';
import { t } from '../../../i18n';
import { isolate, materialTypeLabel } from '../content-text';

/**
 * Where a video can be played from, tried in this order: the file served by the Worker, the
 * material's stored drive link, then the drive file by its id.
 */
export function videoSources(material: Pick<Material, 'fileUrl' | 'driveFileUrl' | 'driveFileId'>): string[] {
  const candidates = [
    material.fileUrl,
    material.driveFileUrl,
    material.driveFileId
      ? `https://drive.google.com/uc?export=download&id=${encodeURIComponent(material.driveFileId)}`
      : '',
  ];
  return candidates.filter((url, index) => url !== '' && candidates.indexOf(url) === index);
}

/** Viewer: PDF drawn with PDF.js, video in a player (falling back source by source), slide decks open in a new tab (browsers cannot embed them). */
export function MaterialViewer({ material, onClose }: { material: Material | null; onClose: () => void }) {
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
          // biome-ignore lint/a11y/useMediaCaption: the caption tracks are rendered from the material's list below
          <video
            key={sources[sourceIndex]}
            controls
            preload="metadata"
            src={sources[sourceIndex]}
            onError={() => setSourceIndex((i) => i + 1)}
            className={css({ w: 'full', maxH: '70vh', borderRadius: 'lg', bg: 'black' })}
          >
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
          title={
            material.scorm
              ? t('admin.materials.scormTitle', { title: material.scorm.title, version: material.scorm.version })
              : materialTypeLabel('SCORM')
          }
          description={
            material.scorm
              ? t(
                  material.scorm.masteryScore != null
                    ? 'admin.materials.scormDetailsMastery'
                    : 'admin.materials.scormDetails',
                  {
                    count: material.scorm.fileCount,
                    files: formatNumber(material.scorm.fileCount),
                    size: isolate(formatFileSize(material.scorm.expandedBytes)),
                    launch: isolate(material.scorm.launchPath),
                    mastery: isolate(formatScore(material.scorm.masteryScore)),
                  },
                )
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
