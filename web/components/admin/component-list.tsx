import { ArrowDown, ArrowUp, ClipboardCheck, FileText, Plus, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { flex, stackToRow, wrap } from 'styled-system/patterns';
import type { AdminComponent, AdminCourseDetail } from '@contract/admin-courses';
import type { ComponentType } from '@contract/course';
import { courseWrites } from '../../api/course-queries';
import { runWrite } from '../../api/writes';
import { formatScore } from '../../format';
import { t } from '../../i18n';
import { Alert, Button, Chip, EmptyState, IconButton, toaster } from '../../ui';
import { ConfirmDeleteDialog } from '../confirm-delete-dialog';
import { componentLabel, ComponentEditorDialog, type ComponentEditorTarget } from './component-editor-dialog';
import { isolate, materialTypeLabel } from './content-text';
import { errorText } from '../../i18n/error-text';
import { DeleteIconButton, EditIconButton } from './shared/row-icon-buttons';

const palette = {
  PRE_ASSESSMENT: 'info',
  MATERIAL: 'accent',
  CLASSROOM: 'warning',
  POST_ASSESSMENT: 'success',
} as const;

/** Moves the item at `index` by `delta` (pure; used for the optimistic reorder). */
export function moveItem<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

const componentTitle = (component: AdminComponent) =>
  String((component.data as { title?: unknown }).title ?? componentLabel(component.type));

function summary(component: AdminComponent): string {
  const data = component.data as { questions?: unknown[]; type?: string; passingScore?: number; timeLimit?: number };
  if (component.type === 'MATERIAL')
    return data.type
      ? t('admin.component.materialOf', { type: materialTypeLabel(data.type) })
      : componentLabel('MATERIAL');
  if (component.type === 'CLASSROOM') return t('admin.component.classroomSummary');
  return t('admin.component.assessmentSummary', {
    count: data.questions?.length ?? 0,
    score: isolate(formatScore(data.passingScore ?? 70)),
    time: isolate(
      data.timeLimit ? t('admin.component.minutes', { minutes: data.timeLimit }) : t('admin.component.noTimeLimit'),
    ),
  });
}

/** The add buttons in course order: the kinds of step a course can hold, each with its label. */
const addButtons = (): { type: ComponentType; label: string }[] => [
  { type: 'PRE_ASSESSMENT', label: t('admin.component.addPre') },
  { type: 'MATERIAL', label: t('admin.component.addMaterial') },
  { type: 'CLASSROOM', label: t('admin.component.addClassroom') },
  { type: 'POST_ASSESSMENT', label: t('admin.component.addPost') },
];

export interface ComponentListProps {
  course: AdminCourseDetail;
}

/** The Components tab: ordered list with move up/down, edit and delete, and the add buttons. */
export function ComponentList({ course }: ComponentListProps) {
  const [items, setItems] = useState<AdminComponent[]>(course.components);
  const [editor, setEditorTarget] = useState<ComponentEditorTarget | null>(null);
  // Each opening mounts a fresh editor (its form state starts from the target); closing keeps the key for the exit animation.
  const [editorKey, setEditorKey] = useState(0);
  const setEditor = (target: ComponentEditorTarget | null) => {
    if (target) setEditorKey((n) => n + 1);
    setEditorTarget(target);
  };
  const [deleting, setDeleting] = useState<AdminComponent | null>(null);
  useEffect(() => setItems(course.components), [course.components]);

  const locked = course.hasBeenPublished;

  const move = async (index: number, delta: -1 | 1) => {
    const next = moveItem(items, index, delta);
    setItems(next); // optimistic
    try {
      await runWrite(courseWrites.reorderComponents, { courseId: course.id, orderedIds: next.map((c) => c.id) });
    } catch (e) {
      console.error('Reorder failed', e);
      toaster.create({ type: 'error', title: errorText(e, t('admin.component.reorderFailed')) });
      setItems(course.components); // the server's order stands
    }
  };

  const add = (type: ComponentType) => setEditor({ mode: 'add', type });

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      {locked ? (
        <Alert status="info" title={t('admin.component.lockedTitle')}>
          {t('admin.component.lockedBody')}
        </Alert>
      ) : null}
      <div className={wrap({ gap: '2' })}>
        {addButtons().map(({ type, label }) => (
          <Button
            key={type}
            size="sm"
            variant="outline"
            leftIcon={<Plus />}
            disabled={locked}
            onClick={() => add(type)}
          >
            {label}
          </Button>
        ))}
      </div>
      {items.length === 0 ? (
        <EmptyState
          bordered
          icon={<ClipboardCheck />}
          title={t('admin.component.emptyTitle')}
          description={t('admin.component.emptyBody')}
          headingLevel="h3"
        />
      ) : (
        <ol
          aria-label={t('admin.component.listLabel')}
          className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
        >
          {items.map((component, index) => {
            const title = componentTitle(component);
            return (
              <li
                key={component.id}
                className={stackToRow({
                  align: 'center',
                  stackAlign: 'flex-start',
                  gap: '3',
                  p: '3',
                  borderWidth: '1px',
                  borderColor: 'border.default',
                  borderRadius: 'lg',
                  bg: 'bg.surface',
                })}
              >
                <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flex: '1', minW: 0 })}>
                  <span
                    className={css({
                      fontWeight: 'bold',
                      color: 'fg.muted',
                      w: '6',
                      textAlign: 'center',
                      flexShrink: 0,
                    })}
                    aria-hidden
                  >
                    {index + 1}
                  </span>
                  <span className={css({ color: 'fg.muted', flexShrink: 0 })} aria-hidden>
                    {component.type === 'MATERIAL' ? (
                      <FileText size={18} />
                    ) : component.type === 'CLASSROOM' ? (
                      <Users size={18} />
                    ) : (
                      <ClipboardCheck size={18} />
                    )}
                  </span>
                  <div className={css({ display: 'flex', flexDirection: 'column', minW: 0 })}>
                    <span
                      className={css({
                        fontWeight: 'medium',
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                      })}
                    >
                      <bdi>{title}</bdi>
                    </span>
                    <span className={wrap({ align: 'center', gap: '2', fontSize: 'xs', color: 'fg.muted' })}>
                      <Chip size="sm" palette={palette[component.type]}>
                        {componentLabel(component.type)}
                      </Chip>
                      {summary(component)}
                      {component.required ? null : <span>· {t('admin.component.optional')}</span>}
                    </span>
                  </div>
                </div>
                <div className={flex({ gap: '1', flexShrink: 0, alignSelf: { base: 'flex-end', sm: 'center' } })}>
                  <IconButton
                    aria-label={t('admin.component.moveUp', { title })}
                    icon={<ArrowUp />}
                    size="sm"
                    disabled={locked || index === 0}
                    onClick={() => void move(index, -1)}
                  />
                  <IconButton
                    aria-label={t('admin.component.moveDown', { title })}
                    icon={<ArrowDown />}
                    size="sm"
                    disabled={locked || index === items.length - 1}
                    onClick={() => void move(index, 1)}
                  />
                  <EditIconButton
                    aria-label={t('admin.component.editAria', { title })}
                    onClick={() => setEditor({ mode: 'edit', component })}
                  />
                  <DeleteIconButton
                    aria-label={t('admin.component.deleteAria', { title })}
                    disabled={locked}
                    onClick={() => setDeleting(component)}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <ComponentEditorDialog
        key={editorKey}
        courseId={course.id}
        target={editor}
        onClose={() => setEditor(null)}
        onSaved={() => {
          setEditor(null);
          toaster.create({ type: 'success', title: t('admin.component.saved') });
        }}
      />
      <ConfirmDeleteDialog
        item={deleting}
        title={t('admin.component.deleteTitle')}
        question={t('admin.component.deleteQuestion')}
        describe={componentTitle}
        failureMessage={t('admin.component.deleteFailed')}
        onConfirm={(component) =>
          runWrite(courseWrites.removeComponent, { courseId: course.id, componentId: component.id })
        }
        onClose={() => setDeleting(null)}
        onDeleted={() => setDeleting(null)}
      />
    </div>
  );
}
