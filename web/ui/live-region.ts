/**
 * The app's one polite live region. It is static markup in index.html (`#app-live-region`), so it
 * exists from the first paint: a screen reader registers a live region when the page loads, and a
 * region created at the moment of the message is often not read at all.
 *
 * Everything a screen reader should hear without moving focus goes through `announce()`: toasts
 * (web/ui/toast.tsx), the assessment timer's 5-minute / 1-minute / time-up notices. Each message is
 * a new child (the region is `aria-relevant="additions"`, not atomic), so the same text twice in a
 * row is read twice, and it is removed after MESSAGE_LIFETIME_MS so a reader walking the page does
 * not trip over old notices. Inline errors that must interrupt keep their own role="alert" (see
 * docs/decisions/2026-11-25-focus-and-announcements.md).
 */

export const LIVE_REGION_ID = 'app-live-region';
export const MESSAGE_LIFETIME_MS = 10_000;

function region(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const existing = document.getElementById(LIVE_REGION_ID);
  if (existing) return existing;
  // Only when the page was not served from index.html (a test page): make the same region.
  const created = document.createElement('div');
  created.id = LIVE_REGION_ID;
  created.className = 'app-live-region';
  created.setAttribute('aria-live', 'polite');
  created.setAttribute('aria-relevant', 'additions');
  created.setAttribute('aria-atomic', 'false');
  document.body.appendChild(created);
  return created;
}

/** Says `message` politely (after what the reader is saying now). Blank messages are ignored. */
export function announce(message: string): void {
  const text = message.trim();
  const target = region();
  if (!text || !target) return;
  const line = document.createElement('p');
  line.textContent = text;
  target.appendChild(line);
  setTimeout(() => line.remove(), MESSAGE_LIFETIME_MS);
}
