import { TextField } from '../../../ui';
import type { TextFieldProps } from '../../../ui/text-field';

/**
 * A percentage score typed as a whole number from 0 to 100 (a passing score, a score awarded by
 * hand): the number keypad on a phone and the bounds the contract checks, stated once.
 */
export function ScoreField(props: Omit<TextFieldProps, 'type' | 'inputMode' | 'min' | 'max'>) {
  return <TextField type="number" inputMode="numeric" min={0} max={100} {...props} />;
}
