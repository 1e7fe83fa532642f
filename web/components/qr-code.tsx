import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** Light modules kept round the code: scanners need a quiet zone of 4 modules to find it. */
const QUIET = 4;

/**
 * `text` as a QR code in SVG (error correction M, the smallest version that fits). Dark modules are
 * merged into row runs: one path of a few hundred segments rather than a rect per module, and
 * crisp edges so a camera (or a test reading a screenshot) sees square modules at any size.
 */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text, 'Byte');
    qr.make();
    const count = qr.getModuleCount();
    let d = '';
    for (let row = 0; row < count; row += 1) {
      let col = 0;
      while (col < count) {
        if (!qr.isDark(row, col)) {
          col += 1;
          continue;
        }
        const start = col;
        while (col < count && qr.isDark(row, col)) col += 1;
        d += `M${start + QUIET} ${row + QUIET}h${col - start}v1h-${col - start}z`;
      }
    }
    return { size: count + QUIET * 2, path: d };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
