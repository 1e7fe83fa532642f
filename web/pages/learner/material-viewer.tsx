import type { Material } from '@contract/materials';
import type { ComponentProgress } from '@contract/progress';
import type { LearnerComponent } from '@contract/courses';
import { isComponentLocked } from '@contract/rules/progress';
import { CircleCheck, Download, ExternalLink, FileText } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { css } from 'styled-system/css';
import { stackToRow, wrap } from 'styled-system/patterns';
import { PdfViewer } from '../../components/pdf-viewer';
import { learnerApi } from '../../api/learner';
import { learnerQueries } from '../../api/learner-queries';
import { queryClient } from '../../api/query-client';
import { queryKeys } from '../../api/query-keys';
import { BackLink } from '../../components/learner/back-link';
import { PageFailure } from '../../components/learner/page-failure';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { VideoPlayer } from '../../components/video-player';
import { t } from '../../i18n';

// The SCORM player and scorm-again load only when a SCORM component is opened.
const ScormPlayer = lazy(() => import('../../components/scorm-player').then((m) => ({ default: m.ScormPlayer })));
import { componentPath } from '../../components/component-path';
import { markCourseSeen, nextComponentAfter } from '../../state/course-progress';
import { useMaterialProgress } from '../../state/material';
import { shownProgress } from '../../../statecharts/material-progress.machine';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { LoadingBlock } from '../../ui/spinner';
import { errorText } from '../../i18n/error-text';
import { machineText } from '../../i18n/machine-text';
import { ProgressBar } from '../../components/learner/progress-bar';

type Kind = 'PDF' | 'VIDEO' | 'DOCUMENT' | 'OTHER';

/** Which viewer a material gets: PDF, VIDEO/MP4, PPT/PPTX/DOC/DOCX, or other. */
function kindOf(material: Material | null, declared: string | null): Kind {
  const type = (material?.type ?? declared ?? '').toUpperCase();
  const ext = (material?.fileName.split('.').pop() ?? '').toUpperCase();
  if (type === 'PDF' || ext === 'PDF') return 'PDF';
  if (type === 'VIDEO' || type === 'MP4' || ext === 'MP4' || material?.contentType.startsWith('video/')) return 'VIDEO';
  if (['PPT', 'PPTX', 'DOC', 'DOCX'].includes(type) || ['PPT', 'PPTX', 'DOC', 'DOCX'].includes(ext)) return 'DOCUMENT';
  return 'OTHER';
}

interface Loaded {
  component: Extract<LearnerComponent, { type: 'MATERIAL' }>;
  progress: ComponentProgress | null;
  material: Material | null;
  courseTitle: string;
}

/** The material component, the learner's progress on it and its file, refused while the component is locked. */
async function loadMaterial(courseId: string, componentId: string): Promise<Loaded> {
  const [course, progress] = await Promise.all([
    queryClient.fetchQuery(learnerQueries.course(courseId)),
    queryClient.fetchQuery(learnerQueries.courseProgress(courseId)),
  ]);
  const component = course.components.find((c) => c.id === componentId);
  if (component?.type !== 'MATERIAL') throw new Error(t('material.loadFailed'));
  if (!progress) throw new Error('Enroll in the course to access content');
  const map = new Map(progress.componentProgresses.map((p) => [p.componentId, p]));
  if (isComponentLocked(course.components, map, componentId)) throw new Error(t('progress.componentLocked'));
  markCourseSeen(courseId, progress.courseProgress.status);
  const materialId = component.data.materialId;
  const material = materialId ? await queryClient.fetchQuery(learnerQueries.materialFile(materialId)) : null;
  return { component, progress: map.get(componentId) ?? null, material, courseTitle: course.title };
}

/** /course/{courseId}/material/{componentId}: the material viewer, which records viewing progress. */
export function MaterialViewerPage() {
  const { courseId, componentId } = useParams<{ courseId: string; componentId: string }>();
  // The viewer's machine starts from the progress read here; progress writes invalidate it
  // (learner.material is among the progress reads), so a later visit never starts from an old copy.
  const query = useQuery({
    queryKey: queryKeys.learner.material(courseId, componentId),
    queryFn: () => loadMaterial(courseId, componentId),
  });
  const data = query.data ?? null;
  // A failed refetch while viewing keeps the viewer: only a first load that failed shows the error.
  const error =
    query.isError && !data
      ? errorText(
          query.error,
          query.error instanceof Error && query.error.message
            ? machineText(query.error.message)
            : t('material.loadFailed'),
        )
      : null;
  useDocumentTitle(data?.component.data.title ?? t('component.type.MATERIAL'));

  const back = <BackLink href={`/course/${courseId}`}>{t('material.back')}</BackLink>;
  if (error) {
    return <PageFailure back={back}>{error}</PageFailure>;
  }
  if (!data) return <LoadingBlock label={t('material.loading')} />;
  if (data.material?.type === 'SCORM' || data.component.data.type === 'SCORM') {
    return (
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
        {back}
        <MaterialTitle data={data} as="header" />
        <Suspense fallback={<LoadingBlock label={t('material.openingPackage')} />}>
          <ScormPlayer
            key={componentId}
            componentId={componentId}
            courseId={courseId}
            title={data.component.data.title}
          />
        </Suspense>
      </div>
    );
  }
  return <MaterialView key={componentId} courseId={courseId} data={data} back={back} />;
}

