import { Toaster as ArkToaster, Toast, createToaster } from '@ark-ui/react/toast';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { toast as toastRecipe } from 'styled-system/recipes/toast';
import { IconButton } from './button';
import { Spinner } from './spinner';

/**
 * The app's one toast queue. Anywhere (even outside React):
 *   toaster.create({ type: 'success', title: 'Profile updated successfully', duration: 6000 })
 * `type`: success | error | warning | info | loading. `description` is the optional second line.
 * Render <Toaster /> once per shell (both shells and the public layout do).
 */
export const toaster = createToaster({ placement: 'bottom-end', overlap: true, gap: 12, max: 5, duration: 6000 });

const icons = {
  success: <CircleCheck aria-hidden />,
  error: <CircleAlert aria-hidden />,
  warning: <TriangleAlert aria-hidden />,
  info: <Info aria-hidden />,
} as const;

/** Renders the queue; toasts are announced through Ark's live region. */
export function Toaster() {
  const classes = toastRecipe();
  return (
    <ArkToaster toaster={toaster}>
      {(item) => (
        <Toast.Root key={item.id} className={classes.root}>
          <span className={classes.icon}>
            {item.type === 'loading' ? <Spinner size="sm" /> : icons[(item.type as keyof typeof icons) ?? 'info'] ?? icons.info}
          </span>
          <div className={classes.content}>
            {item.title ? <Toast.Title className={classes.title}>{item.title}</Toast.Title> : null}
            {item.description ? <Toast.Description className={classes.description}>{item.description}</Toast.Description> : null}
            {item.action ? (
              <Toast.ActionTrigger className={classes.actionTrigger} asChild>
                <button type="button">{item.action.label}</button>
              </Toast.ActionTrigger>
            ) : null}
          </div>
          <Toast.CloseTrigger asChild>
            <IconButton className={classes.closeTrigger} size="xs" aria-label="Dismiss notification" icon={<X />} />
          </Toast.CloseTrigger>
        </Toast.Root>
      )}
    </ArkToaster>
  );
}
