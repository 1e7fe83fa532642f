/**
 * The landing page rendered to HTML inside the Worker (worker/routes/landing-page.ts): the same
 * LandingView the client renders, as a visitor sees it, in one language. `npm run build` bundles
 * this file with React's server renderer into worker/generated/landing-ssr.js (vite.ssr.config.ts);
 * the Worker imports that file, so it needs neither Vite nor the catalog compiler.
 */
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { PublicCourse } from '@contract/landing';
import { ArkDirection } from '../components/ark-direction';
import { activateMessages, loadMessages, type Locale } from '../i18n';
import { FeedbackFormPlaceholder, LandingView } from '../pages/public/landing-view';

/** The landing page's markup (the inside of #server-rendered) for a visitor reading `locale`. */
export async function renderLandingMarkup(locale: Locale, courses: PublicCourse[]): Promise<string> {
  const messages = await loadMessages(locale);
  // The i18n runtime has one active catalog per isolate: activating and rendering happen in one
  // synchronous step, so a request in another language cannot switch it in between.
  activateMessages(locale, messages);
  return renderToString(
    <Router ssrPath="/">
      <ArkDirection>
        <LandingView
          signedIn={false}
          home="/dashboard"
          courses={{ status: 'ready', courses }}
          feedbackForm={<FeedbackFormPlaceholder />}
        />
      </ArkDirection>
    </Router>,
  );
}

// One bundle for both renderers (React's server build once): the learner pages' renderer.
export { renderLearnerMarkup } from './learner-server';
