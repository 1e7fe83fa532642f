// Types of landing-ssr.js, which `npm run build` writes from web/ssr/landing-server.tsx
// (vite.ssr.config.ts). The JavaScript is a build output (git-ignored); this file is kept.
import type { Language } from '../contract/language';
import type { PublicCourse } from '../contract/landing';

/** The landing page's markup (the inside of #server-rendered) for a visitor reading `language`. */
export function renderLandingMarkup(language: Language, courses: PublicCourse[]): Promise<string>;
