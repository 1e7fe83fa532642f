import { useEffect, useState } from 'react';

/**
 * Copies a secret shown once (a generated password, a directory token) to the clipboard; `copied`
 * says so until `shown` changes (the next secret). A refused clipboard leaves it false, and the
 * secret stays on screen to be copied by hand.
 */
export function useCopy(value: string | null, shown: unknown) {
  const [copied, setCopied] = useState(false);
  useEffect(() => setCopied(false), [shown]);
  const copy = async () => {
    if (!value) return;
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return { copied, copy };
}