/** The material's course, title and description (the page's h1); a header of its own when nothing stands beside it. */
function MaterialTitle({ data, as: Wrapper }: { data: Loaded; as: 'header' | 'div' }) {
  return (
    <Wrapper className={css({ minW: 0 })}>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        <bdi>{data.courseTitle}</bdi>
      </p>
      <h1 className={css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', lineHeight: '1.25' })}>
        <bdi>{data.component.data.title}</bdi>
      </h1>
      {data.component.data.description ? (
        <p dir="auto" className={css({ color: 'fg.muted', mt: '1' })}>
          {data.component.data.description}
        </p>
      ) : null}
    </Wrapper>
  );
}

function MaterialView({ courseId, data, back }: { courseId: string; data: Loaded; back: React.ReactNode }) {
  const [, navigate] = useLocation();
  // "Complete & Continue" opens the next component; after the last one, the course page shows the completion.
  const componentId = data.component.id;
  const onFinished = useCallback(() => {
    void nextComponentAfter(courseId, componentId).then((next) =>
      navigate(next ? componentPath(courseId, next) : `/course/${courseId}`),
    );
  }, [navigate, courseId, componentId]);
  const [snapshot, send] = useMaterialProgress(
    {
      componentId: data.component.id,
      status: data.progress?.status ?? 'NOT_STARTED',
      progressPercentage: data.progress?.progressPercentage ?? 0,
    },
    onFinished,
  );
  const kind = kindOf(data.material, data.component.data.type);
  const fullyViewed = snapshot.hasTag('fullyViewed');
  // What the server recorded (the number the course page shows), and 100 once viewed to the end.
  const progress = shownProgress(snapshot.context, fullyViewed);
  const onPdfProgress = useCallback((percentage: number) => send({ type: 'material.progress', percentage }), [send]);

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
      {back}
      <header className={stackToRow({ from: 'md', align: 'flex-end', justify: 'space-between', gap: '4' })}>
        <MaterialTitle data={data} as="div" />
        <div className={wrap({ align: 'center', gap: '3', flexShrink: 0, w: { base: 'full', md: 'auto' } })}>
          <ProgressBar
            label={t('material.progress')}
            percent={progress}
            complete={fullyViewed}
            caption={t('material.viewed')}
            figure={`${progress}%`}
            className={css({ minW: '36', flex: { base: '1', md: 'none' } })}
          />
          {fullyViewed ? (
            <Button
              leftIcon={<CircleCheck aria-hidden />}
              palette="brand"
              loading={snapshot.hasTag('completing') && snapshot.context.finishRequested}
              onClick={() => send({ type: 'material.finish' })}
            >
              {t('material.completeContinue')}
            </Button>
          ) : null}
        </div>
      </header>
      {snapshot.context.error ? <Alert status="error">{machineText(snapshot.context.error)}</Alert> : null}
      <Card className={css({ p: '0', overflow: 'hidden' })}>
        {kind === 'PDF' && data.material ? (
          <PdfViewer
            material={data.material}
            // The learner's record of this component (one per learner; a new training cycle reuses it, hence notStarted).
            memoryKey={
              data.progress && !data.progress.id.startsWith('pending-') ? `pdf-pages-viewed:${data.progress.id}` : null
            }
            notStarted={(data.progress?.status ?? 'NOT_STARTED') === 'NOT_STARTED'}
            onProgress={onPdfProgress}
          />
        ) : (
          <Viewer
            kind={kind}
            material={data.material}
            onProgress={(percentage, durationSeconds) =>
              send({ type: 'material.progress', percentage, durationSeconds })
            }
            onLoaded={() => send({ type: 'material.loaded' })}
          />
        )}
      </Card>
    </div>
  );
}

function Viewer({
  kind,
  material,
  onProgress,
  onLoaded,
}: {
  kind: Kind;
  material: Material | null;
  onProgress: (p: number, durationSeconds?: number) => void;
  onLoaded: () => void;
}) {
  // A PDF with its file is drawn by PdfViewer (../../components/pdf-viewer.tsx).
  if (kind === 'PDF') return <NoFile text={t('material.noPdf')} />;
  if (kind === 'VIDEO')
    return material ? (
      <VideoPlayer material={material} onProgress={onProgress} />
    ) : (
      <NoFile text={t('material.noVideo')} />
    );
  if (kind === 'DOCUMENT')
    return material ? (
      <DocumentViewer material={material} onLoaded={onLoaded} />
    ) : (
      <NoFile text={t('material.noDocument')} />
    );
  return <EmptyState icon={<FileText />} title={t('material.noContent')} />;
}

function NoFile({ text }: { text: string }) {
  return <EmptyState icon={<FileText />} title={text} description={t('material.contactAdmin')} />;
}

/** Office files cannot be shown inline: open or download them; opening counts as viewing. */
function DocumentViewer({ material, onLoaded }: { material: Material; onLoaded: () => void }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await learnerApi.materialFile(material.id);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = material.fileName;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      onLoaded();
    } finally {
      setBusy(false);
    }
  };
  return (
    <EmptyState
      icon={<FileText />}
      title={material.fileName}
      description={t('material.documentHint')}
      actions={
        <>
          <Button asChild variant="outline">
            <a href={material.fileUrl} target="_blank" rel="noopener noreferrer" onClick={onLoaded}>
              <ExternalLink aria-hidden /> {t('material.openDocument')}
            </a>
          </Button>
          <Button leftIcon={<Download aria-hidden />} loading={busy} onClick={() => void download()}>
            {t('material.download')}
          </Button>
        </>
      }
    />
  );
}
