import { BookOpen, Copy, Pencil, Plus, Rocket, Search, Trash2, Undo2 } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { deliveryLanguageName } from '@contract/delivery-language';
import { cloneCourse, createCourse, deleteCourse, listDomains, pageCourses, publishCourse, takedownCourse, type AdminCourse, type CourseFilters, type Domain } from '../../api/admin-content';
import { queryKeys } from '../../api/query-keys';
import { errorMessage, hasErrorCode } from '../../api/client';
import { CourseEditDialog } from '../../components/admin/course-edit-dialog';
import { CourseFields, coursePayload, emptyCourseForm, validateCourseForm, type CourseFormErrors, type CourseFormValues } from '../../components/admin/course-form';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { FormDialog } from '../../components/form-dialog';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { TablePagination } from '../../components/table-pagination';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useNavigationFlag } from '../../hooks/use-navigation-flag';
import { usePagedList } from '../../hooks/use-paged-list';
import { Alert, Button, Chip, DataTable, EmptyState, IconButton, Select, TextField, toaster, Tooltip, type DataTableColumn } from '../../ui';

/** Course Management shows 5 courses a page, with no other page size. */
export const COURSES_PAGE_SIZE = 5;
/** The edit dialog opens this long after a create, so the success message is read first. */
export const OPEN_EDITOR_DELAY_MS = 500;

const NO_FILTERS: CourseFilters = { status: '', domainId: '' };

