import type { Role, UserDto } from '@contract/users';
import { UserCheck, UserX } from 'lucide-react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { siteQueries } from '../../../api/site-queries';
import { t } from '../../../i18n';
import { useSession } from '../../../state/session';
import { Checkbox, Chip, IconButton, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../ui';
import { UserStatusChip } from '../users-status';
import { DeleteIconButton, EditIconButton } from '../shared/row-icon-buttons';
import { RowButtons } from '../shared/list-columns';

interface UserListProps {
  list: UserDto[];
  selected: Set<string>;
  onSelectAll: (on: boolean) => void;
  onToggle: (id: string, on: boolean) => void;
  onEdit: (user: UserDto) => void;
  onStatus: (user: UserDto) => void;
  onDelete: (user: UserDto) => void;
}

/**
 * The actions column stays in view at the table's end while the table scrolls sideways (ten columns are
 * wider than the content area up to about 1,600 px): its cells carry the row's background, since they overlap.
 */
const stickyEnd = css({
  position: 'sticky',
  insetInlineEnd: '0',
  bg: 'bg.surface',
  borderInlineStartWidth: '1px',
  borderInlineStartColor: 'border.muted',
  'thead &': { bg: 'bg.muted' },
  'tr:hover > &': { bg: 'bg.muted' },
  'tr[data-selected] > &': { bg: 'brand.subtle' },
});

/** The page of users: a table from medium screens up, cards below, each row with its checkbox and actions. */
export function UserList({ list, selected, onSelectAll, onToggle, onEdit, onStatus, onDelete }: UserListProps) {
  // Site names by id (issue 30): the list of sites is short and shared with the user form.
  const sites = useQuery(siteQueries.list());
  const siteName = (id: string | null) =>
    id ? (sites.data?.sites.find((site) => site.id === id)?.name ?? null) : null;
  const allChecked =
    list.length > 0 && selected.size === list.length ? true : selected.size > 0 ? 'indeterminate' : false;
  return (
    <>
      <Table className={css({ display: { base: 'none', md: 'block' } })} aria-label={t('admin.users.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableHeader style={{ width: '48px' }}>
              <Checkbox
                aria-label={t('admin.users.selectAllUsers')}
                checked={allChecked}
                onCheckedChange={onSelectAll}
              />
            </TableHeader>
            <TableHeader>{t('admin.users.col.name')}</TableHeader>
            <TableHeader>{t('admin.users.col.email')}</TableHeader>
            <TableHeader>{t('admin.users.col.department')}</TableHeader>
            <TableHeader>{t('admin.users.col.jobTitle')}</TableHeader>
            <TableHeader>{t('admin.users.col.site')}</TableHeader>
            <TableHeader>{t('admin.users.col.role')}</TableHeader>
            <TableHeader>{t('admin.users.col.books')}</TableHeader>
            <TableHeader>{t('admin.users.col.status')}</TableHeader>
            <TableHeader align="right" className={stickyEnd}>
              {t('admin.users.col.actions')}
            </TableHeader>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.map((u) => (
            <TableRow key={u.id} selected={selected.has(u.id)}>
              <TableCell>
                <Checkbox
                  aria-label={t('admin.users.selectOne', { name: u.username })}
                  checked={selected.has(u.id)}
                  onCheckedChange={(on) => onToggle(u.id, on)}
                />
              </TableCell>
              <TableCell className={css({ minW: '11rem' })}>
                <RecordLink user={u} />
                <span className={css({ display: 'block', fontSize: 'sm', overflowWrap: 'anywhere' })}>
                  {u.username}
                </span>
                {u.mustChangePassword ? (
                  <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })}>
                    {t('admin.users.temporaryPassword')}
                  </span>
                ) : null}
              </TableCell>
              <TableCell className={css({ minW: '14rem' })}>
                <span className={css({ overflowWrap: 'anywhere' })}>{u.email}</span>
              </TableCell>
              <TableCell>
                <WorkText value={u.department} />
              </TableCell>
              <TableCell>
                <WorkText value={u.jobTitle} />
              </TableCell>
              <TableCell>
                <WorkText value={siteName(u.siteId)} />
              </TableCell>
              <TableCell>
                <RoleChip role={u.role} />
              </TableCell>
              <TableCell>
                <Books user={u} />
              </TableCell>
              <TableCell>
                <UserStatusChip status={u.status} />
              </TableCell>
              <TableCell align="right" className={stickyEnd}>
                <RowActions
                  user={u}
                  onEdit={() => onEdit(u)}
                  onStatus={() => onStatus(u)}
                  onDelete={() => onDelete(u)}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div className={css({ display: { base: 'flex', md: 'none' }, flexDirection: 'column', gap: '3' })}>
        <Checkbox checked={allChecked} onCheckedChange={onSelectAll}>
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
                  onCheckedChange={(on) => onToggle(u.id, on)}
                />
                <span className={css({ flex: '1', minW: 0, overflowWrap: 'anywhere' })}>
                  <RecordLink user={u} />
                  <span className={css({ display: 'block', fontSize: 'sm', color: 'fg.muted' })}>{u.username}</span>
                </span>
                <RoleChip role={u.role} />
                <UserStatusChip status={u.status} />
              </div>
              <span className={css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' })}>{u.email}</span>
              {u.department || u.jobTitle ? (
                <span className={css({ fontSize: 'sm', overflowWrap: 'anywhere' })}>
                  <bdi>{[u.jobTitle, u.department].filter(Boolean).join(' · ')}</bdi>
                </span>
              ) : null}
              {siteName(u.siteId) ? (
                <span className={css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' })}>
                  <bdi>{siteName(u.siteId)}</bdi>
                </span>
              ) : null}
              <Books user={u} />
              <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
                <RowActions
                  user={u}
                  onEdit={() => onEdit(u)}
                  onStatus={() => onStatus(u)}
                  onDelete={() => onDelete(u)}
                />
              </div>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

/** The person's name, linking to their training record (every person has one, covered by a requirement or not). */
function RecordLink({ user }: { user: UserDto }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  // Training records need Report Generation (the flag defaults to on): without it the name is plain text.
  const canReadRecords = useSession((s) => s.context.user?.permissions?.reportGeneration !== false);
  if (!canReadRecords)
    return <bdi className={css({ fontWeight: 'semibold', display: 'block', overflowWrap: 'anywhere' })}>{name}</bdi>;
  return (
    <Link
      href={`/admin/compliance/people/${encodeURIComponent(user.id)}`}
      state={{ usersSearch: window.location.search } satisfies UsersRecordLinkState}
      aria-label={t('admin.users.recordOf', { name })}
      className={css({
        fontWeight: 'semibold',
        color: 'brand.fg',
        textDecoration: 'underline',
        textUnderlineOffset: '2px',
        _hover: { textDecorationThickness: '2px' },
      })}
    >
      <bdi>{name}</bdi>
    </Link>
  );
}

/** How the record page knows to lead back to the users list (and its filters) rather than the matrix. */
export interface UsersRecordLinkState {
  usersSearch: string;
}

/** A department or job title in its own direction (an Arabic title in an English page, and back). */
function WorkText({ value }: { value: string | null }) {
  return value ? (
    <bdi>{value}</bdi>
  ) : (
    <span className={css({ color: 'fg.muted' })} aria-hidden>
      —
    </span>
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
    <RowButtons>
      <EditIconButton aria-label={t('admin.users.editOne', { name: user.username })} onClick={onEdit} />
      <IconButton
        aria-label={t(leaver ? 'admin.users.reactivateOne' : 'admin.users.deactivateOne', { name: user.username })}
        icon={leaver ? <UserCheck /> : <UserX />}
        size="sm"
        onClick={onStatus}
      />
      <DeleteIconButton aria-label={t('admin.users.deleteOne', { name: user.username })} onClick={onDelete} />
    </RowButtons>
  );
}
