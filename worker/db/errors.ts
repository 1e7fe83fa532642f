/**
 * SQLite's unique-index violation, however the driver wraps it (D1 puts the SQLite text in
 * `message`, drizzle wraps it again in `cause`, libSQL in `cause.message`). The index is the
 * final word when two requests race past a pre-check; callers turn this into a clean 409.
 */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current != null && !seen.has(current)) {
    seen.add(current);
    const text = current instanceof Error ? current.message : String(current);
    if (/UNIQUE constraint failed/i.test(text)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
