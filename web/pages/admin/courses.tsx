import { BookOpen, Copy, Pencil, Plus, Rocket, Search, Trash2, Undo2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { cloneCourse, createCourse, deleteCourse, listCourses, listDomains, publishCourse, takedownCourse, type AdminCourse, type Domain } from '../../api/admin-content';
import { ApiClientError, errorMessage } from '../../api/client';
import { CourseEditDialog } from '../../components/admin/course-edit-dialog';
import { CourseFields, coursePayload, emptyCourseForm, validateCourseForm, type CourseFormErrors, type CourseFormValues } from '../../components/admin/course-form';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { PageHeader } from '../../components/page-header';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useNavigationFlag } from '../../hooks/use-navigation-flag';
import { Alert, Button, Chip, DataTable, Dialog, EmptyState, IconButton, LoadingBlock, Pagination, Select, TextField, toaster, Tooltip, type DataTableColumn } from '../../ui';

export const COURSES_PAGE_SIZE = 5;
/** The edit dialog opens this long after a create (admin spec section 9). */
export const OPEN_EDITOR_DELAY_MS = 500;

type StatusFilter = 'ALL' | 'DRAFT' | 'PUBLISHED';

/** /admin/courses: Course Management (admin spec section 2). */
export function AdminCoursesPage() {
  useDocumentTitle('Course Management');
  const [courses, setCourses] = useState<AdminCourse[] | null>(null);
  const [domains, setDomains] = useState<Domain[]>([]);
  const [booksLoaded, setBooksLoaded] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [bookFilter, setBookFilter] = useState('ALL');
  const [status, setStatus] = useState<StatusFilter>('ALL');
  const [page, setPage] = useState(1);
  const [createOpen, setCreateOpen] = useState(false);
  const [editing, setEditing] = useState<{ id: string; tab: 'details' | 'components' } | null>(null);
  const [deleting, setDeleting] = useState<AdminCourse | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const openTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useNavigationFlag('create', () => setCreateOpen(true));
  useEffect(() => () => {
    if (openTimer.current) clearTimeout(openTimer.current);
  }, []);

  const load = useCallback(async () => {
    try {
      const [list, books] = await Promise.all([listCourses(), listDomains()]);
      setCourses(list);
      setDomains(books);
      setBooksLoaded(true);
      setLoadError(null);
    } catch {
      setLoadError('Failed to load courses. Please try again.');
      setCourses((current) => current ?? []);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const filtered = useMemo(() => {
    const text = search.trim().toLowerCase();
    return (courses ?? []).filter(
      (c) => (!text || c.title.toLowerCase().includes(text)) && (bookFilter === 'ALL' || c.domainId === bookFilter) && (status === 'ALL' || c.status === status),
    );
  }, [courses, search, bookFilter, status]);
  const pageCount = Math.max(1, Math.ceil(filtered.length / COURSES_PAGE_SIZE));
  const currentPage = Math.min(page, pageCount);
  const visible = filtered.slice((currentPage - 1) * COURSES_PAGE_SIZE, currentPage * COURSES_PAGE_SIZE);
  const filtering = search.trim() !== '' || bookFilter !== 'ALL' || status !== 'ALL';

  const act = async (course: AdminCourse, action: 'publish' | 'takedown' | 'clone') => {
    setPending(`${action}:${course.id}`);
    try {
      if (action === 'publish') await publishCourse(course.id);
      else if (action === 'takedown') await takedownCourse(course.id);
      else await cloneCourse(course.id);
      toaster.create({ type: 'success', title: action === 'publish' ? 'Course published' : action === 'takedown' ? 'Course taken down' : 'Course cloned as a draft' });
      await load();
    } catch (e) {
      // The spec ignores these errors silently; a refused publish needs its reason, so it is shown.
      toaster.create({ type: 'error', title: errorMessage(e, 'The action could not be completed') });
    } finally {
      setPending(null);
    }
  };

  const actions = (course: AdminCourse) => {
    const published = course.status === 'PUBLISHED';
    return (
      <div className={css({ display: 'inline-flex', gap: '1', flexWrap: { base: 'wrap', md: 'nowrap' }, justifyContent: 'flex-end' })}>
        <IconButton aria-label={`Edit ${course.title}`} icon={<Pencil />} size="sm" onClick={() => setEditing({ id: course.id, tab: 'details' })} />
        {published ? (
          <Button size="sm" variant="outline" palette="neutral" leftIcon={<Undo2 />} loading={pending === `takedown:${course.id}`} onClick={() => void act(course, 'takedown')} aria-label={`Take down ${course.title}`}>
            Take Down
          </Button>
        ) : (
          <Button size="sm" variant="outline" leftIcon={<Rocket />} loading={pending === `publish:${course.id}`} onClick={() => void act(course, 'publish')} aria-label={`Publish ${course.title}`}>
            Publish
          </Button>
        )}
        <Tooltip content={published ? 'Take the course down before deleting it' : 'Delete'}>
          <IconButton aria-label={`Delete ${course.title}`} icon={<Trash2 />} size="sm" palette="danger" disabled={published} onClick={() => setDeleting(course)} />
        </Tooltip>
        <IconButton aria-label={`Clone ${course.title}`} icon={<Copy />} size="sm" loading={pending === `clone:${course.id}`} onClick={() => void act(course, 'clone')} />
      </div>
    );
  };

  const columns: DataTableColumn<AdminCourse>[] = [
    { key: 'title', header: 'Title', hideInCard: true, cell: (c) => <span className={css({ fontWeight: 'medium' })}>{c.title}</span> },
    { key: 'book', header: 'Books', cell: (c) => c.domain.name },
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
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
        <Select
          label="Books"
          options={[{ label: 'All Books', value: 'ALL' }, ...domains.map((d) => ({ label: d.name, value: d.id }))]}
          value={bookFilter}
          onValueChange={(value) => {
            setBookFilter(value);
            setPage(1);
          }}
        />
        <Select
          label="Status"
          options={[
            { label: 'All', value: 'ALL' },
            { label: 'Draft', value: 'DRAFT' },
            { label: 'Published', value: 'PUBLISHED' },
          ]}
          value={status}
          onValueChange={(value) => {
            setStatus(value as StatusFilter);
            setPage(1);
          }}
        />
      </div>
      {loadError ? (
        <Alert status="error" className={css({ mb: '4' })} action={<Button size="sm" variant="outline" onClick={() => void load()}>Retry</Button>}>
          {loadError}
        </Alert>
      ) : null}
      {courses === null ? (
        <LoadingBlock label="Loading courses..." />
      ) : (
        <>
          <DataTable
            label="Courses"
            rows={visible}
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
                      onClick={() => {
                        setSearch('');
                        setBookFilter('ALL');
                        setStatus('ALL');
                      }}
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
          <Pagination className={css({ mt: '4' })} count={filtered.length} pageSize={COURSES_PAGE_SIZE} page={currentPage} onPageChange={setPage} />
        </>
      )}
      <CreateCourseDialog
        open={createOpen}
        domains={domains}
        booksLoaded={booksLoaded}
        onClose={() => setCreateOpen(false)}
        onCreated={(course) => {
          setCreateOpen(false);
          toaster.create({ type: 'success', title: 'Course created successfully! Opening course editor to add components...' });
          void load();
          openTimer.current = setTimeout(() => setEditing({ id: course.id, tab: 'components' }), OPEN_EDITOR_DELAY_MS);
        }}
      />
      <CourseEditDialog courseId={editing?.id ?? null} initialTab={editing?.tab} domains={domains} onClose={() => setEditing(null)} onChanged={() => void load()} />
      <ConfirmDeleteDialog
        item={deleting}
        title="Delete Course"
        question="Are you sure you want to delete this course?"
        describe={(course) => course.title}
        failureMessage="Failed to delete the course"
        onConfirm={(course) => deleteCourse(course.id)}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          toaster.create({ type: 'success', title: 'Course deleted' });
          void load();
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
      if (e instanceof ApiClientError) setErrors(e.fields as CourseFormErrors);
      setError(errorMessage(e, 'Failed to create course. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (!next ? onClose() : undefined)}
      title="Create New Course"
      size="lg"
      footer={
        <>
          <Button variant="outline" palette="neutral" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="create-course-form" loading={busy}>
            Create Course
          </Button>
        </>
      }
    >
      <form id="create-course-form" noValidate onSubmit={submit} className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        {error ? <Alert status="error">{error}</Alert> : null}
        {booksLoaded && domains.length === 0 ? <Alert status="warning">There are no books yet. Create a book first on the Books page.</Alert> : null}
        <CourseFields values={values} onChange={setValues} errors={errors} onErrorsChange={setErrors} domains={domains} />
      </form>
    </Dialog>
  );
}
