import { Trash2 } from 'lucide-react';
import { forwardRef } from 'react';
import { IconButton } from '../../../ui';
import type { IconButtonProps } from '../../../ui/button';

/**
 * The admin screens' control that deletes or removes one row or item: a small trash icon in the
 * danger colour. The label names what goes (`aria-label`), as every icon-only button must.
 * Forwards its ref so a Tooltip can wrap it.
 */
export const DeleteIconButton = forwardRef<HTMLButtonElement, Omit<IconButtonProps, 'icon' | 'size' | 'palette'>>(
  function DeleteIconButton(props, ref) {
    return <IconButton ref={ref} icon={<Trash2 />} size="sm" palette="danger" {...props} />;
  },
);
