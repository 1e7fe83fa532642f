import { defineSlotRecipe } from '@pandacss/dev';

/** `temporary`: modal overlay on Ark Dialog, from the start side (left, or right in right-to-left). `panel`: the persistent, in-flow side panel. */
export const drawer = defineSlotRecipe({
  className: 'drawer',
  slots: ['backdrop', 'positioner', 'content', 'panel', 'header', 'body', 'footer'],
  base: {
    backdrop: {
      position: 'fixed',
      inset: '0',
      bg: 'bg.overlay',
      zIndex: 'drawer',
      _open: { animation: 'fadeIn 180ms ease-out' },
      _closed: { animation: 'fadeOut 150ms ease-in' },
    },
    positioner: { position: 'fixed', top: '0', bottom: '0', insetStart: '0', zIndex: 'drawer', display: 'flex' },
    content: {
      display: 'flex',
      flexDirection: 'column',
      width: 'min(85vw, 280px)',
      height: '100%',
      bg: 'bg.surface',
      boxShadow: 'xl',
      outline: 'none',
      _open: {
        animation: 'slideInLeft 200ms cubic-bezier(0.2, 0, 0, 1)',
        _rtl: { animation: 'slideInRight 200ms cubic-bezier(0.2, 0, 0, 1)' },
      },
      _closed: { animation: 'slideOutLeft 160ms ease-in', _rtl: { animation: 'slideOutRight 160ms ease-in' } },
    },
    panel: {
      position: 'fixed',
      insetStart: '0',
      bottom: '0',
      top: '{sizes.topBar}',
      zIndex: 'drawer',
      display: 'flex',
      flexDirection: 'column',
      width: 'sidebar',
      bg: 'bg.surface',
      borderInlineEndWidth: '1px',
      borderColor: 'border.default',
      transition: 'transform 200ms cubic-bezier(0.2, 0, 0, 1), visibility 200ms',
      '&[data-state=closed]': {
        transform: 'translateX(-100%)',
        visibility: 'hidden',
        _rtl: { transform: 'translateX(100%)' },
      },
    },
    header: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '2',
      px: '3',
      minH: 'topBarSm',
      borderBottomWidth: '1px',
      borderColor: 'border.muted',
    },
    body: { flex: '1', overflowY: 'auto', py: '2' },
    footer: { borderTopWidth: '1px', borderColor: 'border.muted', p: '3' },
  },
});
