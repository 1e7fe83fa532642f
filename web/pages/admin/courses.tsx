import { BookOpen, Copy, Plus, Rocket, Search, Undo2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { grid } from 'styled-system/patterns';
import { listDomains, pageCourses, type AdminCourse, type CourseFilters, type Domain } from '../../api/admin-content';
import { courseWrites } from '../../api/course-queries';
import { queryKeys } from '../../api/query-keys';
import { runWrite, useWrite } from '../../api/writes';
import { hasErrorCode } from '../../api/client';
import { CourseEditDialog } from '../../components/admin/course-edit-dialog';
import {
  CourseFields,
  coursePayload,
  emptyCourseForm,
  validateCourseForm,
  type CourseFormErrors,
  type CourseFormValues,
} from '../../components/admin/course-form';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { FormDialog } from '../../components/form-dialog';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { TablePagination } from '../../components/table-pagination';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useNavigationFlag } from '../../hooks/use-navigation-flag';
import { usePagedList } from '../../hooks/use-paged-list';
import { formatNumber } from '../../format';
import { t } from '../../i18n';
import { languageName } from '../../components/admin/content-text';
import {
  Alert,
  Button,
  Chip,
  DataTable,
  EmptyState,
  flipInRtl,
  IconButton,
  toaster,
  Tooltip,
  type DataTableColumn,
} from '../../ui';
import { errorText, fieldErrors } from '../../i18n/error-text';
import { AllOrOneSelect, ListSearchField } from '../../components/admin/shared/list-filters';
import { actionsColumn, titleColumn } from '../../components/admin/shared/list-columns';
import { DeleteIconButton, EditIconButton } from '../../components/admin/shared/row-icon-buttons';

/** Course Management shows 5 courses a page, with no other page size. */
export const COURSES_PAGE_SIZE = 5;
/** The edit dialog opens this long after a create, so the success message is read first. */
export const OPEN_EDITOR_DELAY_MS = 500;

const NO_FILTERS: CourseFilters = { status: '', domainId: '' };

