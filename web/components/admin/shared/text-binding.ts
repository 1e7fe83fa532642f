/** The names of a form's values that a text field edits (string values only). */
type TextKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * The props a text field takes from its form's state, by the value's name: the value, its message
 * and a change handler that stores what was typed. Each admin form otherwise restates this triple
 * for every field; `set` is the form's own setter (which also clears the field's message).
 */
export function textBinding<V extends object>(
  values: V,
  errors: Partial<Record<string, string>>,
  set: (key: TextKeys<V>, value: string) => void,
) {
  return (key: TextKeys<V>) => ({
    value: values[key] as string,
    error: errors[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });
}
