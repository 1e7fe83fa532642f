import { alert } from './alert';
import { button } from './button';
import { card } from './card';
import { checkbox } from './checkbox';
import { chip } from './chip';
import { dialog } from './dialog';
import { drawer } from './drawer';
import { avatar, emptyState, pagination, skeleton, spinner, tooltip } from './feedback';
import { field, input } from './input';

import { menu } from './menu';
import { overline } from './overline';
import { panel } from './panel';
import { select } from './select';
import { table } from './table';
import { tabs } from './tabs';
import { textLink } from './text-link';
import { toast } from './toast';

export const recipes = { button, textLink, overline, panel, input, chip, spinner, skeleton };
export const slotRecipes = {
  field,
  select,
  checkbox,
  dialog,
  drawer,
  menu,
  tabs,
  toast,
  table,
  card,
  alert,
  tooltip,
  emptyState,
  pagination,
  avatar,
};