/** /admin/courses: Course Management: search, filter, create, edit, publish, take down, delete and clone courses, 5 a page. */
export function AdminCoursesPage() {
  useDocumentTitle('Course Management');
  const queryClient = useQueryClient();
  const list = usePagedList({ queryKey: queryKeys.admin.courses.all, fetchPage: pageCourses, filters: NO_FILTERS, defaultLimit: COURSES_PAGE_SIZE });
  const books = useQuery({ queryKey: queryKeys.admin.domains.options, queryFn: ({ signal }) => listDomains(signal) });
  const domains = books.data ?? [];
  const courses = list.items;
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.courses.all });
  const [createOpen, setCreateOpen] = useState(false);
  const [editing, setEditing] = useState<{ id: string; tab: 'details' | 'components' } | null>(null);
  const [deleting, setDeleting] = useState<AdminCourse | null>(null);
  const openTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useNavigationFlag('create', () => setCreateOpen(true));
  useEffect(() => () => {
    if (openTimer.current) clearTimeout(openTimer.current);
  }, []);

  const filtering = list.isFiltering;

  const action = useMutation({
    mutationFn: ({ course, kind }: { course: AdminCourse; kind: 'publish' | 'takedown' | 'clone' }): Promise<unknown> =>
      kind === 'publish' ? publishCourse(course.id) : kind === 'takedown' ? takedownCourse(course.id) : cloneCourse(course.id),
    onSuccess: (_result, { kind }) => {
      toaster.create({ type: 'success', title: kind === 'publish' ? 'Course published' : kind === 'takedown' ? 'Course taken down' : 'Course cloned as a draft' });
      return refresh();
    },
    // A refused publish (no components, say) needs its reason, so the server's message is shown.
    onError: (e) => toaster.create({ type: 'error', title: errorMessage(e, 'The action could not be completed') }),
  });
  const pending = action.isPending ? `${action.variables.kind}:${action.variables.course.id}` : null;
  const act = (course: AdminCourse, kind: 'publish' | 'takedown' | 'clone') => action.mutate({ course, kind });

  const actions = (course: AdminCourse) => {
    const published = course.status === 'PUBLISHED';
    return (
      <div className={css({ display: 'inline-flex', gap: '1', flexWrap: { base: 'wrap', md: 'nowrap' }, justifyContent: 'flex-end' })}>
        <IconButton aria-label={`Edit ${course.title}`} icon={<Pencil />} size="sm" onClick={() => setEditing({ id: course.id, tab: 'details' })} />
        {published ? (
          <Button size="sm" variant="outline" palette="neutral" leftIcon={<Undo2 />} loading={pending === `takedown:${course.id}`} onClick={() => act(course, 'takedown')} aria-label={`Take down ${course.title}`}>
            Take Down
          </Button>
        ) : (
          <Button size="sm" variant="outline" leftIcon={<Rocket />} loading={pending === `publish:${course.id}`} onClick={() => act(course, 'publish')} aria-label={`Publish ${course.title}`}>
            Publish
          </Button>
        )}
        <Tooltip content={published ? 'Take the course down before deleting it' : 'Delete'}>
          <IconButton aria-label={`Delete ${course.title}`} icon={<Trash2 />} size="sm" palette="danger" disabled={published} onClick={() => setDeleting(course)} />
        </Tooltip>
        <IconButton aria-label={`Clone ${course.title}`} icon={<Copy />} size="sm" loading={pending === `clone:${course.id}`} onClick={() => act(course, 'clone')} />
      </div>
    );
  };

  const columns: DataTableColumn<AdminCourse>[] = [
    { key: 'title', header: 'Title', hideInCard: true, cell: (c) => <span className={css({ fontWeight: 'medium' })}>{c.title}</span> },
    { key: 'book', header: 'Books', cell: (c) => c.domain.name },
    {
      key: 'language',
      header: 'Language',
      cell: (c) => (
        <span className={css({ display: 'inline-flex', gap: '1.5', alignItems: 'center', flexWrap: 'wrap' })}>
          {deliveryLanguageName(c.language)}
          {c.familyId ? <Chip size="sm" palette="info">Has versions</Chip> : null}
        </span>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (c) => (
        <Chip size="sm" palette={c.status === 'PUBLISHED' ? 'success' : 'neutral'}>
          {c.status === 'PUBLISHED' ? 'Published' : 'Draft'}
        </Chip>
      ),
    },
    { key: 'components', header: 'Components', align: 'center', cell: (c) => c.componentCount },
    { key: 'actions', header: 'Actions', align: 'right', hideInCard: true, cell: actions },
  ];

  return (
    <>
      <PageHeader
        title="Course Management"
        subtitle="Chapters and modules: build, publish and maintain courses."
        actions={
          <Button leftIcon={<Plus />} onClick={() => setCreateOpen(true)}>
            New Course
          </Button>
        }
      />
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr', lg: '2fr 1fr 1fr' }, gap: '4', mb: '5', alignItems: 'end' })}>
        <TextField
          label="Search courses"
          type="search"
          placeholder="Search by title"
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
        />
        <Select
          label="Books"
          options={[{ label: 'All Books', value: 'ALL' }, ...domains.map((d) => ({ label: d.name, value: d.id }))]}
          value={list.filters.domainId || 'ALL'}
          onValueChange={(value) => list.setFilter('domainId', value === 'ALL' ? '' : value)}
        />
        <Select
          label="Status"
          options={[
            { label: 'All', value: 'ALL' },
            { label: 'Draft', value: 'DRAFT' },
            { label: 'Published', value: 'PUBLISHED' },
          ]}
          value={list.filters.status || 'ALL'}
          onValueChange={(value) => list.setFilter('status', value === 'ALL' ? '' : (value as CourseFilters['status']))}
        />
      </div>
      <QueryState query={list.query} loadingLabel="Loading courses..." failureMessage="Failed to load courses. Please try again.">
        <DataTable
          label="Courses"
          rows={courses ?? []}
          columns={columns}
          getRowKey={(c) => c.id}
          cardTitle={(c) => c.title}
          cardActions={actions}
          empty={
            <EmptyState
              bordered
              icon={filtering ? <Search /> : <BookOpen />}
              title={filtering ? 'No courses match your search criteria' : 'No courses found'}
              actions={
                filtering ? (
                  <Button
                    variant="outline"
                    onClick={list.clearFilters}
                  >
                    Clear filters
                  </Button>
                ) : (
                  <Button leftIcon={<Plus />} onClick={() => setCreateOpen(true)}>
                    New Course
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
          toaster.create({ type: 'success', title: 'Course created successfully! Opening course editor to add components...' });
          void refresh();
          openTimer.current = setTimeout(() => setEditing({ id: course.id, tab: 'components' }), OPEN_EDITOR_DELAY_MS);
        }}
      />
      <CourseEditDialog courseId={editing?.id ?? null} initialTab={editing?.tab} domains={domains} onClose={() => setEditing(null)} onChanged={() => void refresh()} />
      <ConfirmDeleteDialog
        item={deleting}
        title="Delete Course"
        question="Are you sure you want to delete this course?"
        describe={(course) => course.title}
        failureMessage="Failed to delete the course"
        onConfirm={(course) => deleteCourse(course.id)}
        invalidates={[queryKeys.admin.courses.all]}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          toaster.create({ type: 'success', title: 'Course deleted' });
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
      onCreated(await createCourse(coursePayload(values)));
    } catch (e) {
      if (hasErrorCode(e, 'VALIDATION_FAILED')) setErrors(e.fields as CourseFormErrors);
      setError(errorMessage(e, 'Failed to create course. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <FormDialog open={open} onClose={onClose} title="Create New Course" size="lg" formId="create-course-form" submitLabel="Create Course" busy={busy} error={error} onSubmit={submit}>
      {booksLoaded && domains.length === 0 ? <Alert status="warning">There are no books yet. Create a book first on the Books page.</Alert> : null}
      <CourseFields values={values} onChange={setValues} errors={errors} onErrorsChange={setErrors} domains={domains} />
    </FormDialog>
  );
}
