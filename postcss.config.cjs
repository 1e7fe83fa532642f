// Vite reads this (found upward from the `web` root); Panda's plugin replaces the
// `@layer reset, base, tokens, recipes, utilities;` rule in web/index.css with the generated CSS.
module.exports = {
  plugins: {
    '@pandacss/dev/postcss': {},
  },
};
