/**
 * The UI kit: Ark UI parts styled by Panda config recipes (web/theme/recipes), wrapped once.
 * Pages import from here ('../../ui') and use css() only for one-off layout.
 */
export { Alert } from './alert';
export { Avatar } from './avatar';
export { Button, IconButton } from './button';
export { Card, CardBody } from './card';
export { Checkbox } from './checkbox';
export { Chip, type ChipProps } from './chip';
export { Detail, DetailList } from './detail-list';
export { Dialog, type DialogProps } from './dialog';
export { flipInRtl } from './direction';
export { Drawer, DrawerCloseTrigger } from './drawer';
export { EmptyState } from './empty-state';
export { focusFirstInvalid } from './field';
export { FloatingAction } from './floating-action';
export { Menu, MenuHeader, MenuItem, MenuSeparator } from './menu';
export { overline } from 'styled-system/recipes/overline';
export { Pagination } from './pagination';
export { panel } from 'styled-system/recipes/panel';
export { Select, type SelectOption } from './select';
export { LoadingBlock, Skeleton } from './spinner';
export {
  DataTable,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableRowHeader,
  type DataTableColumn,
} from './table';
export { TabContent, TabList, TabTrigger, Tabs } from './tabs';
export { textLink } from 'styled-system/recipes/text-link';
export { PasswordField, TextField } from './text-field';
export { Toaster, toaster } from './toast';
export { Tooltip } from './tooltip';
