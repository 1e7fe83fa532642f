// Catalog files imported through @lingui/vite-plugin (`./locales/es.json?lingui`) are compiled messages.
declare module '*?lingui' {
  export const messages: Record<string, unknown>;
}