/** /admin/courses: Course Management: search, filter, create, edit, publish, take down, delete and clone courses, 5 a page. */
export function AdminCoursesPage() {
  useDocumentTitle(t('admin.courses.pageTitle'));
  const list = usePagedList({
    queryKey: queryKeys.admin.courses.all,
    fetchPage: pageCourses,
    filters: NO_FILTERS,
    defaultLimit: COURSES_PAGE_SIZE,
  });
  const books = useQuery({ queryKey: queryKeys.admin.domains.options, queryFn: ({ signal }) => listDomains(signal) });
  const domains = books.data ?? [];
  const courses = list.items;
  const [createOpen, setCreateOpen] = useState(false);
  const [editing, setEditing] = useState<{ id: string; tab: 'details' | 'components' } | null>(null);
  const [deleting, setDeleting] = useState<AdminCourse | null>(null);
  const openTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useNavigationFlag('create', () => setCreateOpen(true));
  useEffect(
    () => () => {
      if (openTimer.current) clearTimeout(openTimer.current);
    },
    [],
  );

  const filtering = list.isFiltering;

  const action = useWrite(courseWrites.act, {
    onSuccess: (_result, { kind }) =>
      toaster.create({
        type: 'success',
        title:
          kind === 'publish'
            ? t('admin.courses.published')
            : kind === 'takedown'
              ? t('admin.courses.takenDown')
              : t('admin.courses.cloned'),
      }),
    // A refused publish (no components, say) needs its reason, so the server's message is shown.
    onError: (e) => toaster.create({ type: 'error', title: errorText(e, t('admin.courses.actionFailed')) }),
  });
  const pending = action.isPending ? `${action.variables.kind}:${action.variables.id}` : null;
  const act = (course: AdminCourse, kind: 'publish' | 'takedown' | 'clone') => action.mutate({ id: course.id, kind });

  const actions = (course: AdminCourse) => {
    const published = course.status === 'PUBLISHED';
    const statusAction = published ? 'takedown' : 'publish';
    return (
      <div
        className={css({
          display: 'inline-flex',
          gap: '1',
          flexWrap: { base: 'wrap', md: 'nowrap' },
          justifyContent: 'flex-end',
        })}
      >
        <EditIconButton
          aria-label={t('admin.courses.editAria', { title: course.title })}
          onClick={() => setEditing({ id: course.id, tab: 'details' })}
        />
        {/* One button whose action follows the status: take a published course down, publish a draft. */}
        <Button
          size="sm"
          variant="outline"
          palette={published ? 'neutral' : 'brand'}
          leftIcon={published ? <Undo2 className={flipInRtl} /> : <Rocket />}
          loading={pending === `${statusAction}:${course.id}`}
          onClick={() => act(course, statusAction)}
          aria-label={
            published
              ? t('admin.courses.takeDownAria', { title: course.title })
              : t('admin.courses.publishAria', { title: course.title })
          }
        >
          {published ? t('admin.courses.takeDown') : t('admin.courses.publish')}
        </Button>
        <Tooltip content={published ? t('admin.courses.deleteDisabled') : t('admin.courses.delete')}>
          <DeleteIconButton
            aria-label={t('admin.courses.deleteAria', { title: course.title })}
            disabled={published}
            onClick={() => setDeleting(course)}
          />
        </Tooltip>
        <IconButton
          aria-label={t('admin.courses.cloneAria', { title: course.title })}
          icon={<Copy />}
          size="sm"
          loading={pending === `clone:${course.id}`}
          onClick={() => act(course, 'clone')}
        />
      </div>
    );
  };

  const actionsCol = actionsColumn(t('admin.courses.col.actions'), actions);
  const title = titleColumn<AdminCourse>('title', t('admin.courses.col.title'), (c) => c.title);
  const columns: DataTableColumn<AdminCourse>[] = [
    title.column,
    { key: 'book', header: t('admin.courses.col.books'), cell: (c) => <bdi>{c.domain.name}</bdi> },
    {
      key: 'language',
      header: t('admin.courses.col.language'),
      cell: (c) => (
        <span className={css({ display: 'inline-flex', gap: '1.5', alignItems: 'center', flexWrap: 'wrap' })}>
          {languageName(c.language)}
          {c.familyId ? (
            <Chip size="sm" palette="info">
              {t('admin.courses.hasVersions')}
            </Chip>
          ) : null}
        </span>
      ),
    },
    {
      key: 'status',
      header: t('admin.courses.col.status'),
      cell: (c) => (
        <Chip size="sm" palette={c.status === 'PUBLISHED' ? 'success' : 'neutral'}>
          {c.status === 'PUBLISHED' ? t('admin.courses.status.PUBLISHED') : t('admin.courses.status.DRAFT')}
        </Chip>
      ),
    },
    {
      key: 'components',
      header: t('admin.courses.col.components'),
      align: 'center',
      cell: (c) => formatNumber(c.componentCount),
    },
    actionsCol.column,
  ];

  return (
    <>
      <PageHeader
        title={t('admin.courses.pageTitle')}
        subtitle={t('admin.courses.subtitle')}
        actions={
          <Button leftIcon={<Plus />} onClick={() => setCreateOpen(true)}>
            {t('admin.courses.new')}
          </Button>
        }
      />
      <div
        className={grid({
          gap: '4',
          gridTemplateColumns: { base: '1fr', sm: '1fr 1fr', lg: '2fr 1fr 1fr' },
          mb: '5',
          alignItems: 'end',
        })}
      >
        <ListSearchField
          list={list}
          label={t('admin.courses.search')}
          placeholder={t('admin.courses.searchPlaceholder')}
        />
        <AllOrOneSelect
          label={t('admin.courses.col.books')}
          allLabel={t('admin.courses.allBooks')}
          options={domains.map((d) => ({ label: d.name, value: d.id }))}
          value={list.filters.domainId}
          onChange={(value) => list.setFilter('domainId', value)}
        />
        <AllOrOneSelect
          label={t('admin.courses.col.status')}
          allLabel={t('admin.courses.statusAll')}
          options={[
            { label: t('admin.courses.status.DRAFT'), value: 'DRAFT' },
            { label: t('admin.courses.status.PUBLISHED'), value: 'PUBLISHED' },
          ]}
          value={list.filters.status}
          onChange={(value) => list.setFilter('status', value)}
        />
      </div>
      <QueryState
        query={list.query}
        loadingLabel={t('admin.courses.loading')}
        failureMessage={t('admin.courses.loadFailed')}
      >
        <DataTable
          label={t('admin.courses.tableLabel')}
          rows={courses ?? []}
          columns={columns}
          getRowKey={(c) => c.id}
          cardTitle={title.cardTitle}
          cardActions={actionsCol.cardActions}
          empty={
            <EmptyState
              bordered
              icon={filtering ? <Search /> : <BookOpen />}
              title={filtering ? t('admin.courses.emptyFiltered') : t('admin.courses.empty')}
              actions={
                filtering ? (
                  <Button variant="outline" onClick={list.clearFilters}>
                    {t('admin.courses.clearFilters')}
                  </Button>
                ) : (
                  <Button leftIcon={<Plus />} onClick={() => setCreateOpen(true)}>
                    {t('admin.courses.new')}
                  </Button>
                )
              }
            />
          }
        />
        <TablePagination list={list} pageSizes={[COURSES_PAGE_SIZE]} />
      </QueryState>
      <CreateCourseDialog
        open={createOpen}
        domains={domains}
        booksLoaded={books.isSuccess}
        onClose={() => setCreateOpen(false)}
        onCreated={(course) => {
          setCreateOpen(false);
          toaster.create({ type: 'success', title: t('admin.courses.created') });
          openTimer.current = setTimeout(() => setEditing({ id: course.id, tab: 'components' }), OPEN_EDITOR_DELAY_MS);
        }}
      />
      <CourseEditDialog
        courseId={editing?.id ?? null}
        initialTab={editing?.tab}
        domains={domains}
        onClose={() => setEditing(null)}
      />
      <ConfirmDeleteDialog
        item={deleting}
        title={t('admin.courses.deleteTitle')}
        question={t('admin.courses.deleteQuestion')}
        describe={(course) => course.title}
        failureMessage={t('admin.courses.deleteFailed')}
        onConfirm={(course) => runWrite(courseWrites.remove, course.id)}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          toaster.create({ type: 'success', title: t('admin.courses.deleted') });
        }}
      />
    </>
  );
}

