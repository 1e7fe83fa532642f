/**
 * The landing page ("/") the Worker renders (worker/routes/landing-page.ts) and the client takes
 * over (web/server-rendered.ts): the names both sides must agree on.
 */

/** One sample course of the landing page (GET /api/public/courses). */
export interface PublicCourse {
  id: string;
  title: string;
  description: string | null;
  domain: { id: string; name: string } | null;
  icon: string | null;
  componentCount: number;
}

/** The element holding the Worker's rendering of the page; the client's #root stays hidden beside it until it takes over. */
export const SERVER_MARKUP_ID = 'server-rendered';

/** A `<script type="application/json">` inside it: what the Worker rendered from, so the client's first render matches it. */
export const SERVER_DATA_ID = 'server-rendered-data';

export interface LandingData {
  courses: PublicCourse[];
}

/**
 * The interface language chosen on this device, copied by the client from its local storage into a
 * cookie so the Worker can render the landing page in it. It is the only cookie the shared edge
 * cache ignores (it names a language, nothing about the person).
 */
export const LANGUAGE_COOKIE = 'locale';
