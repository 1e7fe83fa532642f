import { ark, type HTMLArkProps } from '@ark-ui/react/factory';
import { forwardRef, type ReactElement, type ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { button, type ButtonVariantProps } from 'styled-system/recipes/button';
import { Spinner } from './spinner';

/**
 * Button: every clickable action in the app.
 * Variants `solid | outline | subtle | ghost | link`, palettes `brand | accent | danger | neutral`,
 * sizes `xs | sm | md | lg`, `fullWidth`, `iconOnly`. `loading` disables it, sets aria-busy and
 * swaps the left icon for a spinner (optionally `loadingText`). `asChild` styles a child element
 * instead (e.g. a wouter <Link>); icons and loading are ignored then.
 */
export interface ButtonProps extends Omit<HTMLArkProps<'button'>, 'color'>, ButtonVariantProps {
  loading?: boolean;
  loadingText?: string;
  leftIcon?: ReactNode;
  rightIcon?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(props, ref) {
  const [variantProps, rest] = button.splitVariantProps(props);
  const {
    loading = false,
    loadingText,
    leftIcon,
    rightIcon,
    className,
    children,
    disabled,
    asChild,
    type,
    ...others
  } = rest;
  const classes = cx(button(variantProps), className);
  if (asChild) {
    return (
      <ark.button ref={ref} asChild className={classes} {...others}>
        {children}
      </ark.button>
    );
  }
  return (
    <ark.button
      ref={ref}
      // Default to "button" so a button inside a form never submits by accident.
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...others}
    >
      {loading ? <Spinner size="sm" aria-hidden /> : leftIcon}
      {loading && loadingText ? loadingText : children}
      {!loading && rightIcon}
    </ark.button>
  );
});

/** Icon-only button: `aria-label` is required because there is no visible text. */
export interface IconButtonProps
  extends Omit<ButtonProps, 'leftIcon' | 'rightIcon' | 'iconOnly' | 'children' | 'loadingText'> {
  'aria-label': string;
  icon: ReactElement;
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { icon, variant = 'ghost', palette = 'neutral', ...props },
  ref,
) {
  return (
    <Button ref={ref} iconOnly variant={variant} palette={palette} {...props}>
      {icon}
    </Button>
  );
});
