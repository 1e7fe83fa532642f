// Catalog files imported through @lingui/vite-plugin (`./locales/es.json?lingui`) are compiled messages.
declare module '*?lingui' {
  export const messages: Record<string, unknown>;
}

// The app's catalogs built by area (`./locales/es.json?area=field&lingui`, vite.catalogs.ts): the same shape.
declare module '*&lingui' {
  export const messages: Record<string, unknown>;
}
