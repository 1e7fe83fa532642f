import { useState } from 'react';

/**
 * Whether an overlay (dialog, drawer) has been open at least once. A page mounts several closed ones
 * (the help dialog, the navigation drawer on a phone, a course page's certificate, review and
 * recertify dialogs); each Ark root starts a state machine and its effects as it mounts, work the
 * first screen paid for at start-up (Lighthouse counted it as blocking time). Kept mounted once
 * opened, so its closing animation and focus return run as before.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Set while rendering (React's pattern for state derived from a prop): the first open renders it at once.
  if (open && !opened) setOpened(true);
  return opened || open;
}
