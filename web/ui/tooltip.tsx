import { Portal } from '@ark-ui/react/portal';
import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip';
import type { ReactNode } from 'react';
import { tooltip } from 'styled-system/recipes/tooltip';

const classes = tooltip();

export interface TooltipProps {
  content: ReactNode;
  /**
   * A single element that forwards its ref. For a disabled button, wrap it in a <span> with no
   * tabIndex (a control that does nothing is not a Tab stop) and put the reason in the button's
   * own text (visually hidden), so keyboard and screen-reader users get it without the tooltip.
   */
  children: ReactNode;
  placement?: 'top' | 'bottom' | 'left' | 'right';
  openDelay?: number;
  disabled?: boolean;
}

/** Tooltip on Ark Tooltip: shows on hover and keyboard focus, hides on Escape; described-by wiring included. */
export function Tooltip({ content, children, placement = 'top', openDelay = 300, disabled }: TooltipProps) {
  return (
    <ArkTooltip.Root
      positioning={{ placement }}
      openDelay={openDelay}
      closeDelay={100}
      disabled={disabled}
      lazyMount
      unmountOnExit
    >
      <ArkTooltip.Trigger asChild>{children}</ArkTooltip.Trigger>
      <Portal>
        <ArkTooltip.Positioner className={classes.positioner}>
          <ArkTooltip.Content className={classes.content}>
            <ArkTooltip.Arrow className={classes.arrow}>
              <ArkTooltip.ArrowTip className={classes.arrowTip} />
            </ArkTooltip.Arrow>
            {content}
          </ArkTooltip.Content>
        </ArkTooltip.Positioner>
      </Portal>
    </ArkTooltip.Root>
  );
}
