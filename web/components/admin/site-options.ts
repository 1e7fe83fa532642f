import type { SiteDto } from '@contract/sites';
import type { SelectOption } from '../../ui';

/**
 * The options of a site picker: a first "none / any / every" choice (`empty`, whose value stands for
 * no site), then the active sites, and the chosen one even if it was retired since, so a form that
 * names a retired site still shows it.
 */
export const siteOptions = (
  sites: readonly SiteDto[] | undefined,
  chosen: string,
  empty: SelectOption,
): SelectOption[] => [
  empty,
  ...(sites ?? [])
    .filter((site) => !site.retiredAt || site.id === chosen)
    .map((site) => ({ value: site.id, label: site.name })),
];
