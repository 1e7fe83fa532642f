import { Select, TextField, type SelectOption } from '../../../ui';

/** The part of a paged list (`usePagedList`) its search box reads and sets. */
interface SearchableList {
  search: string;
  setSearch: (text: string) => void;
}

/**
 * An admin list's search box: what is typed shows at once, and the list asks the server after a
 * pause in typing (the text lives in the address, see `usePagedList`).
 */
export function ListSearchField({
  list,
  label,
  placeholder,
  className,
}: {
  list: SearchableList;
  label: string;
  placeholder: string;
  className?: string;
}) {
  return (
    <TextField
      className={className}
      label={label}
      type="search"
      placeholder={placeholder}
      value={list.search}
      onChange={(event) => list.setSearch(event.target.value)}
    />
  );
}

/** The choice that stands for "no filter"; the list's filter is then blank (left out of the address). */
const ALL = 'ALL';

/** A list filter whose first choice is "all" (`allLabel`), the others narrowing the list to one value. */
export function AllOrOneSelect<V extends string>({
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  options: readonly SelectOption<V>[];
  /** The filter's value; blank for all. */
  value: V | '';
  onChange: (value: V | '') => void;
}) {
  const choices: readonly SelectOption<V | typeof ALL>[] = [{ value: ALL, label: allLabel }, ...options];
  return (
    <Select
      label={label}
      options={choices}
      value={value || ALL}
      onValueChange={(next) => onChange(next === ALL ? '' : (next as V))}
    />
  );
}
