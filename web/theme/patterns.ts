import { definePattern } from '@pandacss/dev';

/**
 * A row on a wider screen that stacks into a column on a phone: a list row whose actions drop below
 * its text, a page header whose button drops below its title, a card whose figure sits above its
 * words. `from` is the breakpoint where it becomes a row (sm, the default, or md); `align` lines the
 * items up across the row (e.g. center) and `stackAlign` across the column (e.g. flex-start, so a
 * button keeps its own width on a phone); either left out keeps the browser's stretch.
 * Panda writes the transform into styled-system/patterns, so it must use nothing from outside.
 */
export const stackToRow = definePattern({
  description: 'A column on a phone that becomes a row from a breakpoint up',
  properties: {
    from: { type: 'enum', value: ['sm', 'md'] },
    align: { type: 'property', value: 'alignItems' },
    stackAlign: { type: 'property', value: 'alignItems' },
    justify: { type: 'property', value: 'justifyContent' },
  },
  defaultValues: { from: 'sm' },
  blocklist: ['flexDirection', 'alignItems'],
  transform(props) {
    const { from, align, stackAlign, justify, ...rest } = props;
    return {
      display: 'flex',
      flexDirection: { base: 'column', [from]: 'row' },
      alignItems: align || stackAlign ? { base: stackAlign, [from]: align } : undefined,
      justifyContent: justify,
      ...rest,
    };
  },
});
