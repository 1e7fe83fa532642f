import { Toaster as ArkToaster, Toast, createToaster } from '@ark-ui/react/toast';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { toast as toastRecipe } from 'styled-system/recipes/toast';
import { IconButton } from './button';
import { announce } from './live-region';
import { Spinner } from './spinner';
import { t } from '../i18n';

/**
 * The app's one toast queue. Anywhere (even outside React):
 *   toaster.create({ type: 'success', title: 'Profile updated successfully', duration: 6000 })
 * `type`: success | error | warning | info | loading. `description` is the optional second line.
 * Render <Toaster /> once per shell (both shells and the public layout do).
 */
export const toaster = createToaster({ placement: 'bottom-end', overlap: true, gap: 12, max: 5, duration: 6000 });

/**
 * Toasts are heard through the app's one live region (web/ui/live-region.ts), which exists from
 * page load; the toast group Ark renders is mounted with a shell, too late to be a reliable live
 * region, so its own live semantics are switched off below (no double reading). A toast is said
 * when it is created and again only if an update changes its text.
 */
const spoken = new Map<string, string>();
toaster.subscribe(
  (data: { id: string; dismiss?: boolean; message?: string; title?: unknown; description?: unknown }) => {
    if (data.dismiss) {
      spoken.delete(data.id);
      return;
    }
    // PAUSE / RESUME / DISMISS notices carry a `message`: the toast's text did not change.
    if (data.message) return;
    const text = [data.title, data.description]
      .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
      .join('. ');
    if (!text || spoken.get(data.id) === text) return;
    spoken.set(data.id, text);
    announce(text);
  },
);

const icons = {
  success: <CircleCheck aria-hidden />,
  error: <CircleAlert aria-hidden />,
  warning: <TriangleAlert aria-hidden />,
  info: <Info aria-hidden />,
} as const;

/** Renders the queue (the region keeps its label and Alt+T hotkey; announcing is the live region's job). */
export function Toaster() {
  const classes = toastRecipe();
  return (
    <ArkToaster toaster={toaster} aria-live="off">
      {(item) => (
        <Toast.Root key={item.id} className={classes.root} role="group">
          <span className={classes.icon}>
            {item.type === 'loading' ? (
              <Spinner size="sm" />
            ) : (
              (icons[(item.type as keyof typeof icons) ?? 'info'] ?? icons.info)
            )}
          </span>
          <div className={classes.content}>
            {item.title ? <Toast.Title className={classes.title}>{item.title}</Toast.Title> : null}
            {item.description ? (
              <Toast.Description className={classes.description}>{item.description}</Toast.Description>
            ) : null}
            {item.action ? (
              <Toast.ActionTrigger className={classes.actionTrigger} asChild>
                <button type="button">{item.action.label}</button>
              </Toast.ActionTrigger>
            ) : null}
          </div>
          <Toast.CloseTrigger asChild>
            <IconButton
              className={classes.closeTrigger}
              size="xs"
              aria-label={t('ui.dismissNotification')}
              icon={<X />}
            />
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </ArkToaster>
  );
}
