import { PasswordField } from '../ui';
import { t } from '../i18n';
import { PASSWORD_HINT } from './password-hint';

/** A field's error as the forms keep it: a message (or catalog key), null once cleared, absent before a submit. */
type FieldError = string | null | undefined;

/**
 * The new password and its confirmation, with the policy hint: the change-password and the
 * reset-password forms ask for them the same way, so they are written once. The form validates
 * (with the contract's password rules) and holds the values.
 */
export function NewPasswordFields({
  password,
  confirm,
  errors,
  autoFocus,
  errorText,
  onPassword,
  onConfirm,
}: {
  password: string;
  confirm: string;
  errors: { password?: FieldError; confirm?: FieldError };
  autoFocus?: boolean;
  /** Shows a field's error in the reader's language (each form keeps its errors in its own scheme). */
  errorText: (error: string) => string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  return (
    <>
      <PasswordField
        label={t('change.new')}
        name="new-password"
        autoComplete="new-password"
        helperText={PASSWORD_HINT}
        autoFocus={autoFocus}
        required
        value={password}
        error={errors.password ? errorText(errors.password) : errors.password}
        onChange={(event) => onPassword(event.target.value)}
      />
      <PasswordField
        label={t('change.confirm')}
        name="confirm-password"
        autoComplete="new-password"
        required
        value={confirm}
        error={errors.confirm ? errorText(errors.confirm) : errors.confirm}
        onChange={(event) => onConfirm(event.target.value)}
      />
    </>
  );
}
