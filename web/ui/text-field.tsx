import { Eye, EyeOff } from 'lucide-react';
import {
  forwardRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import { css, cx } from 'styled-system/css';
import { field as fieldRecipe } from 'styled-system/recipes/field';
import { input } from 'styled-system/recipes/input';
import { IconButton } from './button';
import { Field, type FieldShellProps } from './field';
import { t } from '../i18n';

interface CommonFieldProps {
  label?: ReactNode;
  helperText?: ReactNode;
  /** Error message shown under the control; sets aria-invalid. */
  error?: string | null;
  required?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /** Class for the outer field wrapper (layout); the control itself is styled by the recipe. */
  className?: string;
}

export type TextFieldProps = CommonFieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'className' | 'required'> & {
    multiline?: false;
  };

export type TextAreaFieldProps = CommonFieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className' | 'required'> & {
    multiline: true;
  };

/**
 * Splits a field component's props into what the Field shell takes (label, helper, error, ids) and
 * what goes on the control itself, so each kit field passes the shell props in one place.
 */
function splitFieldProps<P extends CommonFieldProps & { id?: string; disabled?: boolean; multiline?: boolean }>(
  props: P,
) {
  const { label, helperText, error, required, size, className, multiline, id, disabled, ...rest } = props;
  const shell: Omit<FieldShellProps, 'children'> = { label, helperText, error, required, disabled, className, id };
  return { shell, size, multiline, disabled, rest };
}

/**
 * TextField: labelled text input (or textarea with `multiline`), with helper and error text.
 * Controlled like a native input (`value` + `onChange`). `required` shows the asterisk and sets
 * aria-required but not the native attribute: forms use `noValidate` and show their own messages, not the browser's.
 */
export const TextField = forwardRef<HTMLInputElement | HTMLTextAreaElement, TextFieldProps | TextAreaFieldProps>(
  function TextField(props, ref) {
    if (props.multiline) {
      const { shell, size, multiline, disabled, rest } = splitFieldProps(props);
      return (
        <Field {...shell}>
          {(control) => (
            <textarea
              ref={ref as Ref<HTMLTextAreaElement>}
              className={input({ size, multiline })}
              disabled={disabled}
              rows={4}
              {...control}
              {...rest}
            />
          )}
        </Field>
      );
    }
    const { shell, size, disabled, rest } = splitFieldProps(props);
    return (
      <Field {...shell}>
        {(control) => (
          <input
            ref={ref as Ref<HTMLInputElement>}
            className={input({ size })}
            disabled={disabled}
            {...control}
            {...rest}
          />
        )}
      </Field>
    );
  },
);

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'multiline'>;

/**
 * PasswordField: a TextField with a show/hide toggle (an icon button with aria-pressed and a
 * label that says what it will do). Visibility is purely visual state, so it stays local.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(props, ref) {
  const { shell, size, disabled, rest } = splitFieldProps(props);
  const [visible, setVisible] = useState(false);
  const classes = fieldRecipe();
  return (
    <Field {...shell}>
      {(control) => (
        <div className={classes.control}>
          <input
            ref={ref}
            type={visible ? 'text' : 'password'}
            className={cx(input({ size }), css({ pe: '11' }))}
            disabled={disabled}
            {...control}
            {...rest}
          />
          <span className={classes.adornment}>
            <IconButton
              size="sm"
              aria-label={visible ? t('ui.hidePassword') : t('ui.showPassword')}
              aria-pressed={visible}
              aria-controls={control.id}
              disabled={disabled}
              icon={visible ? <EyeOff /> : <Eye />}
              onClick={() => setVisible((value) => !value)}
            />
          </span>
        </div>
      )}
    </Field>
  );
});
