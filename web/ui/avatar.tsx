import { Avatar as ArkAvatar } from '@ark-ui/react/avatar';
import { cx } from 'styled-system/css';
import { avatar, type AvatarVariantProps } from 'styled-system/recipes/avatar';

export interface AvatarProps extends AvatarVariantProps {
  /** Text shown when there is no image (use userInitials() from web/state/user-display.ts). */
  initials: string;
  src?: string | null;
  /** Accessible name; omit when a visible name sits next to the avatar (it is then decorative). */
  label?: string;
  className?: string;
}

/** Avatar on Ark Avatar: image with an initials fallback while loading or on error. */
export function Avatar({ initials, src, label, size, className }: AvatarProps) {
  const classes = avatar({ size });
  return (
    <ArkAvatar.Root
      className={cx(classes.root, className)}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      role={label ? 'img' : undefined}
    >
      <ArkAvatar.Fallback className={classes.fallback}>{initials}</ArkAvatar.Fallback>
      {src ? <ArkAvatar.Image className={classes.image} src={src} alt="" /> : null}
    </ArkAvatar.Root>
  );
}
