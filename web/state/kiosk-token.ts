/**
 * The tablet's kiosk token for one session, kept in sessionStorage: it survives a reload of the
 * kiosk tab but not the tab, and it is the only credential the tablet holds once the trainer has
 * opened the kiosk (their own session is signed out at that moment).
 */
const keyOf = (sessionId: string) => `kiosk:${sessionId}`;

export function readKioskToken(sessionId: string): string | null {
  try {
    return globalThis.sessionStorage?.getItem(keyOf(sessionId)) ?? null;
  } catch {
    return null;
  }
}

export function storeKioskToken(sessionId: string, token: string | null): void {
  try {
    if (token) globalThis.sessionStorage?.setItem(keyOf(sessionId), token);
    else globalThis.sessionStorage?.removeItem(keyOf(sessionId));
  } catch {
    // Blocked storage: the kiosk lives in memory until the tab reloads.
  }
}
