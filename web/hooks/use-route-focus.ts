import { useEffect, useRef } from 'react';
import { focusPageHeading } from '../ui/focus';

/**
 * The one focus rule of client navigation: when the path changes, focus moves to the new page's
 * main heading (web/ui/focus.ts focusPageHeading) and the page starts at its top, as a full page
 * load would. The first load is left alone: the browser and screen reader start at the top of
 * the document, and pages that autofocus a field (login, reset password) keep it. Query-string
 * changes (search boxes, filters, paging) are not route changes and never move focus.
 */
export function useRouteFocus(path: string): void {
  const previous = useRef(path);
  useEffect(() => {
    if (previous.current === path) return;
    previous.current = path;
    return focusPageHeading();
  }, [path]);
}
