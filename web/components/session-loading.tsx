import { entryText } from '../i18n/locale';

/**
 * "Loading..." while the app starts and the stored session is checked (nothing else renders until
 * then). Global classes, not css(): this renders from the entry chunk before any page loads.
 */
export function SessionLoading() {
  return (
    <div role="status" className="app-status">
      <span className="app-status__spinner" aria-hidden />
      {entryText('common.loading', 'Loading...')}
    </div>
  );
}
