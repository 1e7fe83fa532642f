import { defineConfig } from '@pandacss/dev';
import { globalCss } from './web/theme/global-css';
import { stackToRow } from './web/theme/patterns';
import { recipes, slotRecipes } from './web/theme/recipes';
import { semanticTokens } from './web/theme/semantic-tokens';
import { tokens } from './web/theme/tokens';

// Panda generates `styled-system/` (git-ignored) on `panda codegen`; the PostCSS plugin then
// writes only the atomic classes the sources use. Recipes are config recipes (Park UI pattern)
// wrapped once in web/ui/.
export default defineConfig({
  preflight: true,
  include: ['./web/**/*.{ts,tsx}'],
  exclude: ['./web/**/*.test.ts'],
  outdir: 'styled-system',
  // Variants are chosen from component props at runtime, which static extraction cannot see:
  // emit every variant of every config recipe (they are small).
  staticCss: { recipes: '*' },
  globalCss,
  // Panda's own layout patterns (hstack, stack, grid, ...) plus the project's: see web/theme/patterns.ts.
  patterns: { extend: { stackToRow } },
  theme: {
    // Replaces the preset's breakpoints: the specs' small (600) and medium (900) switch points.
    breakpoints: { sm: '600px', md: '900px', lg: '1200px', xl: '1536px' },
    extend: {
      tokens,
      semanticTokens,
      recipes,
      slotRecipes,
      keyframes: {
        spin: { to: { transform: 'rotate(360deg)' } },
        fadeIn: { from: { opacity: 0 }, to: { opacity: 1 } },
        fadeOut: { from: { opacity: 1 }, to: { opacity: 0 } },
        slideInLeft: { from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } },
        slideOutLeft: { from: { transform: 'translateX(0)' }, to: { transform: 'translateX(-100%)' } },
        slideInRight: { from: { transform: 'translateX(100%)' }, to: { transform: 'translateX(0)' } },
        slideOutRight: { from: { transform: 'translateX(0)' }, to: { transform: 'translateX(100%)' } },
        scaleIn: {
          from: { opacity: 0, transform: 'scale(0.96) translateY(4px)' },
          to: { opacity: 1, transform: 'scale(1) translateY(0)' },
        },
        scaleOut: { from: { opacity: 1, transform: 'scale(1)' }, to: { opacity: 0, transform: 'scale(0.96)' } },
        shimmer: { '0%': { backgroundPosition: '-400px 0' }, '100%': { backgroundPosition: '400px 0' } },
      },
    },
  },
});
