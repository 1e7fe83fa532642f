import { Portal } from '@ark-ui/react/portal';
import { Select as ArkSelect, createListCollection } from '@ark-ui/react/select';
import { Check, ChevronDown, CircleAlert } from 'lucide-react';
import { useId, useMemo } from 'react';
import { cx } from 'styled-system/css';
import { field } from 'styled-system/recipes/field';
import { select } from 'styled-system/recipes/select';
import { t } from '../i18n';

export interface SelectOption<V extends string = string> {
  label: string;
  value: V;
  disabled?: boolean;
}

export interface SelectProps<V extends string = string> {
  label?: string;
  /** Accessible name when there is no visible label (e.g. a toolbar filter). */
  'aria-label'?: string;
  options: readonly SelectOption<V>[];
  /** The selected value, or null/'' for none (shows the placeholder). */
  value: V | null | '';
  onValueChange: (value: V) => void;
  placeholder?: string;
  helperText?: string;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  /** Renders a hidden native select with this name, for forms that post natively. */
  name?: string;
  className?: string;
}

/**
 * Select: single-choice dropdown on Ark Select (keyboard: arrows, typeahead, Enter, Escape).
 * Options are `{ label, value }`; the value type narrows to the option union.
 */
export function Select<V extends string = string>(props: SelectProps<V>) {
  const {
    label,
    options,
    value,
    onValueChange,
    placeholder = t('ui.select'),
    helperText,
    error,
    required,
    disabled,
    name,
    className,
  } = props;
  const collection = useMemo(
    () =>
      createListCollection<SelectOption<V>>({
        items: [...options],
        itemToString: (item) => item.label,
        itemToValue: (item) => item.value,
        isItemDisabled: (item) => Boolean(item.disabled),
      }),
    [options],
  );
  const id = useId();
  const classes = select();
  const fieldClasses = field();
  const invalid = Boolean(error);
  const helperId = `${id}-helper`;
  const errorId = `${id}-error`;
  const describedBy = invalid ? errorId : helperText ? helperId : undefined;
  return (
    <ArkSelect.Root
      collection={collection}
      value={value ? [value] : []}
      onValueChange={(details) => {
        const next = details.value[0];
        if (next !== undefined) onValueChange(next as V);
      }}
      invalid={invalid}
      disabled={disabled}
      required={required}
      name={name}
      positioning={{ sameWidth: true, gutter: 4 }}
      // The options are rendered when the list opens, not with the page (a filter's dozens of
      // hidden options were DOM work at start-up); the collection, not the DOM, answers typeahead.
      lazyMount
      unmountOnExit
      className={cx(classes.root, className)}
    >
      {label ? (
        <ArkSelect.Label className={classes.label}>
          {label}
          {required ? (
            <span className={fieldClasses.requiredIndicator} aria-hidden>
              {' '}
              *
            </span>
          ) : null}
        </ArkSelect.Label>
      ) : null}
      <ArkSelect.Control className={classes.control}>
        <ArkSelect.Trigger
          className={classes.trigger}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-label={props['aria-label']}
        >
          <ArkSelect.ValueText className={classes.valueText} placeholder={placeholder} />
          <ArkSelect.Indicator className={classes.indicator}>
            <ChevronDown aria-hidden />
          </ArkSelect.Indicator>
        </ArkSelect.Trigger>
      </ArkSelect.Control>
      {helperText && !invalid ? (
        <p id={helperId} className={fieldClasses.helperText}>
          {helperText}
        </p>
      ) : null}
      {invalid ? (
        <p id={errorId} className={fieldClasses.errorText} role="alert">
          <CircleAlert aria-hidden />
          {error}
        </p>
      ) : null}
      <Portal>
        <ArkSelect.Positioner className={classes.positioner}>
          <ArkSelect.Content className={classes.content}>
            {collection.items.map((item) => (
              <ArkSelect.Item key={item.value} item={item} className={classes.item}>
                <ArkSelect.ItemText className={classes.itemText}>{item.label}</ArkSelect.ItemText>
                <ArkSelect.ItemIndicator className={classes.itemIndicator}>
                  <Check aria-hidden />
                </ArkSelect.ItemIndicator>
              </ArkSelect.Item>
            ))}
          </ArkSelect.Content>
        </ArkSelect.Positioner>
      </Portal>
      {name ? <ArkSelect.HiddenSelect /> : null}
    </ArkSelect.Root>
  );
}
