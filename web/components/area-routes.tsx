import { Suspense, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { NotFoundPage } from '../pages/public/not-found';
import { LoadingBlock } from '../ui/spinner';
import { ErrorBoundary } from './error-boundary';

/** One route of a signed-in area: its path pattern and the (lazy) page it shows. */
export type AreaRoute = readonly [path: string, page: ComponentType];

/**
 * The routes of one signed-in area inside its shell: a page that throws is contained (and reset
 * on the next navigation), a page still loading its chunk shows the loading block, and an unknown
 * path shows the embedded 404 page.
 */
export function AreaRoutes({ routes }: { routes: readonly AreaRoute[] }) {
  const [path] = useLocation();
  return (
    <ErrorBoundary key={path}>
      <Suspense fallback={<LoadingBlock />}>
        <Switch>
          {routes.map(([pattern, page]) => (
            <Route key={pattern} path={pattern} component={page} />
          ))}
          <Route>
            <NotFoundPage embedded />
          </Route>
        </Switch>
      </Suspense>
    </ErrorBoundary>
  );
}
