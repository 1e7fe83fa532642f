import type { Role, UserDto, UserStatusFilter } from '@contract/users';
import { BookPlus, Download, FileX, Pencil, Plus, Search, Trash2, Upload, UserCheck, UserX, Users } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { listDomains } from '../../api/admin-content';
import { usersApi, type UserFilters } from '../../api/admin-people';
import { queryKeys } from '../../api/query-keys';
import {
  AddUserDialog,
  AssignBooksDialog,
  DeleteUsersDialog,
  EditUserDialog,
  UserCreatedDialog,
} from '../../components/admin/users-dialogs';
import { BulkImportDialog } from '../../components/admin/users-bulk-import';
import {
  DeactivateFromFileDialog,
  UserStatusChip,
  UserStatusDialog,
  type StatusChange,
} from '../../components/admin/users-status';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { TablePagination } from '../../components/table-pagination';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useNavigationFlag } from '../../hooks/use-navigation-flag';
import { usePagedList } from '../../hooks/use-paged-list';
import {
  Button,
  Checkbox,
  Chip,
  EmptyState,
  IconButton,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TextField,
  toaster,
  type SelectOption,
} from '../../ui';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';

// Functions, not constants: the labels are read in the current language.
const ROLE_FILTERS = (): readonly SelectOption<Role | 'ALL'>[] => [
  { value: 'ALL', label: t('admin.users.allRoles') },
  { value: 'USER', label: t('role.USER') },
  { value: 'ADMIN', label: t('role.ADMIN') },
];

const STATUS_FILTERS = (): readonly SelectOption<UserStatusFilter>[] => [
  { value: 'ACTIVE', label: t('admin.users.status.active') },
  { value: 'DEACTIVATED', label: t('admin.users.status.deactivated') },
  { value: 'ALL', label: t('admin.users.status.all') },
];

const NO_FILTERS: UserFilters = { role: '', domainId: '', status: 'ACTIVE' };

