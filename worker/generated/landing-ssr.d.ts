// Types of landing-ssr.js, which `npm run build` writes from web/ssr/landing-server.tsx and
// web/ssr/learner-server.tsx (vite.ssr.config.ts). The JavaScript is a build output (git-ignored);
// this file is kept.
import type { Language } from '../contract/language';
import type { PublicCourse } from '../contract/landing';
import type { LearnerPageData } from '../contract/learner-pages';

/** The landing page's markup (the inside of #server-rendered) for a visitor reading `language`. */
export function renderLandingMarkup(language: Language, courses: PublicCourse[]): Promise<string>;

/** A signed-in learner page's markup (the inside of #server-rendered) at `path` + `search`, from `data`. */
export function renderLearnerMarkup(
  language: Language,
  path: string,
  search: string,
  data: LearnerPageData,
): Promise<string>;
