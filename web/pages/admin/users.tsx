import type { UserDto } from '@contract/users';
import { Download, FileX, Plus, Search, Upload, Users } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { listDomains } from '../../api/admin-content';
import { usersApi, type UserFilters } from '../../api/admin-people';
import { queryKeys } from '../../api/query-keys';
import { SelectionBar } from '../../components/admin/users/selection-bar';
import { UserFilterBar } from '../../components/admin/users/user-filters';
import { UserList } from '../../components/admin/users/user-list';
import {
  AddUserDialog,
  AssignBooksDialog,
  DeleteUsersDialog,
  EditUserDialog,
  UserCreatedDialog,
} from '../../components/admin/users-dialogs';
import { BulkImportDialog } from '../../components/admin/users-bulk-import';
import { DeactivateFromFileDialog, UserStatusDialog, type StatusChange } from '../../components/admin/users-status';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { TablePagination } from '../../components/table-pagination';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useNavigationFlag } from '../../hooks/use-navigation-flag';
import { usePagedList } from '../../hooks/use-paged-list';
import { Button, EmptyState, toaster } from '../../ui';
import { t } from '../../i18n';
import { errorText } from '../../i18n/error-text';

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
      <UserFilterBar list={paged} domains={domains} />

      {selected.size > 0 ? (
        <SelectionBar
          count={selected.size}
          users={selectedUsers}
          onAssign={() => setAssigning(selectedUsers)}
          onDeactivate={(active) => setStatusChange({ action: 'deactivate', users: active })}
          onDelete={() => setDeleting(selectedUsers)}
        />
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
            <UserList
              list={list}
              selected={selected}
              onSelectAll={(on) => setSelected(on ? new Set(list.map((u) => u.id)) : new Set())}
              onToggle={toggle}
              onEdit={setEditing}
              onStatus={changeStatus}
              onDelete={(u) => setDeleting([u])}
            />
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