/** /admin/users: User Management: search and filter users, add, import, export, edit, delete and assign books. The quick action 'New User' opens the add dialog. */
export function AdminUsersPage() {
  useDocumentTitle(t('admin.users.title'));
  const paged = usePagedList({ queryKey: queryKeys.admin.users.all, fetchPage: usersApi.page, filters: NO_FILTERS });
  const books = useQuery({ queryKey: queryKeys.admin.domains.options, queryFn: ({ signal }) => listDomains(signal) });
  const domains = books.data ?? [];
  const users = paged.items;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [addOpen, setAddOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [created, setCreated] = useState<{ user: UserDto; password: string | null } | null>(null);
  const [editing, setEditing] = useState<UserDto | null>(null);
  const [deleting, setDeleting] = useState<UserDto[] | null>(null);
  const [assigning, setAssigning] = useState<UserDto[] | null>(null);
  const [exporting, setExporting] = useState(false);
  const [statusChange, setStatusChange] = useState<StatusChange | null>(null);
  const [leaversOpen, setLeaversOpen] = useState(false);
  const changeStatus = (user: UserDto) =>
    setStatusChange({ action: user.status === 'DEACTIVATED' ? 'reactivate' : 'deactivate', users: [user] });
  const statusDone = (message: string) => {
    setStatusChange(null);
    setLeaversOpen(false);
    setSelected(new Set());
    toaster.create({ type: 'success', title: message });
  };

  useNavigationFlag('create', () => setAddOpen(true));

  // The selection covers the rows on screen: rows that leave the page leave the selection.
  useEffect(() => {
    if (!users) return;
    setSelected((current) =>
      current.size === 0 ? current : new Set(users.filter((u) => current.has(u.id)).map((u) => u.id)),
    );
  }, [users]);

  const list = users ?? [];
  const selectedUsers = useMemo(() => list.filter((u) => selected.has(u.id)), [list, selected]);
  const allChecked =
    list.length > 0 && selected.size === list.length ? true : selected.size > 0 ? 'indeterminate' : false;

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await usersApi.exportCsv();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = 'users_with_passwords.csv';
      document.body.appendChild(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    } catch (e) {
      console.error(e);
      toaster.create({ type: 'error', title: errorText(e, t('admin.users.exportFailed')) });
    } finally {
      setExporting(false);
    }
  };

  const bookOptions: SelectOption[] = [
    { value: 'ALL', label: t('admin.users.allBooks') },
    ...domains.map((d) => ({ value: d.id, label: d.name })),
  ];
  const filtered = paged.isFiltering;

  return (
    <>
      <PageHeader
        title={t('admin.users.title')}
        subtitle={t('admin.users.subtitle')}
        actions={
          <>
            <Button leftIcon={<Plus />} onClick={() => setAddOpen(true)}>
              {t('admin.users.add')}
            </Button>
            <Button variant="outline" leftIcon={<Upload />} onClick={() => setImportOpen(true)}>
              {t('admin.users.bulkImport')}
            </Button>
            <Button variant="outline" leftIcon={<Download />} loading={exporting} onClick={() => void exportCsv()}>
              {t('admin.users.exportCsv')}
            </Button>
            <Button variant="outline" palette="danger" leftIcon={<FileX />} onClick={() => setLeaversOpen(true)}>
              {t('admin.users.deactivateFromCsv')}
            </Button>
          </>
        }
      />
      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', md: '2fr 1fr 1fr 1fr' },
          gap: '3',
          mb: '4',
        })}
      >
        <TextField
          label={t('admin.users.search')}
          type="search"
          placeholder={t('admin.users.searchPlaceholder')}
          value={paged.search}
          onChange={(e) => paged.setSearch(e.target.value)}
        />
        <Select
          label={t('admin.users.role')}
          options={ROLE_FILTERS()}
          value={paged.filters.role || 'ALL'}
          onValueChange={(role) => paged.setFilter('role', role === 'ALL' ? '' : role)}
        />
        <Select
          label={t('admin.users.book')}
          options={bookOptions}
          value={paged.filters.domainId || 'ALL'}
          onValueChange={(id) => paged.setFilter('domainId', id === 'ALL' ? '' : id)}
        />
        <Select
          label={t('admin.users.statusLabel')}
          options={STATUS_FILTERS()}
          value={paged.filters.status}
          onValueChange={(status) => paged.setFilter('status', status)}
        />
      </div>

      {selected.size > 0 ? (
        <div
          role="region"
          aria-label={t('admin.users.selectionActions')}
          className={css({
            display: 'flex',
            alignItems: 'center',
            gap: '3',
            flexWrap: 'wrap',
            p: '3',
            mb: '3',
            borderRadius: 'md',
            bg: 'brand.subtle',
            color: 'fg.default',
          })}
        >
          <span className={css({ fontWeight: 'medium', flex: '1' })}>
            {t('admin.users.selected', { count: selected.size })}
          </span>
          <Button size="sm" leftIcon={<BookPlus />} onClick={() => setAssigning(selectedUsers)}>
            {t('admin.users.assignBooks')}
          </Button>
          {selectedUsers.some((u) => u.status === 'ACTIVE') ? (
            <Button
              size="sm"
              variant="outline"
              palette="danger"
              leftIcon={<UserX />}
              onClick={() =>
                setStatusChange({ action: 'deactivate', users: selectedUsers.filter((u) => u.status === 'ACTIVE') })
              }
            >
              {t('admin.users.deactivateUsers')}
            </Button>
          ) : null}
          <Button size="sm" palette="danger" leftIcon={<Trash2 />} onClick={() => setDeleting(selectedUsers)}>
            {t('admin.users.deleteUsers')}
          </Button>
        </div>
      ) : null}

      <QueryState
        query={paged.query}
        loadingLabel={t('admin.users.loading')}
        failureMessage={t('admin.users.loadFailed')}
      >
        {list.length === 0 ? (
          <EmptyState
            bordered
            icon={filtered ? <Search /> : <Users />}
            title={t('admin.users.emptyTitle')}
            description={filtered ? t('admin.users.emptyFiltered') : t('admin.users.emptyNew')}
          />
        ) : (
          <>
            <Table className={css({ display: { base: 'none', md: 'block' } })} aria-label={t('admin.users.tableLabel')}>
              <TableHead>
                <TableRow>
                  <TableHeader style={{ width: '48px' }}>
                    <Checkbox
                      aria-label={t('admin.users.selectAllUsers')}
                      checked={allChecked}
                      onCheckedChange={(on) => setSelected(on ? new Set(list.map((u) => u.id)) : new Set())}
                    />
                  </TableHeader>
                  <TableHeader>{t('admin.users.col.username')}</TableHeader>
                  <TableHeader>{t('admin.users.col.email')}</TableHeader>
                  <TableHeader>{t('admin.users.col.role')}</TableHeader>
                  <TableHeader>{t('admin.users.col.books')}</TableHeader>
                  <TableHeader>{t('admin.users.col.status')}</TableHeader>
                  <TableHeader align="right">{t('admin.users.col.actions')}</TableHeader>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((u) => (
                  <TableRow key={u.id} selected={selected.has(u.id)}>
                    <TableCell>
                      <Checkbox
                        aria-label={t('admin.users.selectOne', { name: u.username })}
                        checked={selected.has(u.id)}
                        onCheckedChange={(on) => toggle(u.id, on)}
                      />
                    </TableCell>
                    <TableCell>
                      <span className={css({ fontWeight: 'medium' })}>{u.username}</span>
                      {u.mustChangePassword ? (
                        <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })}>
                          {t('admin.users.temporaryPassword')}
                        </span>
                      ) : null}
                    </TableCell>
                    <TableCell>{u.email}</TableCell>
                    <TableCell>
                      <RoleChip role={u.role} />
                    </TableCell>
                    <TableCell>
                      <Books user={u} />
                    </TableCell>
                    <TableCell>
                      <UserStatusChip status={u.status} />
                    </TableCell>
                    <TableCell align="right">
                      <RowActions
                        user={u}
                        onEdit={() => setEditing(u)}
                        onStatus={() => changeStatus(u)}
                        onDelete={() => setDeleting([u])}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <div className={css({ display: { base: 'flex', md: 'none' }, flexDirection: 'column', gap: '3' })}>
              <Checkbox
                checked={allChecked}
                onCheckedChange={(on) => setSelected(on ? new Set(list.map((u) => u.id)) : new Set())}
              >
                {t('admin.users.selectAll')}
              </Checkbox>
              <ul
                className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
                aria-label={t('admin.users.tableLabel')}
              >
                {list.map((u) => (
                  <li
                    key={u.id}
                    className={css({
                      borderWidth: '1px',
                      borderColor: 'border.default',
                      borderRadius: 'lg',
                      p: '3',
                      bg: 'bg.surface',
                      display: 'flex',
                      flexDirection: 'column',
                      gap: '2',
                    })}
                  >
                    <div className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
                      <Checkbox
                        aria-label={t('admin.users.selectOne', { name: u.username })}
                        checked={selected.has(u.id)}
                        onCheckedChange={(on) => toggle(u.id, on)}
                      />
                      <span className={css({ fontWeight: 'semibold', flex: '1', minW: 0, overflowWrap: 'anywhere' })}>
                        {u.username}
                      </span>
                      <RoleChip role={u.role} />
                      <UserStatusChip status={u.status} />
                    </div>
                    <span className={css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' })}>
                      {u.email}
                    </span>
                    <Books user={u} />
                    <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
                      <RowActions
                        user={u}
                        onEdit={() => setEditing(u)}
                        onStatus={() => changeStatus(u)}
                        onDelete={() => setDeleting([u])}
                      />
                    </div>
                  </li>
                ))}
              </ul>
            </div>
            <TablePagination list={paged} />
          </>
        )}
      </QueryState>

      <AddUserDialog
        open={addOpen}
        onClose={() => setAddOpen(false)}
        onCreated={(user, password) => {
          setAddOpen(false);
          setCreated({ user, password });
        }}
      />
      <UserCreatedDialog result={created} onClose={() => setCreated(null)} />
      <BulkImportDialog open={importOpen} onClose={() => setImportOpen(false)} />
      <EditUserDialog
        user={editing}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          toaster.create({ type: 'success', title: message });
        }}
      />
      <DeleteUsersDialog
        users={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(message) => {
          setDeleting(null);
          setSelected(new Set());
          toaster.create({ type: 'success', title: message });
        }}
      />
      <UserStatusDialog change={statusChange} onClose={() => setStatusChange(null)} onDone={statusDone} />
      <DeactivateFromFileDialog open={leaversOpen} onClose={() => setLeaversOpen(false)} onDone={statusDone} />
      <AssignBooksDialog
        users={assigning}
        domains={domains}
        onClose={() => setAssigning(null)}
        onDone={(message) => {
          setAssigning(null);
          toaster.create({ type: 'success', title: message });
        }}
      />
    </>
  );
}

