import qrcode from 'qrcode-generator';
import { useMemo } from 'react';
import { css } from 'styled-system/css';

/**
 * A QR code as an image (a GIF data URL made on the device; nothing is fetched). Error correction
 * M and a four-module quiet zone, so a handheld scanner or a phone reads it off a screen or a print.
 */
export function QrImage({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const src = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text, 'Byte');
    qr.make();
    return qr.createDataURL(6, 4);
  }, [text]);
  return (
    <img
      src={src}
      alt={label}
      width={size}
      height={size}
      className={css({ imageRendering: 'pixelated', bg: 'white', borderRadius: 'md', display: 'block' })}
    />
  );
}

/** What the badge QR holds: issue 30's badge page, which the kiosk also accepts typed by a scanner. */
export const badgeUrl = (badge: string) => `${window.location.origin}/badge/${badge}`;
