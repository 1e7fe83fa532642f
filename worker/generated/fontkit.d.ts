// worker/generated/fontkit.js, built by vite.fontkit.config.ts (npm run build): @pdf-lib/fontkit for
// TrueType fonts only, with the package's own types.
export { default } from '@pdf-lib/fontkit';