function RoleChip({ role }: { role: Role }) {
  return (
    <Chip palette={role === 'ADMIN' ? 'accent' : 'neutral'}>{t(role === 'ADMIN' ? 'role.ADMIN' : 'role.USER')}</Chip>
  );
}

function Books({ user }: { user: UserDto }) {
  if (user.role === 'ADMIN')
    return <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('admin.users.allBooksAccess')}</span>;
  if (user.domains.length === 0)
    return <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('admin.users.noBooks')}</span>;
  return (
    <span className={css({ display: 'flex', gap: '1', flexWrap: 'wrap' })}>
      {user.domains.map((d) => (
        <Chip key={d.id} size="sm" palette="info">
          {d.name}
        </Chip>
      ))}
    </span>
  );
}

function RowActions({
  user,
  onEdit,
  onStatus,
  onDelete,
}: {
  user: UserDto;
  onEdit: () => void;
  onStatus: () => void;
  onDelete: () => void;
}) {
  const leaver = user.status === 'DEACTIVATED';
  return (
    <div className={css({ display: 'inline-flex', gap: '1' })}>
      <IconButton
        aria-label={t('admin.users.editOne', { name: user.username })}
        icon={<Pencil />}
        size="sm"
        onClick={onEdit}
      />
      <IconButton
        aria-label={t(leaver ? 'admin.users.reactivateOne' : 'admin.users.deactivateOne', { name: user.username })}
        icon={leaver ? <UserCheck /> : <UserX />}
        size="sm"
        onClick={onStatus}
      />
      <IconButton
        aria-label={t('admin.users.deleteOne', { name: user.username })}
        icon={<Trash2 />}
        size="sm"
        palette="danger"
        onClick={onDelete}
      />
    </div>
  );
}
