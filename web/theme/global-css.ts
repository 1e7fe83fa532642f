import { defineGlobalStyles } from '@pandacss/dev';

export const globalCss = defineGlobalStyles({
  'html, body': {
    fontFamily: 'body',
    color: 'fg.default',
    bg: 'bg.canvas',
    lineHeight: '1.5',
    WebkitFontSmoothing: 'antialiased',
    MozOsxFontSmoothing: 'grayscale',
    textRendering: 'optimizeLegibility',
  },
  body: { minHeight: '100dvh' },
  // #server-rendered: the Worker's copy of the landing page, laid out as #root is, so the client's
  // render takes its place without a shift (web/server-rendered.ts). #root waits hidden beside it.
  '#root, #server-rendered': { minHeight: '100dvh', display: 'flex', flexDirection: 'column' },
  '#root[hidden]': { display: 'none' },
  // One visible focus style for everything keyboard-reachable; pointer focus stays quiet.
  ':focus-visible': {
    outline: '2px solid {colors.focusRing}',
    outlineOffset: '2px',
  },
  // A heading or result that focus is moved to (tabIndex -1) shows the ring only to keyboard users
  // (:focus-visible above); after a click it stays quiet. It stops clear of the fixed top bar.
  '[tabindex="-1"]:focus:not(:focus-visible)': { outline: 'none' },
  '[data-focus-target]': { scrollMarginTop: '88px' },
  // The live region (web/ui/live-region.ts) is read, never seen.
  '.app-live-region': {
    position: 'absolute',
    width: '1px',
    height: '1px',
    padding: '0',
    margin: '-1px',
    overflow: 'hidden',
    clip: 'rect(0, 0, 0, 0)',
    whiteSpace: 'nowrap',
    borderWidth: '0',
  },
  '::selection': { bg: 'brand.100' },
  a: { color: 'inherit' },
  // The few elements the entry chunk renders itself ("Loading...", the crash screen) use these
  // fixed classes instead of css(), so the css() runtime and the UI kit stay out of first-load JS.
  '.app-status': {
    flex: '1',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '3',
    minHeight: '100dvh',
    color: 'fg.muted',
    fontSize: 'sm',
  },
  '.app-status__spinner': {
    width: '5',
    height: '5',
    borderRadius: 'full',
    borderWidth: '2px',
    borderStyle: 'solid',
    borderColor: 'brand.solid',
    borderRightColor: 'transparent',
    animation: 'spin 700ms linear infinite',
  },
  '.app-fallback': {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: '3',
    py: '16',
    px: '6',
    mx: 'auto',
    maxWidth: '440px',
    '& h2': { fontSize: 'xl', fontWeight: 'semibold', color: 'fg.default' },
    '& p': { fontSize: 'sm', color: 'fg.muted' },
    '& button': {
      mt: '2',
      height: '10',
      px: '4',
      borderRadius: 'md',
      bg: 'brand.solid',
      color: 'white',
      fontWeight: 'semibold',
      fontSize: 'sm',
      cursor: 'pointer',
      _hover: { bg: 'brand.solidHover' },
    },
  },
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      transitionDuration: '0.01ms !important',
    },
  },
});
