import { css, cx } from 'styled-system/css';

const groupError = css({ fontSize: 'sm', color: 'error.fg' });

/**
 * The message under a group of controls that is not one text field (a fieldset of choices, a file
 * picker, a list of questions), said at once (`role="alert"`); nothing when there is no message.
 * A single field shows its own message through the kit's Field.
 */
export function GroupError({ message, className }: { message: string | null | undefined; className?: string }) {
  return message ? (
    <p role="alert" className={cx(groupError, className)}>
      {message}
    </p>
  ) : null;
}