function CreateCourseDialog({
  open,
  domains,
  booksLoaded,
  onClose,
  onCreated,
}: {
  open: boolean;
  domains: readonly Domain[];
  booksLoaded: boolean;
  onClose: () => void;
  onCreated: (course: AdminCourse) => void;
}) {
  const [values, setValues] = useState<CourseFormValues>(emptyCourseForm);
  const [errors, setErrors] = useState<CourseFormErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setValues(emptyCourseForm());
    setErrors({});
    setError(null);
    setBusy(false);
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateCourseForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setError(null);
    try {
      onCreated(await runWrite(courseWrites.create, coursePayload(values)));
    } catch (e) {
      if (hasErrorCode(e, 'VALIDATION_FAILED')) setErrors(fieldErrors(e.fields) as CourseFormErrors);
      setError(errorText(e, t('admin.courses.createFailed')));
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('admin.courses.createTitle')}
      size="lg"
      formId="create-course-form"
      submitLabel={t('admin.courses.createSubmit')}
      busy={busy}
      error={error}
      onSubmit={submit}
    >
      {booksLoaded && domains.length === 0 ? <Alert status="warning">{t('admin.courses.noBooks')}</Alert> : null}
      <CourseFields values={values} onChange={setValues} errors={errors} onErrorsChange={setErrors} domains={domains} />
    </FormDialog>
  );
}
