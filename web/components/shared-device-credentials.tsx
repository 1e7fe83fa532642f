import { PasswordField, TextField } from '../ui';
import type { PasswordFieldProps, TextFieldProps } from '../ui/text-field';

type Credential<P> = Omit<P, 'value' | 'onChange' | 'autoComplete' | 'multiline'> & {
  value: string;
  onValue: (value: string) => void;
};

/**
 * A person's user name and password (or PIN) typed on a device others use too (the kiosk tablet,
 * the evaluator's phone): the browser is told not to offer or keep them, and the name is not
 * capitalised or spell-checked.
 */
export function SharedDeviceCredentials({
  username,
  password,
}: {
  username: Credential<TextFieldProps>;
  password: Credential<PasswordFieldProps>;
}) {
  const { onValue: setUsername, ...usernameProps } = username;
  const { onValue: setPassword, ...passwordProps } = password;
  return (
    <>
      <TextField
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        {...usernameProps}
        onChange={(event) => setUsername(event.target.value)}
      />
      <PasswordField autoComplete="off" {...passwordProps} onChange={(event) => setPassword(event.target.value)} />
    </>
  );
}
