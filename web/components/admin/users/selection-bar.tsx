import type { UserDto } from '@contract/users';
import { BookPlus, Trash2, UserX } from 'lucide-react';
import { css } from 'styled-system/css';
import { wrap } from 'styled-system/patterns';
import { t } from '../../../i18n';
import { Button } from '../../../ui';

/** What the admin can do with the selected users: assign books, deactivate the active ones, delete. */
export function SelectionBar({
  count,
  users,
  onAssign,
  onDeactivate,
  onDelete,
}: {
  count: number;
  users: UserDto[];
  onAssign: () => void;
  onDeactivate: (active: UserDto[]) => void;
  onDelete: () => void;
}) {
  return (
    <div
      role="region"
      aria-label={t('admin.users.selectionActions')}
      className={wrap({
        align: 'center',
        gap: '3',
        p: '3',
        mb: '3',
        borderRadius: 'md',
        bg: 'brand.subtle',
        color: 'fg.default',
      })}
    >
      <span className={css({ fontWeight: 'medium', flex: '1' })}>{t('admin.users.selected', { count })}</span>
      <Button size="sm" leftIcon={<BookPlus />} onClick={onAssign}>
        {t('admin.users.assignBooks')}
      </Button>
      {users.some((u) => u.status === 'ACTIVE') ? (
        <Button
          size="sm"
          variant="outline"
          palette="danger"
          leftIcon={<UserX />}
          onClick={() => onDeactivate(users.filter((u) => u.status === 'ACTIVE'))}
        >
          {t('admin.users.deactivateUsers')}
        </Button>
      ) : null}
      <Button size="sm" palette="danger" leftIcon={<Trash2 />} onClick={onDelete}>
        {t('admin.users.deleteUsers')}
      </Button>
    </div>
  );
}
