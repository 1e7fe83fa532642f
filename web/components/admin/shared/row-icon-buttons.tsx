import { Pencil, Trash2 } from 'lucide-react';
import { forwardRef } from 'react';
import { IconButton } from '../../../ui';
import type { IconButtonProps } from '../../../ui/button';

/** What a row's icon button is told: its label (naming the row, as every icon-only button must) and what it does. */
type RowIconButtonProps = Omit<IconButtonProps, 'icon' | 'size' | 'palette'>;

/** The admin screens' control that opens one row or item for editing: a small pencil. */
export function EditIconButton(props: RowIconButtonProps) {
  return <IconButton icon={<Pencil />} size="sm" {...props} />;
}

/**
 * The admin screens' control that deletes or removes one row or item: a small trash icon in the
 * danger colour. Forwards its ref so a Tooltip can wrap it.
 */
export const DeleteIconButton = forwardRef<HTMLButtonElement, RowIconButtonProps>(
  function DeleteIconButton(props, ref) {
    return <IconButton ref={ref} icon={<Trash2 />} size="sm" palette="danger" {...props} />;
  },
);
