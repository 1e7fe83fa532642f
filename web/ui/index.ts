/**
 * The UI kit: Ark UI parts styled by Panda config recipes (web/theme/recipes), wrapped once.
 * Pages import from here ('../../ui') and use css() only for one-off layout.
 */
export { Alert, type AlertProps } from './alert';
export { Avatar, type AvatarProps } from './avatar';
export { Button, IconButton, type ButtonProps, type IconButtonProps } from './button';
export { Card, CardBody, CardDescription, CardFooter, CardHeader, CardTitle, type CardProps } from './card';
export { Checkbox, type CheckboxProps } from './checkbox';
export { Chip, type ChipProps } from './chip';
export { Dialog, type DialogProps } from './dialog';
export { flipInRtl } from './direction';
export { Drawer, DrawerCloseTrigger, type DrawerProps } from './drawer';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { Field, focusFirstInvalid, type FieldControlProps, type FieldShellProps } from './field';
export { Menu, MenuHeader, MenuItem, MenuSeparator, type MenuItemProps, type MenuProps } from './menu';
export { Pagination, type PaginationProps } from './pagination';
export { Select, type SelectOption, type SelectProps } from './select';
export { LoadingBlock, Skeleton, Spinner, type SpinnerProps } from './spinner';
export { DataTable, Table, TableBody, TableCell, TableHead, TableHeader, TableRow, TableRowHeader, type DataTableColumn, type DataTableProps, type TableProps } from './table';
export { TabContent, TabList, TabTrigger, Tabs, type TabsProps } from './tabs';
export { PasswordField, TextField, type PasswordFieldProps, type TextAreaFieldProps, type TextFieldProps } from './text-field';
export { Toaster, toaster } from './toast';
export { Tooltip, type TooltipProps } from './tooltip';
