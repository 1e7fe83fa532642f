import { Checkbox as ArkCheckbox } from '@ark-ui/react/checkbox';
import { Check, Minus } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { checkbox } from 'styled-system/recipes/checkbox';

export interface CheckboxProps {
  checked: boolean | 'indeterminate';
  onCheckedChange: (checked: boolean) => void;
  /** Visible label; omit only with `aria-label` (e.g. a table's select-all). */
  children?: ReactNode;
  'aria-label'?: string;
  disabled?: boolean;
  name?: string;
  value?: string;
  invalid?: boolean;
  className?: string;
}

/**
 * Checkbox on Ark Checkbox: a real hidden <input type=checkbox> keeps it keyboard- and
 * form-compatible; `indeterminate` is supported for select-all headers.
 */
export function Checkbox({
  checked,
  onCheckedChange,
  children,
  disabled,
  name,
  value,
  invalid,
  className,
  ...aria
}: CheckboxProps) {
  const classes = checkbox();
  return (
    <ArkCheckbox.Root
      checked={checked}
      onCheckedChange={(details) => onCheckedChange(details.checked === true)}
      disabled={disabled}
      name={name}
      value={value}
      invalid={invalid}
      className={cx(classes.root, className)}
    >
      <ArkCheckbox.Control className={classes.control}>
        <ArkCheckbox.Indicator>
          <Check aria-hidden />
        </ArkCheckbox.Indicator>
        <ArkCheckbox.Indicator indeterminate>
          <Minus aria-hidden />
        </ArkCheckbox.Indicator>
      </ArkCheckbox.Control>
      {children ? <ArkCheckbox.Label className={classes.label}>{children}</ArkCheckbox.Label> : null}
      <ArkCheckbox.HiddenInput aria-label={aria['aria-label']} />
    </ArkCheckbox.Root>
  );
}
