import { CircleAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { field } from 'styled-system/recipes/field';

/** The ids and ARIA attributes a control needs to be tied to its label, helper and error text. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

export interface FieldShellProps {
  label?: ReactNode;
  helperText?: ReactNode;
  /** Error message; a non-empty value marks the control invalid. */
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  /** Forced id for the control (defaults to a generated one). */
  id?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * Field: label + control + helper text + error text, wired with aria-invalid and aria-describedby
 * (helper and error ids) so screen readers read the message with the control. Used by TextField,
 * PasswordField and Select; use it directly to wrap any custom control.
 */
export function Field({ label, helperText, error, required, disabled, className, id, children }: FieldShellProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const helperId = `${controlId}-helper`;
  const errorId = `${controlId}-error`;
  const invalid = Boolean(error);
  const describedBy =
    [helperText && !invalid ? helperId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;
  const classes = field();
  return (
    <div
      className={cx(classes.root, className)}
      data-invalid={invalid || undefined}
      data-disabled={disabled || undefined}
    >
      {label ? (
        <label htmlFor={controlId} className={classes.label}>
          {label}
          {required ? (
            <span className={classes.requiredIndicator} aria-hidden>
              *
            </span>
          ) : null}
        </label>
      ) : null}
      {children({
        id: controlId,
        'aria-invalid': invalid || undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
      {/* The error replaces the helper text rather than stacking two messages. */}
      {helperText && !invalid ? (
        <p id={helperId} className={classes.helperText}>
          {helperText}
        </p>
      ) : null}
      {invalid ? (
        <p id={errorId} className={classes.errorText} role="alert">
          <CircleAlert aria-hidden />
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * After a failed submit, moves focus to the first control marked invalid (on the next frame,
 * once React has rendered the messages), so keyboard and screen-reader users land on the problem.
 */
export function focusFirstInvalid(container: HTMLElement | null): void {
  requestAnimationFrame(() => container?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus());
}
