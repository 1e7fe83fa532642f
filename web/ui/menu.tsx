import { Menu as ArkMenu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import type { ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { menu } from 'styled-system/recipes/menu';

const classes = menu();

/**
 * Menu: dropdown of actions on Ark Menu (arrow keys, typeahead, Escape, focus return).
 *
 *   <Menu trigger={<IconButton aria-label="Account" icon={<User />} />}>
 *     <MenuItem value="profile" icon={<User />} onSelect={...}>Profile</MenuItem>
 *     <MenuSeparator />
 *     <MenuItem value="logout" tone="danger" onSelect={...}>Logout</MenuItem>
 *   </Menu>
 *
 * `trigger` must be a single focusable element that forwards its ref (Button/IconButton do).
 */
export interface MenuProps {
  trigger: ReactNode;
  children: ReactNode;
  /** Accessible label for the menu list itself. */
  'aria-label'?: string;
  placement?: 'bottom-start' | 'bottom-end' | 'top-start' | 'top-end' | 'right-start';
  className?: string;
}

export function Menu({ trigger, children, placement = 'bottom-end', className, ...aria }: MenuProps) {
  return (
    <ArkMenu.Root positioning={{ placement, gutter: 6 }} lazyMount unmountOnExit>
      <ArkMenu.Trigger asChild>{trigger}</ArkMenu.Trigger>
      <Portal>
        <ArkMenu.Positioner className={classes.positioner}>
          <ArkMenu.Content className={cx(classes.content, className)} aria-label={aria['aria-label']}>
            {children}
          </ArkMenu.Content>
        </ArkMenu.Positioner>
      </Portal>
    </ArkMenu.Root>
  );
}

export interface MenuItemProps {
  value: string;
  onSelect: () => void;
  icon?: ReactNode;
  /** `danger` colours destructive actions. */
  tone?: 'default' | 'danger';
  disabled?: boolean;
  children: ReactNode;
}

export function MenuItem({ value, onSelect, icon, tone = 'default', disabled, children }: MenuItemProps) {
  return (
    <ArkMenu.Item value={value} onSelect={onSelect} disabled={disabled} className={classes.item} data-tone={tone}>
      {icon}
      <span>{children}</span>
    </ArkMenu.Item>
  );
}

export function MenuSeparator() {
  return <ArkMenu.Separator className={classes.separator} />;
}

/** Non-interactive block at the top of a menu (e.g. the signed-in user's name and email). */
export function MenuHeader({ children }: { children: ReactNode }) {
  return <div className={classes.header}>{children}</div>;
}
