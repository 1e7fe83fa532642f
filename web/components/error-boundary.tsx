import { Component, type ErrorInfo, type ReactNode } from 'react';
import { entryText } from '../i18n/locale';
import { SERVER_MARKUP_ID } from '@contract/landing';

interface State {
  error: Error | null;
}

/**
 * Catches render errors and failed lazy chunks (e.g. a page chunk gone after a deploy) so one
 * broken screen does not blank the app. Give it `key={path}` to reset on navigation.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Logged once for whoever looks at the console; the UI below offers the way out.
    console.error('Screen failed to render', error, info.componentStack);
    // The Worker's copy of the landing page (if still showing) gives way, so the way out is seen
    // (web/server-rendered.ts does this for a page that rendered; this stays out of the entry's way).
    document.getElementById(SERVER_MARKUP_ID)?.remove();
    document.getElementById('root')?.removeAttribute('hidden');
  }

  override render() {
    if (!this.state.error) return this.props.children;
    // Plain markup styled by the global `.app-fallback` class: this sits in the entry chunk.
    return (
      <div role="alert" className="app-fallback">
        <h2>{entryText('errorBoundary.title', 'Something went wrong')}</h2>
        <p>{entryText('errorBoundary.body', 'This page could not be displayed. Reloading usually fixes it.')}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {entryText('errorBoundary.reload', 'Reload page')}
        </button>
      </div>
    );
  }
}
